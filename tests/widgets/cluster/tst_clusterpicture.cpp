// SPDX-License-Identifier: GPL-3.0-or-later
// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH

// What the cluster canvas draws, read from its rendered pixels: every GPU tile's memory bar (filled as far
// as the rank's peak fills the GPU, red past its capacity, absent on an idle GPU) in every colouring mode;
// the colour key in group, stage and replica mode; one colour per pipeline stage on the canvas, the Memory
// tab and the Timeline; the fabric's uplinks only where there is more than one node; and the dimension each
// example is first coloured by.
//
// The default example: 4 nodes × 8 H100 (80 GB), Llama 3.1 70B, TP=8 PP=2 DP=2 in the order
// tp-cp-ep-dp-pp, rank r on GPU r: a TP group fills a node; PP stage 1 holds ranks 16–31 (nodes 2 and 3);
// a DP group (ranks r and r + 8) spans two nodes. Llama 3.1 70B has 70.6 B parameters (Meta's model card),
// 141 GB in bf16: more than one H100 holds, so TP=PP=1 cannot fit.

#include "cluster/clustercanvas.h"
#include "cluster/clusterlegend.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "design/designio.h"
#include "evaluate.h"
#include "memory/memorybars.h"
#include "support/snapshots.h"
#include "support/guitestmain.h"
#include "timeline/activationplot.h"
#include "timeline/timelinecharts.h"

#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

using namespace widgets;

namespace {

using testing::snapshotOf;

core::Design example(const char* id)
{
    std::optional<core::Design> design = core::exampleDesign(id);
    if (!design)
        qFatal("example %s does not load", id);
    return *design;
}

core::Design withLayout(int tp, int pp, int dp)
{
    core::Design design = example("default");
    design.layout.setDegree(core::Dim::Tp, tp);
    design.layout.setDegree(core::Dim::Pp, pp);
    design.layout.setDegree(core::Dim::Dp, dp);
    return design;
}

} // namespace

class TestClusterPicture : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void tileFillsAsFarAsMemory_data();
    void tileFillsAsFarAsMemory();
    void idleGpuHasNoBar();
    void fabricOnlyBetweenNodes_data();
    void fabricOnlyBetweenNodes();
    void legendPerMode_data();
    void legendPerMode();
    void stageColourSharedByCanvasMemoryTimeline();
    void examplesColouredByTheirStory_data();
    void examplesColouredByTheirStory();

private:
    void show(const core::Design& design);
    QImage render() const;
    // The pixel at a point of a GPU slot, given as fractions of its tile (0,0 top left, 1,1 bottom right),
    // or at an offset in scene units from its bottom.
    QColor pixel(const QImage& frame, int node, int slot, double fx, double fromBottom) const;

    std::unique_ptr<ClusterCanvas> m_canvas;
};

void TestClusterPicture::init()
{
    m_canvas = std::make_unique<ClusterCanvas>();
    m_canvas->resize(900, 600);
}

void TestClusterPicture::cleanup()
{
    m_canvas.reset();
}

void TestClusterPicture::show(const core::Design& design)
{
    m_canvas->setSnapshot(snapshotOf(design));
    m_canvas->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_canvas.get()));
    m_canvas->resetTransform(); // 1:1: every detail drawn
    m_canvas->centerOn(m_canvas->clusterGeometry().slotRect(0, 0).center());
}

