// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline tab in the main window, offscreen: switching the schedule in the view is one undo step
// that every chart follows (1F1B → ZB-H1 loses most of the bubble), the micro-batch and virtual-stage
// controls edit the design, the chart zooms, pans, explains what is under the mouse and shares its
// cursor with the memory plot. With MESHWRIGHT_SCREENSHOT_DIR set, it also writes the tab's pictures
// there, for a person to look at.

// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH

#include "common/unitstext.h"
#include "design/designio.h"
#include "pipeline/steptimeline.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "support/testdesigns.h"
#include "timeline/activationplot.h"
#include "timeline/bubbleplot.h"
#include "timeline/lanechart.h"
#include "timeline/timeaxis.h"
#include "timeline/timelinecharts.h"
#include "timeline/timelinepanel.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>
#include <qcustomplot.h>

using namespace app;

namespace {

// GPT-3 175B on 4 × 8 H100: TP=8 inside the nodes, 4 pipeline stages across them, 8 micro-batches —
// the reference article's pipeline figure with real stage times.
core::Design pipelineDesign(const char* schedule = "1f1b")
{
    core::Json document = core::Json::parse(R"({"format": "meshwright.design", "version": 1,
        "name": "GPT-3 175B, PP=4 × TP=8, 8 micro-batches", "model": "gpt-3-175b",
        "workload": {"mode": "training", "sequenceLength": 2048, "globalBatch": 8, "precision": "bf16-mixed",
                     "optimizer": "adamw"},
        "cluster": {"fabric": "ib-ndr-400",
                    "uniform": {"nodes": 4, "gpusPerNode": 8, "gpu": "h100-sxm-80gb", "intraLink": "nvlink4"}},
        "layout": {"tp": 8, "pp": 4, "cp": 1, "dp": 1, "ep": 1, "microBatch": 1, "sequenceParallel": true,
                   "recompute": "selective", "zeroStage": 0}})");
    document["layout"]["schedule"] = schedule;
    return *core::designFromJson(document).design;
}

// Llama 3.1 8B on four A100s, TP=2 × DP=2 with plain DDP: gradients to all-reduce.
core::Design teachingDesign()
{
    core::Design design = *core::exampleDesign("teaching-4gpu");
    design.layout.zeroStage = 0;
    return design;
}

const core::ScheduleEvaluation* scheduleOf(MainWindow& window)
{
    return window.document()->snapshot().evaluation->schedule.get();
}

void choose(QComboBox* box, core::Schedule schedule)
{
    box->setCurrentIndex(box->findData(static_cast<int>(schedule)));
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void opensOnTheTimeline();
    void zbH1LosesMostOfTheBubbleInOneUndoStep();
    void zbVSetsItsVirtualStagesInTheSameStep();
    void microBatchesSetTheGlobalBatch();
    void virtualStagesForInterleaved();
    void ctrlWheelZoomsAroundTheMouse();
    void dragPansAndDoubleClickFits();
    void hoverExplains();
    void cursorIsSharedWithTheMemoryPlot();
    void bubblePlotMarksTheDesign();
    void bubblePlotOfOneStage();
    void memoryLegendInsideItsPlot();
    void dataParallelViews();
    void dualPipeStageCopies();
    void legendWraps();
    void hintShownWholeOnALaptop();
    void emptyStatesSayWhy();
    void captionNamesTheHeadlineStep();
    void hiddenTabWaitsUntilShown();
    void screenshots();

private:
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
    widgets::TimelinePanel* m_panel = nullptr;
};

void TestTimeline::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1600, 1000));
    m_window->setDesign(pipelineDesign());
    QVERIFY(m_window->showTab(QStringLiteral("timeline")));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_panel = m_window->timeline();
}

