// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The GPU types of the presets, as a list to drag from: dropping one into a node of the cluster canvas
// adds a GPU of that type (on empty canvas: a new node).

#include <QListWidget>

namespace widgets {

// The drag's MIME type; the data is the GPU preset id (UTF-8).
inline constexpr char kGpuTypeMimeType[] = "application/x-meshwright-gpu-type";

class GpuPalette : public QListWidget
{
    Q_OBJECT

public:
    explicit GpuPalette(QWidget* parent = nullptr);
    // The preset id of the selected type (the first one when none is selected).
    QString currentType() const;

protected:
    void changeEvent(QEvent* event) override;
    QMimeData* mimeData(const QList<QListWidgetItem*>& items) const override;
    QStringList mimeTypes() const override;
};

} // namespace widgets
