// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clusteritems.h"

#include "base/units.h"
#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>
#include <QStyleOptionGraphicsItem>

namespace widgets {

namespace {

// The foot of a GPU tile that its memory bar takes (scene units, of ClusterGeometry::kCell).
constexpr double kMemoryBarFoot = 9;

QColor linkColor(core::LinkClass link)
{
    switch (link) {
    case core::LinkClass::NvLink:
        return palette::nvlinkLink;
    case core::LinkClass::Pcie:
        return palette::pcieLink;
    case core::LinkClass::Fabric:
        return palette::fabricLink;
    }
    return palette::pcieLink;
}

QPen cosmeticPen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine)
{
    QPen pen(color, width, style);
    pen.setCosmetic(true);
    return pen;
}

QFont pixelFont(const QFont& base, double pixels, bool bold = false)
{
    QFont font = base;
    font.setPixelSize(std::max(1, static_cast<int>(pixels)));
    font.setBold(bold);
    return font;
}

QString nodeTitle(const core::Node& node)
{
    return node.name.empty() ? QCoreApplication::translate("ClusterItems", "node %1").arg(node.id)
                             : qs(node.name);
}

} // namespace

QString dimensionLabel(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

QString shareText(double share)
{
    return QStringLiteral("%1 %").arg(numberText(share * 100));
}

QString gpuTypeName(const ClusterViewState& state, const std::string& type)
{
    const core::GpuSpec* spec
        = state.snapshot.isNull() ? nullptr : state.snapshot.evaluation->catalog->gpu(type);
    return spec ? presetName(spec->name) : qs(type);
}

QString linkName(const ClusterViewState& state, const std::string& id)
{
    const core::LinkSpec* link
        = state.snapshot.isNull() ? nullptr : state.snapshot.evaluation->catalog->link(id);
    return link ? presetName(link->name) : qs(id);
}

const core::Diagnostic* findDiagnostic(const core::Evaluation& evaluation, const core::DiagnosticKind& kind)
{
    const auto it = std::find_if(evaluation.diagnostics.begin(), evaluation.diagnostics.end(),
                                 [&](const core::Diagnostic& d) { return d.code == kind.code; });
    return it == evaluation.diagnostics.end() ? nullptr : &*it;
}

int ClusterViewState::rankAt(int node, int slot) const
{
    if (node < 0 || slot < 0 || node >= static_cast<int>(rankOnCell.size()))
        return -1;
    const auto& cellSlots = rankOnCell[static_cast<std::size_t>(node)];
    return slot < static_cast<int>(cellSlots.size()) ? cellSlots[static_cast<std::size_t>(slot)] : -1;
}

int ClusterViewState::groupOf(int rank) const
{
    if (snapshot.isNull() || !snapshot.evaluation->hasMesh || rank < 0)
        return -1;
    const auto& groupOf = snapshot.evaluation->mesh.groupOf[static_cast<std::size_t>(dim)];
    return rank < static_cast<int>(groupOf.size()) ? groupOf[static_cast<std::size_t>(rank)] : -1;
}

int ClusterViewState::colorOf(int rank) const
{
    const int group = groupOf(rank);
    if (group < 0 || !colorByPosition)
        return group;
    return snapshot.evaluation->ranks[static_cast<std::size_t>(rank)].coord(dim);
}

Detail detailFor(double levelOfDetail)
{
    const double cellPixels = ClusterGeometry::kCell * levelOfDetail;
    if (cellPixels < 7)
        return Detail::Tile;
    if (cellPixels < 17)
        return Detail::Cells;
    if (cellPixels < 34)
        return Detail::Labels;
    return Detail::Full;
}

// ---- Nodes -------------------------------------------------------------------------------------

NodeItem::NodeItem(const ClusterViewState* state, int node)
    : m_state(state)
    , m_node(node)
{
    setPos(0, 0);
}

QRectF NodeItem::boundingRect() const
{
    return m_state->geometry.nodes[static_cast<std::size_t>(m_node)].rect.adjusted(-4, -4, 4, 4);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const ClusterViewState& s = *m_state;
    if (s.snapshot.isNull())
        return;
    const ClusterGeometry::NodeBox& box = s.geometry.nodes[static_cast<std::size_t>(m_node)];
    const core::Node& node = s.snapshot.design->cluster.nodes[static_cast<std::size_t>(m_node)];
    const Detail detail = detailFor(option->levelOfDetailFromTransform(painter->worldTransform()));
    const bool selected = s.selectedNodes.count(node.id) > 0;
    const QColor nodeFill = s.palette.color(QPalette::AlternateBase);

    if (detail == Detail::Tile) {
        // A summarised tile: the node and one block of colour per GPU, no pens, no text.
        painter->fillRect(box.rect,
                          selected ? s.palette.color(QPalette::Highlight) : s.palette.color(QPalette::Mid));
        for (std::size_t slot = 0; slot < box.cells.size(); ++slot)
            paintGpu(painter, box.cells[slot], static_cast<int>(slot), detail);
        return;
    }

    painter->setRenderHint(QPainter::Antialiasing, detail >= Detail::Labels);
    const QColor nodeEdge = s.palette.color(selected ? QPalette::Highlight : QPalette::Mid);
    if (detail == Detail::Cells) {
        painter->fillRect(box.rect, nodeFill);
        fillFrame(painter, box.rect, nodeEdge, selected ? 3 : 1);
    } else {
        fillRoundedFrame(painter, box.rect, 6, nodeFill, nodeEdge, selected ? 3 : 1);
    }

    const bool warn = s.placementWarned[static_cast<std::size_t>(m_node)] != 0;
    if (detail >= Detail::Labels) {
        painter->setFont(s.text.title);
        painter->setPen(s.palette.color(QPalette::Text));
        QRectF title = box.title;
        if (warn)
            title.setRight(title.right() - 20);
        const auto n = static_cast<std::size_t>(m_node);
        const QStaticText& text = n < s.text.titles.size() && !s.text.titles[n].text().isEmpty()
            ? s.text.titles[n]
            : staticText(s.text.titles, n, s.text.title,
                         QFontMetricsF(s.text.title)
                             .elidedText(nodeTitle(node), Qt::ElideRight, static_cast<int>(title.width())));
        drawTextIn(painter, title, Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    if (warn) {
        // The warning badge: a TP group on this node spans nodes or runs over PCIe (or an EP group leaves
        // it).
        const QRectF badge(box.title.right() - 16, box.title.center().y() - 8, 16, 16);
        QPainterPath triangle;
        triangle.moveTo(badge.center().x(), badge.top());
        triangle.lineTo(badge.bottomRight());
        triangle.lineTo(badge.bottomLeft());
        triangle.closeSubpath();
        painter->setPen(cosmeticPen(palette::warningBadgeEdge, 1));
        painter->setBrush(palette::warningBadgeFill);
        painter->drawPath(triangle);
        if (detail >= Detail::Labels) {
            painter->setFont(pixelFont(s.font, 11, true));
            painter->setPen(palette::warningBadgeMark);
            painter->drawText(badge.adjusted(0, 3, 0, 0), Qt::AlignCenter, QStringLiteral("!"));
        }
    }

    for (std::size_t slot = 0; slot < box.cells.size(); ++slot)
        paintGpu(painter, box.cells[slot], static_cast<int>(slot), detail);
    paintGroupOutlines(painter, detail);
    paintLinkBar(painter, detail);

    const bool allOut = !node.gpus.empty()
        && std::none_of(node.gpus.begin(), node.gpus.end(), [](const core::Gpu& g) { return g.inService; });
    if (allOut && detail >= Detail::Labels) {
        painter->setFont(pixelFont(s.font, 14, true));
        painter->setPen(palette::outOfServiceText);
        QRectF band = box.rect;
        band.setTop(box.cells.front().top());
        band.setBottom(box.cells.back().bottom());
        painter->fillRect(QRectF(band.left(), band.center().y() - 10, band.width(), 20),
                          palette::outOfServiceBand);
        painter->drawText(band, Qt::AlignCenter,
                          QCoreApplication::translate("ClusterItems", "out of service"));
    }
}

void NodeItem::paintGpu(QPainter* painter, const QRectF& cell, int slot, Detail detail) const
{
    const ClusterViewState& s = *m_state;
    const core::Node& node = s.snapshot.design->cluster.nodes[static_cast<std::size_t>(m_node)];
    const core::Gpu& gpu = node.gpus[static_cast<std::size_t>(slot)];
    const int rank = s.rankAt(m_node, slot);
    const bool selected = s.selectedGpus.count(gpu.id) > 0;
    const QColor highlight = s.palette.color(QPalette::Highlight);

    if (!gpu.inService) {
        if (detail == Detail::Tile) {
            painter->fillRect(cell, palette::gpuOutOfServiceFill);
            return;
        }
        painter->setPen(selected ? cosmeticPen(highlight, 3) : cosmeticPen(palette::gpuOutOfServiceEdge, 1));
        painter->setBrush(palette::gpuOutOfServiceFill);
        painter->drawRect(cell);
        painter->setPen(cosmeticPen(palette::gpuOutOfServiceEdge, 1.5));
        painter->drawLine(cell.topLeft() + QPointF(6, 6), cell.bottomRight() - QPointF(6, 6));
        painter->drawLine(cell.topRight() + QPointF(-6, 6), cell.bottomLeft() + QPointF(6, -6));
        return;
    }
    if (rank < 0) {
        // Idle: in service, but the layout has no rank for this GPU.
        if (detail == Detail::Tile) {
            painter->fillRect(cell, s.palette.color(QPalette::Base));
            return;
        }
        painter->setPen(selected ? cosmeticPen(highlight, 3)
                                 : cosmeticPen(s.palette.color(QPalette::Mid), 1, Qt::DashLine));
        painter->setBrush(s.palette.color(QPalette::Base));
        painter->drawRoundedRect(cell, 4, 4);
        return;
    }

    const int color = s.colorOf(rank);
    const std::size_t g
        = color >= 0 && color < static_cast<int>(s.groupFill.size()) ? static_cast<std::size_t>(color) : 0;
    const bool focus = !s.inSelectedGroup.empty() || !s.inHoveredGroup.empty();
    const bool member = (!s.inSelectedGroup.empty() && s.inSelectedGroup[static_cast<std::size_t>(rank)])
        || (!s.inHoveredGroup.empty() && s.inHoveredGroup[static_cast<std::size_t>(rank)]);
    const QColor fill = s.groupFill.empty() ? palette::gpuWithoutGroupFill
        : focus && !member                  ? s.groupFillDimmed[g]
                                            : s.groupFill[g];
    if (detail == Detail::Tile) {
        painter->fillRect(cell, selected ? highlight : fill);
        paintMemory(painter, cell, rank, detail);
        return;
    }
    if (detail == Detail::Cells) {
        // Far out: plain blocks of colour; only the selection and the focus get an edge.
        painter->fillRect(cell, fill);
        paintMemory(painter, cell, rank, detail);
        if (selected || (focus && member))
            fillFrame(painter, cell, selected ? highlight : s.palette.color(QPalette::Text),
                      selected ? 3 : 2);
        return;
    }
    if (selected)
        fillRoundedFrame(painter, cell, 4, fill, highlight, 3.5);
    else if (focus && member)
        fillRoundedFrame(painter, cell, 4, fill, s.palette.color(QPalette::Text), 2.5);
    else
        fillRoundedFrame(painter, cell, 4, fill,
                         s.groupEdge.empty() ? palette::gpuWithoutGroupEdge : s.groupEdge[g], 1);
    paintMemory(painter, cell, rank, detail);
    if (detail < Detail::Labels)
        return;
    painter->setPen(textColorOn(fill));
    QRectF text = cell;
    text.setBottom(cell.bottom() - kMemoryBarFoot);
    const auto r = static_cast<std::size_t>(rank);
    if (detail == Detail::Labels) {
        painter->setFont(s.text.rankLabels);
        drawTextIn(painter, text, Qt::AlignCenter,
                   r < s.text.ranksLabels.size() && !s.text.ranksLabels[r].text().isEmpty()
                       ? s.text.ranksLabels[r]
                       : staticText(s.text.ranksLabels, r, s.text.rankLabels, QString::number(rank)));
        return;
    }
    QRectF top = cell;
    top.setHeight(cell.height() * 0.5);
    painter->setFont(s.text.rankFull);
    drawTextIn(painter, top, Qt::AlignHCenter | Qt::AlignBottom,
               r < s.text.ranksFull.size() && !s.text.ranksFull[r].text().isEmpty()
                   ? s.text.ranksFull[r]
                   : staticText(s.text.ranksFull, r, s.text.rankFull, QString::number(rank)));
    QRectF bottom = text;
    bottom.setTop(top.bottom());
    painter->setFont(s.text.coordinate);
    const int coord = s.snapshot.evaluation->ranks[r].coord(s.dim);
    const auto c = static_cast<std::size_t>(std::max(coord, 0));
    drawTextIn(
        painter, bottom, Qt::AlignHCenter | Qt::AlignTop,
        c < s.text.coordinates.size() && !s.text.coordinates[c].text().isEmpty()
            ? s.text.coordinates[c]
            : staticText(s.text.coordinates, c, s.text.coordinate,
                         QStringLiteral("%1 %2").arg(qs(core::enumName(s.dim)), QString::number(coord))));
}

// The rank's memory as a bar across the tile's foot: dark as far as its peak fills the GPU, red all across
// when it does not fit (amber when only the fragmentation allowance is over). Far out (plain cells of a dozen
// pixels or fewer) the bar takes the lower third of the cell, so that it reads as a level rather than a
// hairline.
void NodeItem::paintMemory(QPainter* painter, const QRectF& cell, int rank, Detail detail) const
{
    const ClusterViewState& s = *m_state;
    if (rank < 0 || rank >= static_cast<int>(s.memoryShare.size()))
        return;
    const double share = s.memoryShare[static_cast<std::size_t>(rank)];
    QRectF bar = cell;
    if (detail <= Detail::Cells)
        bar.setTop(cell.bottom() - cell.height() / 3);
    else
        bar = QRectF(cell.left() + 4, cell.bottom() - kMemoryBarFoot + 1, cell.width() - 8,
                     kMemoryBarFoot - 4);
    if (share > 1) {
        const bool tight = static_cast<std::size_t>(rank) < s.memoryTight.size()
            && s.memoryTight[static_cast<std::size_t>(rank)];
        painter->fillRect(bar, tight ? palette::tightCapacity : palette::overCapacity);
        return;
    }
    painter->fillRect(bar, palette::gpuMemoryTrack);
    bar.setWidth(bar.width() * std::max(0.0, share));
    painter->fillRect(bar, palette::gpuMemoryUsed);
}

void NodeItem::paintGroupOutlines(QPainter* painter, Detail detail) const
{
    const ClusterViewState& s = *m_state;
    if (static_cast<std::size_t>(m_node) >= s.groupOutlines.size())
        return;
    painter->setBrush(Qt::NoBrush);
    for (const ClusterViewState::GroupOutline& outline : s.groupOutlines[static_cast<std::size_t>(m_node)]) {
        const QColor edge = s.groupEdge[static_cast<std::size_t>(outline.color)].darker(130);
        if (detail == Detail::Cells) {
            fillFrame(painter, outline.rect, edge, 2);
        } else {
            painter->setPen(cosmeticPen(edge, 2));
            painter->drawRoundedRect(outline.rect, 6, 6);
        }
    }
}

std::vector<ClusterViewState::GroupOutline> groupOutlinesOf(const ClusterViewState& s, int node)
{
    // Members of one group inside a node share an outline when they fill a rectangle of slots.
    const ClusterGeometry::NodeBox& box = s.geometry.nodes[static_cast<std::size_t>(node)];
    std::vector<std::pair<int, std::vector<int>>> slotsOfGroup; // a node holds few groups
    for (std::size_t slot = 0; slot < box.cells.size(); ++slot) {
        const int group = s.groupOf(s.rankAt(node, static_cast<int>(slot)));
        if (group < 0)
            continue;
        auto it = std::find_if(slotsOfGroup.begin(), slotsOfGroup.end(),
                               [group](const auto& entry) { return entry.first == group; });
        if (it == slotsOfGroup.end())
            it = slotsOfGroup.insert(slotsOfGroup.end(), {group, {}});
        it->second.push_back(static_cast<int>(slot));
    }
    std::vector<ClusterViewState::GroupOutline> outlines;
    const int columns = s.geometry.gpuColumns;
    for (const auto& [group, cellSlots] : slotsOfGroup) {
        if (cellSlots.size() < 2)
            continue;
        int left = columns, right = -1, top = 1 << 20, bottom = -1;
        for (int slot : cellSlots) {
            left = std::min(left, slot % columns);
            right = std::max(right, slot % columns);
            top = std::min(top, slot / columns);
            bottom = std::max(bottom, slot / columns);
        }
        if ((right - left + 1) * (bottom - top + 1) != static_cast<int>(cellSlots.size()))
            continue;
        QRectF rect = box.cells[static_cast<std::size_t>(cellSlots.front())];
        for (int slot : cellSlots)
            rect = rect.united(box.cells[static_cast<std::size_t>(slot)]);
        outlines.push_back(
            {s.colorOf(s.rankAt(node, cellSlots.front())), rect.adjusted(-2.5, -2.5, 2.5, 2.5)});
    }
    return outlines;
}

void NodeItem::paintLinkBar(QPainter* painter, Detail detail) const
{
    const ClusterViewState& s = *m_state;
    const ClusterGeometry::NodeBox& box = s.geometry.nodes[static_cast<std::size_t>(m_node)];
    const core::LinkClass linkClass = s.intraClass[static_cast<std::size_t>(m_node)];
    const QColor base = linkColor(linkClass);
    // The link itself: solid for NVLink/NVSwitch, dashed for PCIe.
    QColor trackColor = base;
    trackColor.setAlpha(70);
    if (detail == Detail::Cells && linkClass == core::LinkClass::NvLink) {
        painter->fillRect(box.linkBar, trackColor);
        fillFrame(painter, box.linkBar, base, 1);
    } else {
        painter->setPen(linkClass == core::LinkClass::NvLink ? cosmeticPen(base, 1)
                                                             : cosmeticPen(base, 1, Qt::DashLine));
        painter->setBrush(trackColor);
        if (detail == Detail::Cells)
            painter->drawRect(box.linkBar);
        else
            painter->drawRoundedRect(box.linkBar, 4, 4);
    }

    // The chosen dimension's traffic on it, as a bar as thick as its share of the busiest link.
    double bytes = 0;
    if (s.hasTraffic()) {
        const core::DimensionTraffic& t = s.snapshot.evaluation->traffic->of(s.dim);
        bytes = t.intraNodeBytes.empty() ? 0 : t.intraNodeBytes[static_cast<std::size_t>(m_node)];
    }
    if (bytes > 0 && s.trafficScale > 0) {
        const double thickness = std::max(2.0, box.linkBar.height() * std::min(1.0, bytes / s.trafficScale));
        QRectF fill = box.linkBar;
        fill.setTop(box.linkBar.center().y() - thickness / 2);
        fill.setHeight(thickness);
        if (detail == Detail::Cells) {
            painter->fillRect(fill, dimensionColor(s.dim));
        } else {
            painter->setPen(Qt::NoPen);
            painter->setBrush(dimensionColor(s.dim));
            painter->drawRoundedRect(fill, 3, 3);
        }
    }
    if (detail == Detail::Full) {
        const QFont& font = bytes > 0 ? s.text.linkBold : s.text.link;
        painter->setFont(font);
        painter->setPen(bytes > 0 && s.trafficScale > 0 && bytes / s.trafficScale > 0.6
                            ? palette::linkLabelOnTraffic
                            : s.palette.color(QPalette::Text));
        const auto n = static_cast<std::size_t>(m_node);
        drawTextIn(painter, box.linkBar, Qt::AlignCenter,
                   n < s.text.links.size() && !s.text.links[n].text().isEmpty()
                       ? s.text.links[n]
                       : staticText(s.text.links, n, font, linkLabel(s, m_node, bytes, font)));
    }
}

// The longest label that fits the node's link bar whole: traffic and link, traffic and the link's short
// name ("NVLink 4" of "NVLink 4 + NVSwitch"), the link alone, its short name; cut only as a last resort.
QString NodeItem::linkLabel(const ClusterViewState& s, int nodeIndex, double bytes, const QFont& font)
{
    const ClusterGeometry::NodeBox& box = s.geometry.nodes[static_cast<std::size_t>(nodeIndex)];
    const core::Node& node = s.snapshot.design->cluster.nodes[static_cast<std::size_t>(nodeIndex)];
    const QString link = linkName(s, node.intraLink);
    const QString shortLink = link.section(QStringLiteral(" + "), 0, 0);
    int ranks = 0;
    for (int rank : s.rankOnCell[static_cast<std::size_t>(nodeIndex)])
        ranks += rank >= 0 ? 1 : 0;
    QStringList candidates;
    if (bytes > 0 && ranks > 0) {
        const auto withTraffic = [&](const QString& name) {
            return QCoreApplication::translate("ClusterItems", "%1 per GPU · %2")
                .arg(bytesText(bytes / ranks), name);
        };
        candidates << withTraffic(link) << withTraffic(shortLink);
    }
    candidates << link << shortLink;
    const QFontMetricsF metrics(font);
    const double room = box.linkBar.width() - 6;
    QString text = candidates.back();
    for (const QString& candidate : candidates)
        if (metrics.horizontalAdvance(candidate) <= room) {
            text = candidate;
            break;
        }
    return metrics.elidedText(text, Qt::ElideRight, box.linkBar.width());
}

// ---- Fabric ------------------------------------------------------------------------------------

FabricItem::FabricItem(const ClusterViewState* state)
    : m_state(state)
{
    setZValue(-1);
    // The exposed rectangle, so that a zoomed-in frame draws the uplinks in view rather than all of them.
    setFlag(ItemUsesExtendedStyleOption);
}

QRectF FabricItem::boundingRect() const
{
    return m_state->geometry.bounds;
}

void FabricItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const ClusterViewState& s = *m_state;
    const ClusterGeometry& g = s.geometry;
    // A single node has nothing to reach over the fabric: no trunk, lane or uplink to draw.
    if (s.snapshot.isNull() || g.nodes.size() < 2)
        return;
    const Detail detail = detailFor(option->levelOfDetailFromTransform(painter->worldTransform()));
    painter->setRenderHint(QPainter::Antialiasing, detail >= Detail::Labels);
    const QColor fabric = linkColor(core::LinkClass::Fabric);
    QColor laneColor = fabric;
    laneColor.setAlpha(150);

    const core::DimensionTraffic* traffic
        = s.hasTraffic() ? &s.snapshot.evaluation->traffic->of(s.dim) : nullptr;
    const QColor accent = dimensionColor(s.dim);
    // The physical fabric: trunk and lanes, in the chosen dimension's colour where its traffic runs.
    const bool fabricCarries = traffic && traffic->crosses(core::LinkClass::Fabric);
    painter->setPen(fabricCarries ? cosmeticPen(accent, detail == Detail::Tile ? 2 : 3.5)
                                  : cosmeticPen(laneColor, detail == Detail::Tile ? 1 : 2.5));
    painter->drawLine(QPointF(g.trunkX, g.laneY.front()), QPointF(g.trunkX, g.laneY.back()));
    for (std::size_t row = 0; row < g.laneY.size(); ++row)
        painter->drawLine(QPointF(g.trunkX, g.laneY[row]), QPointF(g.laneEndX[row], g.laneY[row]));

    const QRectF exposed = option->exposedRect;
    for (std::size_t n = 0; n < g.nodes.size(); ++n) {
        const ClusterGeometry::NodeBox& box = g.nodes[n];
        if (!exposed.intersects(QRectF(box.uplinkTop, box.uplinkBottom).adjusted(-60, -2, 60, 2)))
            continue;
        const double bytes = traffic && n < traffic->fabricBytes.size() ? traffic->fabricBytes[n] : 0;
        if (bytes <= 0 || s.trafficScale <= 0) {
            painter->setPen(cosmeticPen(laneColor, 1.5));
            painter->drawLine(box.uplinkTop, box.uplinkBottom);
            continue;
        }
        // Device pixels, so that the traffic stays visible far out: 2 to 9 px by the node's share of the
        // busiest link.
        QPen pen = cosmeticPen(accent, 2 + 7 * std::min(1.0, bytes / s.trafficScale));
        pen.setCapStyle(Qt::FlatCap);
        painter->setPen(pen);
        painter->drawLine(box.uplinkTop, box.uplinkBottom);
        if (detail >= Detail::Labels) {
            int ranks = 0;
            for (int rank : s.rankOnCell[n])
                ranks += rank >= 0 ? 1 : 0;
            painter->setFont(s.text.uplink);
            painter->setPen(accent.darker(140));
            const QRectF label(box.uplinkTop.x() + 10, box.uplinkTop.y() + 1, box.rect.width() / 2 - 12,
                               ClusterGeometry::kGapY / 2 - 3);
            painter->drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                              QCoreApplication::translate("ClusterItems", "%1/GPU")
                                  .arg(bytesText(bytes / std::max(ranks, 1))));
        }
    }
}

// ---- Overlay -----------------------------------------------------------------------------------

OverlayItem::OverlayItem(const ClusterViewState* state)
    : m_state(state)
{
    setZValue(10);
}

QRectF OverlayItem::boundingRect() const
{
    return m_state->geometry.bounds.adjusted(-200, -200, 200, 200);
}

void OverlayItem::setPaths(std::vector<Path> paths)
{
    m_paths = std::move(paths);
    update();
}

void OverlayItem::setDrag(Drag drag)
{
    m_drag = std::move(drag);
    update();
}

void OverlayItem::setRubberBand(const QRectF& band)
{
    m_band = band;
    update();
}

// A label next to a scene point that keeps its size on screen whatever the zoom, and stays inside the
// picture near its edges.
void OverlayItem::drawScreenLabel(QPainter* painter, QPointF sceneAt, const QString& text,
                                  const QColor& color, const QColor& border) const
{
    painter->save();
    const QPointF at = painter->worldTransform().map(sceneAt);
    painter->resetTransform();
    painter->setFont(pixelFont(m_state->font, 12, true));
    QRectF box = painter->fontMetrics().boundingRect(text).toRectF();
    box.moveTopLeft(at + QPointF(14, -box.height() - 10));
    box.adjust(-5, -3, 5, 3);
    if (const QPaintDevice* device = painter->device()) {
        if (box.right() > device->width() - 4)
            box.moveRight(at.x() - 14);
        if (box.top() < 4)
            box.moveTop(at.y() + 14);
    }
    painter->setPen(cosmeticPen(border, 1));
    painter->setBrush(palette::overlayLabelBackground);
    painter->drawRoundedRect(box, 3, 3);
    painter->setPen(color);
    painter->drawText(box, Qt::AlignCenter, text);
    painter->restore();
}

void OverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const ClusterViewState& s = *m_state;
    // Far out, paths across thousands of GPUs are many long strokes: plain lines without a halo then.
    const bool fine
        = detailFor(option->levelOfDetailFromTransform(painter->worldTransform())) >= Detail::Labels;
    for (const Path& path : m_paths) {
        painter->setRenderHint(QPainter::Antialiasing, fine);
        if (!path.dotsOnly && !path.stretches.empty()) {
            // Round caps join the stretches as round joins would join a polyline.
            const auto roundPen = [](const QColor& color, double width) {
                QPen pen = cosmeticPen(color, width);
                pen.setCapStyle(Qt::RoundCap);
                return pen;
            };
            painter->setBrush(Qt::NoBrush);
            if (fine) {
                painter->setPen(roundPen(palette::pathHalo, path.width + 3));
                painter->drawLines(path.stretches.data(), static_cast<int>(path.stretches.size()));
                painter->setPen(roundPen(path.color, path.width));
                painter->drawLines(path.stretches.data(), static_cast<int>(path.stretches.size()));
            } else {
                fillStretches(painter, path.stretches, path.color, path.width);
            }
        }
        // The members' dots: far out a few pixels each, where smoothing them costs more than it shows.
        painter->setRenderHint(QPainter::Antialiasing, fine);
        painter->setPen(fine ? cosmeticPen(palette::memberDotRim, 1.5) : QPen(Qt::NoPen));
        painter->setBrush(path.color);
        for (const QPointF& p : path.dots)
            painter->drawEllipse(p, 5, 5);
        painter->setRenderHint(QPainter::Antialiasing, true);
        if (!path.label.isEmpty())
            drawScreenLabel(painter, path.labelAt, path.label, path.color.darker(130), path.color);
    }

    const QColor highlight = s.palette.color(QPalette::Highlight);
    if (!m_drag.target.isEmpty()) {
        const QColor color = m_drag.removes ? palette::removeDrag : highlight;
        painter->setPen(cosmeticPen(color, 3, Qt::DashLine));
        painter->setBrush(QColor(color.red(), color.green(), color.blue(), 50));
        painter->drawRoundedRect(m_drag.target, 5, 5);
    }
    for (const QRectF& ghost : m_drag.ghosts) {
        QColor fill = m_drag.removes ? palette::removeDrag : highlight;
        fill.setAlpha(110);
        painter->setPen(cosmeticPen(fill.darker(150), 1.5));
        painter->setBrush(fill);
        painter->drawRoundedRect(ghost, 4, 4);
    }
    if (!m_drag.label.isEmpty()) {
        const QColor text = m_drag.removes ? palette::lossText : s.palette.color(QPalette::Text);
        drawScreenLabel(painter, m_drag.labelAt, m_drag.label, text, text);
    }
    if (!m_band.isEmpty()) {
        QColor fill = highlight;
        fill.setAlpha(40);
        painter->setPen(cosmeticPen(highlight, 1));
        painter->setBrush(fill);
        painter->drawRect(m_band);
    }
}

} // namespace widgets
