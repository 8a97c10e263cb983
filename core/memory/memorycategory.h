// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The categories of a GPU's peak memory (memory.h), on their own so that measured records
// (measuredrecord.h), which a design carries, can name them without the memory model.

#include "base/enumnames.h"

namespace core {

enum class MemoryCategory {
    Parameters,
    Gradients,
    Optimizer,
    Activations,
    KvCache,
    Workspace,
    Temporary,
    Communication,
    Reserve
};
inline constexpr int kMemoryCategoryCount = 9;

template<> struct EnumNames<MemoryCategory>
{
    static constexpr std::array table{
        std::pair{MemoryCategory::Parameters, std::string_view{"parameters"}},
        std::pair{MemoryCategory::Gradients, std::string_view{"gradients"}},
        std::pair{MemoryCategory::Optimizer, std::string_view{"optimizer"}},
        std::pair{MemoryCategory::Activations, std::string_view{"activations"}},
        std::pair{MemoryCategory::KvCache, std::string_view{"kvCache"}},
        std::pair{MemoryCategory::Workspace, std::string_view{"workspace"}},
        std::pair{MemoryCategory::Temporary, std::string_view{"temporary"}},
        std::pair{MemoryCategory::Communication, std::string_view{"communication"}},
        std::pair{MemoryCategory::Reserve, std::string_view{"reserve"}}};
};

// The category in words, as the report and the command line write it ("KV cache", where the file says
// "kvCache"); the GUI's own names are widgets/memorytext.h's.
constexpr std::string_view memoryCategoryTitle(MemoryCategory category)
{
    switch (category) {
    case MemoryCategory::Parameters:
        return "weights";
    case MemoryCategory::Gradients:
        return "gradients";
    case MemoryCategory::Optimizer:
        return "optimizer states";
    case MemoryCategory::Activations:
        return "activations";
    case MemoryCategory::KvCache:
        return "KV cache";
    case MemoryCategory::Workspace:
        return "workspace";
    case MemoryCategory::Temporary:
        return "temporary buffers";
    case MemoryCategory::Communication:
        return "communication buffers";
    case MemoryCategory::Reserve:
        return "allocator reserve";
    }
    return {};
}

} // namespace core
