// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectiveview.h"

#include "collectives/collectivetext.h"
#include "common/groupcolors.h"

#include <QEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace widgets {

namespace {

constexpr int kFrameMilliseconds = 16; // 60 frames a second
constexpr double kMaxFrameSeconds = 0.1; // a stalled frame does not skip a whole step

QColor packetOutline()
{
    return QColor(0xd9, 0x7a, 0x00); // orange: what moves in this step
}

QPointF quadratic(QPointF a, QPointF control, QPointF b, double t)
{
    const double u = 1 - t;
    return u * u * a + 2 * u * t * control + t * t * b;
}

// Vertical stripes, one per contributor, in rank order: the colours say whose data the cell sums or holds.
void paintStripes(QPainter& painter, const QRectF& rect, const std::vector<int>& who, int ranks,
                  double radius)
{
    QPainterPath clip;
    clip.addRoundedRect(rect, radius, radius);
    painter.save();
    painter.setClipPath(clip);
    painter.setPen(Qt::NoPen);
    const double width = rect.width() / static_cast<double>(who.size());
    if (width < 2 && who.size() > 1) {
        // Too narrow for a stripe per rank: the same colours blended left to right.
        QLinearGradient blend(rect.topLeft(), rect.topRight());
        for (std::size_t i = 0; i < who.size(); ++i)
            blend.setColorAt(static_cast<double>(i) / static_cast<double>(who.size() - 1),
                             rankColor(who[i], ranks));
        painter.setBrush(blend);
        painter.drawRect(rect);
        painter.restore();
        return;
    }
    for (std::size_t i = 0; i < who.size(); ++i) {
        painter.setBrush(rankColor(who[i], ranks));
        painter.drawRect(
            QRectF(rect.left() + width * static_cast<double>(i), rect.top(), width + 0.5, rect.height()));
    }
    painter.restore();
}

// Draws the first text that fits the rect, as large as fits, on a light pill so that it reads on any stripe
// colour. A more detailed text wins if it fits at a readable size; the shortest one may shrink further.
void paintCellText(QPainter& painter, const QRectF& rect, const QStringList& texts, const QFont& base)
{
    if (texts.isEmpty() || rect.height() < 9)
        return;
    const int largest = static_cast<int>(std::clamp(rect.height() * 0.42, 8.0, 22.0));
    QFont font = base;
    font.setBold(true);
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const int smallest = i + 1 == texts.size() ? 7 : 8;
        for (int pixels = largest; pixels >= smallest; --pixels) {
            font.setPixelSize(pixels);
            const QFontMetricsF metrics(font);
            const double w = metrics.horizontalAdvance(texts[i]) + std::min(8.0, pixels * 0.6);
            const double h = metrics.height() + 1;
            if (w > rect.width() - 1 || h > rect.height())
                continue;
            const QRectF pill(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h);
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(255, 255, 255, 215));
            painter.drawRoundedRect(pill, h / 2, h / 2);
            painter.setFont(font);
            painter.setPen(QColor(0x20, 0x20, 0x20));
            painter.drawText(pill, Qt::AlignCenter, texts[i]);
            return;
        }
    }
}

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

QColor phaseColor(core::CollectivePhase phase)
{
    switch (phase) {
    case core::CollectivePhase::ReduceScatter:
    case core::CollectivePhase::IntraReduceScatter:
    case core::CollectivePhase::TreeReduce:
        return QColor(0x4e, 0x79, 0xa7);
    case core::CollectivePhase::InterReduceScatter:
        return QColor(0x2b, 0x45, 0x6b);
    case core::CollectivePhase::AllGather:
    case core::CollectivePhase::IntraAllGather:
    case core::CollectivePhase::TreeBroadcast:
        return QColor(0x59, 0xa1, 0x4f);
    case core::CollectivePhase::InterAllGather:
        return QColor(0x2f, 0x63, 0x2a);
    case core::CollectivePhase::TreeReduceBroadcast:
        return QColor(0x76, 0xb7, 0xb2);
    case core::CollectivePhase::Exchange:
    case core::CollectivePhase::Send:
        return QColor(0xb0, 0x7a, 0xa1);
    }
    return QColor(Qt::gray);
}

} // namespace

QColor rankColor(int rank, int ranks)
{
    if (ranks <= 12)
        return groupColor(rank);
    // Evenly spaced hues, alternating lightness so that neighbours differ even where hues are close.
    const int hue = static_cast<int>(std::lround(360.0 * rank / std::max(ranks, 1))) % 360;
    return QColor::fromHsv(hue, rank % 2 == 0 ? 150 : 110, rank % 2 == 0 ? 215 : 240);
}

