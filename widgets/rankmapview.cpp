#include "rankmapview.h"

#include "catalog.h"
#include "groupcolors.h"
#include "qtconvert.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <unordered_map>

namespace widgets {

namespace {
QString dimLabel(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

QString groupText(const std::vector<int>& group)
{
    bool consecutive = group.size() > 2;
    for (std::size_t i = 1; i < group.size() && consecutive; ++i)
        consecutive = group[i] == group[i - 1] + 1;
    if (consecutive)
        return QStringLiteral("%1–%2").arg(group.front()).arg(group.back());
    QStringList items;
    for (std::size_t i = 0; i < group.size(); ++i) {
        if (i == 8 && group.size() > 10) {
            items << QStringLiteral("…") << QString::number(group.back());
            break;
        }
        items << QString::number(group[i]);
    }
    return items.join(QStringLiteral(", "));
}
} // namespace

RankMapView::RankMapView(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void RankMapView::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_rankOnCell.clear();
    if (!m_snapshot.isNull()) {
        const core::Cluster& cluster = m_snapshot.design->cluster;
        m_rankOnCell.resize(cluster.nodes.size());
        for (std::size_t n = 0; n < cluster.nodes.size(); ++n)
            m_rankOnCell[n].assign(cluster.nodes[n].gpus.size(), -1);
        for (const core::RankInfo& r : m_snapshot.evaluation->ranks)
            if (r.nodeIndex >= 0)
                m_rankOnCell[static_cast<std::size_t>(r.nodeIndex)][static_cast<std::size_t>(r.slot)]
                    = r.rank;
    }
    if (m_hoveredRank >= static_cast<int>(m_snapshot.isNull() ? 0 : m_snapshot.evaluation->ranks.size()))
        setHoveredRank(-1);
    relayout();
}

void RankMapView::setColorDimension(core::Dim dim)
{
    if (dim == m_dim)
        return;
    m_dim = dim;
    update();
}

int RankMapView::rankAt(int node, int slot) const
{
    if (node < 0 || slot < 0 || node >= static_cast<int>(m_rankOnCell.size()))
        return -1;
    const auto& nodeSlots = m_rankOnCell[static_cast<std::size_t>(node)];
    return slot < static_cast<int>(nodeSlots.size()) ? nodeSlots[static_cast<std::size_t>(slot)] : -1;
}

std::vector<int> RankMapView::gpusPerNode() const
{
    std::vector<int> gpus;
    if (!m_snapshot.isNull())
        for (const core::Node& node : m_snapshot.design->cluster.nodes)
            gpus.push_back(static_cast<int>(node.gpus.size()));
    return gpus;
}

void RankMapView::setFitHeight(int height)
{
    if (height == m_fitHeight)
        return;
    m_fitHeight = height;
    relayout();
}

void RankMapView::relayout()
{
    m_geometry = RankMapGeometry::compute(gpusPerNode(), width(), m_fitHeight);
    updateGeometry();
    update();
}

int RankMapView::heightForWidth(int width) const
{
    return static_cast<int>(
        std::ceil(RankMapGeometry::compute(gpusPerNode(), width, m_fitHeight).size.height()));
}

QSize RankMapView::sizeHint() const
{
    return QSize(640, std::max(200, heightForWidth(640)));
}

void RankMapView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void RankMapView::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(QPalette::Base));
    if (m_snapshot.isNull())
        return;
    painter.setRenderHint(QPainter::Antialiasing, m_geometry.cellSize >= 14);
    const core::Design& design = *m_snapshot.design;
    const core::Evaluation& evaluation = *m_snapshot.evaluation;
    const core::Catalog& catalog = core::Catalog::builtin();

