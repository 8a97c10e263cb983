// SPDX-License-Identifier: GPL-3.0-or-later
// Widget-level tests: the cluster canvas's geometry (a plain struct), hovering a GPU, the diagnostics
// model under QAbstractItemModelTester, the memory views, the design summary, and the one palette every
// view takes its colours from.

#include "cluster/clustercanvas.h"
#include "cluster/clustergeometry.h"
#include "common/explanationdialog.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "diagnostics/diagnosticsmodel.h"
#include "memory/memorybars.h"
#include "memory/memorypanel.h"
#include "memory/memorytext.h"
#include "memory/zeroview.h"
#include "support/snapshots.h"
#include "support/guitestmain.h"
#include "timeline/timelinestyle.h"

Q_DECLARE_METATYPE(core::MemoryCategory)

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <array>
#include <cmath>

using namespace widgets;

namespace {
using testing::snapshotOf;

DesignSnapshot snapshotOf(const char* example)
{
    return snapshotOf(*core::exampleDesign(example));
}

// CIE 1976 L*a*b* of an sRGB colour (D65 white), in which distance follows what a person sees.
std::array<double, 3> cieLab(const QColor& colour)
{
    auto linear = [](double u) { return u <= 0.04045 ? u / 12.92 : std::pow((u + 0.055) / 1.055, 2.4); };
    const double r = linear(colour.redF()), g = linear(colour.greenF()), b = linear(colour.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// Two colours a glance tells apart: CIE76 ΔE of at least 10 (2.3 is just noticeable side by side).
bool apartAtAGlance(const QColor& a, const QColor& b)
{
    const std::array<double, 3> p = cieLab(a), q = cieLab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) >= 10;
}

struct Meaning
{
    const char* name;
    QColor colour;
};

// The pairs of meanings in one view whose colours a glance cannot tell apart.
QStringList tooClose(const char* view, const std::vector<Meaning>& meanings)
{
    QStringList close;
    for (std::size_t i = 0; i < meanings.size(); ++i)
        for (std::size_t j = i + 1; j < meanings.size(); ++j)
            if (!apartAtAGlance(meanings[i].colour, meanings[j].colour))
                close << QStringLiteral("%1: %2 %3 and %4 %5")
                             .arg(QLatin1String(view), QLatin1String(meanings[i].name),
                                  meanings[i].colour.name(), QLatin1String(meanings[j].name),
                                  meanings[j].colour.name());
    return close;
}

// A literal colour: QColor(0x…), QColor(r, g, b), QColor name(…) with numbers, QColor("…"), Qt's named
// colours, QColor::fromRgb/Hsl/Hsv with a number, qRgb, an RGB hex value, "#rrggbb" or rgb(…) in a style
// sheet or rich text.
const QRegularExpression& literalColour()
{
    static const QRegularExpression pattern(QStringLiteral(
        R"(QColor\s*[({]\s*(0x|\d|\.\d|Qt::|"|QStringLiteral|QLatin1String)|QColor\s+\w+\s*[({]\s*(0x|\d|Qt::|")|)"
        R"(QColor::from(Rgb|Rgba|Hsl|Hsv|Cmyk)F?\s*\(\s*(0x|\d|\.\d)|\bqRgba?\s*\(|QColorConstants::|)"
        R"(\bQt::(white|black|red|darkRed|green|darkGreen|blue|darkBlue|cyan|darkCyan|magenta|darkMagenta|)"
        R"(yellow|darkYellow|gray|darkGray|lightGray)\b|\b0x[0-9a-fA-F]{6}\b|(?<![\w#&])#[0-9a-fA-F]{3}\b|)"
        R"((?<![\w#&])#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?\b|\brgba?\(\s*\d)"));
    return pattern;
}
} // namespace

class TestWidgets : public QObject
{
    Q_OBJECT

private slots:
    void geometryPlacesEveryGpu();
    void geometryGridsTheNodes_data();
    void geometryGridsTheNodes();
    void geometryDropSlots();
    void routesStrokeEachStretchOnce();
    void levelOfDetailFollowsZoom();
    void hoverHighlightsAGroup();
    void diagnosticsModelPassesTheTester();
    void memoryBarsStackEveryCategory();
    void memoryTabShowsHostMemory();
    void clickingASegmentExplainsIt();
    void zeroViewShowsTheSeedsFourBars();
    void zeroViewShardsExpertsOverExpertDp();
    void capacityLineInFrontOfTheBars();
    void servingFiguresExplainThemselves();
    void summaryNamesTheCalibratedLinks();
    void summaryStatesFp8MfuAgainstBothPeaks();
    void summaryNamesFsdpBufferCopiesApart();
    void summarySaysWhatTheHostAdds();
    void summarySaysTheExpertLayout();
    void meaningsOfOneViewLookApart();
    void noLiteralColoursOutsideThePalette_data();
    void noLiteralColoursOutsideThePalette();
};

void TestWidgets::geometryPlacesEveryGpu()
{
    const ClusterGeometry g = ClusterGeometry::compute({8, 6, 8});
    QCOMPARE(g.nodes.size(), std::size_t{3});
    QCOMPARE(g.nodes[1].cells.size(), std::size_t{6});
    for (std::size_t n = 0; n < g.nodes.size(); ++n)
        for (std::size_t s = 0; s < g.nodes[n].cells.size(); ++s) {
            const QRectF& cell = g.nodes[n].cells[s];
            QVERIFY(g.nodes[n].rect.contains(cell));
            const ClusterGeometry::Hit hit = g.hit(cell.center());
            QCOMPARE(hit.node, int(n));
            QCOMPARE(hit.slot, int(s));
            QVERIFY(g.bounds.contains(g.nodes[n].rect));
        }
    // Cells never overlap within a node; eight GPUs sit in two rows of four, as on an HGX board.
    const auto& cells = g.nodes[0].cells;
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j)
            QVERIFY(!cells[i].intersects(cells[j]));
    QCOMPARE(g.gpuColumns, 4);
    QVERIFY(cells[4].top() > cells[0].top());
    QCOMPARE(cells[4].left(), cells[0].left());
    QVERIFY(!g.hit(QPointF(-5, -5)).onNode());
    // The title is part of the node, not of a GPU.
    const ClusterGeometry::Hit title = g.hit(g.nodes[2].title.center());
    QCOMPARE(title.node, 2);
    QCOMPARE(title.slot, -1);
}

void TestWidgets::geometryGridsTheNodes_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("columns");
    QTest::newRow("4 nodes: 2 × 2") << 4 << 2;
    QTest::newRow("reference article, 64 nodes: 8 × 8") << 64 << 8;
    QTest::newRow("512 nodes: about 1.6 wide") << 512 << 26;
}

void TestWidgets::geometryGridsTheNodes()
{
    QFETCH(int, nodes);
    QFETCH(int, columns);
    const ClusterGeometry g = ClusterGeometry::compute(std::vector<int>(std::size_t(nodes), 8));
    QCOMPARE(g.nodeColumns, columns);
    QCOMPARE(g.nodeRows, (nodes + columns - 1) / columns);
    QCOMPARE(g.laneY.size(), std::size_t(g.nodeRows));
    // Every node's uplink ends on its row's fabric lane, in the gap below the row.
    for (const auto& box : g.nodes) {
        QCOMPARE(box.uplinkBottom.y(), g.laneY[std::size_t(box.row)]);
        QVERIFY(box.uplinkBottom.y() > box.rect.bottom());
        QCOMPARE(g.nodeAt(box.rect.center()), box.row * g.nodeColumns + box.column);
    }
}

void TestWidgets::geometryDropSlots()
{
    const ClusterGeometry g = ClusterGeometry::compute({8, 3});
    // Over a GPU: that slot; elsewhere in the node: after the last GPU.
    QCOMPARE(g.dropSlot(1, g.nodes[1].cells[1].center()), 1);
    QCOMPARE(g.dropSlot(1, g.nodes[1].title.center()), 3);
    QCOMPARE(g.dropSlot(0, g.nodes[0].linkBar.center()), 8);
    // The free slot past the last GPU continues the grid.
    QCOMPARE(g.slotRect(1, 3).left(), g.nodes[1].cells[2].right() + ClusterGeometry::kCellGap);
    QCOMPARE(g.slotRect(0, 8).top(), g.nodes[0].cells[4].bottom() + ClusterGeometry::kCellGap);
}

// A route up and down the trunk (x = 10) and along a lane (y = 50): the repeats and overlaps become one
// stretch each; a diagonal drawn twice (there and back) is kept once.
void TestWidgets::routesStrokeEachStretchOnce()
{
    const std::vector<QPointF> route{{0, 0},    {10, 50}, {10, 200}, {10, 100}, {10, 300}, {40, 300},
                                     {10, 300}, {10, 50}, {80, 50},  {120, 50}, {10, 50},  {0, 0}};
    std::vector<QLineF> stretches = coveredStretches(route);
    const auto has = [&](QLineF line) {
        return std::count_if(stretches.begin(), stretches.end(), [&](const QLineF& s) {
            return s == line || (s.p1() == line.p2() && s.p2() == line.p1());
        });
    };
    QCOMPARE(stretches.size(), std::size_t{4});
    QCOMPARE(has(QLineF(0, 0, 10, 50)), 1);
    QCOMPARE(has(QLineF(10, 50, 10, 300)), 1); // the trunk, walked four times
    QCOMPARE(has(QLineF(10, 300, 40, 300)), 1);
    QCOMPARE(has(QLineF(10, 50, 120, 50)), 1); // the lane: 10–80 and 80–120 touch, so one stretch
    // Disjoint parts of one line stay apart.
    QCOMPARE(coveredStretches({{0, 0}, {0, 10}, {5, 10}, {5, 20}, {0, 20}, {0, 30}}).size(), std::size_t{5});
    QVERIFY(coveredStretches({{1, 1}}).empty());
}

void TestWidgets::levelOfDetailFollowsZoom()
{
    QCOMPARE(detailFor(0.1), Detail::Tile); // 4 px per GPU
    QCOMPARE(detailFor(0.3), Detail::Cells); // 12 px
    QCOMPARE(detailFor(0.5), Detail::Labels); // 20 px: rank numbers
    QCOMPARE(detailFor(1.0), Detail::Full); // 40 px: rank and coordinate
}

void TestWidgets::hoverHighlightsAGroup()
{
    ClusterCanvas canvas;
    canvas.resize(900, 600);
    canvas.setSnapshot(snapshotOf("default"));
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QSignalSpy hovered(&canvas, &ClusterCanvas::rankHovered);
    const QPoint at = canvas.viewportPointOf(1, 2);
    QMouseEvent move(QEvent::MouseMove, at, canvas.viewport()->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &move);
    QCOMPARE(hovered.count(), 1);
    QCOMPARE(hovered.at(0).at(0).toInt(), 10);
    QCOMPARE(canvas.hoveredRank(), 10);
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&canvas, &leave);
    QCOMPARE(canvas.hoveredRank(), -1);
}