CollectiveView::CollectiveView(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_frames.setInterval(kFrameMilliseconds);
    m_frames.setTimerType(Qt::PreciseTimer);
    connect(&m_frames, &QTimer::timeout, this, &CollectiveView::onFrame);
}

void CollectiveView::setScene(CollectiveScene scene)
{
    m_scene = std::move(scene);
    m_frames.stop();
    m_playhead.reset(hasTrace() ? static_cast<int>(m_scene.trace->steps.size()) : 0);
    relayout();
    playheadMoved(true);
}

void CollectiveView::setLabels(const QStringList& heads, const QStringList& details,
                               const QStringList& nodeNames)
{
    m_scene.heads = heads;
    m_scene.details = details;
    m_scene.nodeNames = nodeNames;
    relayout();
}

bool CollectiveView::hasTrace() const
{
    return m_scene.trace && m_scene.trace->valid() && m_scene.trace->initial.ranks() > 0;
}

QString CollectiveView::message() const
{
    return hasTrace() ? QString() : m_scene.message;
}

QSize CollectiveView::sizeHint() const
{
    return QSize(960, 600);
}

// Small enough that the main window fits a 1366 × 768 laptop screen (tst_mainwindow fitsALaptopScreen);
// the scene scales to the space it gets.
QSize CollectiveView::minimumSizeHint() const
{
    return QSize(520, 280);
}

const core::CollectiveState& CollectiveView::stateAfter(int steps) const
{
    static const core::CollectiveState empty;
    if (!hasTrace())
        return empty;
    const core::CollectiveTrace& trace = *m_scene.trace;
    if (steps <= 0 || trace.steps.empty())
        return trace.initial;
    return trace
        .steps[static_cast<std::size_t>(std::min<int>(steps, static_cast<int>(trace.steps.size())) - 1)]
        .after;
}

const core::CollectiveState& CollectiveView::shownState() const
{
    const int moving = m_playhead.movingStep();
    if (moving >= 0)
        return stateAfter(m_playhead.arrived() ? moving + 1 : moving);
    return stateAfter(m_playhead.completedSteps());
}

// ---- Playing -------------------------------------------------------------------------------------------

void CollectiveView::play()
{
    m_playhead.play();
    startFrames();
    playheadMoved();
}

void CollectiveView::pause()
{
    m_playhead.pause();
    m_frames.stop();
    playheadMoved();
}

void CollectiveView::togglePlay()
{
    if (m_playhead.isPlaying())
        pause();
    else
        play();
}

void CollectiveView::stepForward()
{
    m_playhead.stepForward();
    startFrames();
    playheadMoved();
}

void CollectiveView::stepBack()
{
    m_playhead.stepBack();
    m_frames.stop();
    playheadMoved();
}

void CollectiveView::restart()
{
    seek(0);
}

void CollectiveView::seek(int step)
{
    m_playhead.seek(step);
    m_frames.stop();
    playheadMoved();
}

void CollectiveView::setSpeed(double factor)
{
    if (!(factor > 0))
        return;
    m_speed = factor;
    m_playhead.setSecondsPerStep(CollectivePlayhead::kDefaultSecondsPerStep / factor);
}

void CollectiveView::startFrames()
{
    if (!m_playhead.isMoving() || m_frames.isActive())
        return;
    m_clock.start();
    m_frames.start();
}

void CollectiveView::onFrame()
{
    const double seconds = std::min(static_cast<double>(m_clock.restart()) / 1000.0, kMaxFrameSeconds);
    advance(seconds);
}

void CollectiveView::advance(double seconds)
{
    if (!m_playhead.advance(seconds))
        m_frames.stop();
    playheadMoved();
}

void CollectiveView::playheadMoved(bool force)
{
    const std::array<int, 4> now{m_playhead.shownStep(), m_playhead.movingStep(),
                                 m_playhead.arrived() ? 1 : 0, m_playhead.isPlaying() ? 1 : 0};
    update();
    if (force || now != m_reported) {
        m_reported = now;
        emit stateChanged();
    }
}

// ---- Layout and input ----------------------------------------------------------------------------------

void CollectiveView::relayout()
{
    const int ranks = hasTrace() ? m_scene.trace->initial.ranks() : 1;
    const int chunks = hasTrace() ? m_scene.trace->initial.chunks() : 1;
    const int headLines = m_scene.details.isEmpty() ? 1 : 2;
    m_geometry = CollectiveGeometry::compute(size(), ranks, chunks, headLines);
    // Long legends (German) get the height they need, from the panels above.
    if (hasTrace()) {
        const double legend = layoutLegend(nullptr, m_geometry.legend);
        if (legend > m_geometry.legend.height())
            m_geometry = CollectiveGeometry::compute(size(), ranks, chunks, headLines, legend);
    }
    m_staticLayer = QPixmap();
    update();
}

