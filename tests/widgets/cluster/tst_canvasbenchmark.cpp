// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster canvas at scale: 512 nodes × 8 GPUs = 4,096 GPUs, the reference article's layout with DP=32.
// One graphics item per node (never one per GPU or per label); a frame of 1600 × 1000 pixels rendered with
// the whole cluster in view (summarised tiles), zoomed in to readable ranks, and while the pointer moves
// over the GPUs. The aim is under 16 ms a frame. Every GPU tile carries its memory bar, red where the rank
// does not fit: a layout with TP = PP = CP = 1 puts all of Llama 3.1 70B's 141 GB of bf16 weights (70.6 B
// parameters, Meta's model card) on each 80 GB H100.

#include "cluster/clustercanvas.h"
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
    QBENCHMARK
    {
        renderFrame();
    }
    QVERIFY(coloursIn(m_frame) > 10);
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