void TestWidgets::diagnosticsModelPassesTheTester()
{
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    core::Design design = *core::exampleDesign("default");
    design.layout.setDegree(core::Dim::Tp, 3);
    model.setDiagnostics(core::evaluate(design).diagnostics);
    QVERIFY(model.rowCount() >= 2);
    QCOMPARE(model.index(0, DiagnosticsModel::SeverityColumn).data().toString(), QStringLiteral("Error"));
    QCOMPARE(model.index(0, 0).data(DiagnosticsModel::PathRole).toString(), QStringLiteral("/layout/tp"));
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

void TestWidgets::memoryBarsStackEveryCategory()
{
    MemoryBars bars;
    bars.resize(900, 500);
    const DesignSnapshot snapshot = snapshotOf("seed-70b-32k-512gpu");
    bars.setSnapshot(snapshot);
    // 512 GPUs: one bar per pipeline stage, each standing for 128 ranks.
    QCOMPARE(bars.effectiveGrouping(), MemoryBars::Grouping::PerRole);
    QCOMPARE(bars.bars().size(), std::size_t{4});
    QCOMPARE(bars.bars()[0].count, 128);
    QCOMPARE(bars.bars()[0].total, snapshot.evaluation->memory->roleOf(0).totalBytes);
    bars.setGrouping(MemoryBars::Grouping::PerGpu);
    QCOMPARE(bars.bars().size(), std::size_t{512});
}

void TestWidgets::clickingASegmentExplainsIt()
{
    MemoryBars bars;
    bars.resize(900, 500);
    bars.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bars));
    const DesignSnapshot snapshot = snapshotOf("default");
    bars.setSnapshot(snapshot);
    QSignalSpy requested(&bars, &MemoryBars::explanationRequested);
    // The middle of rank 0's optimizer segment, in plot pixels.
    const core::RankRole& role = snapshot.evaluation->memory->roleOf(0);
    const double y = (role.figure(core::MemoryCategory::Parameters).bytes
                      + role.figure(core::MemoryCategory::Gradients).bytes
                      + role.figure(core::MemoryCategory::Optimizer).bytes / 2)
        / 1e9;
    const QPointF at = bars.pointOf(0, y * 1e9);
    QCOMPARE(bars.hit(at).second, core::MemoryCategory::Optimizer);
    QWidget* plot = bars.plotWidget();
    QMouseEvent press(QEvent::MouseButtonPress, at, plot->mapToGlobal(at.toPoint()), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &press);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 0);
    QCOMPARE(requested.at(0).at(1).value<core::MemoryCategory>(), core::MemoryCategory::Optimizer);

    MemoryPanel panel;
    panel.setSnapshot(snapshot);
    panel.explain(0, core::MemoryCategory::Activations);
    QVERIFY(panel.explanationDialog()->formulaText().contains(QStringLiteral("in-flight")));
    panel.explanationDialog()->close();
}

