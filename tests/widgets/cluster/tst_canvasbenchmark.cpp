// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster canvas at scale: 512 nodes × 8 GPUs = 4,096 GPUs, the reference article's layout with DP=32.
// One graphics item per node (never one per GPU or per label); a frame of 1600 × 1000 pixels rendered with
// the whole cluster in view (summarised tiles), zoomed in to readable ranks, and while the pointer moves
// over the GPUs. The aim is under 16 ms a frame. Every GPU tile carries its memory bar, red where the rank
// does not fit: a layout with TP = PP = CP = 1 puts all of Llama 3.1 70B's 141 GB of bf16 weights (70.6 B
// parameters, Meta's model card) on each 80 GB H100.

#include "cluster/clustercanvas.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "design/designio.h"
#include "evaluate.h"
#include "support/guitestmain.h"

#include <QGraphicsScene>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QSet>
#include <QTest>

using namespace widgets;

namespace {
DesignSnapshot snapshot4096(const char* layout = R"({"dp": 32})")
{
    core::Json document = core::Json::parse(core::Catalog::builtin().example("seed-70b-32k-512gpu")->text);
    document.merge_patch(core::Json::parse(R"({"cluster": {"uniform": {"nodes": 512}}})"));
    document.merge_patch(core::Json{{"layout", core::Json::parse(layout)}});
    core::LoadResult loaded = core::designFromJson(document);
    if (!loaded.design)
        qFatal("the 4,096-GPU design does not load");
    auto design = std::make_shared<const core::Design>(*loaded.design);
    auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(*design));
    return {design, evaluation};
}

// Distinct colours in a sample of the image: a blank or one-colour frame has one or two.
int coloursIn(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}
} // namespace

class TestCanvasBenchmark : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void oneItemPerNode();
    void benchmarkFrameWholeCluster();
    void benchmarkFrameTiles();
    void benchmarkFrameZoomedIn();
    void benchmarkHoverMove();
    void benchmarkFrameWhileHovering();
    void benchmarkNewSnapshot();
    void benchmarkFrameOverCapacity();

private:
    void renderFrame();
    // The rendered pixel in a GPU slot's memory bar, `along` of the way across it (0 left, 1 right).
    QColor memoryBarPixel(int node, int slot, double along) const;

    DesignSnapshot m_snapshot;
    std::unique_ptr<ClusterCanvas> m_canvas;
    QImage m_frame;
};

void TestCanvasBenchmark::initTestCase()
{
    m_snapshot = snapshot4096();
    QCOMPARE(m_snapshot.evaluation->worldSize, std::int64_t{4096});
    QVERIFY(m_snapshot.evaluation->valid());
    QVERIFY(m_snapshot.evaluation->traffic.has_value());
    m_canvas = std::make_unique<ClusterCanvas>();
    m_canvas->resize(1600, 1000);
    m_canvas->setSnapshot(m_snapshot);
    m_canvas->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_canvas.get()));
    m_frame = QImage(m_canvas->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
}

void TestCanvasBenchmark::oneItemPerNode()
{
    QCOMPARE(m_canvas->nodeItemCount(), 512);
    // The nodes, the fabric below them and the overlay above them: nothing per GPU.
    QCOMPARE(m_canvas->scene()->items().size(), qsizetype{514});
}

void TestCanvasBenchmark::renderFrame()
{
    m_frame.fill(Qt::white);
    QPainter painter(&m_frame);
    m_canvas->render(&painter);
}

QColor TestCanvasBenchmark::memoryBarPixel(int node, int slot, double along) const
{
    // Far out the bar is the cell's lower third; sample the middle of it.
    const QRectF cell = m_canvas->clusterGeometry().slotRect(node, slot);
    const QPointF at(cell.left() + 1 + along * (cell.width() - 2), cell.bottom() - cell.height() / 6);
    return m_frame.pixelColor(m_canvas->mapFromScene(at));
}

