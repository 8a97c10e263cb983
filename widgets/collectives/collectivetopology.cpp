// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivetopology.h"

#include "collectives/collectivecells.h"
#include "collectives/collectivegeometry.h"
#include "collectives/collectivetext.h"
#include "common/groupcolors.h"
#include "common/palette.h"

#include <QPainter>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <tuple>

namespace widgets {

namespace {

void paintArrowHead(QPainter& painter, QPointF tip, QPointF from, double size)
{
    const QPointF d = tip - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const QPolygonF head{tip, tip - u * size + n * size * 0.5, tip - u * size - n * size * 0.5};
    painter.drawPolygon(head);
}

// One painting of the topology: where the ranks sit is worked out once, then each layer is drawn over the
// one before (node bands, links, the step's packets, the discs).
class TopologyPainter
{
public:
    TopologyPainter(QPainter& painter, const CollectivePaintContext& context)
        : m_painter(painter)
        , m_context(context)
        , m_trace(context.trace())
        , m_ranks(m_trace.initial.ranks())
        , m_tree(m_trace.spec.algorithm == core::CollectiveAlgorithm::Tree)
    { }

    void paint(const QRectF& area);

private:
    QString title() const;
    QPointF at(int channel, int rank) const
    {
        return m_places[static_cast<std::size_t>(channel == 1 ? 1 : 0)][static_cast<std::size_t>(rank)];
    }
    void paintNodeBands();
    void paintNodeLabel(int first, int last, QPointF centre, double ring);
    void paintLinks();
    void paintStepLinks(int highlighted);
    void paintDiscs();
    void paintTreeTitles();

