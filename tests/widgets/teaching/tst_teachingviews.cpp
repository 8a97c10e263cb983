// SPDX-License-Identifier: GPL-3.0-or-later
// The Learn window's teaching views, offscreen: each renders every step without a warning, and the numbers a
// panel states are the core's (teachingstrategies.h, teachingmlp.h, teachingcontext.h, teachingexperts.h).

#include "catalog/catalog.h"
#include "common/unitstext.h"
#include "evaluate.h"
#include "support/snapshots.h"
#include "support/guitestmain.h"
#include "support/testdesigns.h"
#include "teaching/contextringview.h"
#include "teaching/expertroutingview.h"
#include "teaching/mlpsplitview.h"
#include "teaching/strategyexplorer.h"
#include "teaching/teachingtext.h"

#include <QComboBox>
#include <QTest>
#include <memory>

using namespace widgets;

namespace {

QStringList g_warnings;

void recordWarnings(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    // The offscreen platform says this of every top-level window it shows; it is not the view's.
    if (message.contains(QStringLiteral("does not support propagateSizeHints")))
        return;
    if (type != QtDebugMsg && type != QtInfoMsg)
        g_warnings << message;
}

using testing::snapshotOf;

// Shows a view at the size of a Learn window's canvas; false when it never appears.
bool shown(QWidget& view)
{
    view.resize(1400, 900);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

// Shows the view, renders each of its steps, and fails on any warning Qt or the view printed.
void renderEveryStep(LessonView& view)
{
    QVERIFY(shown(view));
    for (int step = 0; step < view.stepCount(); ++step) {
        view.setStep(step);
        QCOMPARE(view.step(), step);
        const QImage image = view.grab().toImage();
        QVERIFY(!image.isNull());
    }
    view.setStep(view.stepCount() + 3);
    QCOMPARE(view.step(), view.stepCount() - 1); // clamped
}

} // namespace

class TstTeachingViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qInstallMessageHandler(recordWarnings); }
    void init() { g_warnings.clear(); }
    void cleanup() { QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join(QLatin1Char('\n')))); }
    void strategyExplorerStatesTheCoresNumbers();
    void strategySwitchAnimatesToTheNewBars();
    void expertPanelOfAnotherModelSaysItsScale();
    void explorerTeachesWithAModelThatContrasts();
    void activationSentencesCarryTheCoresNumbers();
    void servingExplorerRenders();
    void mlpSplitStatesTheCoresCollectives();
    void contextRingRenders();
    void expertRoutingStatesTheCoresCounts();
};

void TstTeachingViews::strategyExplorerStatesTheCoresNumbers()
{
    const core::Design design = testing::example("teaching-4gpu");
    StrategyExplorer explorer(StrategyExplorer::Kind::Training);
    explorer.setSnapshot(snapshotOf(design));
    QCOMPARE(explorer.stepCount(), 6);
    renderEveryStep(explorer);
    const core::StrategyLesson ddp = core::strategyLesson(design, core::Strategy::Ddp);
    for (int step = 0; step < explorer.stepCount(); ++step) {
        explorer.setStep(step);
        const core::Strategy strategy = core::kTrainingStrategies[std::size_t(step)];
        const core::StrategyLesson expected = core::strategyLesson(design, strategy);
        QCOMPARE(explorer.currentLesson()->strategy, strategy);
        QCOMPARE(explorer.currentLesson()->peakBytes, expected.peakBytes);
        // The sentences carry the core's numbers, formatted as everywhere else.
        QVERIFY2(explorer.savesLabelText().contains(bytesText(expected.peakBytes)),
                 qPrintable(explorer.savesLabelText()));
        QVERIFY2(explorer.costsLabelText().contains(bytesText(expected.sendBytesPerGpu)),
                 qPrintable(explorer.costsLabelText()));
        if (strategy != core::Strategy::Ddp)
            QVERIFY(explorer.savesLabelText().contains(bytesText(expected.replicaPeakBytes)));
    }
    explorer.setStrategy(core::Strategy::Pp);
    // The reference article's (p−1)/(m+p−1) = 3/35 for 4 stages and 32 micro-batches, next to the schedule's
    // own figure.
    QVERIFY2(explorer.costsLabelText().contains(QStringLiteral("leaves 9 % idle")),
             qPrintable(explorer.costsLabelText()));
}