void TestCanvasBenchmark::benchmarkFrameWholeCluster()
{
    m_canvas->fitCluster();
    // 4,096 GPUs in 1600 × 1000 pixels: about 11 pixels a GPU, coloured cells without labels.
    QCOMPARE(detailFor(m_canvas->zoom()), Detail::Cells);
    QBENCHMARK
    {
        renderFrame();
    }
    QVERIFY(coloursIn(m_frame) > 10); // the group colours are there
    // The layout fits: GPU 0's bar starts dark (its peak's share) and is nowhere red.
    QVERIFY(m_canvas->memoryShareOf(0) > 0.1 && m_canvas->memoryShareOf(0) < 1);
    QCOMPARE(memoryBarPixel(0, 0, 0.02), palette::gpuMemoryUsed);
    QVERIFY(memoryBarPixel(0, 0, 0.98) != palette::overCapacity);
}

void TestCanvasBenchmark::benchmarkFrameTiles()
{
    m_canvas->fitCluster();
    m_canvas->scale(0.5, 0.5); // further out: every node a summarised tile
    QCOMPARE(detailFor(m_canvas->zoom()), Detail::Tile);
    QBENCHMARK
    {
        renderFrame();
    }
    QVERIFY(coloursIn(m_frame) > 10);
    m_canvas->fitCluster();
}

void TestCanvasBenchmark::benchmarkFrameZoomedIn()
{
    m_canvas->resetTransform(); // 1:1, rank numbers and coordinates drawn
    m_canvas->centerOn(m_canvas->clusterGeometry().bounds.center());
    QCOMPARE(detailFor(m_canvas->zoom()), Detail::Full);
    QBENCHMARK
    {
        renderFrame();
    }
    QVERIFY(coloursIn(m_frame) > 10);
    // The frame shows what it should, not just colours: a node well inside the view has its first
    // GPU's rank written in the upper half of its cell and its memory bar dark as far as its peak.
    const ClusterGeometry& geometry = m_canvas->clusterGeometry();
    const QRectF visible = m_canvas->mapToScene(m_canvas->viewport()->rect()).boundingRect();
    int node = -1;
    for (std::size_t n = 0; n < geometry.nodes.size() && node < 0; ++n)
        if (visible.adjusted(100, 100, -100, -100).contains(geometry.nodes[n].rect))
            node = static_cast<int>(n);
    QVERIFY(node >= 0);
    const int rank = m_canvas->rankAt(node, 0);
    QVERIFY(rank >= 0);
    const double share = m_canvas->memoryShareOf(rank);
    QVERIFY2(share > 0.2 && share < 0.8, qPrintable(QString::number(share)));
    const QRectF cell = geometry.slotRect(node, 0);
    const QColor fill
        = m_frame.pixelColor(m_canvas->mapFromScene(QPointF(cell.left() + 3, cell.center().y())));
    const QColor ink = textColorOn(fill);
    const QRect upper
        = m_canvas
              ->mapFromScene(QRectF(cell.left() + 3, cell.top() + 3, cell.width() - 6, cell.height() / 2 - 3))
              .boundingRect();
    int inked = 0;
    for (int y = upper.top(); y <= upper.bottom(); ++y)
        for (int x = upper.left(); x <= upper.right(); ++x) {
            const QColor c = m_frame.pixelColor(x, y);
            const int distance = std::abs(c.red() - ink.red()) + std::abs(c.green() - ink.green())
                + std::abs(c.blue() - ink.blue());
            inked += distance < 90 ? 1 : 0;
        }
    QVERIFY2(inked >= 20, qPrintable(QStringLiteral("%1 pixels of the rank's number").arg(inked)));
    // At full detail the bar is a 5-unit strip above the cell's foot, 4 units in from either side.
    const auto barPixel = [&](double along) {
        const QPointF at(cell.left() + 4 + along * (cell.width() - 8), cell.bottom() - 5.5);
        return m_frame.pixelColor(m_canvas->mapFromScene(at));
    };
    QCOMPARE(barPixel(share / 2), palette::gpuMemoryUsed);
    // Past the peak the track: a translucent white over the cell's fill.
    const QColor track = palette::gpuMemoryTrack;
    const QColor past = barPixel((1 + share) / 2);
    for (const auto channel : {&QColor::red, &QColor::green, &QColor::blue}) {
        const double expected
            = (track.alpha() * (track.*channel)() + (255 - track.alpha()) * (fill.*channel)()) / 255.0;
        QVERIFY2(std::abs((past.*channel)() - expected) < 4,
                 qPrintable(past.name() + QLatin1Char(' ') + fill.name()));
    }
    m_canvas->fitCluster();
}

