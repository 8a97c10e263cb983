// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/memorytext.h"

#include "common/qtconvert.h"
#include "base/units.h"

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
        return QColor(0x4e79a7);
    case core::MemoryCategory::Gradients:
        return QColor(0x76b7b2);
    case core::MemoryCategory::Optimizer:
        return QColor(0x59a14f);
    case core::MemoryCategory::Activations:
        return QColor(0xf28e2b);
    case core::MemoryCategory::KvCache:
        return QColor(0xb07aa1);
    case core::MemoryCategory::Workspace:
        return QColor(0xedc948);
    case core::MemoryCategory::Temporary:
        return QColor(0xff9da7);
    case core::MemoryCategory::Communication:
        return QColor(0x9c755f);
    case core::MemoryCategory::Reserve:
        return QColor(0xd5d0cc);
    }
    return QColor(Qt::gray);
}

} // namespace widgets
