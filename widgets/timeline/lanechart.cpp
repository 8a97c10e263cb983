// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/lanechart.h"

#include "common/palette.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

namespace widgets {

namespace {

constexpr double kMajorLaneHeight = 28;
constexpr double kMinorLaneHeight = 12;
constexpr double kMinimumMajorHeight = 5;
constexpr double kLaneGap = 4; // between one rank's lanes and the next
constexpr double kMaxGrowth = 1.6;
constexpr double kTopMargin = 4;
constexpr double kZoomStep = 1.25; // per wheel notch or key press
constexpr double kDragThreshold = 3; // pixels before a press becomes a pan

} // namespace

LaneChart::LaneChart(QWidget* parent)
    : QWidget(parent)
    , m_cursor(std::numeric_limits<double>::quiet_NaN())
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void LaneChart::setModel(std::shared_ptr<const LaneChartModel> model)
{
    m_model = std::move(model);
    if (m_model)
        m_axis.setData(m_model->startTime(), m_model->endTime());
    if (!(m_cursor >= m_axis.dataStart && m_cursor <= m_axis.dataEnd))
        m_cursor = std::numeric_limits<double>::quiet_NaN();
    updatePixels();
    layoutLanes();
    update();
    emit viewChanged();
}

void LaneChart::setEmptyText(const QString& text)
{
    m_emptyText = text;
    update();
}

void LaneChart::zoom(double factor, double anchorPixel)
{
    m_axis.zoom(factor, anchorPixel);
    update();
    emit viewChanged();
}

void LaneChart::fit()
{
    m_axis.fit();
    update();
    emit viewChanged();
}

void LaneChart::setCursorTime(double time)
{
    if (time == m_cursor || (std::isnan(time) && std::isnan(m_cursor)))
        return;
    m_cursor = time;
    update();
    emit cursorMoved(time);
}

QSize LaneChart::sizeHint() const
{
    return {800, 300};
}

QSize LaneChart::minimumSizeHint() const
{
    return {kLabelWidth + 120, kAxisHeight + 60};
}

// The lanes' preferred heights and gaps added up, with or without the minor (communication) lanes.
double LaneChart::wantedHeight(bool withMinor) const
{
    double wanted = 0;
    const int count = m_model ? m_model->laneCount() : 0;
    for (int lane = 0; lane < count; ++lane) {
        const bool minor = m_model->isMinorLane(lane);
        if (minor && !withMinor)
            continue;
        wanted += (minor ? kMinorLaneHeight : kMajorLaneHeight) + (lane > 0 && !minor ? kLaneGap : 0);
    }
    return wanted;
}

int LaneChart::fullHeight() const
{
    return static_cast<int>(std::ceil(kTopMargin + wantedHeight(true) * kMaxGrowth)) + kAxisHeight;
}

void LaneChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updatePixels();
    layoutLanes();
}

void LaneChart::updatePixels()
{
    m_axis.setPixels(kLabelWidth, std::max(1, width() - kLabelWidth - 8));
}

// Preferred heights; few lanes grow into the room there is (up to kMaxGrowth), many shrink alike until
// everything fits. When a rank's lane would get thinner than kMinimumMajorHeight, the thin lanes beneath
// (communication) give their room to it.
void LaneChart::layoutLanes()
{
    m_lanes.clear();
    const int count = m_model ? m_model->laneCount() : 0;
    const double room = std::max(1.0, height() - kAxisHeight - kTopMargin);
    bool withMinor = true;
    double wanted = wantedHeight(true);
    double scale = wanted > 0 ? std::min(kMaxGrowth, room / wanted) : 1;
    if (kMajorLaneHeight * scale < kMinimumMajorHeight) {
        withMinor = false;
        wanted = wantedHeight(false);
        scale = wanted > 0 ? std::min(kMaxGrowth, room / wanted) : 1;
    }
    double y = kTopMargin;
    for (int lane = 0; lane < count; ++lane) {
        const bool minor = m_model->isMinorLane(lane);
        if (lane > 0 && !minor)
            y += kLaneGap * scale;
        const double h = minor && !withMinor ? 0 : (minor ? kMinorLaneHeight : kMajorLaneHeight) * scale;
        m_lanes.emplace_back(y, y + h);
        y += h;
    }
    m_lanesBottom = y;
}

