// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/lessonview.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>
#include <QVariant>
#include <QVariantAnimation>
#include <algorithm>

namespace widgets {

LessonView::LessonView(QWidget* parent)
    : QWidget(parent)
    , m_frame(new QVBoxLayout(this))
{
    m_title = addText();
}

void LessonView::setTitle(const QString& richText)
{
    if (richText.isEmpty())
        m_title->clear();
    else
        m_title->setText(richText);
}

QHBoxLayout* LessonView::addControlRow()
{
    auto* row = new QHBoxLayout;
    m_frame->addLayout(row);
    return row;
}

QCheckBox* LessonView::addVariantBox(QHBoxLayout* row, const QString& objectName, bool checked)
{
    m_variantBox = new QCheckBox(this);
    m_variantBox->setObjectName(objectName);
    m_variantBox->setChecked(checked);
    m_variantBox->setToolTip(variantToolTip());
    row->addWidget(m_variantBox);
    connect(m_variantBox, &QCheckBox::toggled, this, [this] { rebuild(); });
    return m_variantBox;
}

void LessonView::addCanvas(LessonCanvas* canvas)
{
    m_frame->addWidget(canvas, 1);
}

QLabel* LessonView::addText(Qt::TextFormat format)
{
    auto* label = new QLabel(this);
    label->setWordWrap(true);
    label->setTextFormat(format);
    m_frame->addWidget(label);
    return label;
}

void LessonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        if (m_variantBox)
            m_variantBox->setToolTip(variantToolTip());
        retranslate();
    }
    QWidget::changeEvent(event);
}

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
    , m_animation(new QVariantAnimation(this))
{
    markLessonCanvas(this);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        m_progress = value.toDouble();
        update();
    });
}

void LessonCanvas::setAnimation(int ms, QEasingCurve::Type curve)
{
    m_animation->setDuration(ms);
    m_animation->setEasingCurve(curve);
}

void LessonCanvas::animate(bool start)
{
    m_animation->stop();
    m_progress = 1;
    if (start) {
        m_progress = 0;
        m_animation->start();
    }
}

bool LessonCanvas::isAnimating() const
{
    return m_animation->state() == QAbstractAnimation::Running;
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