// The reference article's ZeRO figure: DDP, ZeRO-1, ZeRO-2, ZeRO-3, each the part every GPU copies plus its
// share.
void TestWidgets::zeroViewShowsTheSeedsFourBars()
{
    ZeroView view;
    view.setSnapshot(snapshotOf("fsdp-1node-8gpu"));
    const core::ZeroComparison& z = view.comparison();
    QCOMPARE(z.shardRanks, 8);
    QCOMPARE(z.stages[0].sharded, 0.0);
    QCOMPARE(z.stages[3].replicated, 0.0);
    QVERIFY(z.stages[3].total() * 8 - z.stages[0].total() < 1);
}

// Mixtral with EP 8 and DP 4: the dense part is sharded over 32 GPUs, the experts over the 4 of expert data
// parallelism, and the design's ZeRO-1 bar equals rank 0's model states in the memory bars.
void TestWidgets::zeroViewShardsExpertsOverExpertDp()
{
    ZeroView view;
    const DesignSnapshot snapshot = snapshotOf("mixtral-8x7b-ep8");
    view.setSnapshot(snapshot);
    const core::ZeroComparison& z = view.comparison();
    QCOMPARE(z.shardRanks, 32);
    QCOMPARE(z.expertShardRanks, 4);
    QVERIFY(z.expertParameters > 0);
    const core::RankRole& role = snapshot.evaluation->memory->roleOf(0);
    const double bar = role.figure(core::MemoryCategory::Parameters).bytes
        + role.figure(core::MemoryCategory::Gradients).bytes
        + role.figure(core::MemoryCategory::Optimizer).bytes;
    QVERIFY(std::abs(z.stages[1].total() - bar) <= 1e-9 * bar);
}