void TestTimeline::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestTimeline::opensOnTheTimeline()
{
    QCOMPARE(m_window->views()->currentWidget(), m_panel);
    const core::ScheduleEvaluation* s = scheduleOf(*m_window);
    QVERIFY(s);
    QCOMPARE(m_panel->pipelineChart()->model()->laneCount(), 8); // 4 ranks, each with a comm lane
    QCOMPARE(m_panel->pipelineChart()->model()->laneLabel(0), QStringLiteral("Stage 0"));
    QCOMPARE(m_panel->scheduleBox()->currentData().toInt(), int(core::Schedule::OneFOneB));
    QCOMPARE(m_panel->microBatchesBox()->value(), 8);
    QVERIFY(!m_panel->virtualStagesBox()->isEnabled());
    QVERIFY2(m_panel->summaryText().contains(QStringLiteral("(p − 1)/(m + p − 1) = 3/11 = 27.3 %")),
             qPrintable(m_panel->summaryText()));
    QCOMPARE(m_panel->pipelineChart()->axis().viewEnd, s->timeline.makespan);
}

// The same design switched to ZB-H1 visibly loses most of its bubble; one gesture, one undo step.
void TestTimeline::zbH1LosesMostOfTheBubbleInOneUndoStep()
{
    QUndoStack* stack = m_window->document()->undoStack();
    const int before = stack->count();
    const core::PipelineTimeline oneFOneB = scheduleOf(*m_window)->timeline;
    choose(m_panel->scheduleBox(), core::Schedule::ZbH1);
    QCOMPARE(stack->count(), before + 1);
    QCOMPARE(m_window->document()->design().layout.schedule, core::Schedule::ZbH1);
    const core::PipelineTimeline zb = scheduleOf(*m_window)->timeline;
    // ZB paper §2: per stage (p−1)(T_F+T_B−T_W) instead of (p−1)(T_F+T_B+T_W), about a third.
    QVERIFY2(zb.maxStageBubble < 0.5 * oneFOneB.maxStageBubble,
             qPrintable(QStringLiteral("%1 vs %2").arg(zb.maxStageBubble).arg(oneFOneB.maxStageBubble)));
    QVERIFY(zb.bubbleFraction < 0.6 * oneFOneB.bubbleFraction);
    QVERIFY(zb.makespan < oneFOneB.makespan);
    QVERIFY(m_panel->summaryText().startsWith(QLatin1String("<b>ZB-H1</b>")));
    QCOMPARE(m_panel->pipelineChart()->axis().viewEnd, zb.makespan);
    // The W ops are in the chart.
    std::vector<widgets::ChartBar> bars;
    m_panel->pipelineChart()->model()->bars(0, 0, zb.makespan, 1e-9, bars);
    QCOMPARE(bars.size(), std::size_t{24}); // 8 × F, I, W
    QCOMPARE(bars.back().label, QStringLiteral("W7"));

    stack->undo();
    QCOMPARE(m_window->document()->design().layout.schedule, core::Schedule::OneFOneB);
    QCOMPARE(m_panel->scheduleBox()->currentData().toInt(), int(core::Schedule::OneFOneB));
    QCOMPARE(scheduleOf(*m_window)->timeline.makespan, oneFOneB.makespan);
    QCOMPARE(stack->count(), before + 1);
    stack->redo();
    QCOMPARE(m_window->document()->design().layout.schedule, core::Schedule::ZbH1);
}

// ZB-V needs two model chunks per rank: the schedule and the virtual stages change together.
void TestTimeline::zbVSetsItsVirtualStagesInTheSameStep()
{
    QUndoStack* stack = m_window->document()->undoStack();
    const int before = stack->count();
    choose(m_panel->scheduleBox(), core::Schedule::ZbV);
    QCOMPARE(stack->count(), before + 1);
    const core::Design& design = m_window->document()->design();
    QCOMPARE(design.layout.schedule, core::Schedule::ZbV);
    QCOMPARE(design.layout.virtualStages, 2);
    QVERIFY(scheduleOf(*m_window));
    QCOMPARE(m_panel->pipelineChart()->model()->laneLabel(0), QStringLiteral("PP rank 0"));
    QCOMPARE(m_panel->virtualStagesBox()->value(), 2);
    stack->undo();
    QCOMPARE(m_window->document()->design().layout.schedule, core::Schedule::OneFOneB);
    QCOMPARE(m_window->document()->design().layout.virtualStages, 1);
    // The edits a choice makes, by the rule.
    const auto edits = widgets::TimelinePanel::scheduleEdits(pipelineDesign(), core::Schedule::Interleaved);
    QCOMPARE(edits.size(), std::size_t{2});
    QCOMPARE(edits[1].field, core::Field::VirtualStages);
    QVERIFY(edits[1].value == core::FieldValue{std::int64_t{2}});
    QCOMPARE(widgets::TimelinePanel::scheduleEdits(pipelineDesign(), core::Schedule::GPipe).size(),
             std::size_t{1});
}

