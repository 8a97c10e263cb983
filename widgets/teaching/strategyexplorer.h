// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The seed's six layouts on four GPUs as one view (issue 9): a switch per strategy, every GPU drawn with
// what it stores — weights, gradients, optimizer states, activations, KV cache, experts: whole, a shard,
// its layers or its own batch, with the bytes of the memory model — the communication pattern between the
// GPUs, which collective runs in which phase, and what the split saves and costs. Switching animates the
// bars from the old layout to the new. Constructed for serving it shows seed 001's table instead: TP, PP,
// replicas and EP at inference.

#include "teaching/lessonview.h"
#include "teaching/teachingstrategies.h"

#include <QPointer>
#include <memory>
#include <vector>

class QButtonGroup;
class QComboBox;
class QLabel;
class QVariantAnimation;

namespace widgets {

class StrategyCanvas;

class StrategyExplorer : public LessonView
{
    Q_OBJECT

public:
    enum class Kind { Training, Serving };
    explicit StrategyExplorer(Kind kind, QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot) override;
    int stepCount() const override;

    const std::vector<core::StrategyLesson>& lessons() const { return m_lessons; }
    // The model the lessons teach with, a catalog preset id; empty chooses as core::strategyLessons does
    // (the design's model if some panel fits, else a small preset). Offered in a combo box.
    void setTeachingModel(const QString& preset);
    core::TeachingModelReason teachingModelReason() const { return m_reason; }
    QString titleText() const;
    // The model choice hides, the strategies' buttons show their abbreviations (DDP, FSDP, TP, …).
    void setPresenting(bool on) override;
    const core::StrategyLesson* currentLesson() const;
    void setStrategy(core::Strategy strategy);
    QString savesLabelText() const;
    QString costsLabelText() const;
    StrategyCanvas* canvas() const { return m_canvas; }
    bool isAnimating() const;

protected:
    void showStep() override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuildLessons();
    void updateTexts();

    Kind m_kind;
    std::vector<core::Strategy> m_strategies;
    std::shared_ptr<const core::Design> m_design;
    std::vector<core::StrategyLesson> m_lessons;
    core::TeachingModelReason m_reason = core::TeachingModelReason::Design;
    QString m_designModelName;
    QButtonGroup* m_buttons = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    bool m_presenting = false;
    QLabel* m_summary = nullptr;
    QLabel* m_saves = nullptr;
    QLabel* m_costs = nullptr;
    StrategyCanvas* m_canvas = nullptr;
};

// The painted part: four GPUs side by side, their states as bars, the pattern and phases below.
class StrategyCanvas : public LessonCanvas
{
    Q_OBJECT

public:
    explicit StrategyCanvas(QWidget* parent = nullptr);
    // Shows `lesson`, animating from what was shown; `lessons` give each row's scale (the largest value of
    // the row over all strategies of the same model is a full bar).
    void showLesson(const core::StrategyLesson* lesson, const std::vector<core::StrategyLesson>& lessons,
                    bool animate);
    bool isAnimating() const;
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

    const core::StrategyLesson* m_lesson = nullptr;
    std::array<double, core::kStateKindCount> m_scale{}; // the shown model's
    std::array<double, core::kStateKindCount> m_teachingScale{}; // the panels' own model's
    QString m_teachingModelName;
    Fractions m_from, m_to;
    double m_progress = 1;
    QVariantAnimation* m_animation = nullptr;
};

} // namespace widgets
