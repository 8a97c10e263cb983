// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportfigures.h"

#include "cluster/clustercanvas.h"
#include "timeline/lanechart.h"
#include "memory/memorybars.h"
#include "performance/scalingplot.h"
#include "timeline/timelinecharts.h"
#include "common/viewfigure.h"

#include <QApplication>
#include <QCoreApplication>
#include <QScrollBar>
#include <memory>

namespace report {

namespace {

// Each view is laid out at this size in logical pixels, the size of a tab on a laptop screen, and drawn
// at twice that: the report shows it 600 px wide, so the picture stays sharp on paper and on a HiDPI
// screen.
constexpr QSize kViewSize(1000, 560);
constexpr qreal kPixelRatio = 2.0;

// Shows `view` without a window on the screen (so that the plots lay out and fill their paint buffers), lets
// it settle and draws it the way File ▸ Export ▸ Figure does. The view sits in a plain host window: a view
// of its own would hand its layout's size limits to the platform, which the offscreen one warns about.
QImage drawOffscreen(QWidget* view, QSize size)
{
    QWidget host;
    host.setAttribute(Qt::WA_DontShowOnScreen);
    host.resize(size);
    view->setParent(&host);
    view->setGeometry(QRect(QPoint(0, 0), size));
    host.show();
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    const QSize pixels = (QSizeF(size) * kPixelRatio).toSize();
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    widgets::paintViewFitted(&image, view, QSizeF(pixels), false);
    view->setParent(nullptr); // the caller owns it
    return image;
}

// The canvas coloured by `dim`, with its caption: the colour is the group or, for groups spread over nodes,
// the position in it (ClusterViewState::colorByPosition).
RenderedFigure clusterFigure(const widgets::DesignSnapshot& snapshot, core::Dim dim)
{
    widgets::ClusterCanvas canvas;
    canvas.setFrameShape(QFrame::NoFrame);
    canvas.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setSnapshot(snapshot);
    canvas.setColorDimension(dim);
    QString caption;
    if (dim == core::Dim::Tp)
        caption = QCoreApplication::translate(
            "Report", "The cluster: nodes, links and every GPU, coloured by its tensor-parallel group");
    else if (canvas.colorsByPosition())
        caption = QCoreApplication::translate(
            "Report",
            "The cluster coloured by pipeline stage, with the fabric links that carry the pipeline's "
            "activations");
    else
        caption = QCoreApplication::translate(
            "Report",
            "The cluster coloured by pipeline group, with the links that carry the pipeline's "
            "activations");
    return {caption, drawOffscreen(&canvas, kViewSize)};
}

QImage memoryFigure(const widgets::DesignSnapshot& snapshot)
{
    widgets::MemoryBars bars;
    bars.setSnapshot(snapshot);
    return drawOffscreen(&bars, kViewSize);
}

QImage pipelineFigure(const widgets::DesignSnapshot& snapshot)
{
    widgets::LaneChart chart;
    chart.setModel(std::make_shared<widgets::PipelineChartModel>(snapshot));
    // Every lane at its full height up to the tab's height; a deep pipeline is squeezed, never cut.
    return drawOffscreen(&chart, QSize(kViewSize.width(), std::min(chart.fullHeight(), kViewSize.height())));
}

QImage scalingFigure(const widgets::DesignSnapshot& snapshot)
{
    widgets::ScalingPlot plot;
    plot.setSnapshot(snapshot);
    return drawOffscreen(&plot, kViewSize);
}

} // namespace

QList<RenderedFigure> renderReportFigures(const widgets::DesignSnapshot& snapshot)
{
    QList<RenderedFigure> figures;
    if (snapshot.isNull())
        return figures;
    const bool training = snapshot.design->workload.mode == core::Mode::Training;
    figures.append(clusterFigure(snapshot, core::Dim::Tp));
    if (snapshot.design->layout.pp() > 1 && snapshot.evaluation->valid())
        figures.append(clusterFigure(snapshot, core::Dim::Pp));
    figures.append(
        {QCoreApplication::translate("Report", "Memory per GPU by category, against each GPU's capacity"),
         memoryFigure(snapshot)});
    if (snapshot.evaluation->schedule)
        figures.append({QCoreApplication::translate(
                            "Report",
                            "One training step of the pipeline, per stage: forward (blue) and backward "
                            "(orange) passes, the communication beneath, idle time hatched"),
                        pipelineFigure(snapshot)});
    if (training && snapshot.evaluation->performance)
        figures.append(
            {QCoreApplication::translate(
                 "Report", "Strong and weak scaling: throughput and efficiency against the GPU count"),
             scalingFigure(snapshot)});
    return figures;
}

} // namespace report
