// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every teaching view of the Learn window shares: it draws from the current design (for the chosen
// model), and it has steps a lecturer walks through with the keyboard (presentation mode: Right/Left). A
// view shows step 0 first; setStep clamps. Every view sits in the same frame, a column from top to bottom:
// the title, the view's controls (its variant's check box among them), the canvas, and the sentences that
// explain the drawing.

#include "common/designsnapshot.h"

#include <QEasingCurve>
#include <QWidget>

class QCheckBox;
class QHBoxLayout;
class QLabel;
class QVBoxLayout;
class QVariantAnimation;

namespace widgets {

class LessonCanvas;

class LessonView : public QWidget
{
    Q_OBJECT

public:
    // Starts the frame with its title.
    explicit LessonView(QWidget* parent = nullptr);

    virtual void setSnapshot(const DesignSnapshot& snapshot) = 0;
    virtual int stepCount() const = 0;
    int step() const { return m_step; }
    void setStep(int step);
    bool nextStep(); // false at the last step
    bool previousStep(); // false at the first step

    // A view's variant, one key away in a lecture (kVariantKey) and named by `meshwright --variant`:
    // sequence parallelism in the MLP split, contiguous chunks in the CP ring, dropless routing in EP.
    // Off is the view's first state. A view without one has an empty variantName.
    static constexpr Qt::Key kVariantKey = Qt::Key_V;
    virtual QString variantName() const { return {}; } // the command-line name, e.g. "sp"
    virtual QString variantLabel() const { return {}; } // what it shows, translated
    virtual bool isVariantOn() const { return false; }
    virtual void setVariantOn(bool) { }
    bool toggleVariant(); // false without a variant
    static QString variantToolTip(); // names the key, for the variant's check box

    // A presentation shows the lesson, not the tools: a view may hide or shorten its controls.
    virtual void setPresenting(bool) { }

signals:
    void stepChanged(int step);

protected:
    // Called after m_step changed.
    virtual void showStep() = 0;
    // Recomputes what the view shows from the design and its controls; the variant's check box calls it
    // when it toggles.
    virtual void rebuild() = 0;
    // Sets the view's own words in the current language. The view's constructor calls it once, when its
    // frame is filled; a language change calls it again.
    virtual void retranslate() = 0;
    void changeEvent(QEvent* event) override;

    // The frame, filled by the view's constructor in the order it shows, below the title.
    void setTitle(const QString& richText);
    QHBoxLayout* addControlRow();
    // The variant's check box at the end of `row`, named `objectName` for tests, starting `checked`; its
    // tool tip names kVariantKey. Toggling it rebuilds the view.
    QCheckBox* addVariantBox(QHBoxLayout* row, const QString& objectName, bool checked = false);
    // The canvas takes the height the other rows leave.
    void addCanvas(LessonCanvas* canvas);
    // A sentence about the drawing, wrapped to the frame's width.
    QLabel* addText(Qt::TextFormat format = Qt::RichText);

private:
    int m_step = 0;
    QVBoxLayout* m_frame = nullptr;
    QLabel* m_title = nullptr;
    QCheckBox* m_variantBox = nullptr;
};

// Presentation mode enlarges a lesson's drawing as a whole: its canvas keeps the normal font and paints its
// normal geometry under QPainter::scale(zoom), so labels grow with the shapes they belong to instead of
// outgrowing them. 1 outside presentation mode.
double canvasZoom(const QWidget* canvas);
// Every lesson canvas under `root` (those that call markLessonCanvas): zoom 1 restores the inherited font.
void setCanvasZoom(QWidget* root, double zoom, const QFont& normalFont);
void markLessonCanvas(QWidget* canvas);

// The painted part of a lesson. It lays its drawing out in the canvas's size divided by the zoom, and
// records what it drew, so that a test can check that nothing runs off the canvas at a projector's size.
class LessonCanvas : public QWidget
{
    Q_OBJECT

public:
    explicit LessonCanvas(QWidget* parent = nullptr);
    // Whether a change is still moving on the canvas (setAnimation).
    bool isAnimating() const;
    // The extent of the last paint, in widget pixels (the zoom applied); empty before the first.
    QRectF drawnRect() const { return m_drawn; }
    // The zoom it paints at: the presentation's (canvasZoom), less where the drawing would not fit the
    // canvas at that zoom, never below 1.
    double paintZoom() const;
    // The content's least size at zoom 1: below it the drawing would not fit.
    QSize minimumSizeHint() const override;

protected:
    // The least size its drawing needs at zoom 1, in the normal font's pixels; 0 for a side that adapts
    // to any size.
    virtual QSizeF contentMinimum() const { return {}; }
    // Starts a paint: the painter scaled by the zoom and antialiased, the background filled, the extent
    // cleared. Returns the size to lay the drawing out in.
    QSizeF beginPaint(QPainter& p);
    // Records `r`, in the painter's unscaled coordinates, as drawn.
    void noteDrawn(const QRectF& r);
    // QPainter::drawText that records where the text went (also beyond `r`, if it is too long).
    void drawText(QPainter& p, const QRectF& r, int flags, const QString& text);

    // A change shown as motion (bars growing, blocks travelling, elements fading in): progress() runs from
    // 0 to 1 over `ms` milliseconds along `curve`, the canvas repainting at every frame. Set once, by the
    // canvas's constructor.
    void setAnimation(int ms, QEasingCurve::Type curve = QEasingCurve::Linear);
    // Stops the motion in progress, and shows the new state at once or, with `start`, moves to it.
    void animate(bool start);
    // 1 where nothing moves.
    double progress() const { return m_progress; }

private:
    QRectF m_drawn;
    double m_zoom = 1; // of the paint in progress
    QVariantAnimation* m_animation = nullptr;
    double m_progress = 1;
};

} // namespace widgets
