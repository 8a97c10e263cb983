// SPDX-License-Identifier: GPL-3.0-or-later
// The collective animation: its playhead and geometry as plain data, the view's states against the
// definitions, the controls, bad input, and playing a group of a design.

#include "collectives/collectivegeometry.h"
#include "collectives/collectivepanel.h"
#include "collectives/collectiveplayhead.h"
#include "collectives/collectiveview.h"
#include "diagnostics/diagnostictext.h"
#include "support/guitestmain.h"
#include "support/qtstrings.h"
#include "support/snapshots.h"
#include "support/testdesigns.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTreeWidget>

using namespace widgets;
using core::CollectiveAlgorithm;
using core::CollectiveOp;
using testing::strings;

Q_DECLARE_METATYPE(core::Dim)

namespace {

using testing::snapshotOf;

// Runs the step in flight (or the playback) to its end without waiting for frames.
void finish(CollectiveView& view)
{
    for (int i = 0; i < 10000 && view.playhead().isMoving(); ++i)
        view.advance(0.05);
}

QPushButton* button(QWidget& parent, const char* name)
{
    auto* b = parent.findChild<QPushButton*>(QString::fromLatin1(name));
    if (!b)
        qFatal("no button %s", name);
    return b;
}

std::vector<int> all(int n)
{
    std::vector<int> out;
    for (int r = 0; r < n; ++r)
        out.push_back(r);
    return out;
}

} // namespace

class TestCollectiveView : public QObject
{
    Q_OBJECT

private slots:
    // The playhead, without a window.
    void forwardThenBackReturnsToTheStart_data();
    void forwardThenBackReturnsToTheStart();
    void stepInFlight();
    void playRunsToTheEndAndStops();
    void travelEasesAndArrives();
    // Geometry and cell texts, without a window.
    // The view.
    void viewFinalStateIsTheDefinition_data();
    void viewFinalStateIsTheDefinition();
    void viewStepsForwardAndBack();
    void timerRunsOnlyWhileMoving();
    void clickOnTheTimeStripSeeks();
    // The panel.
    void controlsFollowThePlayhead();
    void captionTellsWhatMoves();
    void bandwidthsSideBySide();
    void badInputShowsTheDiagnostic_data();
    void badInputShowsTheDiagnostic();
    void tabOrderFollowsTheReadingOrder();
};

// ---- Playhead ------------------------------------------------------------------------------------------

void TestCollectiveView::forwardThenBackReturnsToTheStart_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("k");
    QTest::newRow("ring AR on 4 ranks, 1 step") << 6 << 1;
    QTest::newRow("ring AR on 4 ranks, 3 steps") << 6 << 3;
    QTest::newRow("ring AR on 4 ranks, to the end") << 6 << 6;
    QTest::newRow("ring AR on 16 ranks, 17 steps") << 30 << 17;
    QTest::newRow("sendrecv, 1 step") << 1 << 1;
}

void TestCollectiveView::forwardThenBackReturnsToTheStart()
{
    QFETCH(int, steps);
    QFETCH(int, k);
    CollectivePlayhead p;
    p.reset(steps);
    QVERIFY(p.atStart());
    QVERIFY(!p.canStepBack());
    for (int i = 0; i < k; ++i) {
        QVERIFY(p.canStepForward());
        p.stepForward();
        QCOMPARE(p.movingStep(), i);
        while (p.advance(0.1)) { }
        QCOMPARE(p.completedSteps(), i + 1);
        QCOMPARE(p.shownStep(), i);
    }
    QCOMPARE(p.canStepForward(), k < steps);
    QCOMPARE(p.atEnd(), k == steps);
    for (int i = k; i > 0; --i) {
        QVERIFY(p.canStepBack());
        p.stepBack();
        QCOMPARE(p.completedSteps(), i - 1);
        QVERIFY(!p.isMoving());
    }
    QVERIFY(p.atStart());
    QCOMPARE(p.position(), 0.0);
    QCOMPARE(p.shownStep(), -1);
    p.stepBack(); // at the start: stays
    QCOMPARE(p.position(), 0.0);
}