// Moving the pointer from GPU to GPU: what the canvas does per mouse move (the focus group, the paths of
// every dimension), without the frame.
void TestCanvasBenchmark::benchmarkHoverMove()
{
    m_canvas->fitCluster();
    const QPoint a = m_canvas->viewportPointOf(100, 3);
    const QPoint b = m_canvas->viewportPointOf(400, 5);
    bool flip = false;
    QBENCHMARK
    {
        const QPoint at = flip ? a : b;
        flip = !flip;
        QMouseEvent move(QEvent::MouseMove, QPointF(at), m_canvas->viewport()->mapToGlobal(QPointF(at)),
                         Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_canvas->viewport(), &move);
    }
    QVERIFY(m_canvas->hoveredRank() >= 0);
}

// A frame with a hovered GPU: the other groups dimmed and its groups' paths across the fabric drawn.
void TestCanvasBenchmark::benchmarkFrameWhileHovering()
{
    m_canvas->fitCluster();
    const QPoint at = m_canvas->viewportPointOf(200, 1);
    QMouseEvent move(QEvent::MouseMove, QPointF(at), m_canvas->viewport()->mapToGlobal(QPointF(at)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_canvas->viewport(), &move);
    QCOMPARE(m_canvas->hoveredRank(), m_canvas->rankAt(200, 1));
    QBENCHMARK
    {
        renderFrame();
    }
    QVERIFY(coloursIn(m_frame) > 10);
}

// A design change redraws from a new snapshot (the same shape: the items stay).
void TestCanvasBenchmark::benchmarkNewSnapshot()
{
    QBENCHMARK
    {
        m_canvas->setSnapshot(m_snapshot);
    }
    QCOMPARE(m_canvas->nodeItemCount(), 512);
}

// The whole cluster where no rank fits: every tile's bar red, at the same cost as any frame.
void TestCanvasBenchmark::benchmarkFrameOverCapacity()
{
    const DesignSnapshot over = snapshot4096(R"({"tp": 1, "pp": 1, "cp": 1, "dp": 4096})");
    QCOMPARE(over.evaluation->worldSize, std::int64_t{4096});
    QVERIFY(over.evaluation->memory.has_value() && !over.evaluation->memory->fits);
    QEvent leave(QEvent::Leave); // no hovered group's paths over the tiles
    QCoreApplication::sendEvent(m_canvas.get(), &leave);
    m_canvas->setSnapshot(over);
    m_canvas->fitCluster();
    QCOMPARE(m_canvas->hoveredRank(), -1);
    QCOMPARE(detailFor(m_canvas->zoom()), Detail::Cells);
    QVERIFY(m_canvas->memoryShareOf(0) > 141e9 / 80e9);
    QBENCHMARK
    {
        renderFrame();
    }
    for (int node : {0, 255, 511})
        for (double along : {0.1, 0.9})
            QCOMPARE(memoryBarPixel(node, 7, along), palette::overCapacity);
    m_canvas->setSnapshot(m_snapshot);
}

MESHWRIGHT_GUI_TEST_MAIN(TestCanvasBenchmark)
#include "tst_canvasbenchmark.moc"