QImage TestClusterPicture::render() const
{
    // Whatever the pointer did, no group has the focus: every tile in its own colour, no paths on top.
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(m_canvas.get(), &leave);
    if (m_canvas->hoveredRank() != -1)
        qFatal("the canvas keeps a hovered rank after the pointer left");
    QImage frame(m_canvas->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    frame.fill(Qt::white);
    QPainter painter(&frame);
    m_canvas->viewport()->render(&painter);
    return frame;
}

QColor TestClusterPicture::pixel(const QImage& frame, int node, int slot, double fx, double fromBottom) const
{
    const QRectF cell = m_canvas->clusterGeometry().slotRect(node, slot);
    const QPoint at
        = m_canvas->mapFromScene(QPointF(cell.left() + fx * cell.width(), cell.bottom() - fromBottom));
    return frame.pixelColor(at);
}

void TestClusterPicture::tileFillsAsFarAsMemory_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<bool>("fits");
    // The default layout: 70B split over 16 GPUs fits an H100 with room to spare.
    QTest::newRow("TP=8 PP=2: fits") << 8 << 2 << 2 << true;
    // The whole 70B on every GPU: 141 GB of bf16 weights alone on an 80 GB H100.
    QTest::newRow("TP=1 PP=1: does not fit") << 1 << 1 << 32 << false;
}

void TestClusterPicture::tileFillsAsFarAsMemory()
{
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, dp);
    QFETCH(bool, fits);
    show(withLayout(tp, pp, dp));
    // GPU 31 (node 3, slot 7) holds rank 31, away from the paths the canvas draws by example for rank 0's
    // groups when they leave node 0 (PP: ranks 0 and 16; DP: ranks 0 and 8). With DP = 32 rank 0's DP group
    // is everyone, and its lines cross every tile: there the count allows for them.
    constexpr int node = 3, slot = 7, rank = 31;
    QCOMPARE(m_canvas->rankAt(node, slot), rank);
    const core::Evaluation e = core::evaluate(withLayout(tp, pp, dp));
    QVERIFY(e.memory.has_value());
    const core::RankRole& role = e.memory->roleOf(rank);
    const double share = role.totalBytes / role.capacityBytes;
    QCOMPARE(role.fits(), fits);
    QCOMPARE(m_canvas->memoryShareOf(rank), static_cast<double>(static_cast<float>(share)));
    if (fits)
        QVERIFY2(share > 0.2 && share < 0.95, qPrintable(QString::number(share)));
    else
        QVERIFY(share > 141e9 / 80e9);
    // The bar runs across the tile's foot (scene units 3 to 8 above its bottom edge, 4 in from each side),
    // in every colouring: read along its middle row.
    for (core::Dim dim : {core::Dim::Tp, core::Dim::Pp, core::Dim::Dp}) {
        m_canvas->setColorDimension(dim);
        const QImage frame = render();
        const QRectF cell = m_canvas->clusterGeometry().slotRect(node, slot);
        int dark = 0, red = 0, samples = 0;
        for (double x = 5; x <= cell.width() - 5; x += 1, ++samples) {
            const QColor c = pixel(frame, node, slot, x / cell.width(), 5.5);
            dark += c == palette::gpuMemoryUsed ? 1 : 0;
            red += c == palette::overCapacity ? 1 : 0;
        }
        const QString counts = QStringLiteral("%1 dark, %2 red of %3 in %4")
                                   .arg(dark)
                                   .arg(red)
                                   .arg(samples)
                                   .arg(dimensionLabel(dim));
        if (fits) {
            QCOMPARE(red, 0);
            // Dark as far as the share reaches, then the empty track.
            QVERIFY2(std::abs(double(dark) / samples - share) < 0.1, qPrintable(counts));
        } else {
            QCOMPARE(dark, 0);
            QVERIFY2(red >= (dim == core::Dim::Dp ? 0.6 : 0.95) * samples, qPrintable(counts));
        }
        // Above the bar, the tile keeps its colour of the mode.
        QVERIFY(pixel(frame, node, slot, 0.1, 20) != palette::overCapacity);
    }
}

void TestClusterPicture::idleGpuHasNoBar()
{
    // DP=1: 16 ranks on GPUs 0–15; nodes 2 and 3 idle.
    show(withLayout(8, 2, 1));
    QCOMPARE(m_canvas->rankAt(2, 0), -1);
    const QImage frame = render();
    const QColor base = m_canvas->palette().color(QPalette::Base);
    // GPU 0 holds rank 0: its bar is there (dark or, unsharded over DP = 1, red).
    QVERIFY(pixel(frame, 0, 0, 0.2, 5) == palette::gpuMemoryUsed
            || pixel(frame, 0, 0, 0.2, 5) == palette::overCapacity);
    QCOMPARE(pixel(frame, 2, 0, 0.2, 5), base);
    QCOMPARE(pixel(frame, 2, 0, 0.8, 5), base);
}

