// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/memorytext.h"

#include "base/units.h"
#include "common/palette.h"
#include "common/qtconvert.h"

#include <QCoreApplication>

namespace widgets {

QString categoryName(core::MemoryCategory category)
{
    switch (category) {
    case core::MemoryCategory::Parameters:
        return QCoreApplication::translate("Memory", "Weights");
    case core::MemoryCategory::Gradients:
        return QCoreApplication::translate("Memory", "Gradients");
    case core::MemoryCategory::Optimizer:
        return QCoreApplication::translate("Memory", "Optimizer states");
    case core::MemoryCategory::Activations:
        return QCoreApplication::translate("Memory", "Activations");
    case core::MemoryCategory::KvCache:
        return QCoreApplication::translate("Memory", "KV cache");
    case core::MemoryCategory::Workspace:
        return QCoreApplication::translate("Memory", "Workspace");
    case core::MemoryCategory::Temporary:
        return QCoreApplication::translate("Memory", "Temporary buffers");
    case core::MemoryCategory::Communication:
        return QCoreApplication::translate("Memory", "Communication buffers");
    case core::MemoryCategory::Reserve:
        return QCoreApplication::translate("Memory", "Allocator reserve");
    }
    return {};
}

QColor categoryColor(core::MemoryCategory category)
{
    switch (category) {
    case core::MemoryCategory::Parameters:
        return palette::weights;
    case core::MemoryCategory::Gradients:
        return palette::gradients;
    case core::MemoryCategory::Optimizer:
        return palette::optimizerStates;
    case core::MemoryCategory::Activations:
        return palette::activations;
    case core::MemoryCategory::KvCache:
        return palette::kvCache;
    case core::MemoryCategory::Workspace:
        return palette::workspace;
    case core::MemoryCategory::Temporary:
        return palette::temporaryBuffers;
    case core::MemoryCategory::Communication:
        return palette::communicationBuffers;
    case core::MemoryCategory::Reserve:
        return palette::allocatorReserve;
    }
    return palette::unknownKind;
}

} // namespace widgets