void TstTeachingViews::strategySwitchAnimatesToTheNewBars()
{
    const core::Design design = testing::example("teaching-4gpu");
    StrategyExplorer explorer(StrategyExplorer::Kind::Training);
    explorer.setSnapshot(snapshotOf(design));
    QVERIFY(shown(explorer));
    const double ddpWeights = explorer.canvas()->drawnFraction(0, core::StateKind::Weights);
    QVERIFY(ddpWeights > 0);
    explorer.setStrategy(core::Strategy::Fsdp);
    QVERIFY(explorer.isAnimating());
    QTRY_VERIFY(!explorer.isAnimating());
    // FSDP keeps a quarter of the optimizer states: the bar ends at a quarter of DDP's.
    const core::StrategyLesson d = core::strategyLesson(design, core::Strategy::Ddp);
    const core::StrategyLesson f = core::strategyLesson(design, core::Strategy::Fsdp);
    const double ratio = f.gpus[0].state(core::StateKind::Optimizer).bytes
        / d.gpus[0].state(core::StateKind::Optimizer).bytes;
    QCOMPARE(ratio, 0.25);
    explorer.setStrategy(core::Strategy::Ddp);
    QTRY_VERIFY(!explorer.isAnimating());
    const double ddpOptimizer = explorer.canvas()->drawnFraction(0, core::StateKind::Optimizer);
    explorer.setStrategy(core::Strategy::Fsdp);
    QTRY_VERIFY(!explorer.isAnimating());
    QCOMPARE(explorer.canvas()->drawnFraction(0, core::StateKind::Optimizer), ddpOptimizer * ratio);
}

// EP on a dense model shows Mixtral on Mixtral's scale, and the drawing says so with both scales.
void TstTeachingViews::expertPanelOfAnotherModelSaysItsScale()
{
    const core::Design design = testing::example("teaching-4gpu");
    StrategyExplorer explorer(StrategyExplorer::Kind::Training);
    explorer.setSnapshot(snapshotOf(design));
    QVERIFY(shown(explorer));
    QVERIFY(explorer.canvas()->scaleNote().isEmpty());
    const auto largestWeights = [&](bool substituted) {
        double most = 0;
        for (const core::StrategyLesson& l : explorer.lessons())
            if (l.substitutedModel == substituted)
                for (const core::GpuHoldings& gpu : l.gpus)
                    most = std::max(most, gpu.state(core::StateKind::Weights).bytes);
        return most;
    };
    explorer.setStrategy(core::Strategy::Ep);
    QTRY_VERIFY(!explorer.isAnimating());
    const core::StrategyLesson& ep = *explorer.currentLesson();
    QVERIFY(ep.substitutedModel);
    const QString note = explorer.canvas()->scaleNote();
    QVERIFY2(note.contains(QStringLiteral("Mixtral 8x7B")) && note.contains(QStringLiteral("Llama 3.1 8B")),
             qPrintable(note));
    QVERIFY2(note.contains(bytesText(largestWeights(true))), qPrintable(note));
    QVERIFY2(note.contains(bytesText(largestWeights(false))), qPrintable(note));
    QCOMPARE(explorer.canvas()->drawnFraction(0, core::StateKind::Weights),
             ep.gpus[0].state(core::StateKind::Weights).bytes / largestWeights(true));
    explorer.grab();
    QVERIFY(QRectF(explorer.canvas()->rect()).contains(explorer.canvas()->drawnRect()));
}

