#include "lessonview.h"

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

} // namespace widgets