void CollectiveView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void CollectiveView::hideEvent(QHideEvent* event)
{
    // Out of sight (another tab, a minimised window) nothing needs frames.
    if (m_playhead.isPlaying())
        pause();
    QWidget::hideEvent(event);
}

void CollectiveView::mousePressEvent(QMouseEvent* event)
{
    // A click on the time strip jumps to the end of that step.
    const std::vector<QRectF> segments = timelineSegments();
    for (std::size_t i = 0; i < segments.size(); ++i)
        if (segments[i].adjusted(0, -6, 0, 6).contains(event->position())) {
            seek(static_cast<int>(i) + 1);
            return;
        }
    QWidget::mousePressEvent(event);
}

// ---- Painting ------------------------------------------------------------------------------------------

QString CollectiveView::stepTitle() const
{
    const int steps = m_playhead.steps();
    const int shown = m_playhead.shownStep();
    if (shown < 0)
        return tr("Now: before step 1 of %1").arg(steps);
    return tr("Now: step %1 of %2").arg(shown + 1).arg(steps);
}

void CollectiveView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    if (!hasTrace()) {
        painter.fillRect(rect(), palette().color(QPalette::Base));
        paintMessage(painter);
        return;
    }
    // What does not move (the before and after panels, the legend) is drawn once per scene and size, so
    // that a frame paints only the animated panel, the links and the time strip.
    const qreal ratio = devicePixelRatioF();
    if (m_staticLayer.isNull() || m_staticLayer.size() != size() * ratio) {
        m_staticLayer = QPixmap(size() * ratio);
        m_staticLayer.setDevicePixelRatio(ratio);
        m_staticLayer.fill(palette().color(QPalette::Base));
        QPainter layer(&m_staticLayer);
        layer.setRenderHint(QPainter::Antialiasing);
        paintPanel(layer, m_geometry.before, m_scene.trace->initial, PanelRole::Before);
        paintPanel(layer, m_geometry.after, m_scene.trace->finalState(), PanelRole::After);
        layoutLegend(&layer, m_geometry.legend);
    }
    painter.drawPixmap(0, 0, m_staticLayer);
    paintPanel(painter, m_geometry.now, shownState(), PanelRole::Now);
    paintPackets(painter);
    paintTopology(painter);
    paintTimeline(painter);
}

void CollectiveView::changeEvent(QEvent* event)
{
    // Texts and colours of the cached layer follow the language, the palette and the font.
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange
        || event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        relayout(); // the legend's height follows its texts
    }
    QWidget::changeEvent(event);
}

void CollectiveView::paintMessage(QPainter& painter) const
{
    if (m_scene.message.isEmpty())
        return;
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    painter.setFont(font);
    const QRectF box
        = QRectF(rect()).adjusted(width() * 0.15, height() * 0.3, -width() * 0.15, -height() * 0.3);
    painter.setPen(QPen(QColor(0xc0, 0x39, 0x2b), 2));
    painter.setBrush(QColor(0xfd, 0xed, 0xec));
    painter.drawRoundedRect(box, 8, 8);
    painter.setPen(QColor(0x7b, 0x24, 0x1c));
    painter.drawText(box.adjusted(16, 12, -16, -12), Qt::AlignCenter | Qt::TextWordWrap, m_scene.message);
}

