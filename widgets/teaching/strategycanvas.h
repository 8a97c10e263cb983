// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The drawing of the six splits (strategyexplorer.h): four GPUs side by side with their states as bars and
// their peak against the GPU's memory, the pattern in which they send, and which collective runs in which
// phase of a step.

#include "teaching/lessonview.h"
#include "teaching/teachingstrategies.h"

#include <array>
#include <vector>

namespace widgets {

class StrategyCanvas : public LessonCanvas
{
    Q_OBJECT

public:
    explicit StrategyCanvas(QWidget* parent = nullptr);
    // Shows `lesson`, moving the bars from what was shown when `animated`; `lessons` give each row's scale
    // (the largest value of the row over all strategies of the same model is a full bar).
    void showLesson(const core::StrategyLesson* lesson, const std::vector<core::StrategyLesson>& lessons,
                    bool animated);
    // Bar fraction currently drawn for a GPU's state (tests).
    double drawnFraction(int gpu, core::StateKind kind) const;
    // A panel that shows another model (EP on a dense model) has bars on that model's scale; the canvas
    // says so above the GPUs, with both scales. Empty for the other panels.
    QString scaleNote() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    QSizeF contentMinimum() const override;

private:
    using Fractions = std::vector<std::array<double, core::kStateKindCount>>;
    Fractions fractionsOf(const core::StrategyLesson* lesson) const;
    // The layout's parts, in the normal font's pixels at zoom 1.
    int labelWidth() const;
    int headerHeight() const;
    double noteHeight(double viewWidth) const;
    double patternHeight() const;
    double phasesHeight(double viewWidth) const;
    double legendHeight(double viewWidth) const;
    static QString legendText();

    // The figure laid out in the canvas's size (paintEvent): a column per GPU right of the row labels, a
    // row per state and one for the peak.
    struct Figure
    {
        QSizeF view;
        int line = 0;
        QFont bold;
        int labelWidth = 0;
        int headerHeight = 0; // a column's title and subtitle
        double columnWidth = 0;
        double top = 0; // of the columns
        double rowHeight = 0;
        double columnX(int gpu) const;
        double rowsBottom() const; // where the columns end
    };
    // One GPU's column: what it stores, as bars, and its peak against the GPU's memory.
    void paintGpu(QPainter& p, const Figure& f, const core::GpuHoldings& gpu);
    void paintState(QPainter& p, const QRectF& cell, core::StateKind kind, const core::HeldState& state,
                    double fraction);
    void paintPeak(QPainter& p, const Figure& f, const core::GpuHoldings& gpu, const QRectF& cell);
    void paintBar(QPainter& p, const QRectF& cell, const QColor& colour, QString text, double fraction);
    void paintRowLabels(QPainter& p, const Figure& f);
    // The communication pattern between the GPUs: a ring, a chain, all pairs, or nothing.
    void paintPattern(QPainter& p, const Figure& f);
    // Which collective runs in which phase of a step.
    void paintPhases(QPainter& p, const Figure& f);

    const core::StrategyLesson* m_lesson = nullptr;
    std::array<double, core::kStateKindCount> m_scale{}; // the shown model's
    std::array<double, core::kStateKindCount> m_teachingScale{}; // the panels' own model's
    double m_otherScale = 0; // the most any GPU of the shown model holds in buffers and reserve
    QString m_teachingModelName;
    Fractions m_from, m_to;
};

} // namespace widgets