void TestTimeline::microBatchesSetTheGlobalBatch()
{
    QUndoStack* stack = m_window->document()->undoStack();
    const int before = stack->count();
    m_panel->microBatchesBox()->setValue(32);
    QCOMPARE(stack->count(), before + 1);
    QCOMPARE(m_window->document()->design().workload.globalBatch, std::int64_t{32}); // × micro-batch 1 × DP 1
    const core::ScheduleEvaluation* s = scheduleOf(*m_window);
    QCOMPARE(s->spec().microBatches, 32);
    QCOMPARE(qRound(100 * s->timeline.bubbleFraction), 9); // the reference article's 3/35
    QVERIFY(m_panel->summaryText().contains(QLatin1String("3/35")));
}

void TestTimeline::virtualStagesForInterleaved()
{
    choose(m_panel->scheduleBox(), core::Schedule::Interleaved);
    QVERIFY(m_panel->virtualStagesBox()->isEnabled());
    QCOMPARE(m_window->document()->design().layout.virtualStages, 2);
    m_panel->virtualStagesBox()->setValue(3);
    QCOMPARE(m_window->document()->design().layout.virtualStages, 3);
    // 96 layers over 4 × 3 stages, 8 micro-batches: valid; §1.3's bubble (p−1)/(v·m+p−1) comes closer.
    const core::ScheduleEvaluation* s = scheduleOf(*m_window);
    QVERIFY(s);
    QCOMPARE(s->spec().virtualStages, 3);
    QVERIFY(s->timeline.bubbleFraction < 0.2);
}