void CollectiveView::paintPanel(QPainter& painter, const CollectiveGeometry::Panel& panel,
                                const core::CollectiveState& state, PanelRole role) const
{
    const core::CollectiveTrace& trace = *m_scene.trace;
    const int ranks = state.ranks();
    const int chunks = state.chunks();
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = palette().color(QPalette::PlaceholderText);

    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPixelSize(16);
    painter.setFont(titleFont);
    painter.setPen(text);
    QString title;
    switch (role) {
    case PanelRole::Before:
        title = tr("Before");
        break;
    case PanelRole::Now:
        title = stepTitle();
        break;
    case PanelRole::After:
        title = tr("After");
        break;
    }
    painter.drawText(panel.title, Qt::AlignLeft | Qt::AlignVCenter, title);

    // Column heads: "rank 3" and, for a group of the design, where it runs.
    const double pitch = panel.heads.empty() ? 0 : panel.heads.front().width();
    QFont headFont = font();
    headFont.setPixelSize(static_cast<int>(std::clamp(pitch * 0.2, 9.0, 14.0)));
    QFont detailFont = headFont;
    detailFont.setPixelSize(std::max(headFont.pixelSize() - 2, 8));
    for (int r = 0; r < ranks && r < static_cast<int>(panel.heads.size()); ++r) {
        const QRectF head = panel.heads[static_cast<std::size_t>(r)];
        const QString label = r < m_scene.heads.size() ? m_scene.heads[r] : QString::number(r);
        const bool twoLines = !m_scene.details.isEmpty();
        QRectF first = head;
        if (twoLines)
            first.setHeight(head.height() / 2);
        painter.setFont(headFont);
        painter.setPen(text);
        const QFontMetricsF metrics(headFont);
        // Too narrow for "rank 12": the number alone.
        const QString shown = metrics.horizontalAdvance(label) <= head.width() - 2
            ? label
            : (r < m_scene.discLabels.size() ? m_scene.discLabels[r] : QString::number(r));
        painter.drawText(first, Qt::AlignCenter, shown);
        if (twoLines && r < m_scene.details.size()) {
            QRectF second = head;
            second.setTop(first.bottom());
            painter.setFont(detailFont);
            painter.setPen(muted);
            const QString detail = m_scene.details[r];
            if (QFontMetricsF(detailFont).horizontalAdvance(detail) <= head.width() - 2)
                painter.drawText(second, Qt::AlignHCenter | Qt::AlignTop, detail);
        }
    }

    // Chunk labels on the left.
    QFont rowFont = font();
    rowFont.setPixelSize(10);
    painter.setFont(rowFont);
    painter.setPen(muted);
    for (int c = 0; c < chunks && c < static_cast<int>(panel.rowLabels.size()); ++c) {
        const QRectF row = panel.rowLabels[static_cast<std::size_t>(c)];
        if (row.height() >= 10 && (chunks <= 16 || c % 4 == 0))
            painter.drawText(row, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("c%1").arg(c));
    }

    // Reduce-scatter keeps only each rank's own block; the other slots are scratch afterwards.
    const bool scratchAfter = role == PanelRole::After && trace.spec.op == core::CollectiveOp::ReduceScatter;
    const int perRank = ranks > 0 ? std::max(chunks / ranks, 1) : 1;

    // Sending and receiving cells of the step in flight.
    std::set<std::pair<int, int>> sending, receiving;
    const int moving = m_playhead.movingStep();
    if (role == PanelRole::Now && moving >= 0) {
        for (const core::CollectiveSend& s : trace.steps[static_cast<std::size_t>(moving)].sends) {
            sending.insert({s.from, s.chunk});
            receiving.insert({s.to, s.toChunk});
        }
    }

    for (int r = 0; r < ranks && r < static_cast<int>(panel.columns.size()); ++r) {
        const QRectF column = panel.columns[static_cast<std::size_t>(r)];
        painter.setPen(QPen(palette().color(QPalette::Mid), 1));
        painter.setBrush(palette().color(QPalette::AlternateBase));
        painter.drawRoundedRect(column, 5, 5);
        for (int c = 0; c < chunks; ++c) {
            const QRectF cell = panel.cell(r, c);
            const bool faded = scratchAfter && c / perRank != r;
            paintCell(painter, cell, state, r, c, faded);
            if (!m_playhead.arrived() && sending.count({r, c})) {
                painter.setBrush(Qt::NoBrush);
                painter.setPen(QPen(packetOutline(), 2, Qt::DashLine));
                painter.drawRoundedRect(cell.adjusted(-1, -1, 1, 1), 4, 4);
            }
            if (m_playhead.arrived() && receiving.count({r, c})) {
                painter.setBrush(Qt::NoBrush);
                painter.setPen(QPen(packetOutline(), 3));
                painter.drawRoundedRect(cell.adjusted(-1.5, -1.5, 1.5, 1.5), 4, 4);
            }
        }
    }
}

void CollectiveView::paintCell(QPainter& painter, const QRectF& rect, const core::CollectiveState& state,
                               int rank, int slot, bool faded) const
{
    if (rect.isEmpty())
        return;
    const core::CollectiveOp op = m_scene.trace->spec.op;
    const std::vector<int> who = state.contributors(rank, slot);
    const double radius = std::min(4.0, rect.height() / 4);
    if (who.empty()) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius);
        return;
    }
    painter.save();
    if (faded)
        painter.setOpacity(0.18);
    paintStripes(painter, rect, who, state.ranks(), radius);
    const bool complete = isReduction(op) && state.holdsAll(rank, slot) && state.ranks() > 1;
    painter.setBrush(Qt::NoBrush);
    // The finished sum gets a dark frame, thinner in narrow cells so that its stripes stay visible.
    const double frame = std::clamp(std::min(rect.width(), rect.height()) * 0.08, 1.0, 2.5);
    painter.setPen(complete ? QPen(QColor(0x20, 0x20, 0x20), frame) : QPen(QColor(0, 0, 0, 70), 1));
    painter.drawRoundedRect(complete ? rect.adjusted(frame / 2, frame / 2, -frame / 2, -frame / 2) : rect,
                            radius, radius);
    if (!faded)
        paintCellText(painter, rect,
                      cellTexts(state, rank, slot, isReduction(op), op == core::CollectiveOp::AllToAll,
                                m_scene.rankIds),
                      font());
    painter.restore();
}