// The default design's 70B model fits four GPUs in no layout: the explorer teaches with the 8B preset and
// says why; a model chosen in its combo box overrides that.
void TstTeachingViews::explorerTeachesWithAModelThatContrasts()
{
    const core::Design design = testing::example("default");
    StrategyExplorer explorer(StrategyExplorer::Kind::Training);
    explorer.setSnapshot(snapshotOf(design));
    QCOMPARE(explorer.teachingModelReason(), core::TeachingModelReason::DesignFitsNowhere);
    const std::vector<core::Strategy> strategies(core::kTrainingStrategies.begin(),
                                                 core::kTrainingStrategies.end());
    const core::StrategyLessons expected = core::strategyLessons(design, strategies);
    QCOMPARE(explorer.lessons().size(), expected.lessons.size());
    for (std::size_t i = 0; i < expected.lessons.size(); ++i)
        QCOMPARE(explorer.lessons()[i].peakBytes, expected.lessons[i].peakBytes);
    QCOMPARE(explorer.lessons().front().design.model.preset, std::string("llama-3.1-8b"));
    QVERIFY2(explorer.titleText().contains(QStringLiteral("Llama 3.1 70B"))
                 && explorer.titleText().contains(QStringLiteral("smallest dense preset")),
             qPrintable(explorer.titleText()));
    auto* choice = explorer.findChild<QComboBox*>(QStringLiteral("teachingModel"));
    QVERIFY(choice);
    QCOMPARE(choice->count(), int(core::Catalog::builtin().models().size()) + 1);
    explorer.setTeachingModel(QStringLiteral("llama-3.1-70b"));
    QCOMPARE(explorer.teachingModelReason(), core::TeachingModelReason::Chosen);
    QCOMPARE(explorer.lessons().front().design.model.preset, std::string("llama-3.1-70b"));
    QVERIFY(!explorer.lessons().front().fits);
    explorer.setTeachingModel(QString());
    QCOMPARE(explorer.teachingModelReason(), core::TeachingModelReason::DesignFitsNowhere);
    // A design whose model fits somewhere teaches with it, and says nothing more.
    explorer.setSnapshot(snapshotOf(testing::example("teaching-4gpu")));
    QCOMPARE(explorer.teachingModelReason(), core::TeachingModelReason::Design);
    QVERIFY(!explorer.titleText().contains(QStringLiteral("smallest dense preset")));
}

// Why TP and PP activations shrink as they do (Korthikanti et al. 2022), with the core's numbers.
void TstTeachingViews::activationSentencesCarryTheCoresNumbers()
{
    const core::Design design = testing::example("teaching-4gpu");
    StrategyExplorer explorer(StrategyExplorer::Kind::Training);
    explorer.setSnapshot(snapshotOf(design));
    explorer.setStrategy(core::Strategy::Tp);
    const core::StrategyLesson tp = core::strategyLesson(design, core::Strategy::Tp);
    const QString tpText = explorer.savesLabelText();
    for (const QString& part :
         {bytesText(tp.gpus[0].state(core::StateKind::Activations).bytes),
          bytesText(tp.replicaActivationBytes), bytesText(tp.sequenceParallelActivationBytes),
          QStringLiteral("sbh(10 + 24/t + 5as/(ht))"), QStringLiteral("t = 4"),
          QStringLiteral("Korthikanti et al. 2022")})
        QVERIFY2(tpText.contains(part), qPrintable(part + QStringLiteral(" in ") + tpText));
    explorer.setStrategy(core::Strategy::Pp);
    const core::StrategyLesson pp = core::strategyLesson(design, core::Strategy::Pp);
    const QString ppText = explorer.savesLabelText();
    for (const QString& part : {bytesText(pp.gpus[0].state(core::StateKind::Activations).bytes),
                                bytesText(pp.gpus[3].state(core::StateKind::Activations).bytes),
                                QStringLiteral("8 of the 32 layers"), QStringLiteral("keeps 4 micro-batches"),
                                QStringLiteral("(sbhL/t)(34 + 5as/h)")})
        QVERIFY2(ppText.contains(part), qPrintable(part + QStringLiteral(" in ") + ppText));
    explorer.setStrategy(core::Strategy::Fsdp);
    QVERIFY(activationsText(*explorer.currentLesson()).isEmpty());
}

void TstTeachingViews::servingExplorerRenders()
{
    StrategyExplorer explorer(StrategyExplorer::Kind::Serving);
    explorer.setSnapshot(snapshotOf(testing::example("teaching-4gpu")));
    QCOMPARE(explorer.stepCount(), 4);
    renderEveryStep(explorer);
    explorer.setStrategy(core::Strategy::ServingTp);
    const core::StrategyLesson tp
        = core::strategyLesson(testing::example("teaching-4gpu"), core::Strategy::ServingTp);
    // TP's saving is stated against a full serving replica, for the weights (serving has no other state).
    QVERIFY2(explorer.savesLabelText().contains(
                 QStringLiteral("weights %1 instead of %2")
                     .arg(bytesText(tp.modelStateBytes), bytesText(tp.replicaModelStateBytes))),
             qPrintable(explorer.savesLabelText()));
    explorer.setStrategy(core::Strategy::ServingReplicas);
    QVERIFY(explorer.currentLesson()->collectives.empty());
    // The reference article on serving: Llama 3.1 8B fits one 80 GB GPU with its cache, so replicas come
    // first.
    QVERIFY(explorer.currentLesson()->fits);
    QVERIFY(explorer.costsLabelText().contains(QStringLiteral("test independent replicas first")));
}

