// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/lessonview.h"

#include <QKeySequence>
#include <QPainter>
#include <QVariant>
#include <algorithm>

namespace widgets {

void LessonView::setStep(int step)
{
    step = std::clamp(step, 0, std::max(stepCount() - 1, 0));
    if (step == m_step)
        return;
    m_step = step;
    showStep();
    emit stepChanged(m_step);
}

bool LessonView::nextStep()
{
    if (m_step + 1 >= stepCount())
        return false;
    setStep(m_step + 1);
    return true;
}

bool LessonView::previousStep()
{
    if (m_step == 0)
        return false;
    setStep(m_step - 1);
    return true;
}

bool LessonView::toggleVariant()
{
    if (variantName().isEmpty())
        return false;
    setVariantOn(!isVariantOn());
    return true;
}

QString LessonView::variantToolTip()
{
    return tr("Key: %1").arg(QKeySequence(kVariantKey).toString(QKeySequence::NativeText));
}

namespace {
constexpr const char* kLessonCanvas = "lessonCanvas";
constexpr const char* kZoom = "lessonCanvasZoom";
} // namespace

double canvasZoom(const QWidget* canvas)
{
    const QVariant zoom = canvas->property(kZoom);
    return zoom.isValid() ? std::max(1.0, zoom.toDouble()) : 1.0;
}

void markLessonCanvas(QWidget* canvas)
{
    canvas->setProperty(kLessonCanvas, true);
}

void setCanvasZoom(QWidget* root, double zoom, const QFont& normalFont)
{
    // Setting the size marks it as the canvas's own, so the window's larger font no longer reaches it.
    QFont own = normalFont;
    own.setPointSizeF(normalFont.pointSizeF());
    for (QWidget* canvas : root->findChildren<QWidget*>())
        if (canvas->property(kLessonCanvas).toBool()) {
            canvas->setProperty(kZoom, zoom);
            canvas->setFont(zoom > 1 ? own : QFont());
            canvas->update();
        }
}

LessonCanvas::LessonCanvas(QWidget* parent)
    : QWidget(parent)
{
    markLessonCanvas(this);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

double LessonCanvas::paintZoom() const
{
    double zoom = canvasZoom(this);
    const QSizeF need = contentMinimum();
    if (need.width() > 0)
        zoom = std::min(zoom, width() / need.width());
    if (need.height() > 0)
        zoom = std::min(zoom, height() / need.height());
    return std::max(1.0, zoom);
}

QSize LessonCanvas::minimumSizeHint() const
{
    return contentMinimum().toSize().expandedTo(QWidget::minimumSizeHint());
}

QSizeF LessonCanvas::beginPaint(QPainter& p)
{
    // Presentation mode: painted at the normal font's geometry and scaled up, so every label keeps its
    // place.
    m_zoom = paintZoom();
    p.scale(m_zoom, m_zoom);
    p.setRenderHint(QPainter::Antialiasing);
    const QSizeF size(width() / m_zoom, height() / m_zoom);
    p.fillRect(QRectF(QPointF(0, 0), size), palette().color(QPalette::Base));
    m_drawn = QRectF();
    return size;
}

void LessonCanvas::noteDrawn(const QRectF& r)
{
    m_drawn |= QRectF(r.topLeft() * m_zoom, r.size() * m_zoom);
}

void LessonCanvas::drawText(QPainter& p, const QRectF& r, int flags, const QString& text)
{
    QRectF used;
    p.drawText(r, flags, text, &used);
    noteDrawn(used);
}

} // namespace widgets