void CollectiveView::paintPackets(QPainter& painter) const
{
    const int moving = m_playhead.movingStep();
    if (moving < 0 || m_playhead.arrived())
        return;
    const core::CollectiveTrace& trace = *m_scene.trace;
    const core::CollectiveStep& step = trace.steps[static_cast<std::size_t>(moving)];
    const core::CollectiveState& source = trace.sendsReadInput ? trace.initial : stateAfter(moving);
    const CollectiveGeometry::Panel& panel = m_geometry.now;
    const double t = m_playhead.travel();
    const double pitch = panel.columns.size() > 1 ? panel.columns[1].left() - panel.columns[0].left() : 0;
    for (const core::CollectiveSend& s : step.sends) {
        const QRectF from = panel.cell(s.from, s.chunk);
        const QRectF to = panel.cell(s.to, s.toChunk);
        if (from.isEmpty() || to.isEmpty())
            continue;
        // Neighbours slide straight across; longer trips arc above the row so that they stay visible.
        const QPointF a = from.center();
        const QPointF b = to.center();
        const double distance = std::abs(b.x() - a.x());
        const double lift = distance > 1.5 * pitch ? std::min(distance * 0.22, from.height() * 1.6 + 20) : 0;
        const QPointF control = (a + b) / 2 - QPointF(0, lift);
        const QPointF at = quadratic(a, control, b, t);
        QRectF packet(0, 0, from.width() * 0.84, from.height() * 0.84);
        packet.moveCenter(at);
        const std::vector<int> who = source.contributors(s.from, s.chunk);
        painter.save();
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(0, 0, 0, 60));
        painter.drawRoundedRect(packet.translated(3, 3), 4, 4);
        if (!who.empty())
            paintStripes(painter, packet, who, source.ranks(), 4);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(packetOutline(), 2.5));
        painter.drawRoundedRect(packet, 4, 4);
        if (s.reduces && packet.height() >= 12) {
            // "+": the receiver adds this to what it holds.
            const double badge = std::clamp(packet.height() * 0.42, 10.0, 20.0);
            const QRectF circle(packet.right() - badge * 0.7, packet.top() - badge * 0.3, badge, badge);
            painter.setPen(Qt::NoPen);
            painter.setBrush(packetOutline());
            painter.drawEllipse(circle);
            painter.setPen(QPen(Qt::white, std::max(badge / 7, 1.5)));
            const QPointF c = circle.center();
            painter.drawLine(c - QPointF(badge * 0.27, 0), c + QPointF(badge * 0.27, 0));
            painter.drawLine(c - QPointF(0, badge * 0.27), c + QPointF(0, badge * 0.27));
        }
        painter.restore();
    }
}