int LaneChart::laneAt(double y) const
{
    for (std::size_t lane = 0; lane < m_lanes.size(); ++lane)
        if (y >= m_lanes[lane].first && y < m_lanes[lane].second)
            return static_cast<int>(lane);
    return -1;
}

std::pair<double, double> LaneChart::laneSpan(int lane) const
{
    if (lane < 0 || static_cast<std::size_t>(lane) >= m_lanes.size())
        return {0, 0};
    return m_lanes[static_cast<std::size_t>(lane)];
}

QString LaneChart::toolTipAt(const QPointF& position) const
{
    if (!m_model || position.x() < kLabelWidth)
        return {};
    const int lane = laneAt(position.y());
    if (lane < 0)
        return {};
    const double time = m_axis.toTime(position.x());
    return m_model->toolTip(lane, time, 2 * m_axis.secondsPerPixel());
}

void LaneChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const int count = m_model ? m_model->laneCount() : 0;
    if (count == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    // Lanes: background (hatched where idle counts), label, then bars.
    const int labelEvery = labelStride();
    int majorIndex = -1;
    std::vector<ChartBar> bars;
    for (int lane = 0; lane < count; ++lane) {
        const auto [top, bottom] = laneSpan(lane);
        if (bottom - top <= 0)
            continue;
        const bool minor = m_model->isMinorLane(lane);
        if (!minor)
            ++majorIndex;
        paintLaneBackground(painter, lane);
        paintLaneLabel(painter, lane, !minor && majorIndex % labelEvery == 0);
        paintBars(painter, lane, bars);
    }
    const double axisTop = m_lanesBottom + 2;
    paintMarkers(painter, axisTop);
    paintTimeAxis(painter, axisTop);
    if (std::isfinite(m_cursor)) {
        const double x = m_axis.toPixel(m_cursor);
        if (x >= m_axis.pixelLeft && x <= m_axis.pixelLeft + m_axis.pixelWidth) {
            painter.setPen(QPen(palette::timeCursor, 1.5));
            painter.drawLine(QPointF(x, kTopMargin), QPointF(x, axisTop));
        }
    }
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1));
        painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    }
}

// Labels of lanes too thin for one line each: every k-th major lane, k so that they do not collide.
int LaneChart::labelStride() const
{
    const QFontMetricsF metrics(font());
    for (int lane = 0, firstMajor = -1; lane < m_model->laneCount(); ++lane)
        if (!m_model->isMinorLane(lane)) {
            if (firstMajor < 0) {
                firstMajor = lane;
                continue;
            }
            const double pitch = laneSpan(lane).first - laneSpan(firstMajor).first;
            return pitch > 0 ? std::max(1, static_cast<int>(std::ceil(metrics.height() / pitch))) : 1;
        }
    return 1;
}

// The lane's band; where the model counts idle time (a pipeline rank), the bubble before the lanes' end.
void LaneChart::paintLaneBackground(QPainter& painter, int lane) const
{
    const auto [top, bottom] = laneSpan(lane);
    const double left = m_axis.pixelLeft;
    const double right = m_axis.pixelLeft + m_axis.pixelWidth;
    const QRectF band(left, top, right - left, bottom - top);
    if (m_model->showsIdle(lane)) {
        QRectF idle = band;
        idle.setRight(std::clamp(m_axis.toPixel(m_model->activeEnd()), left, right));
        painter.fillRect(band, palette::laneBackground);
        painter.fillRect(idle, palette::bubbleIdle);
        painter.fillRect(idle, QBrush(palette::bubbleHatch, Qt::BDiagPattern));
    } else {
        painter.fillRect(band,
                         m_model->isMinorLane(lane) ? palette::minorLaneBackground : palette::laneBackground);
    }
}

