#pragma once

// What every teaching view shares (issue 9): it draws from the current design (for the chosen model), and
// it has steps a lecturer walks through with the keyboard (presentation mode: Right/Left). A view shows
// step 0 first; setStep clamps.

#include "designsnapshot.h"

#include <QWidget>

namespace widgets {

class LessonView : public QWidget
{
    Q_OBJECT

public:
    using QWidget::QWidget;

    virtual void setSnapshot(const DesignSnapshot& snapshot) = 0;
    virtual int stepCount() const = 0;
    int step() const { return m_step; }
    void setStep(int step);
    bool nextStep(); // false at the last step
    bool previousStep(); // false at the first step

signals:
    void stepChanged(int step);

protected:
    // Called after m_step changed.
    virtual void showStep() = 0;

private:
    int m_step = 0;
};

// Presentation mode enlarges a lesson's drawing as a whole: its canvas keeps the normal font and paints its
// normal geometry under QPainter::scale(zoom), so labels grow with the shapes they belong to instead of
// outgrowing them. 1 outside presentation mode.
double canvasZoom(const QWidget* canvas);
// Every lesson canvas under `root` (those that call markLessonCanvas): zoom 1 restores the inherited font.
void setCanvasZoom(QWidget* root, double zoom, const QFont& normalFont);
void markLessonCanvas(QWidget* canvas);

} // namespace widgets