void CollectiveView::paintTopology(QPainter& painter) const
{
    const core::CollectiveTrace& trace = *m_scene.trace;
    const int n = trace.initial.ranks();
    const QRectF area = m_geometry.topology;
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = palette().color(QPalette::PlaceholderText);

    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPixelSize(13);
    painter.setFont(titleFont);
    painter.setPen(text);
    const QRectF titleRect(area.left(), area.top(), area.width(), 34);
    QString title;
    switch (trace.spec.algorithm) {
    case core::CollectiveAlgorithm::Ring:
        title = trace.spec.op == core::CollectiveOp::SendRecv ? tr("Ring shift: every rank sends to the next")
                                                              : tr("Ring: every rank sends to the next");
        break;
    case core::CollectiveAlgorithm::Tree:
        title = tr("Double binary tree: each tree carries half the chunks");
        break;
    case core::CollectiveAlgorithm::Pairwise:
        title = tr("Pairwise: in each step every rank swaps with one partner");
        break;
    case core::CollectiveAlgorithm::Hierarchical:
        title = tr("Hierarchical: rings inside each node, then across nodes");
        break;
    case core::CollectiveAlgorithm::Direct:
        title = tr("Direct: one rank sends to another");
        break;
    }
    const QRectF titleUsed
        = painter.boundingRect(titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    const QRectF body = area.adjusted(0, titleUsed.height() + 4, 0, 0);

    // Where each rank sits, per tree for the tree (channel = tree), on one circle otherwise.
    const bool tree = trace.spec.algorithm == core::CollectiveAlgorithm::Tree;
    double radius = 10;
    std::array<std::vector<QPointF>, 2> places;
    if (tree) {
        places = treePositions(body, trace.trees, &radius);
    } else {
        places[0] = ringPositions(body, n, &radius);
        places[1] = places[0];
    }
    if (places[0].size() != static_cast<std::size_t>(n))
        return;
    const auto at = [&places](int channel, int rank) {
        return places[static_cast<std::size_t>(channel == 1 ? 1 : 0)][static_cast<std::size_t>(rank)];
    };

    // Nodes: a band behind the discs of each node's ranks (they are consecutive columns).
    if (!tree && !m_scene.nodeOfColumn.empty() && static_cast<int>(m_scene.nodeOfColumn.size()) == n) {
        const QPointF centre = body.center();
        const double ring = std::hypot(at(0, 0).x() - centre.x(), at(0, 0).y() - centre.y());
        QFont nodeFont = font();
        nodeFont.setPixelSize(11);
        painter.setFont(nodeFont);
        int first = 0;
        int band = 0;
        while (first < n) {
            int last = first;
            while (last + 1 < n
                   && m_scene.nodeOfColumn[static_cast<std::size_t>(last + 1)]
                       == m_scene.nodeOfColumn[static_cast<std::size_t>(first)])
                ++last;
            const double a0 = 90.0 - 360.0 * first / n; // Qt's angles run counter-clockwise from 3 o'clock
            const double span = -360.0 * (last - first) / n;
            QPen bandPen(band % 2 == 0 ? QColor(0xe3, 0xe8, 0xef) : QColor(0xef, 0xe8, 0xdd), radius * 2.9,
                         Qt::SolidLine, Qt::RoundCap);
            painter.setPen(bandPen);
            painter.setBrush(Qt::NoBrush);
            const QRectF circle(centre.x() - ring, centre.y() - ring, 2 * ring, 2 * ring);
            if (first == last)
                painter.drawPoint(at(0, first));
            else
                painter.drawArc(circle, static_cast<int>(a0 * 16), static_cast<int>(span * 16));
            // The node's name outside the ring, at the middle of its band; beside it at the top and the
            // bottom of the ring, where it would run into the title or off the area.
            const double mid = (-90.0 + 360.0 * (first + last) / 2.0 / n) * std::numbers::pi / 180.0;
            QPointF label = centre + QPointF(std::cos(mid), std::sin(mid)) * (ring + radius * 1.45 + 10);
            if (std::abs(std::cos(mid)) < 0.35)
                label
                    = centre + QPointF(std::cos(mid), std::sin(mid)) * ring + QPointF(radius * 1.45 + 48, 0);
            const int node = m_scene.nodeOfColumn[static_cast<std::size_t>(first)];
            painter.setPen(muted);
            const QString name = node < m_scene.nodeNames.size() ? m_scene.nodeNames[node] : QString();
            QRectF labelRect(label.x() - 50, label.y() - 8, 100, 16);
            labelRect.moveTop(std::clamp(labelRect.top(), body.top(), body.bottom() - labelRect.height()));
            painter.drawText(labelRect, Qt::AlignCenter, name);
            first = last + 1;
            ++band;
        }
    }

    // Every link the collective ever uses, faintly; this step's links strongly, with their packets.
    // A link only ever used one way (the ring) shows its direction.
    std::set<std::tuple<int, int, int>> used;
    for (const core::CollectiveStep& step : trace.steps)
        for (const core::CollectiveSend& s : step.sends)
            used.insert({tree ? s.channel : 0, s.from, s.to});
    const QColor faint = palette().color(QPalette::Mid);
    for (const auto& [channel, from, to] : used) {
        const bool both = used.count({channel, to, from}) > 0;
        if (both && from > to)
            continue;
        const QPointF a = at(channel, from);
        const QPointF b = at(channel, to);
        painter.setPen(QPen(faint, 1.2));
        painter.drawLine(a, b);
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        if (!both && length > 2 * radius + 8) {
            painter.setBrush(faint);
            paintArrowHead(painter, b - (b - a) / length * (radius + 2), a, 7);
        }
    }

    const int moving = m_playhead.movingStep();
    const int shown = m_playhead.shownStep();
    const int highlighted = moving >= 0 ? moving : shown;
    if (highlighted >= 0) {
        const core::CollectiveStep& step = trace.steps[static_cast<std::size_t>(highlighted)];
        const core::CollectiveState& source = trace.sendsReadInput ? trace.initial : stateAfter(highlighted);
        // One packet per link and direction, labelled with its chunks.
        std::map<std::tuple<int, int, int>, std::vector<int>> links;
        for (const core::CollectiveSend& s : step.sends)
            links[{tree ? s.channel : 0, s.from, s.to}].push_back(s.chunk);
        QFont packetFont = font();
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
            a += u * radius + offset;
            b -= u * (radius + 1) - offset;
            painter.setPen(QPen(packetOutline(), 2.4));
            painter.setBrush(packetOutline());
            painter.drawLine(a, b);
            paintArrowHead(painter, b, a, 9);
            if (moving < 0 || m_playhead.arrived())
                continue;
            QString label;
            for (std::size_t i = 0; i < chunks.size() && i < 3; ++i)
                label += (i ? QStringLiteral(",") : QString()) + QString::number(chunks[i]);
            if (chunks.size() > 3)
                label += QStringLiteral("…");
            const QFontMetricsF metrics(packetFont);
            const double w = std::max(metrics.horizontalAdvance(label) + 10, 18.0);
            QRectF packet(0, 0, w, metrics.height() + 4);
            packet.moveCenter(a + (b - a) * m_playhead.travel());
            const std::vector<int> who = source.contributors(from, chunks.front());
            if (!who.empty())
                paintStripes(painter, packet, who, n, 4);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(packetOutline(), 2));
            painter.drawRoundedRect(packet, 4, 4);
            paintCellText(painter, packet, {label}, packetFont);
        }
    }

    // The ranks.
    QFont discFont = font();
    discFont.setBold(true);
    discFont.setPixelSize(static_cast<int>(std::clamp(radius * 0.85, 8.0, 15.0)));
    painter.setFont(discFont);
    for (int channel = 0; channel < (tree ? 2 : 1); ++channel) {
        for (int r = 0; r < n; ++r) {
            const QPointF p = at(channel, r);
            const QColor fill = rankColor(r, n);
            painter.setPen(QPen(fill.darker(160), 1.5));
            painter.setBrush(fill);
            painter.drawEllipse(p, radius, radius);
            painter.setPen(textColorOn(fill));
            const QString label = r < m_scene.discLabels.size() ? m_scene.discLabels[r] : QString::number(r);
            painter.drawText(QRectF(p.x() - radius * 1.5, p.y() - radius, radius * 3, radius * 2),
                             Qt::AlignCenter, label);
        }
    }
    if (tree) {
        painter.setPen(muted);
        QFont treeFont = font();
        treeFont.setPixelSize(11);
        painter.setFont(treeFont);
        painter.drawText(QRectF(body.left(), body.top(), body.width() / 2, 14), Qt::AlignCenter,
                         tr("tree 0: first half of the chunks"));
        painter.drawText(QRectF(body.center().x(), body.top(), body.width() / 2, 14), Qt::AlignCenter,
                         tr("tree 1: second half"));
    }
}

