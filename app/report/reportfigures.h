// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The report's figures: the views a reviewer would otherwise screenshot — the cluster canvas, the memory
// bars, the pipeline schedule and the scaling plot — drawn offscreen from a snapshot at a fixed size. The
// command line and File ▸ Export ▸ Design Report… both take their figures from here, so the two reports show
// the same pictures. Needs a QApplication (the views are widgets); the offscreen platform is enough.

#include "common/designsnapshot.h"

#include <QImage>
#include <QList>
#include <QString>

namespace report {

struct RenderedFigure
{
    QString caption;
    QImage image;
};

// The figures that exist for the design, in the report's order: the pipeline schedule only when the
// evaluation has one (training, no errors), the scaling plot only for training with a performance estimate.
QList<RenderedFigure> renderReportFigures(const widgets::DesignSnapshot& snapshot);

} // namespace report
