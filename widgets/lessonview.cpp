#include "lessonview.h"

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

} // namespace widgets