// The dashed capacity line is drawn over the bars: where it crosses a bar that does not fit, its red shows
// in the middle of the bar (away from the red outline at the bar's edges).
void TestWidgets::capacityLineInFrontOfTheBars()
{
    core::Design design = *core::exampleDesign("default");
    design.layout.microBatch = 16;
    design.workload.globalBatch = 512;
    const DesignSnapshot snapshot = snapshotOf(design);
    const core::RankRole& role = snapshot.evaluation->memory->roleOf(0);
    QVERIFY(!role.fits());
    MemoryBars bars;
    bars.resize(900, 500);
    bars.setSnapshot(snapshot);
    const QImage image = bars.plotWidget()->grab().toImage();
    const QPointF line = bars.pointOf(0, role.capacityBytes);
    const double halfBar = (bars.pointOf(1, 0).x() - bars.pointOf(0, 0).x()) * 0.25;
    int red = 0;
    for (int x = qRound(line.x() - halfBar); x <= qRound(line.x() + halfBar); ++x)
        for (int y = qRound(line.y()) - 1; y <= qRound(line.y()) + 1; ++y) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > 0xb0 && c.green() < 0x60 && c.blue() < 0x60 ? 1 : 0;
        }
    QVERIFY2(red >= 3, qPrintable(QString::number(red)));
}

