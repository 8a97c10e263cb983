// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectiveview.h"

#include "collectives/collectivelegend.h"
#include "collectives/collectivestatepanel.h"
#include "collectives/collectivetimestrip.h"
#include "collectives/collectivetopology.h"
#include "common/palette.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

namespace widgets {

namespace {

constexpr int kFrameMilliseconds = 16; // 60 frames a second
constexpr double kMaxFrameSeconds = 0.1; // a stalled frame does not skip a whole step

} // namespace

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
    return stateAfterSteps(*m_scene.trace, steps);
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
        const double legend = layoutCollectiveLegend(nullptr, paintContext(), m_geometry.legend);
        if (legend > m_geometry.legend.height())
            m_geometry = CollectiveGeometry::compute(size(), ranks, chunks, headLines, legend);
        // Still cut at half the height (a short window, Diagnostics open, German): the legend takes the
        // topology's width down to its least, and fewer of its lines wrap.
        if (legend > m_geometry.legend.height() + 0.5) {
            const CollectiveGeometry wide
                = CollectiveGeometry::compute(size(), ranks, chunks, headLines, legend, true);
            const double needed = layoutCollectiveLegend(nullptr, paintContext(), wide.legend);
            m_geometry = CollectiveGeometry::compute(size(), ranks, chunks, headLines, needed, true);
        }
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

CollectivePaintContext CollectiveView::paintContext() const
{
    return CollectivePaintContext{m_scene, m_playhead, palette(), font()};
}

std::vector<QRectF> CollectiveView::timelineSegments() const
{
    if (!hasTrace())
        return {};
    return timeStripSegments(m_scene, m_geometry.timeline);
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
    const CollectivePaintContext context = paintContext();
    const qreal ratio = devicePixelRatioF();
    if (m_staticLayer.isNull() || m_staticLayer.size() != size() * ratio) {
        m_staticLayer = QPixmap(size() * ratio);
        m_staticLayer.setDevicePixelRatio(ratio);
        m_staticLayer.fill(palette().color(QPalette::Base));
        QPainter layer(&m_staticLayer);
        layer.setRenderHint(QPainter::Antialiasing);
        paintStatePanel(layer, context, m_geometry.before, m_scene.trace->initial, StatePanelRole::Before);
        paintStatePanel(layer, context, m_geometry.after, m_scene.trace->finalState(), StatePanelRole::After);
        layoutCollectiveLegend(&layer, context, m_geometry.legend);
    }
    painter.drawPixmap(0, 0, m_staticLayer);
    paintStatePanel(painter, context, m_geometry.now, shownState(), StatePanelRole::Now);
    paintPacketsInFlight(painter, context, m_geometry.now);
    paintTopology(painter, context, m_geometry.topology);
    paintTimeStrip(painter, context, m_geometry.timeline);
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
    painter.setPen(QPen(palette::collectiveProblemFrame, 2));
    painter.setBrush(palette::collectiveProblemFill);
    painter.drawRoundedRect(box, 8, 8);
    painter.setPen(palette::collectiveProblemText);
    painter.drawText(box.adjusted(16, 12, -16, -12), Qt::AlignCenter | Qt::TextWordWrap, m_scene.message);
}

} // namespace widgets