// Each node's uplink to the fabric is drawn where there are nodes to reach: the default example's 4, not
// the single node of fsdp-1node-8gpu, whose canvas once showed an uplink and a lane leading nowhere.
void TestClusterPicture::fabricOnlyBetweenNodes_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("drawn");
    QTest::newRow("4 nodes") << "default" << true;
    QTest::newRow("1 node") << "fsdp-1node-8gpu" << false;
}

void TestClusterPicture::fabricOnlyBetweenNodes()
{
    QFETCH(QString, example);
    QFETCH(bool, drawn);
    show(::example(qPrintable(example)));
    const ClusterGeometry::NodeBox& box = m_canvas->clusterGeometry().nodes.front();
    const QImage frame = render();
    // Half-way down node 0's uplink, and 30 scene units to its left, where nothing is drawn.
    const QPointF middle = (box.uplinkTop + box.uplinkBottom) / 2;
    const QColor uplink = frame.pixelColor(m_canvas->mapFromScene(middle));
    const QColor beside = frame.pixelColor(m_canvas->mapFromScene(middle - QPointF(30, 0)));
    QCOMPARE(uplink != beside, drawn);
}

void TestClusterPicture::legendPerMode_data()
{
    QTest::addColumn<int>("dim");
    QTest::addColumn<bool>("byPosition");
    QTest::addColumn<QString>("key");
    // A TP group fills a node: a colour per group, shades of the TP button's colour.
    QTest::newRow("TP: group") << static_cast<int>(core::Dim::Tp) << false
                               << QStringLiteral("Colour = TP group");
    // A PP group spans nodes 0 and 2: a colour per stage.
    QTest::newRow("PP: stage") << static_cast<int>(core::Dim::Pp) << true
                               << QStringLiteral("Colour = pipeline stage");
    // A DP group spans nodes 0 and 1: a colour per replica.
    QTest::newRow("DP: replica") << static_cast<int>(core::Dim::Dp) << true
                                 << QStringLiteral("Colour = DP replica");
}

void TestClusterPicture::legendPerMode()
{
    QFETCH(int, dim);
    QFETCH(bool, byPosition);
    QFETCH(QString, key);
    show(example("default"));
    m_canvas->setColorDimension(static_cast<core::Dim>(dim));
    QCOMPARE(m_canvas->colorsByPosition(), byPosition);
    const QString legend = colourLegendText(*m_canvas);
    QVERIFY2(legend.contains(key), qPrintable(legend));
    QVERIFY2(legend.contains(QStringLiteral("memory against its capacity")), qPrintable(legend));
    // Every colour the tiles are drawn in is in the key: the colour of rank 16's tile (node 2, slot 0).
    const QColor drawn = pixel(render(), 2, 0, 0.15, 34);
    QVERIFY2(legend.contains(drawn.name()), qPrintable(drawn.name() + QLatin1Char(' ') + legend));
    if (byPosition) {
        QVERIFY(legend.contains(QStringLiteral("spread over nodes")));
    } else {
        // Group mode: the hue of the dimension's button, and how neighbouring groups differ.
        QCOMPARE(drawn.hslHue(), dimensionColor(core::Dim::Tp).hslHue());
        QVERIFY2(legend.contains(QStringLiteral("neighbouring groups")), qPrintable(legend));
        QVERIFY(groupShade(core::Dim::Tp, 0) != groupShade(core::Dim::Tp, 1));
    }
}