// Training with offload: a line under the bars states the CPU memory per node against the node's RAM
// (DGX H100: 2 TB), opens its explanation, and turns into a warning when a node's RAM is smaller.
void TestWidgets::memoryTabShowsHostMemory()
{
    core::Design design = *core::exampleDesign("fsdp-1node-8gpu");
    design.layout.framework = core::Framework::DeepSpeed;
    design.workload.offload = core::Offload::CpuParameters;
    MemoryPanel panel;
    DesignSnapshot snapshot = snapshotOf(design);
    panel.setSnapshot(snapshot);
    const core::HostMemoryGroup& node = snapshot.evaluation->memory->host->groups.front();
    QVERIFY(node.needBytes > 0);
    const QString text = panel.hostMemoryLabel()->text();
    QVERIFY2(text.contains(bytesText(node.needBytes)) && text.contains(bytesText(node.ramBytes))
                 && !text.contains(QStringLiteral("RAM.")),
             qPrintable(text));
    QVERIFY(!panel.hostMemoryLabel()->isHidden());
    emit panel.hostMemoryLabel()->linkActivated(QStringLiteral("hostMemory"));
    QVERIFY(panel.explanationDialog()->isVisible());
    QVERIFY2(panel.explanationDialog()->formulaText().contains(QStringLiteral("host memory")),
             qPrintable(panel.explanationDialog()->formulaText()));
    panel.explanationDialog()->close();

    design.cluster.hostMemoryBytes = 64e9;
    snapshot = snapshotOf(design);
    panel.setSnapshot(snapshot);
    QVERIFY2(panel.hostMemoryLabel()->text().contains(QStringLiteral("more than"))
                 && panel.hostMemoryLabel()->text().contains(bytesText(64e9)),
             qPrintable(panel.hostMemoryLabel()->text()));
    bool warned = false;
    for (const core::Diagnostic& d : snapshot.evaluation->diagnostics)
        warned = warned || d.code == "host-memory";
    QVERIFY(warned);

    panel.setSnapshot(snapshotOf("serving-70b-tp4x2")); // serving: no host line
    QVERIFY(panel.hostMemoryLabel()->isHidden());
}

// Serving: the KV cache per sequence and the largest concurrency are links that open their explanation.
void TestWidgets::servingFiguresExplainThemselves()
{
    MemoryPanel panel;
    panel.setSnapshot(snapshotOf("serving-70b-tp4x2"));
    QVERIFY(panel.servingSummary()->text().contains(QStringLiteral("href='maxConcurrentSequences'")));
    emit panel.servingSummary()->linkActivated(QStringLiteral("maxConcurrentSequences"));
    QVERIFY(panel.explanationDialog()->isVisible());
    QVERIFY2(panel.explanationDialog()->formulaText().contains(QStringLiteral("KV bytes per sequence")),
             qPrintable(panel.explanationDialog()->formulaText()));
    panel.explanationDialog()->close();
    emit panel.servingSummary()->linkActivated(QStringLiteral("kvBytesPerSequence"));
    QVERIFY(panel.explanationDialog()->formulaText().contains(QStringLiteral("context")));
    panel.explanationDialog()->close();
}

// The summary names the links the evaluation computed with: a link measured on this cluster in place of
// the preset of the same id.
void TestWidgets::summaryNamesTheCalibratedLinks()
{
    core::Design design = *core::exampleDesign("default");
    const std::string intra = design.cluster.nodes.front().intraLink;
    core::LinkSpec measured = *core::Catalog::builtin().link(intra);
    measured.name = "NVLink as measured on this cluster";
    design.cluster.calibratedLinks.push_back(measured);
    DesignSummary summary;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.clusterText().contains(QStringLiteral("NVLink as measured on this cluster")),
             qPrintable(summary.clusterText()));
}

// MFU is stated against the BF16 peak, where an FP8 design can pass 100 %: its share of the FP8 peak
// follows, labelled; a BF16 design keeps the one figure.
void TestWidgets::summaryStatesFp8MfuAgainstBothPeaks()
{
    core::Design design = *core::exampleDesign("default");
    design.workload.precision = core::Precision::Fp8;
    DesignSummary summary;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.performanceText().contains(QStringLiteral("of the BF16 peak"))
                 && summary.performanceText().contains(QStringLiteral("of FP8")),
             qPrintable(summary.performanceText()));
    design.workload.precision = core::Precision::Bf16Mixed;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.performanceText().contains(QStringLiteral("MFU"))
                 && !summary.performanceText().contains(QStringLiteral("FP8")),
             qPrintable(summary.performanceText()));
}