void TestCollectiveView::stepInFlight()
{
    CollectivePlayhead p;
    p.reset(6);
    p.setSecondsPerStep(1.0);
    p.stepForward();
    QVERIFY(p.advance(0.4)); // still moving
    QCOMPARE(p.movingStep(), 0);
    QCOMPARE(p.progress(), 0.4);
    // Forward again: the step in flight finishes at once and the next one starts.
    p.stepForward();
    QCOMPARE(p.completedSteps(), 1);
    QCOMPARE(p.position(), 1.0);
    p.advance(0.25);
    QCOMPARE(p.movingStep(), 1);
    // Back in flight: the step is undone, to the rest before it.
    p.stepBack();
    QCOMPARE(p.position(), 1.0);
    QVERIFY(!p.isMoving());
    // Pause freezes a step in flight.
    p.stepForward();
    p.advance(0.5);
    p.pause();
    QVERIFY(!p.isMoving());
    QVERIFY(!p.advance(1.0));
    QCOMPARE(p.position(), 1.5);
    // Seek rests after a whole step, clamped.
    p.seek(99);
    QCOMPARE(p.position(), 6.0);
    QVERIFY(!p.canStepForward());
    p.seek(-3);
    QCOMPARE(p.position(), 0.0);
}

void TestCollectiveView::playRunsToTheEndAndStops()
{
    CollectivePlayhead p;
    p.reset(6);
    p.setSecondsPerStep(0.5);
    p.play();
    QVERIFY(p.isPlaying());
    p.advance(1.25);
    QCOMPARE(p.position(), 2.5);
    QVERIFY(p.isPlaying());
    QVERIFY(!p.advance(10)); // clamps at the end and stops
    QVERIFY(p.atEnd());
    QVERIFY(!p.isPlaying());
    QCOMPARE(p.shownStep(), 5);
    // Play from the end starts again.
    p.play();
    QCOMPARE(p.position(), 0.0);
    QVERIFY(p.isPlaying());
    // An empty collective never plays.
    p.reset(0);
    p.play();
    QVERIFY(!p.isPlaying());
    QVERIFY(!p.canStepForward());
}

void TestCollectiveView::travelEasesAndArrives()
{
    CollectivePlayhead p;
    p.reset(2);
    p.setSecondsPerStep(1.0);
    QCOMPARE(p.travel(), 0.0);
    p.stepForward();
    p.advance(CollectivePlayhead::kTravelShare / 2);
    QCOMPARE(p.travel(), 0.5); // smoothstep is symmetric
    QVERIFY(!p.arrived());
    p.advance(CollectivePlayhead::kTravelShare / 2 + 0.01);
    QCOMPARE(p.travel(), 1.0);
    QVERIFY(p.arrived());
    QVERIFY(p.isMoving());
    p.advance(1);
    QVERIFY(!p.arrived()); // at rest
    QCOMPARE(p.completedSteps(), 1);
}

// ---- Geometry ------------------------------------------------------------------------------------------

void TestCollectiveView::viewFinalStateIsTheDefinition_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    const std::vector<std::pair<CollectiveOp, CollectiveAlgorithm>> cases{
        {CollectiveOp::AllReduce, CollectiveAlgorithm::Ring},
        {CollectiveOp::AllReduce, CollectiveAlgorithm::Tree},
        {CollectiveOp::AllReduce, CollectiveAlgorithm::Hierarchical},
        {CollectiveOp::AllGather, CollectiveAlgorithm::Ring},
        {CollectiveOp::ReduceScatter, CollectiveAlgorithm::Ring},
        {CollectiveOp::AllToAll, CollectiveAlgorithm::Pairwise},
        {CollectiveOp::SendRecv, CollectiveAlgorithm::Ring},
        {CollectiveOp::SendRecv, CollectiveAlgorithm::Direct}};
    for (const auto& [op, algorithm] : cases)
        for (int n : {2, 3, 4, 7, 16})
            QTest::addRow("%s %s N=%d", std::string(core::enumName(op)).c_str(),
                          std::string(core::enumName(algorithm)).c_str(), n)
                << static_cast<int>(op) << static_cast<int>(algorithm) << n;
}