// Label: every major lane that has room for a line of text, else every k-th (`everyKth` says whether
// this is one); a minor lane in small type when it has room.
void LaneChart::paintLaneLabel(QPainter& painter, int lane, bool everyKth) const
{
    const QFontMetricsF metrics(font());
    const auto [top, bottom] = laneSpan(lane);
    const double h = bottom - top;
    const bool minor = m_model->isMinorLane(lane);
    const QColor key = m_model->laneKey(lane);
    const double keyWidth = key.isValid() ? 10 : 0;
    if (key.isValid() && h >= 3) {
        const double side = std::min(h - 2, 8.0);
        painter.fillRect(QRectF(kLabelWidth - 6 - side, top + (h - side) / 2, side, side), key);
    }
    if (!minor && (h >= metrics.height() * 0.8 || everyKth)) {
        painter.setPen(palette().color(QPalette::Text));
        const double textTop = std::min(top + h / 2 - metrics.height() / 2, top);
        const QString label = m_model->laneLabel(lane);
        const double width = kLabelWidth - 10 - keyWidth;
        const QRectF box(4, h >= metrics.height() ? top : textTop, width, std::max(h, metrics.height()));
        // A label too long for one line takes two where the lane is tall enough ("Embedding copies"), else
        // it is cut.
        if (metrics.horizontalAdvance(label) > width && h >= 2 * metrics.height())
            painter.drawText(box, Qt::AlignVCenter | Qt::AlignRight | Qt::TextWordWrap, label);
        else
            painter.drawText(box, Qt::AlignVCenter | Qt::AlignRight,
                             metrics.elidedText(label, Qt::ElideRight, static_cast<int>(width)));
    } else if (minor && h >= metrics.height() * 0.75) {
        QFont small = font();
        small.setPointSizeF(font().pointSizeF() * 0.8);
        painter.setFont(small);
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(QRectF(4, top, kLabelWidth - 10, h), Qt::AlignVCenter | Qt::AlignRight,
                         m_model->laneLabel(lane));
        painter.setFont(font());
    }
}

// The lane's visible bars, clipped to its band; `bars` is scratch space reused from lane to lane.
void LaneChart::paintBars(QPainter& painter, int lane, std::vector<ChartBar>& bars) const
{
    const QFontMetricsF metrics(font());
    const auto [top, bottom] = laneSpan(lane);
    const double h = bottom - top;
    const double left = m_axis.pixelLeft;
    const double right = m_axis.pixelLeft + m_axis.pixelWidth;
    bars.clear();
    m_model->bars(lane, m_axis.viewStart, m_axis.viewEnd, m_axis.secondsPerPixel(), bars);
    painter.save();
    painter.setClipRect(QRectF(left, top, right - left, h));
    double lastPixel = -1; // skip bars that would paint the same pixel column again
    for (const ChartBar& bar : bars) {
        const double x0 = std::max(left - 1, m_axis.toPixel(bar.start));
        const double x1 = std::min(right + 1, m_axis.toPixel(bar.end));
        if (x1 < left || x0 > right)
            continue;
        const double w = std::max(1.0, x1 - x0);
        if (w <= 1 && std::floor(x0) <= lastPixel)
            continue;
        lastPixel = std::floor(x0 + w - 1);
        const QRectF box(x0, top + 1, w, h - 2);
        painter.fillRect(box, bar.color);
        if (bar.hatched)
            painter.fillRect(box, QBrush(palette::exposedHatch, Qt::FDiagPattern));
        if (bar.outlined && w >= 4) {
            painter.setPen(QPen(palette::barSeparator, 1));
            painter.drawLine(QPointF(x0 + 0.5, top + 1), QPointF(x0 + 0.5, bottom - 1));
        }
        if (!bar.label.isEmpty() && w >= metrics.horizontalAdvance(bar.label) + 4
            && h >= metrics.height() * 0.8) {
            painter.setPen(bar.color.lightnessF() > 0.6 ? palette::textOnLight : palette::textOnDark);
            painter.drawText(box, Qt::AlignCenter, bar.label);
        }
    }
    painter.restore();
}