QRectF CollectiveView::timelineBar() const
{
    const QRectF area = m_geometry.timeline;
    return QRectF(area.left(), area.top() + 24, area.width(),
                  std::min(22.0, std::max(area.height() - 44, 8.0)));
}

std::vector<QRectF> CollectiveView::timelineSegments() const
{
    std::vector<QRectF> out;
    if (!hasTrace())
        return out;
    const std::vector<double>& seconds = m_scene.stepSeconds;
    const std::size_t steps = m_scene.trace->steps.size();
    if (steps == 0 || seconds.size() != steps)
        return out;
    const QRectF bar = timelineBar();
    double total = 0;
    for (double s : seconds)
        total += s;
    // Every step stays visible and clickable even when another dwarfs it.
    const double minimum = std::min(4.0, bar.width() / static_cast<double>(steps));
    const double spread = bar.width() - minimum * static_cast<double>(steps);
    double x = bar.left();
    for (double s : seconds) {
        const double w = minimum + (total > 0 ? spread * s / total : spread / static_cast<double>(steps));
        out.push_back(QRectF(x, bar.top(), w, bar.height()));
        x += w;
    }
    return out;
}

void CollectiveView::paintTimeline(QPainter& painter) const
{
    const std::vector<QRectF> segments = timelineSegments();
    const QRectF area = m_geometry.timeline;
    double total = 0;
    for (double s : m_scene.stepSeconds)
        total += s;
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPixelSize(13);
    painter.setFont(titleFont);
    painter.setPen(palette().color(QPalette::Text));
    const QString title = m_scene.costModel.isEmpty()
        ? tr("Time per step: %1 in total").arg(secondsText(total))
        : tr("Time per step (%1): %2 in total").arg(m_scene.costModel, secondsText(total));
    painter.drawText(QRectF(area.left(), area.top(), area.width(), 20), Qt::AlignLeft | Qt::AlignVCenter,
                     title);
    if (segments.empty())
        return;
    const core::CollectiveTrace& trace = *m_scene.trace;
    const int done = m_playhead.completedSteps();
    const int moving = m_playhead.movingStep();
    QFont labelFont = font();
    labelFont.setPixelSize(10);
    painter.setFont(labelFont);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const int step = static_cast<int>(i);
        QColor fill = phaseColor(trace.steps[i].phase);
        if (step >= done && step != moving)
            fill = fill.lighter(185);
        painter.setPen(QPen(palette().color(QPalette::Base), 1));
        painter.setBrush(fill);
        painter.drawRect(segments[i]);
        if (segments[i].width() >= 16) {
            painter.setPen(step >= done && step != moving ? QColor(0x40, 0x40, 0x40) : QColor(Qt::white));
            painter.drawText(segments[i], Qt::AlignCenter, QString::number(step + 1));
        }
    }
    // The playhead.
    const double x = [&] {
        if (moving >= 0) {
            const QRectF s = segments[static_cast<std::size_t>(moving)];
            return s.left() + s.width() * m_playhead.progress();
        }
        return done <= 0 ? segments.front().left() : segments[static_cast<std::size_t>(done - 1)].right();
    }();
    painter.setPen(QPen(packetOutline(), 3));
    const QRectF bar = timelineBar();
    painter.drawLine(QPointF(x, bar.top() - 5), QPointF(x, bar.bottom() + 5));

    // Under the bar: the shown step's time and phase.
    const int shown = m_playhead.shownStep();
    if (shown >= 0 && static_cast<std::size_t>(shown) < m_scene.stepSeconds.size()) {
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRectF(area.left(), bar.bottom() + 4, area.width(), 16),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         tr("Step %1: %2 · %3")
                             .arg(shown + 1)
                             .arg(secondsText(m_scene.stepSeconds[static_cast<std::size_t>(shown)]),
                                  collectivePhaseText(trace.steps[static_cast<std::size_t>(shown)].phase)));
    }
}