// The reference article's definitions, read off what the view's "now" panel shows at the end (and at the
// start).
void TestCollectiveView::viewFinalStateIsTheDefinition()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    CollectivePanel panel;
    panel.setCollective(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm), ranks);
    CollectiveView& view = *panel.view();
    QVERIFY2(view.hasTrace(), qPrintable(view.message()));
    const core::CollectiveTrace& trace = *panel.trace();
    QCOMPARE(&view.shownState(), &trace.initial);
    view.seek(view.playhead().steps());
    const core::CollectiveState& s = view.shownState();
    const int n = ranks;
    QCOMPARE(s.ranks(), n);
    QCOMPARE(s.chunks(), trace.spec.chunks);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < s.chunks(); ++c) {
            switch (static_cast<CollectiveOp>(op)) {
            case CollectiveOp::AllReduce: // every rank: the sum of all ranks' tensors
                QCOMPARE(s.contributors(r, c), all(n));
                break;
            case CollectiveOp::AllGather: // every rank: the shards of all ranks
                QCOMPARE(s.contributors(r, c), std::vector<int>{c});
                break;
            case CollectiveOp::ReduceScatter: // every rank: the sum of its own shard
                if (c == r)
                    QCOMPARE(s.contributors(r, c), all(n));
                break;
            case CollectiveOp::AllToAll: // a different piece from every rank
                QCOMPARE(s.contributors(r, c), std::vector<int>{c});
                QCOMPARE(s.block(r, c), r);
                break;
            case CollectiveOp::SendRecv: {
                const bool shift = static_cast<CollectiveAlgorithm>(algorithm) == CollectiveAlgorithm::Ring;
                const int from = shift ? (r + n - 1) % n : (r == 1 ? 0 : r);
                QCOMPARE(s.contributors(r, c), std::vector<int>{from});
                break;
            }
            }
        }
    }
}

void TestCollectiveView::viewStepsForwardAndBack()
{
    CollectivePanel panel;
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4);
    CollectiveView& view = *panel.view();
    const core::CollectiveTrace& trace = *panel.trace();
    QCOMPARE(view.playhead().steps(), 6);
    for (int k = 1; k <= 6; ++k) {
        view.stepForward();
        // In flight, before the packets arrive, the panel still shows the state before the step.
        view.advance(view.playhead().secondsPerStep() * 0.1);
        QCOMPARE(view.shownState(),
                 k == 1 ? trace.initial : trace.steps[static_cast<std::size_t>(k - 2)].after);
        finish(view);
        QCOMPARE(view.shownState(), trace.steps[static_cast<std::size_t>(k - 1)].after);
    }
    // Test case 11 of the reference article: after the reduce-scatter half (3 steps) rank r holds chunk r
    // fully reduced.
    view.seek(3);
    for (int r = 0; r < 4; ++r)
        QCOMPARE(view.shownState().contributors(r, r), all(4));
    view.seek(6);
    for (int k = 6; k > 0; --k)
        view.stepBack();
    QCOMPARE(view.shownState(), trace.initial);
    QCOMPARE(view.playhead().position(), 0.0);
}