void TstTeachingViews::mlpSplitStatesTheCoresCollectives()
{
    const core::Design design = testing::example("teaching-4gpu");
    MlpSplitView view;
    view.setSnapshot(snapshotOf(design));
    renderEveryStep(view);
    view.setStep(0);
    QVERIFY(view.nextStep());
    QVERIFY(view.canvas()->isAnimating()); // the columns of A fade in
    QTRY_VERIFY(!view.canvas()->isAnimating());
    view.setStep(MlpSplitView::kSteps - 1);
    const core::MlpSplit plain = core::mlpSplit(design.model, 2, false, design.workload.sequenceLength);
    QCOMPARE(view.split().forward.size(), std::size_t(1));
    QVERIFY2(view.stepText().contains(bytesText(plain.forward[0].sendBytesPerGpu)),
             qPrintable(view.stepText()));
    view.setSequenceParallel(true);
    const core::MlpSplit sp = core::mlpSplit(design.model, 2, true, design.workload.sequenceLength);
    QCOMPARE(view.split().forward.size(), std::size_t(2));
    QVERIFY(view.stepText().contains(bytesText(sp.forward[1].sendBytesPerGpu)));
    view.setStep(0);
    QVERIFY(view.stepText().contains(bytesText(sp.forward[0].sendBytesPerGpu)));
    renderEveryStep(view);
}

void TstTeachingViews::contextRingRenders()
{
    ContextRingView view;
    view.setSnapshot(snapshotOf(testing::example("teaching-4gpu")));
    QCOMPARE(view.stepCount(), 4);
    renderEveryStep(view);
    QCOMPARE(int(view.split().chunks.size()), 8);
    // A step forward moves the key/value blocks to the next GPU; a step back just shows the earlier state.
    view.setStep(0);
    QVERIFY(view.nextStep());
    QVERIFY(view.canvas()->isAnimating());
    QTRY_VERIFY(!view.canvas()->isAnimating());
    QVERIFY(view.previousStep());
    QVERIFY(!view.canvas()->isAnimating());
    view.setLoadBalanced(false);
    QCOMPARE(int(view.split().chunks.size()), 4);
    QVERIFY(view.stepText().contains(QString::number(view.split().imbalance(), 'f', 2)));
    renderEveryStep(view);
}

void TstTeachingViews::expertRoutingStatesTheCoresCounts()
{
    ExpertRoutingView view;
    view.setSnapshot(snapshotOf(testing::example("teaching-4gpu")));
    renderEveryStep(view);
    // Entering the dispatch sends the tokens along the lines; the capacity step does not animate.
    view.setStep(1);
    QVERIFY(!view.canvas()->isAnimating());
    QVERIFY(view.nextStep());
    QVERIFY(view.canvas()->isAnimating());
    QTRY_VERIFY(!view.canvas()->isAnimating());
    view.setStep(1);
    core::RoutingConfig config = view.routing().config;
    const core::Routing expected = core::routeTokens(config);
    QCOMPARE(view.routing().dropped, expected.dropped);
    QVERIFY(expected.dropped > 0);
    QVERIFY2(view.summaryText().contains(QStringLiteral("%1 assignments are dropped").arg(expected.dropped)),
             qPrintable(view.summaryText()));
    view.setCapacityFactor(0);
    QVERIFY(view.routing().dropless());
    QCOMPARE(view.routing().dropped, 0);
    QVERIFY(view.summaryText().contains(QStringLiteral("Dropless")));
    renderEveryStep(view);
}

MESHWRIGHT_GUI_TEST_MAIN(TstTeachingViews)
#include "tst_teachingviews.moc"