// The model's markers: a dashed line down to the axis, its label at the top; a label that would cover
// another moves one line down.
void LaneChart::paintMarkers(QPainter& painter, double axisTop) const
{
    const QFontMetricsF metrics(font());
    const double left = m_axis.pixelLeft;
    const double right = m_axis.pixelLeft + m_axis.pixelWidth;
    std::vector<QRectF> labelBoxes;
    for (const ChartMarker& marker : m_model->markers()) {
        const double x = m_axis.toPixel(marker.time);
        if (x < left || x > right)
            continue;
        painter.setPen(QPen(marker.color, 1.5, Qt::DashLine));
        painter.drawLine(QPointF(x, kTopMargin), QPointF(x, axisTop));
        if (marker.label.isEmpty())
            continue;
        const double w = metrics.horizontalAdvance(marker.label) + 6;
        QRectF box(x + 3, kTopMargin, w, metrics.height());
        if (box.right() > right)
            box.moveRight(x - 3);
        while (std::any_of(labelBoxes.begin(), labelBoxes.end(),
                           [&box](const QRectF& other) { return other.intersects(box); }))
            box.translate(0, metrics.height());
        labelBoxes.push_back(box);
        painter.fillRect(box, palette::labelBacking);
        painter.setPen(marker.color);
        painter.drawText(box, Qt::AlignCenter, marker.label);
    }
}

// The time axis under the lanes: a line, ticks and their times in one unit for the whole view.
void LaneChart::paintTimeAxis(QPainter& painter, double axisTop) const
{
    const QFontMetricsF metrics(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor grid = palette().color(QPalette::Mid);
    const TimeUnit unit = timeUnitFor(m_axis.span());
    painter.setPen(grid);
    painter.drawLine(QPointF(m_axis.pixelLeft, axisTop),
                     QPointF(m_axis.pixelLeft + m_axis.pixelWidth, axisTop));
    const double labelWidth = metrics.horizontalAdvance(QStringLiteral("000.000 ms")) + 12;
    const double step = m_axis.tickStep(labelWidth);
    const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step * unit.perSecond) - 1e-9)));
    for (double t : m_axis.ticks(labelWidth)) {
        const double x = m_axis.toPixel(t);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, axisTop), QPointF(x, axisTop + 4));
        painter.setPen(text);
        painter.drawText(QRectF(x - labelWidth / 2, axisTop + 4, labelWidth, kAxisHeight - 4),
                         Qt::AlignHCenter, formatTime(t, unit, std::min(decimals, 6)));
    }
}

void LaneChart::wheelEvent(QWheelEvent* event)
{
    const QPoint angle = event->angleDelta();
    const double notches = (angle.y() != 0 ? angle.y() : angle.x()) / 120.0;
    if (event->modifiers() & Qt::ControlModifier) {
        zoom(std::pow(kZoomStep, notches), event->position().x());
    } else {
        // Without Ctrl the wheel moves through time: a notch is a tenth of the view.
        m_axis.pan(-notches * m_axis.pixelWidth / 10);
        update();
        emit viewChanged();
    }
    event->accept();
}

void LaneChart::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    m_moved = false;
    m_pressPosition = event->position();
    m_lastPosition = event->position();
}

void LaneChart::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging) {
        const QPointF delta = event->position() - m_lastPosition;
        if (!m_moved && (event->position() - m_pressPosition).manhattanLength() >= kDragThreshold)
            m_moved = true;
        if (m_moved) {
            m_axis.pan(-delta.x());
            update();
            emit viewChanged();
        }
        m_lastPosition = event->position();
        return;
    }
    const QString tip = toolTipAt(event->position());
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
}

void LaneChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_dragging)
        return QWidget::mouseReleaseEvent(event);
    m_dragging = false;
    if (!m_moved && event->position().x() >= m_axis.pixelLeft)
        setCursorTime(m_axis.toTime(event->position().x()));
}

void LaneChart::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        fit();
}

void LaneChart::keyPressEvent(QKeyEvent* event)
{
    const double middle = m_axis.pixelLeft + m_axis.pixelWidth / 2;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoom(kZoomStep, std::isfinite(m_cursor) ? m_axis.toPixel(m_cursor) : middle);
        break;
    case Qt::Key_Minus:
        zoom(1 / kZoomStep, std::isfinite(m_cursor) ? m_axis.toPixel(m_cursor) : middle);
        break;
    case Qt::Key_0:
        fit();
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
        m_axis.pan((event->key() == Qt::Key_Left ? -1 : 1) * m_axis.pixelWidth / 10);
        update();
        emit viewChanged();
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool LaneChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace widgets