void TestCollectiveView::timerRunsOnlyWhileMoving()
{
    CollectivePanel panel;
    panel.resize(1200, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    CollectiveView& view = *panel.view();
    QSignalSpy changed(&view, &CollectiveView::stateChanged);
    QVERIFY(!view.isAnimating()); // paused: no timer, no CPU
    view.play();
    QVERIFY(view.isAnimating());
    // Real frames arrive from the timer and move the animation on.
    QTRY_VERIFY_WITH_TIMEOUT(view.playhead().position() > 0, 2000);
    view.pause();
    QVERIFY(!view.isAnimating());
    const double frozen = view.playhead().position();
    QTest::qWait(60);
    QCOMPARE(view.playhead().position(), frozen);
    // One step animates and stops by itself.
    view.setSpeed(4);
    view.stepForward();
    QVERIFY(view.isAnimating());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isAnimating(), 3000);
    QCOMPARE(view.playhead().position(), std::ceil(frozen) + 1);
    QVERIFY(changed.count() >= 3);
}

// The ring's six steps take equal time, so the strip is six equal segments; a click rests after that step.
// Hiding the view stops a playing animation.
void TestCollectiveView::clickOnTheTimeStripSeeks()
{
    CollectivePanel panel;
    panel.resize(1200, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    CollectiveView& view = *panel.view();
    const QRectF strip = view.sceneGeometry().timeline;
    const QPoint fourth(static_cast<int>(strip.left() + strip.width() * 3.5 / 6),
                        static_cast<int>(strip.top() + 30));
    QTest::mouseClick(&view, Qt::LeftButton, {}, fourth);
    QCOMPARE(view.playhead().position(), 4.0);
    QVERIFY(!view.isAnimating());
    view.play();
    QVERIFY(view.isAnimating());
    panel.hide();
    QVERIFY(!view.isAnimating());
    QVERIFY(!view.playhead().isPlaying());
}

// ---- The panel -----------------------------------------------------------------------------------------

void TestCollectiveView::controlsFollowThePlayhead()
{
    CollectivePanel panel;
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4);
    CollectiveView& view = *panel.view();
    QPushButton* back = button(panel, "stepBackButton");
    QPushButton* start = button(panel, "restartButton");
    QPushButton* forward = button(panel, "stepForwardButton");
    QPushButton* play = button(panel, "playButton");
    // Step 0: nothing to go back to.
    QVERIFY(!back->isEnabled());
    QVERIFY(!start->isEnabled());
    QVERIFY(forward->isEnabled());
    QVERIFY(play->isEnabled());
    QCOMPARE(play->text(), QStringLiteral("Play"));
    forward->click();
    QVERIFY(back->isEnabled());
    finish(view);
    QCOMPARE(view.playhead().completedSteps(), 1);
    // The end: nothing to step forward to; play offers a replay.
    view.seek(6);
    QVERIFY(!forward->isEnabled());
    QVERIFY(back->isEnabled());
    QCOMPARE(play->text(), QStringLiteral("Replay"));
    // Play toggles to pause, and back.
    play->click();
    QVERIFY(view.playhead().isPlaying());
    QCOMPARE(view.playhead().position(), 0.0);
    QCOMPARE(play->text(), QStringLiteral("Pause"));
    QVERIFY(view.isAnimating());
    play->click();
    QVERIFY(!view.playhead().isPlaying());
    QVERIFY(!view.isAnimating());
    QCOMPARE(play->text(), QStringLiteral("Play"));
    back->click();
    start->click();
    QCOMPARE(view.playhead().position(), 0.0);
    QVERIFY(!back->isEnabled());
    // Speed: 2× halves the time of a step.
    auto* speed = panel.findChild<QComboBox*>(QStringLiteral("speedBox"));
    speed->setCurrentIndex(speed->findData(2.0));
    QCOMPARE(view.playhead().secondsPerStep(), CollectivePlayhead::kDefaultSecondsPerStep / 2);
}