// Lays the legend out from the top of `area`, drawing it when `painter` is given, and returns the height it
// takes: relayout() measures with it first, so that the geometry leaves room for every line.
double CollectiveView::layoutLegend(QPainter* painter, const QRectF& area) const
{
    const core::CollectiveTrace& trace = *m_scene.trace;
    const int n = trace.initial.ranks();
    QFont legendFont = font();
    legendFont.setPixelSize(12);
    const QFontMetricsF metrics(legendFont);
    const double line = metrics.height() + 6;
    double y = area.top();
    if (painter) {
        painter->setFont(legendFont);
        painter->setPen(palette().color(QPalette::Text));
    }
    const QString colours = tr("Colours: whose data a cell holds");
    if (painter)
        painter->drawText(QPointF(area.left(), y + metrics.ascent()), colours);
    // Swatches with rank numbers, after the sentence if they fit, else on the next line.
    double x = area.left() + metrics.horizontalAdvance(colours) + 10;
    const double swatch = metrics.height() + 2;
    if (x + n * (swatch + 3) > area.right()) {
        x = area.left();
        y += line;
    }
    QFont swatchFont = legendFont;
    swatchFont.setPixelSize(10);
    swatchFont.setBold(true);
    for (int r = 0; r < n; ++r) {
        if (painter) {
            const QRectF box(x, y, swatch, swatch);
            const QColor fill = rankColor(r, n);
            painter->setPen(QPen(fill.darker(150), 1));
            painter->setBrush(fill);
            painter->drawRoundedRect(box, 3, 3);
            painter->setFont(swatchFont);
            painter->setPen(textColorOn(fill));
            painter->drawText(box, Qt::AlignCenter,
                              r < m_scene.discLabels.size() ? m_scene.discLabels[r] : QString::number(r));
        }
        x += swatch + 3;
        if (x + swatch > area.right() && r + 1 < n) {
            x = area.left();
            y += line;
        }
    }
    y += line;
    if (painter) {
        painter->setFont(legendFont);
        painter->setPen(palette().color(QPalette::Text));
    }
    QStringList lines;
    if (isReduction(trace.spec.op))
        lines << tr("Stripes: the ranks summed into the chunk so far; \"0+2\" = rank 0's plus rank 2's part, "
                    "\"3/8\" = "
                    "3 of 8 ranks")
              << tr("Framed Σ: the sum over all ranks, the result");
    else if (trace.spec.op == core::CollectiveOp::AllToAll)
        lines << tr("\"2.1\" = chunk 1 of rank 2: each rank sends chunk j to rank j");
    else
        lines << tr("A number names the rank the chunk came from; dashed = empty");
    lines << tr("Orange: moving in this step; a \"+\" packet is added to what the receiver holds");
    if (trace.spec.op == core::CollectiveOp::ReduceScatter)
        lines << tr("Faded after: partial sums the rank does not keep");
    constexpr int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    for (const QString& text : lines) {
        // The legend's width, unbounded below: relayout() sized the area for all of it.
        const QRectF box(area.left(), y, area.width(), 1e6);
        if (painter)
            painter->drawText(box, flags, text);
        y += metrics.boundingRect(box, flags, text).height() + 3;
    }
    return y - area.top();
}

} // namespace widgets