// FSDP2's copies in and out of its collective buffers are part of the data-parallel time, not
// communication: the headline names them apart where there are any (the FSDP2 example), not otherwise.
void TestWidgets::summaryNamesFsdpBufferCopiesApart()
{
    core::Design design = *core::exampleDesign("fsdp-1node-8gpu");
    DesignSummary summary;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.performanceText().contains(QStringLiteral("of which FSDP2's buffer copies")),
             qPrintable(summary.performanceText()));
    design.layout.framework = core::Framework::MegatronCore; // Megatron-FSDP: its buffers are the tensors
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.performanceText().contains(QStringLiteral("data-parallel sync after the pipeline"))
                 && !summary.performanceText().contains(QStringLiteral("buffer copies")),
             qPrintable(summary.performanceText()));
}

// An eager MoE layer quicker than its host's launches waits for them (core/pipeline/hostlaunch.h): the
// headline says how long a step does, only where it does (Mixtral at 4,096 tokens a micro-batch outlasts
// the launches; at 256 it does not).
void TestWidgets::summarySaysWhatTheHostAdds()
{
    core::Design design = *core::exampleDesign("mixtral-8x7b-ep8");
    DesignSummary summary;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(!summary.performanceText().contains(QStringLiteral("for the host")),
             qPrintable(summary.performanceText()));
    design.workload.sequenceLength = 256;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(summary.performanceText().contains(QStringLiteral("for the host to launch MoE layers")),
             qPrintable(summary.performanceText()));
}

// Megatron's expert layout regroups the ranks for the MoE layers, so EP is no factor of the world size: the
// summary says how the experts are laid out; where EP is a dimension of its own, the formula holds it.
void TestWidgets::summarySaysTheExpertLayout()
{
    core::Design design = *core::exampleDesign("mixtral-8x7b-ep8");
    design.layout.expertMode = core::ExpertMode::Megatron;
    design.layout.setDegree(core::Dim::Ep, 8);
    design.layout.expertTp = 1;
    DesignSummary summary;
    summary.setSnapshot(snapshotOf(design));
    const core::ParallelLayout& l = design.layout;
    const auto expertDp = l.worldSize() / (std::int64_t{1} * 8 * l.pp());
    QVERIFY2(summary.layoutText().contains(
                 QStringLiteral("experts: EP 8 × expert TP 1 × expert DP %1").arg(expertDp)),
             qPrintable(summary.layoutText()));
    design.layout.expertMode = core::ExpertMode::Separate;
    summary.setSnapshot(snapshotOf(design));
    QVERIFY2(!summary.layoutText().contains(QStringLiteral("experts:"))
                 && summary.layoutText().contains(QStringLiteral("× EP")),
             qPrintable(summary.layoutText()));
}