    QPainter& m_painter;
    const CollectivePaintContext& m_context;
    const core::CollectiveTrace& m_trace;
    const int m_ranks;
    const bool m_tree;
    QRectF m_body; // the area under the title
    double m_radius = 10; // of a rank's disc
    // Where each rank sits, per tree for the tree (channel = tree), on one circle otherwise.
    std::array<std::vector<QPointF>, 2> m_places;
};

QString TopologyPainter::title() const
{
    switch (m_trace.spec.algorithm) {
    case core::CollectiveAlgorithm::Ring:
        return m_trace.spec.op == core::CollectiveOp::SendRecv
            ? CollectiveViewText::tr("Ring shift: every rank sends to the next")
            : CollectiveViewText::tr("Ring: every rank sends to the next");
    case core::CollectiveAlgorithm::Tree:
        return CollectiveViewText::tr("Double binary tree: each tree carries half the chunks");
    case core::CollectiveAlgorithm::Pairwise:
        return CollectiveViewText::tr("Pairwise: in each step every rank swaps with one partner");
    case core::CollectiveAlgorithm::Hierarchical:
        return CollectiveViewText::tr("Hierarchical: rings inside each node, then across nodes");
    case core::CollectiveAlgorithm::Direct:
        return CollectiveViewText::tr("Direct: one rank sends to another");
    }
    return {};
}

void TopologyPainter::paint(const QRectF& area)
{
    QFont titleFont = m_context.font;
    titleFont.setBold(true);
    titleFont.setPixelSize(13);
    m_painter.setFont(titleFont);
    m_painter.setPen(m_context.palette.color(QPalette::Text));
    const QRectF titleRect(area.left(), area.top(), area.width(), 34);
    const QString text = title();
    const QRectF titleUsed
        = m_painter.boundingRect(titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
    m_painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
    m_body = area.adjusted(0, titleUsed.height() + 4, 0, 0);

    if (m_tree) {
        m_places = treePositions(m_body, m_trace.trees, &m_radius);
    } else {
        m_places[0] = ringPositions(m_body, m_ranks, &m_radius);
        m_places[1] = m_places[0];
    }
    if (m_places[0].size() != static_cast<std::size_t>(m_ranks))
        return;

    paintNodeBands();
    paintLinks();
    const int moving = m_context.playhead.movingStep();
    const int highlighted = moving >= 0 ? moving : m_context.playhead.shownStep();
    if (highlighted >= 0)
        paintStepLinks(highlighted);
    paintDiscs();
    if (m_tree)
        paintTreeTitles();
}

// Nodes: a band behind the discs of each node's ranks (they are consecutive columns).
void TopologyPainter::paintNodeBands()
{
    const std::vector<int>& nodeOfColumn = m_context.scene.nodeOfColumn;
    if (m_tree || nodeOfColumn.empty() || static_cast<int>(nodeOfColumn.size()) != m_ranks)
        return;
    const int n = m_ranks;
    const QPointF centre = m_body.center();
    const double ring = std::hypot(at(0, 0).x() - centre.x(), at(0, 0).y() - centre.y());
    QFont nodeFont = m_context.font;
    nodeFont.setPixelSize(11);
    m_painter.setFont(nodeFont);
    int first = 0;
    int band = 0;
    while (first < n) {
        int last = first;
        while (last + 1 < n
               && nodeOfColumn[static_cast<std::size_t>(last + 1)]
                   == nodeOfColumn[static_cast<std::size_t>(first)])
            ++last;
        const double a0 = 90.0 - 360.0 * first / n; // Qt's angles run counter-clockwise from 3 o'clock
        const double span = -360.0 * (last - first) / n;
        QPen bandPen(band % 2 == 0 ? palette::collectiveNodeBand : palette::collectiveNodeBandAlternate,
                     m_radius * 2.9, Qt::SolidLine, Qt::RoundCap);
        m_painter.setPen(bandPen);
        m_painter.setBrush(Qt::NoBrush);
        const QRectF circle(centre.x() - ring, centre.y() - ring, 2 * ring, 2 * ring);
        if (first == last)
            m_painter.drawPoint(at(0, first));
        else
            m_painter.drawArc(circle, static_cast<int>(a0 * 16), static_cast<int>(span * 16));
        paintNodeLabel(first, last, centre, ring);
        first = last + 1;
        ++band;
    }
}

// The node's name outside the ring, at the middle of its band; beside it at the top and the bottom of the
// ring, where it would run into the title or off the area.
void TopologyPainter::paintNodeLabel(int first, int last, QPointF centre, double ring)
{
    const int n = m_ranks;
    const double mid = (-90.0 + 360.0 * (first + last) / 2.0 / n) * std::numbers::pi / 180.0;
    QPointF label = centre + QPointF(std::cos(mid), std::sin(mid)) * (ring + m_radius * 1.45 + 10);
    if (std::abs(std::cos(mid)) < 0.35)
        label = centre + QPointF(std::cos(mid), std::sin(mid)) * ring + QPointF(m_radius * 1.45 + 48, 0);
    const int node = m_context.scene.nodeOfColumn[static_cast<std::size_t>(first)];
    m_painter.setPen(m_context.palette.color(QPalette::PlaceholderText));
    const QStringList& names = m_context.scene.nodeNames;
    const QString name = node < names.size() ? names[node] : QString();
    QRectF labelRect(label.x() - 50, label.y() - 8, 100, 16);
    labelRect.moveTop(std::clamp(labelRect.top(), m_body.top(), m_body.bottom() - labelRect.height()));
    m_painter.drawText(labelRect, Qt::AlignCenter, name);
}

// Every link the collective ever uses, faintly. A link only ever used one way (the ring) shows its
// direction.
void TopologyPainter::paintLinks()
{
    std::set<std::tuple<int, int, int>> used;
    for (const core::CollectiveStep& step : m_trace.steps)
        for (const core::CollectiveSend& s : step.sends)
            used.insert({m_tree ? s.channel : 0, s.from, s.to});
    const QColor faint = m_context.palette.color(QPalette::Mid);
    for (const auto& [channel, from, to] : used) {
        const bool both = used.count({channel, to, from}) > 0;
        if (both && from > to)
            continue;
        const QPointF a = at(channel, from);
        const QPointF b = at(channel, to);
        m_painter.setPen(QPen(faint, 1.2));
        m_painter.drawLine(a, b);
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        if (!both && length > 2 * m_radius + 8) {
            m_painter.setBrush(faint);
            paintArrowHead(m_painter, b - (b - a) / length * (m_radius + 2), a, 7);
        }
    }
}

// The step's links strongly; while its packets travel, one packet per link and direction, labelled with
// its chunks.
void TopologyPainter::paintStepLinks(int highlighted)
{
    const CollectivePlayhead& playhead = m_context.playhead;
    const bool travelling = playhead.movingStep() >= 0 && !playhead.arrived();
    const core::CollectiveStep& step = m_trace.steps[static_cast<std::size_t>(highlighted)];
    const core::CollectiveState& source
        = m_trace.sendsReadInput ? m_trace.initial : m_context.stateAfter(highlighted);
    std::map<std::tuple<int, int, int>, std::vector<int>> links;
    for (const core::CollectiveSend& s : step.sends)
        links[{m_tree ? s.channel : 0, s.from, s.to}].push_back(s.chunk);
    QFont packetFont = m_context.font;
    packetFont.setPixelSize(11);
    packetFont.setBold(true);
    for (const auto& [key, chunks] : links) {
        const auto& [channel, from, to] = key;
        QPointF a = at(channel, from);
        QPointF b = at(channel, to);
        const QPointF d = b - a;
        const double length = std::hypot(d.x(), d.y());
        if (length < 1)
            continue;
        const QPointF u = d / length;
        // Both directions of a pair side by side.
        const QPointF offset = QPointF(-u.y(), u.x()) * 4.0;
        a += u * m_radius + offset;
        b -= u * (m_radius + 1) - offset;
        m_painter.setPen(QPen(palette::collectiveMoving, 2.4));
        m_painter.setBrush(palette::collectiveMoving);
        m_painter.drawLine(a, b);
        paintArrowHead(m_painter, b, a, 9);
        if (!travelling)
            continue;
        QString label;
        for (std::size_t i = 0; i < chunks.size() && i < 3; ++i)
            label += (i ? QStringLiteral(",") : QString()) + QString::number(chunks[i]);
        if (chunks.size() > 3)
            label += QStringLiteral("…");
        const QFontMetricsF metrics(packetFont);
        const double w = std::max(metrics.horizontalAdvance(label) + 10, 18.0);
        QRectF packet(0, 0, w, metrics.height() + 4);
        packet.moveCenter(a + (b - a) * playhead.travel());
        const std::vector<int> who = source.contributors(from, chunks.front());
        if (!who.empty())
            paintStripes(m_painter, packet, who, m_ranks, 4);
        m_painter.setBrush(Qt::NoBrush);
        m_painter.setPen(QPen(palette::collectiveMoving, 2));
        m_painter.drawRoundedRect(packet, 4, 4);
        paintCellText(m_painter, packet, {label}, packetFont);
    }
}

// The ranks, in their colours, over their links.
void TopologyPainter::paintDiscs()
{
    QFont discFont = m_context.font;
    discFont.setBold(true);
    discFont.setPixelSize(static_cast<int>(std::clamp(m_radius * 0.85, 8.0, 15.0)));
    m_painter.setFont(discFont);
    for (int channel = 0; channel < (m_tree ? 2 : 1); ++channel) {
        for (int r = 0; r < m_ranks; ++r) {
            const QPointF p = at(channel, r);
            const QColor fill = rankColor(r, m_ranks);
            m_painter.setPen(QPen(fill.darker(160), 1.5));
            m_painter.setBrush(fill);
            m_painter.drawEllipse(p, m_radius, m_radius);
            m_painter.setPen(textColorOn(fill));
            m_painter.drawText(QRectF(p.x() - m_radius * 1.5, p.y() - m_radius, m_radius * 3, m_radius * 2),
                               Qt::AlignCenter, m_context.discLabel(r));
        }
    }
}

void TopologyPainter::paintTreeTitles()
{
    m_painter.setPen(m_context.palette.color(QPalette::PlaceholderText));
    QFont treeFont = m_context.font;
    treeFont.setPixelSize(11);
    m_painter.setFont(treeFont);
    m_painter.drawText(QRectF(m_body.left(), m_body.top(), m_body.width() / 2, 14), Qt::AlignCenter,
                       CollectiveViewText::tr("tree 0: first half of the chunks"));
    m_painter.drawText(QRectF(m_body.center().x(), m_body.top(), m_body.width() / 2, 14), Qt::AlignCenter,
                       CollectiveViewText::tr("tree 1: second half"));
}

} // namespace

void paintTopology(QPainter& painter, const CollectivePaintContext& context, const QRectF& area)
{
    TopologyPainter(painter, context).paint(area);
}

} // namespace widgets
