// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/gpupalette.h"

#include "base/units.h"
#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QEvent>
#include <QMimeData>

namespace widgets {

GpuPalette::GpuPalette(QWidget* parent)
    : QListWidget(parent)
{
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setDefaultDropAction(Qt::CopyAction);
    setSelectionMode(QAbstractItemView::SingleSelection);
    // The presets a user can add, whatever the design: the built-in catalogue (a design calibrates links,
    // never GPU types, so its evaluation's catalogue lists the same GPUs).
    for (const core::GpuSpec& gpu : core::Catalog::builtin().gpus()) {
        auto* item = new QListWidgetItem(presetName(gpu.name), this);
        item->setData(Qt::UserRole, qs(gpu.id));
        item->setToolTip(QStringLiteral("%1 · %2").arg(bytesText(gpu.memoryBytes), qs(gpu.source)));
    }
    setCurrentRow(0);
}

void GpuPalette::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        for (int i = 0; i < count(); ++i)
            if (const core::GpuSpec* gpu
                = core::Catalog::builtin().gpu(ss(item(i)->data(Qt::UserRole).toString())))
                item(i)->setText(presetName(gpu->name));
    QListWidget::changeEvent(event);
}

QString GpuPalette::currentType() const
{
    const QListWidgetItem* item = currentItem() ? currentItem() : this->item(0);
    return item ? item->data(Qt::UserRole).toString() : QString();
}

QStringList GpuPalette::mimeTypes() const
{
    return {QLatin1String(kGpuTypeMimeType)};
}

QMimeData* GpuPalette::mimeData(const QList<QListWidgetItem*>& items) const
{
    if (items.isEmpty())
        return nullptr;
    auto* data = new QMimeData;
    data->setData(QLatin1String(kGpuTypeMimeType), items.front()->data(Qt::UserRole).toString().toUtf8());
    return data;
}

} // namespace widgets