    // The hovered rank's group in the chosen dimension, for highlighting.
    std::vector<bool> inHoveredGroup;
    if (m_hoveredRank >= 0 && evaluation.hasMesh) {
        inHoveredGroup.assign(evaluation.ranks.size(), false);
        for (int rank : evaluation.mesh.groupOfRank(m_dim, m_hoveredRank))
            inHoveredGroup[static_cast<std::size_t>(rank)] = true;
    }
    const auto& groupOf
        = evaluation.hasMesh ? evaluation.mesh.groupOf[static_cast<std::size_t>(m_dim)] : std::vector<int>{};

    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 0.85);
    QFont rankFont = font();
    rankFont.setBold(true);
    rankFont.setPixelSize(std::max(9, static_cast<int>(m_geometry.cellSize * 0.3)));
    QFont coordFont = font();
    coordFont.setPixelSize(std::max(8, static_cast<int>(m_geometry.cellSize * 0.2)));
    const QColor nodeFill = palette().color(QPalette::AlternateBase);
    const QColor nodeBorder = palette().color(QPalette::Mid);

    for (std::size_t n = 0; n < m_geometry.nodes.size() && n < design.cluster.nodes.size(); ++n) {
        const RankMapGeometry::NodeBox& box = m_geometry.nodes[n];
        if (!box.rect.intersects(event->rect()))
            continue;
        const core::Node& node = design.cluster.nodes[n];
        painter.setPen(QPen(nodeBorder, 1));
        painter.setBrush(nodeFill);
        painter.drawRoundedRect(box.rect, 5, 5);
        if (!box.title.isEmpty()) {
            const core::LinkSpec* link = catalog.link(node.intraLink);
            const QString name = node.name.empty() ? tr("node %1").arg(node.id) : qs(node.name);
            painter.setFont(titleFont);
            painter.setPen(palette().color(QPalette::Text));
            // The link joins the title only where there is room for it; the tooltip always has it.
            QString title = link ? QStringLiteral("%1 · %2").arg(name, qs(link->name)) : name;
            if (painter.fontMetrics().horizontalAdvance(title) > box.title.width())
                title = name;
            painter.drawText(
                box.title, Qt::AlignLeft | Qt::AlignVCenter,
                painter.fontMetrics().elidedText(title, Qt::ElideRight, static_cast<int>(box.title.width())));
        }
        for (std::size_t s = 0; s < box.cells.size() && s < node.gpus.size(); ++s) {
            const QRectF cell = box.cells[s];
            const int rank = m_rankOnCell[n][s];
            const bool inService = node.gpus[s].inService;
            if (!inService) {
                painter.setPen(QPen(QColor(0x55, 0x55, 0x55), 1));
                painter.setBrush(QColor(0x88, 0x88, 0x88));
                painter.drawRect(cell);
                painter.drawLine(cell.topLeft(), cell.bottomRight());
                painter.drawLine(cell.topRight(), cell.bottomLeft());
                continue;
            }
            if (rank < 0) {
                // An idle GPU: in the cluster, but the layout has no rank for it.
                painter.setPen(QPen(nodeBorder, 1, Qt::DashLine));
                painter.setBrush(palette().color(QPalette::Base));
                painter.drawRect(cell);
                continue;
            }
            const int group
                = rank < static_cast<int>(groupOf.size()) ? groupOf[static_cast<std::size_t>(rank)] : 0;
            QColor fill = groupColor(group);
            const bool highlighted
                = !inHoveredGroup.empty() && inHoveredGroup[static_cast<std::size_t>(rank)];
            if (!inHoveredGroup.empty() && !highlighted)
                fill = fill.lighter(150);
            painter.setPen(highlighted ? QPen(palette().color(QPalette::Text), 2.5)
                                       : QPen(fill.darker(130), 1));
            painter.setBrush(fill);
            painter.drawRoundedRect(cell, 3, 3);
            if (m_geometry.showLabels) {
                painter.setPen(textColorOn(fill));
                const core::RankInfo& info = evaluation.ranks[static_cast<std::size_t>(rank)];
                QRectF top = cell;
                top.setHeight(cell.height() * 0.62);
                painter.setFont(rankFont);
                painter.drawText(top, Qt::AlignHCenter | Qt::AlignBottom, QString::number(rank));
                QRectF bottom = cell;
                bottom.setTop(top.bottom());
                painter.setFont(coordFont);
                painter.drawText(bottom, Qt::AlignHCenter | Qt::AlignTop,
                                 QStringLiteral("%1 %2").arg(qs(core::enumName(m_dim)),
                                                             QString::number(info.coord(m_dim))));
            }
        }
    }
}

void RankMapView::mouseMoveEvent(QMouseEvent* event)
{
    const RankMapGeometry::Hit hit = m_geometry.cellAt(event->position());
    setHoveredRank(hit.valid() ? rankAt(hit.node, hit.slot) : -1);
    QWidget::mouseMoveEvent(event);
}

void RankMapView::leaveEvent(QEvent* event)
{
    setHoveredRank(-1);
    QWidget::leaveEvent(event);
}

void RankMapView::setHoveredRank(int rank)
{
    if (rank == m_hoveredRank)
        return;
    m_hoveredRank = rank;
    update();
    emit rankHovered(rank);
}

bool RankMapView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const RankMapGeometry::Hit hit = m_geometry.cellAt(help->pos());
        if (hit.valid())
            QToolTip::showText(help->globalPos(), toolTipFor(hit.node, hit.slot), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QString RankMapView::toolTipFor(int node, int slot) const
{
    if (m_snapshot.isNull())
        return {};
    const core::Node& n = m_snapshot.design->cluster.nodes[static_cast<std::size_t>(node)];
    const core::Gpu& gpu = n.gpus[static_cast<std::size_t>(slot)];
    const core::GpuSpec* spec = core::Catalog::builtin().gpu(gpu.type);
    const QString where = tr("Node %1, slot %2 — GPU %3 (%4)")
                              .arg(n.id)
                              .arg(slot)
                              .arg(gpu.id)
                              .arg(spec ? qs(spec->name) : qs(gpu.type));
    if (!gpu.inService)
        return where + QLatin1Char('\n') + tr("Out of service");
    const int rank = rankAt(node, slot);
    if (rank < 0)
        return where + QLatin1Char('\n') + tr("Idle: the layout has no rank for this GPU");
    const core::Evaluation& e = *m_snapshot.evaluation;
    const core::RankInfo& info = e.ranks[static_cast<std::size_t>(rank)];
    QStringList coords;
    for (core::Dim dim : {core::Dim::Dp, core::Dim::Tp, core::Dim::Pp, core::Dim::Cp, core::Dim::Ep})
        coords << QStringLiteral("%1 %2").arg(dimLabel(dim)).arg(info.coord(dim));
    QString text
        = QStringLiteral("<b>%1</b><br>%2<br>%3")
              .arg(tr("Rank %1").arg(rank), where.toHtmlEscaped(), coords.join(QStringLiteral(" · ")));
    for (core::Dim dim : core::kAllDims) {
        const auto& group = e.mesh.groupOfRank(dim, rank);
        if (group.size() > 1)
            text += QStringLiteral("<br>") + tr("%1 group: ranks %2").arg(dimLabel(dim), groupText(group));
    }
    return text;
}

} // namespace widgets