// Pipeline stage 1 (ranks 16–31): the canvas coloured by PP, the Memory tab's strip under its bar, the
// Timeline's swatch beside its lane and its curve in the Timeline's activation plot are one colour.
void TestClusterPicture::stageColourSharedByCanvasMemoryTimeline()
{
    const DesignSnapshot snapshot = snapshotOf(example("default"));
    show(*snapshot.design);
    m_canvas->setColorDimension(core::Dim::Pp);
    QVERIFY(m_canvas->colorsByPosition());
    const QImage frame = render();
    const QColor canvasStage0 = pixel(frame, 0, 0, 0.15, 34);
    const QColor canvasStage1 = pixel(frame, 2, 0, 0.15, 34);
    QCOMPARE(canvasStage0, stageColor(0));
    QCOMPARE(canvasStage1, stageColor(1));
    QVERIFY(canvasStage0 != canvasStage1);

    const PipelineChartModel timeline(snapshot);
    QCOMPARE(timeline.laneKey(0), canvasStage0); // lane 2s: pipeline rank s; lane 2s + 1: its comm.
    QCOMPARE(timeline.laneKey(2), canvasStage1);
    ActivationPlot activations;
    activations.setCurves({{{0, 0}, {1, 1e9}}, {{0, 0}, {1, 2e9}}},
                          {QStringLiteral("Stage 0"), QStringLiteral("Stage 1")});
    const QCustomPlot* curves = activations.findChild<QCustomPlot*>();
    QVERIFY(curves && curves->graphCount() == 2);
    QCOMPARE(curves->graph(0)->pen().color(), canvasStage0);
    QCOMPARE(curves->graph(1)->pen().color(), canvasStage1);

    MemoryBars bars;
    bars.resize(800, 400);
    bars.setSnapshot(snapshot);
    QSet<QRgb> strips;
    for (int i = 0; i < bars.plot()->itemCount(); ++i)
        if (const auto* strip = qobject_cast<QCPItemRect*>(bars.plot()->item(i)))
            strips.insert(strip->brush().color().rgb());
    QCOMPARE(strips, (QSet<QRgb>{canvasStage0.rgb(), canvasStage1.rgb()}));

    // No stage looks like the red of memory past capacity (hue 357°): every stage hue at least 15° away,
    // and neighbouring stages differ.
    for (int stage = 0; stage < 24; ++stage) {
        const int hue = stageColor(stage).hslHue();
        QVERIFY2(std::min(std::abs(hue - palette::overCapacity.hslHue()),
                          360 - std::abs(hue - palette::overCapacity.hslHue()))
                     >= 15,
                 qPrintable(QStringLiteral("stage %1: %2").arg(stage).arg(stageColor(stage).name())));
        QVERIFY(stageColor(stage) != stageColor(stage + 1));
    }
}

void TestClusterPicture::examplesColouredByTheirStory_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("dim");
    // TP = 1 and EP = 8: the expert groups are the story.
    QTest::newRow("Mixtral EP=8") << QStringLiteral("mixtral-8x7b-ep8") << static_cast<int>(core::Dim::Ep);
    // TP = PP = CP = 1, ZeRO-3: the sharded data-parallel group.
    QTest::newRow("FSDP") << QStringLiteral("fsdp-1node-8gpu") << static_cast<int>(core::Dim::Dp);
    QTest::newRow("70B TP=8") << QStringLiteral("seed-70b-32k-512gpu") << static_cast<int>(core::Dim::Tp);
    QTest::newRow("serving TP=4") << QStringLiteral("serving-70b-tp4x2") << static_cast<int>(core::Dim::Tp);
}

void TestClusterPicture::examplesColouredByTheirStory()
{
    QFETCH(QString, id);
    QFETCH(int, dim);
    const core::Design design = example(id.toUtf8().constData());
    QCOMPARE(static_cast<int>(storyDimension(design.layout)), dim);
    // Whatever the story dimension, a degree above 1: its groups are not single GPUs.
    QVERIFY(design.layout.degree(static_cast<core::Dim>(dim)) > 1);
}

MESHWRIGHT_GUI_TEST_MAIN(TestClusterPicture)
#include "tst_clusterpicture.moc"