void TestTimeline::ctrlWheelZoomsAroundTheMouse()
{
    widgets::LaneChart* chart = m_panel->pipelineChart();
    const double span = chart->axis().span();
    const QPointF at(chart->axis().pixelLeft + 0.3 * chart->axis().pixelWidth, chart->height() / 3.0);
    const double timeUnderMouse = chart->axis().toTime(at.x());
    QWheelEvent wheel(at, chart->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(chart, &wheel);
    QVERIFY(std::abs(chart->axis().span() - span / 1.25) < 1e-9 * span);
    QVERIFY(std::abs(chart->axis().toTime(at.x()) - timeUnderMouse) < 1e-9 * span);
    // Without Ctrl the wheel moves through time.
    const double start = chart->axis().viewStart;
    QWheelEvent scroll(at, chart->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                       Qt::NoScrollPhase, false);
    QApplication::sendEvent(chart, &scroll);
    QVERIFY(chart->axis().viewStart > start);
    QTest::keyClick(chart, Qt::Key_0);
    QCOMPARE(chart->axis().span(), span);
}

void TestTimeline::dragPansAndDoubleClickFits()
{
    widgets::LaneChart* chart = m_panel->pipelineChart();
    chart->zoom(4, chart->axis().pixelLeft);
    const double start = chart->axis().viewStart;
    const QPoint from(int(chart->axis().pixelLeft + 300), chart->height() / 3);
    QTest::mousePress(chart, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(chart, from - QPoint(100, 0));
    QTest::mouseRelease(chart, Qt::LeftButton, Qt::NoModifier, from - QPoint(100, 0));
    QVERIFY(std::abs(chart->axis().viewStart - (start + 100 * chart->axis().secondsPerPixel())) < 1e-9);
    QVERIFY(std::isnan(chart->cursorTime())); // a drag sets no cursor
    QTest::mouseDClick(chart, Qt::LeftButton, Qt::NoModifier, from);
    QCOMPARE(chart->axis().viewStart, 0.0);
}

void TestTimeline::hoverExplains()
{
    widgets::LaneChart* chart = m_panel->pipelineChart();
    const core::ScheduleEvaluation* s = scheduleOf(*m_window);
    const core::PipelineOp& f0 = s->timeline.ranks[0].ops.front();
    const auto [top, bottom] = chart->laneSpan(0);
    const double y = (top + bottom) / 2;
    const QString tip = chart->toolTipAt({chart->axis().toPixel((f0.start + f0.end) / 2), y});
    QVERIFY2(tip.contains(QLatin1String("Forward of micro-batch 0 on stage 0")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("Pipeline rank 0 · rank 0 · GPU 0 on node 0")));
    // And when it runs: start – end (duration), in the chart's unit; B0 of the last stage starts late.
    const core::PipelineOp& b0 = s->timeline.ranks[3].ops[1];
    QCOMPARE(b0.kind, core::PipelineOpKind::Backward);
    QVERIFY(b0.start > 0);
    const auto [top3b, bottom3b] = chart->laneSpan(6);
    const QString when
        = chart->toolTipAt({chart->axis().toPixel((b0.start + b0.end) / 2), (top3b + bottom3b) / 2});
    const widgets::TimeUnit unit = widgets::timeUnitFor(s->timeline.makespan);
    const QString span = QStringLiteral("%1 – %2 (%3)")
                             .arg(widgets::formatTime(b0.start, unit), widgets::formatTime(b0.end, unit),
                                  widgets::formatTime(b0.end - b0.start, unit));
    QVERIFY2(when.contains(span), qPrintable(when + QStringLiteral(" lacks ") + span));
    // Rank 3 waits at the start: the bubble says so.
    const auto [top3, bottom3] = chart->laneSpan(6);
    const core::PipelineOp& first3 = s->timeline.ranks[3].ops.front();
    const QString idle = chart->toolTipAt({chart->axis().toPixel(first3.start / 2), (top3 + bottom3) / 2});
    QVERIFY2(idle.contains(QLatin1String("Idle (bubble)")), qPrintable(idle));
    // The comm lane under F0 of stage 0 shows a tensor-parallel collective (TP = 8).
    std::vector<core::CommBand> bands = core::opCommBands(s->times, s->spec(), f0);
    QVERIFY(!bands.empty());
    const auto [ctop, cbottom] = chart->laneSpan(1);
    const QString comm = chart->toolTipAt(
        {chart->axis().toPixel((bands[0].start + bands[0].end) / 2), (ctop + cbottom) / 2});
    QVERIFY2(comm.contains(QLatin1String("Tensor-parallel collective")), qPrintable(comm));
}

void TestTimeline::cursorIsSharedWithTheMemoryPlot()
{
    widgets::LaneChart* chart = m_panel->pipelineChart();
    const QPoint at(int(chart->axis().pixelLeft + chart->axis().pixelWidth / 2), chart->height() / 3);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY(std::abs(chart->cursorTime() - chart->axis().toTime(at.x())) < 1e-12);
    QCOMPARE(m_panel->activationPlot()->cursorTime(), chart->cursorTime());
    QVERIFY2(m_panel->activationPlot()->readout().contains(QLatin1String("Stage 0:")),
             qPrintable(m_panel->activationPlot()->readout()));
    m_panel->activationPlot()->setCursorTime(0.25);
    QCOMPARE(chart->cursorTime(), 0.25);
}

// The headline's step is the pipeline drawn here plus what follows it: the caption names each term with
// its value, so the two figures visibly agree (DDP on four A100s: a data-parallel sync after the pipeline).
void TestTimeline::captionNamesTheHeadlineStep()
{
    m_window->setDesign(teachingDesign());
    const core::Performance& perf = *m_window->document()->snapshot().evaluation->performance;
    QVERIFY(perf.dataParallelSeconds > 0);
    QVERIFY(perf.optimizerSeconds > 0);
    QVERIFY(
        std::abs(perf.stepSeconds - perf.pipelineSeconds - perf.dataParallelSeconds - perf.optimizerSeconds)
        < 1e-12 * perf.stepSeconds);
    const QString expected
        = QStringLiteral("Step in the headline <b>%1</b> = this pipeline %2 + data-parallel "
                         "synchronisation after it %3 + optimizer step %4")
              .arg(widgets::secondsText(perf.stepSeconds), widgets::secondsText(perf.pipelineSeconds),
                   widgets::secondsText(perf.dataParallelSeconds),
                   widgets::secondsText(perf.optimizerSeconds));
    QVERIFY2(m_panel->summaryText().contains(expected), qPrintable(m_panel->summaryText()));
    // One data-parallel replica: GPT-3's tied embedding still sums its two copies on the first and last stage
    // after the pipeline (comm/stagecopy.h); untied, there is no sync to name, only the optimizer.
    m_window->setDesign(pipelineDesign());
    const core::Evaluation& tied = *m_window->document()->snapshot().evaluation;
    QCOMPARE(tied.performance->dataParallelSeconds, tied.schedule->stageCopies.front().seconds);
    QVERIFY(tied.performance->dataParallelSeconds > 0);
    core::Design untied = pipelineDesign();
    untied.model.tiedEmbeddings = false;
    m_window->setDesign(untied);
    const core::Performance& alone = *m_window->document()->snapshot().evaluation->performance;
    QCOMPARE(alone.dataParallelSeconds, 0.0);
    QVERIFY2(!m_panel->summaryText().contains(QLatin1String("data-parallel synchronisation")),
             qPrintable(m_panel->summaryText()));
    QVERIFY(m_panel->summaryText().contains(QStringLiteral("= this pipeline %1 + optimizer step")
                                                .arg(widgets::secondsText(alone.pipelineSeconds))));
}

void TestTimeline::bubblePlotMarksTheDesign()
{
    widgets::BubblePlot* plot = m_panel->bubblePlot();
    const core::ScheduleEvaluation* s = scheduleOf(*m_window);
    QCOMPARE(plot->marker(), QPointF(8, 100 * s->timeline.bubbleFraction));
    // The reference article's idealized curve at 4, 16 and 32 micro-batches: 43 %, 16 %, 9 %.
    QList<QPointF> ideal = plot->idealCurve();
    for (const auto& [m, percent] : {std::pair{4, 43}, {16, 16}, {32, 9}}) {
        const auto it
            = std::find_if(ideal.begin(), ideal.end(), [m = m](const QPointF& p) { return p.x() == m; });
        QVERIFY(it != ideal.end());
        QCOMPARE(qRound(it->y()), percent);
    }
    // The design's own curve passes through the marker and falls.
    const QList<QPointF> curve = plot->curve();
    QVERIFY(curve.contains(plot->marker()));
    QVERIFY(curve.front().y() > curve.back().y());
}

// One pipeline stage has no bubble: the plot marks the design at zero and says why, instead of standing
// empty.
void TestTimeline::bubblePlotOfOneStage()
{
    m_window->setDesign(*core::exampleDesign("fsdp-1node-8gpu")); // PP = 1, 8 micro-batches
    QApplication::processEvents();
    widgets::BubblePlot* plot = m_panel->bubblePlot();
    QCOMPARE(plot->marker(), QPointF(8, 0));
    QVERIFY2(plot->markerLabel().contains(QStringLiteral("one stage: no pipeline bubble")),
             qPrintable(plot->markerLabel()));
    // Back to four stages, the label is the design's point again.
    m_window->setDesign(pipelineDesign());
    QApplication::processEvents();
    QVERIFY2(!plot->markerLabel().contains(QStringLiteral("one stage")), qPrintable(plot->markerLabel()));
}

// The activation plot's legend sits inside the plot, above the highest peak, so that it names the curves
// where they are and hides none of them; at 1366 × 768 as at 1600 × 1000.
void TestTimeline::memoryLegendInsideItsPlot()
{
    for (const QSize size : {QSize(1600, 1000), QSize(1366, 768)}) {
        m_window->resize(size);
        m_window->setDesign(*core::exampleDesign("default")); // two stages
        QApplication::processEvents();
        QCustomPlot* plot = m_panel->activationPlot()->plot();
        plot->replot();
        QCOMPARE(plot->legend->itemCount(), 2);
        QVERIFY(plot->legend->visible());
        const QRect legend = plot->legend->outerRect();
        const QRect area = plot->axisRect()->rect();
        QVERIFY2(area.contains(legend),
                 qPrintable(QStringLiteral("%1,%2 %3×%4 outside %5,%6 %7×%8")
                                .arg(legend.x())
                                .arg(legend.y())
                                .arg(legend.width())
                                .arg(legend.height())
                                .arg(area.x())
                                .arg(area.y())
                                .arg(area.width())
                                .arg(area.height())));
        double peak = 0;
        for (int g = 0; g < plot->graphCount(); ++g)
            for (auto it = plot->graph(g)->data()->constBegin(); it != plot->graph(g)->data()->constEnd();
                 ++it)
                peak = std::max(peak, it->value);
        QVERIFY(peak > 0);
        QVERIFY2(legend.bottom() < plot->yAxis->coordToPixel(peak),
                 qPrintable(QStringLiteral("%3x%4: legend to %1, peak at %2, axis %5..%6, plot %7")
                                .arg(legend.bottom())
                                .arg(plot->yAxis->coordToPixel(peak))
                                .arg(size.width())
                                .arg(size.height())
                                .arg(area.top())
                                .arg(area.bottom())
                                .arg(plot->height())));
    }
}

void TestTimeline::dataParallelViews()
{
    m_window->setDesign(teachingDesign());
    QVERIFY(scheduleOf(*m_window));
    const auto* ddp = dynamic_cast<const widgets::DdpChartModel*>(m_panel->ddpChart()->model());
    const auto* fsdp = dynamic_cast<const widgets::FsdpChartModel*>(m_panel->fsdpChart()->model());
    QVERIFY(ddp && fsdp);
    QCOMPARE(ddp->laneLabel(1), QStringLiteral("All-reduce"));
    std::vector<widgets::ChartBar> buckets;
    ddp->bars(1, ddp->startTime(), ddp->endTime(), 1e-12, buckets);
    QVERIFY(buckets.size() >= ddp->ddp().buckets.size());
    QCOMPARE(buckets.front().label, QStringLiteral("#0"));
    QCOMPARE(fsdp->laneCount(), 3);
    std::vector<widgets::ChartBar> gathers;
    fsdp->bars(1, 0, fsdp->endTime(), 1e-12, gathers);
    QCOMPARE(gathers.size(), 2 * std::size_t(32) + 1); // each layer twice (resharded), the root once
    // With PP = 1 there is no bubble to plot.
    QVERIFY(m_panel->bubblePlot()->curve().isEmpty());
    // The Gantt's two lanes take what they need; the detail views the room (66 DDP buckets once
    // had 470 × 180 px), and two thirds of the width.
    QTRY_VERIFY(m_panel->pipelineChart()->height() <= m_panel->pipelineChart()->fullHeight());
    QVERIFY2(m_panel->detailTabs()->height() > 2 * m_panel->pipelineChart()->height(),
             qPrintable(QStringLiteral("%1 vs %2")
                            .arg(m_panel->detailTabs()->height())
                            .arg(m_panel->pipelineChart()->height())));
    QVERIFY(m_panel->detailTabs()->width() > m_panel->bubblePlot()->width() * 3 / 2);
}

// DualPipe sums each stage's two copies between pipeline ranks r and PP−1−r after the backward
// (core::StageCopySync): a lane of its own in the DDP step, after the buckets, exposed; with one
// data-parallel rank, the empty view says what it costs. Llama 3.1 8B, PP 4 × DP 2 on 2 nodes × 4 H200.
void TestTimeline::dualPipeStageCopies()
{
    m_window->setDesign(testing::dualPipeLlama(0, 2));
    const core::ScheduleEvaluation* schedule = scheduleOf(*m_window);
    QVERIFY(schedule);
    QCOMPARE(schedule->stageCopies.size(), std::size_t(4));
    const auto* ddp = dynamic_cast<const widgets::DdpChartModel*>(m_panel->ddpChart()->model());
    QVERIFY(ddp);
    QCOMPARE(ddp->laneCount(), 3); // compute, all-reduce, stage copies (ZeRO-0: no all-gather)
    QCOMPARE(ddp->laneLabel(2), QStringLiteral("Stage copies"));
    const core::StageCopySync& copy = schedule->stageCopies[std::size_t(ddp->ddp().pipelineRank)];
    std::vector<widgets::ChartBar> bars;
    ddp->bars(2, ddp->startTime(), ddp->endTime(), 1e-12, bars);
    QCOMPARE(bars.size(), std::size_t(1));
    double reduced = ddp->ddp().backwardEnd;
    for (double end : ddp->ddp().overlap.endSeconds)
        reduced = std::max(reduced, end);
    QCOMPARE(bars.front().start, reduced);
    QCOMPARE(bars.front().end - bars.front().start, copy.seconds);
    QVERIFY(bars.front().hatched);
    QVERIFY(ddp->endTime() > bars.front().end);
    QVERIFY(ddp->toolTip(2, bars.front().start, 0)
                .contains(QStringLiteral("pipeline rank %1").arg(copy.partnerRank)));

    m_window->setDesign(testing::dualPipeLlama(0, 1));
    QVERIFY(scheduleOf(*m_window));
    QCOMPARE(m_panel->ddpChart()->model(), nullptr);
    QVERIFY2(
        m_panel->ddpChart()->emptyText().contains(QLatin1String("DualPipe sums each stage's two copies")),
        qPrintable(m_panel->ddpChart()->emptyText()));
}

// The legend wraps onto more rows instead of cutting its last entries (German: "Pipeline-Send an die
// nächste S…"), and asks the layout for the height of its rows.
void TestTimeline::legendWraps()
{
    core::Design design = pipelineDesign("zb-h1");
    design.layout.setDegree(core::Dim::Tp, 4);
    design.layout.setDegree(core::Dim::Cp, 2);
    m_window->setDesign(design);
    auto* legend = m_panel->findChild<QWidget*>(QStringLiteral("timelineLegend"));
    QVERIFY(legend);
    QVERIFY(legend->hasHeightForWidth());
    const int oneRow = legend->heightForWidth(4000);
    QVERIFY(legend->heightForWidth(700) > oneRow);
    QVERIFY(legend->heightForWidth(300) > legend->heightForWidth(700));
    m_window->resize(900, 1000);
    QTRY_COMPARE(legend->height(), legend->heightForWidth(legend->width()));
    QVERIFY(legend->height() > oneRow);
}

// The hint beside the controls is read whole at 1366 × 768 in German, the longest case: it wraps rather than
// being cut at the window's edge.
void TestTimeline::hintShownWholeOnALaptop()
{
    m_language->choose(QStringLiteral("de"));
    m_window->resize(1366, 768);
    auto* hint = m_panel->findChild<QLabel*>(QStringLiteral("timelineHint"));
    QVERIFY(hint);
    QTRY_VERIFY(hint->text().startsWith(QStringLiteral("Strg")));
    QApplication::processEvents();
    const int oneLine = hint->fontMetrics().horizontalAdvance(hint->text());
    QVERIFY2(oneLine > hint->width(), "the case is the one of the issue: one line does not fit");
    QVERIFY(hint->wordWrap());
    QTRY_VERIFY(hint->height() >= hint->heightForWidth(hint->width()));
    QVERIFY(hint->geometry().right() < m_panel->width());
    m_language->choose(QStringLiteral("en"));
}

void TestTimeline::emptyStatesSayWhy()
{
    m_window->setDesign(*core::exampleDesign("serving-70b-tp4x2"));
    QCOMPARE(m_panel->pipelineChart()->model(), nullptr);
    QVERIFY(m_panel->summaryText().contains(QLatin1String("serving design")));
    QVERIFY(!m_panel->scheduleBox()->isEnabled());
    // An interleaved schedule with 6 micro-batches on 4 stages: Megatron's rule, in Diagnostics.
    core::Design bad = pipelineDesign("interleaved");
    bad.layout.virtualStages = 2;
    bad.workload.globalBatch = 6;
    m_window->setDesign(bad);
    QCOMPARE(m_panel->pipelineChart()->model(), nullptr);
    QVERIFY(m_panel->summaryText().contains(QLatin1String("no errors")));
    // Fixing it from the view brings the timeline back.
    m_panel->microBatchesBox()->setValue(8);
    QVERIFY(scheduleOf(*m_window));
    QVERIFY(m_panel->pipelineChart()->model());
    // ZB-V loaded with one virtual stage: the control that repairs it is open.
    core::Design zbv = pipelineDesign("zb-v");
    m_window->setDesign(zbv);
    QVERIFY(!scheduleOf(*m_window));
    QVERIFY(m_panel->virtualStagesBox()->isEnabled());
    m_panel->virtualStagesBox()->setValue(2);
    QVERIFY(scheduleOf(*m_window));
    QVERIFY(!m_panel->virtualStagesBox()->isEnabled());
}

void TestTimeline::screenshots()
{
    const QString dir = qEnvironmentVariable("MESHWRIGHT_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("MESHWRIGHT_SCREENSHOT_DIR is not set");
    QVERIFY(m_window->saveScreenshot(dir + QStringLiteral("/timeline-1f1b.png")));
    choose(m_panel->scheduleBox(), core::Schedule::ZbH1);
    QVERIFY(m_window->saveScreenshot(dir + QStringLiteral("/timeline-zbh1.png")));
    m_window->setDesign(teachingDesign());
    m_panel->detailTabs()->setCurrentIndex(1);
    QVERIFY(m_window->saveScreenshot(dir + QStringLiteral("/timeline-ddp.png")));
    m_panel->detailTabs()->setCurrentIndex(2);
    QVERIFY(m_window->saveScreenshot(dir + QStringLiteral("/timeline-fsdp.png")));
}

// Edits made while another tab is open leave the timeline as it was (common/rebuildwhenshown.h); opening
// it shows the last edit, and reading a hidden panel sees the last edit too.
void TestTimeline::hiddenTabWaitsUntilShown()
{
    auto* summary = m_panel->findChild<QLabel*>(QStringLiteral("timelineSummary"));
    QVERIFY(summary);
    const QString eight = summary->text();
    QVERIFY(!eight.isEmpty());
    QVERIFY(m_window->showTab(QStringLiteral("memory")));
    QVERIFY(!m_panel->isVisible());
    m_window->document()->editField(core::Field::GlobalBatch, core::FieldValue{std::int64_t{16}});
    QCOMPARE(summary->text(), eight); // not rebuilt while hidden
    QVERIFY(m_window->showTab(QStringLiteral("timeline")));
    QVERIFY(summary->text() != eight);
    QCOMPARE(m_panel->microBatchesBox()->value(), 16);
    QCOMPARE(m_panel->bubblePlot()->marker().x(), 16.0);
    const QString sixteen = summary->text();

    QVERIFY(m_window->showTab(QStringLiteral("ranks")));
    m_window->document()->editField(core::Field::GlobalBatch, core::FieldValue{std::int64_t{24}});
    QCOMPARE(summary->text(), sixteen);
    QCOMPARE(m_panel->microBatchesBox()->value(), 24); // the accessor rebuilt the hidden panel
    QVERIFY(summary->text() != sixteen);
    QVERIFY(!m_panel->isVisible());
}

MESHWRIGHT_GUI_TEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