// The caption a teacher reads out: the send table of the reference article's §3.1 for step 2 (t = 1) on four
// ranks.
void TestCollectiveView::captionTellsWhatMoves()
{
    CollectivePanel panel;
    panel.setLinks(5e-6, 100e9);
    panel.setMessageBytes(1e9);
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4);
    CollectiveView& view = *panel.view();
    QVERIFY(panel.captionText().startsWith(
        QStringLiteral("Before: each of the 4 ranks holds its own tensor, cut into 4 chunks")));
    QVERIFY(panel.captionText().endsWith(
        QStringLiteral("Goal: every rank ends up with the sum of all ranks' tensors.")));
    view.seek(1);
    view.stepForward();
    QCOMPARE(panel.captionText(),
             QStringLiteral(
                 "Step 2 of 6 · Reduce-Scatter: rank 0 sends chunk 2 to rank 1, rank 1 sends chunk 3 to "
                 "rank 2, rank 2 sends chunk 0 to rank 3, rank 3 sends chunk 1 to rank 0; each receiver "
                 "adds it to its own part. (2.5 ms)"));
    view.seek(4);
    QVERIFY(panel.captionText().startsWith(
        QStringLiteral("Step 4 of 6 · All-Gather: rank 0 sends chunk 0 to rank 1")));
    QVERIFY(panel.captionText().contains(QStringLiteral("each receiver keeps a copy")));
    view.seek(6);
    QVERIFY(panel.captionText().endsWith(
        QStringLiteral("\nDone: every rank ends up with the sum of all ranks' tensors.")));
    auto* caption = panel.findChild<QLabel*>(QStringLiteral("caption"));
    QCOMPARE(caption->text(), panel.captionText());
}

// Test case 14 of the reference article in the view: 8 ranks all-reduce 1 GB in 10 ms → algbw 100 GB/s, busbw
// 175 GB/s, factor 1.75.
void TestCollectiveView::bandwidthsSideBySide()
{
    CollectivePanel panel;
    panel.setLinks(0, 175e9);
    panel.setMessageBytes(1e9);
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 8);
    QCOMPARE(panel.timeSeconds(), 0.01);
    const QString text = panel.figuresText();
    // (No translator is installed here: English plural forms come from meshwright_en.ts in the application.)
    for (const char* part : {"Time: 10 ms in 14 step", "Algorithm bandwidth", "Bus bandwidth", "100 GB/s",
                             "175 GB/s", "× 1.75", "2(n−1)/n", "Why they differ"})
        QVERIFY2(text.contains(QString::fromUtf8(part)), qPrintable(text));
    // The pipelined tree's animated steps set the time; the binomial formula is named beside it.
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Tree, 8, 8);
    double sum = 0;
    for (double s : core::stepSeconds(*panel.trace(), panel.links()))
        sum += s;
    QCOMPARE(panel.timeSeconds(), sum);
    QVERIFY(panel.figuresText().contains(QStringLiteral("binomial-tree formula")));
}

void TestCollectiveView::badInputShowsTheDiagnostic_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<int>("ranksPerNode");
    QTest::addColumn<QString>("code");
    const int ar = static_cast<int>(CollectiveOp::AllReduce),
              ring = static_cast<int>(CollectiveAlgorithm::Ring);
    QTest::newRow("ring: 6 chunks on 4 ranks")
        << ar << ring << 4 << 6 << 1e9 << 100e9 << 0 << QStringLiteral("collective-chunks-uneven");
    QTest::newRow("pairwise: 5 chunks on 4 ranks")
        << static_cast<int>(CollectiveOp::AllToAll) << static_cast<int>(CollectiveAlgorithm::Pairwise) << 4
        << 5 << 1e9 << 100e9 << 0 << QStringLiteral("collective-chunks-uneven");
    QTest::newRow("zero bytes") << ar << ring << 4 << 0 << 0.0 << 100e9 << 0
                                << QStringLiteral("collective-bytes");
    QTest::newRow("more chunks than bytes")
        << ar << ring << 4 << 8 << 4.0 << 100e9 << 0 << QStringLiteral("collective-chunks-exceed-bytes");
    QTest::newRow("no bandwidth") << ar << ring << 4 << 0 << 1e9 << 0.0 << 0
                                  << QStringLiteral("collective-link");
    QTest::newRow("hierarchical: 4 ranks in nodes of 3")
        << ar << static_cast<int>(CollectiveAlgorithm::Hierarchical) << 4 << 0 << 1e9 << 100e9 << 3
        << QStringLiteral("collective-hierarchical-nodes");
    QTest::newRow("tree cannot all-gather")
        << static_cast<int>(CollectiveOp::AllGather) << static_cast<int>(CollectiveAlgorithm::Tree) << 4 << 0
        << 1e9 << 100e9 << 0 << QStringLiteral("collective-algorithm");
}