// One colour says one thing: in each view, the colours of different meanings (what its legend names,
// and the marks drawn over it) are apart at a glance. Where two views show the same thing they call the
// same function or palette entry, so that the same meaning has the same colour everywhere.
void TestWidgets::meaningsOfOneViewLookApart()
{
    using C = core::MemoryCategory;
    using K = core::PipelineOpKind;
    using X = core::CommKind;
    namespace p = palette;
    QStringList close;
    close << tooClose("memory bars",
                      {{"weights", categoryColor(C::Parameters)},
                       {"gradients", categoryColor(C::Gradients)},
                       {"optimizer", categoryColor(C::Optimizer)},
                       {"activations", categoryColor(C::Activations)},
                       {"KV cache", categoryColor(C::KvCache)},
                       {"workspace", categoryColor(C::Workspace)},
                       {"temporary", categoryColor(C::Temporary)},
                       {"communication", categoryColor(C::Communication)},
                       {"reserve", categoryColor(C::Reserve)},
                       {"capacity", p::capacityLine},
                       {"over capacity", p::overCapacity},
                       {"tight", p::tightCapacity},
                       {"measured", p::measured}});
    close << tooClose(
        "ZeRO view",
        {{"replicated", p::zeroReplicated}, {"sharded", p::zeroSharded}, {"capacity", p::capacityLine}});
    close << tooClose("pipeline chart",
                      {{"forward", opColor(K::Forward)},
                       {"backward", opColor(K::Backward)},
                       {"weight gradient", opColor(K::BackwardWeight)},
                       {"forward and backward", opColor(K::ForwardBackward)},
                       {"bubble", idleColor()},
                       {"TP", commColor(X::TensorParallel)},
                       {"CP", commColor(X::ContextParallel)},
                       {"EP", commColor(X::ExpertParallel)},
                       {"PP send", commColor(X::PipelineSend)},
                       {"predicted step", p::predicted},
                       {"measured step", p::measured},
                       {"cursor", p::timeCursor}});
    close << tooClose("DDP step",
                      {{"forward", opColor(K::Forward)},
                       {"backward", opColor(K::Backward)},
                       {"DP reduction", commColor(X::DataParallel)},
                       {"exposed", p::exposedReduction},
                       {"backward ends", p::backwardEnd},
                       {"cursor", p::timeCursor}});
    close << tooClose("FSDP layers",
                      {{"forward", opColor(K::Forward)},
                       {"backward", opColor(K::Backward)},
                       {"all-gather for the forward", p::fsdpGatherForward},
                       {"all-gather for the backward", p::fsdpGatherBackward},
                       {"reduce-scatter", commColor(X::DataParallel)},
                       {"cursor", p::timeCursor}});
    close << tooClose("bubble plot",
                      {{"idealized", p::idealBubble},
                       {"simulated", opColor(K::Forward)},
                       {"this design", p::currentDesign}});
    close << tooClose("scaling plot", {{"weak", p::weakScaling}, {"strong", p::strongScaling}});
    close << tooClose("layout inspector", {{"error", p::errorField}, {"warning", p::warningField}});
    close << tooClose("dimensions",
                      {{"TP", dimensionColor(core::Dim::Tp)},
                       {"PP", dimensionColor(core::Dim::Pp)},
                       {"DP", dimensionColor(core::Dim::Dp)},
                       {"CP", dimensionColor(core::Dim::Cp)},
                       {"EP", dimensionColor(core::Dim::Ep)}});
    // Groups: neighbours differ (the hues repeat after a round, shaded).
    for (int group = 0; group < 30; ++group) {
        const QByteArray name = QByteArray::number(group);
        close << tooClose("groups",
                          {{name.constData(), groupColor(group)}, {"the next", groupColor(group + 1)}});
    }
    QVERIFY2(close.isEmpty(), qPrintable(close.join(QLatin1Char('\n'))));
    // The same meaning, the same colour: the Learn views call categoryColor, the timeline legend idleColor.
    QCOMPARE(idleColor(), p::bubbleIdle);
    QCOMPARE(categoryColor(C::Parameters), p::weights);
    QCOMPARE(dimensionColor(core::Dim::Tp), p::tensorParallel);
}

void TestWidgets::noLiteralColoursOutsideThePalette_data()
{
    QTest::addColumn<QString>("folder");
    const QDir widgets(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/widgets"));
    const QStringList folders = widgets.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY(folders.contains(QStringLiteral("common")));
    for (const QString& folder : folders)
        QTest::newRow(qPrintable(folder)) << widgets.filePath(folder);
}

// No view writes a colour: every one is a named entry of widgets/common/palette.h.
void TestWidgets::noLiteralColoursOutsideThePalette()
{
    QFETCH(QString, folder);
    QStringList found;
    QDirIterator files(folder, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (files.fileName() == QLatin1String("palette.h")
            || files.fileName() == QLatin1String("palette.cpp"))
            continue;
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        int number = 0;
        while (!file.atEnd()) {
            ++number;
            QString line = QString::fromUtf8(file.readLine());
            if (line.trimmed().startsWith(QLatin1Char('#'))) // #include, #pragma, #undef
                continue;
            if (const qsizetype comment = line.indexOf(QLatin1String("//")); comment >= 0)
                line.truncate(comment);
            if (line.contains(literalColour()))
                found << QStringLiteral("%1:%2: %3")
                             .arg(QDir(folder).relativeFilePath(path))
                             .arg(number)
                             .arg(line.trimmed());
        }
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

MESHWRIGHT_GUI_TEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