void TestCollectiveView::badInputShowsTheDiagnostic()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    QFETCH(int, chunks);
    QFETCH(double, bytes);
    QFETCH(double, bandwidth);
    QFETCH(int, ranksPerNode);
    QFETCH(QString, code);
    CollectivePanel panel;
    panel.resize(1200, 760);
    panel.show();
    panel.setLinks(5e-6, bandwidth, ranksPerNode);
    panel.setMessageBytes(bytes);
    panel.setCollective(static_cast<CollectiveOp>(op), static_cast<CollectiveAlgorithm>(algorithm), ranks,
                        chunks);
    CollectiveView& view = *panel.view();
    QVERIFY(!view.hasTrace());
    // The core's own diagnostic, in the user's words, in the view and the caption.
    std::vector<core::Diagnostic> diagnostics = core::checkCollective(panel.spec());
    const std::vector<core::Diagnostic> linkProblems
        = core::collectiveCost(panel.spec(), panel.links()).diagnostics;
    diagnostics.insert(diagnostics.end(), linkProblems.begin(), linkProblems.end());
    const auto it = std::find_if(diagnostics.begin(), diagnostics.end(),
                                 [&code](const core::Diagnostic& d) { return d.code == code.toStdString(); });
    QVERIFY2(it != diagnostics.end(), qPrintable(code));
    QVERIFY2(view.message().contains(diagnosticMessage(*it)), qPrintable(view.message()));
    QVERIFY(panel.captionText().contains(diagnosticMessage(*it)));
    QVERIFY(!button(panel, "playButton")->isEnabled());
    QVERIFY(!button(panel, "stepForwardButton")->isEnabled());
    QVERIFY(!button(panel, "stepBackButton")->isEnabled());
    view.stepForward(); // harmless
    view.play();
    QVERIFY(!view.isAnimating());
    QVERIFY(!view.grab().isNull()); // paints the message, no crash
    // Fixing the input brings the animation back.
    panel.setLinks(5e-6, 100e9);
    panel.setMessageBytes(1e9);
    panel.setCollective(CollectiveOp::AllReduce, CollectiveAlgorithm::Ring, 4);
    QVERIFY(view.hasTrace());
    QVERIFY(view.message().isEmpty());
}

// Tab walks the controls as they read: the collective, the groups and links of the side column, then the
// transport under the animation.
void TestCollectiveView::tabOrderFollowsTheReadingOrder()
{
    CollectivePanel panel;
    QStringList order;
    for (QWidget* w = panel.nextInFocusChain(); w != &panel; w = w->nextInFocusChain())
        if ((w->focusPolicy() & Qt::TabFocus) && !w->objectName().startsWith(QStringLiteral("qt_")))
            order << (w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                                : w->objectName());
    QCOMPARE(order,
             strings({"opBox", "algorithmBox", "ranksBox", "chunksBox", "bytesBox", "bytesUnitBox",
                      "ownValuesButton", "QScrollArea", "groupTree", "alphaBox", "bandwidthBox",
                      "ranksPerNodeBox", "interAlphaBox", "interBandwidthBox", "restartButton",
                      "stepBackButton", "playButton", "stepForwardButton", "speedBox"}));
}

MESHWRIGHT_GUI_TEST_MAIN(TestCollectiveView)
#include "tst_collectiveview.moc"
