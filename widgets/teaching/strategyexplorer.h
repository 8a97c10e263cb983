// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference article's six layouts on four GPUs (DDP, FSDP, TP, PP, CP, EP) as one view: a switch per
// strategy, every GPU drawn with what it stores — weights, gradients, optimizer states, activations, KV
// cache, experts: whole, a shard, its layers or its own batch, with the bytes of the memory model — the
// communication pattern between the GPUs, which collective runs in which phase, and what the split saves
// and costs. Switching animates the bars from the old layout to the new. Constructed for serving it shows
// the reference article's serving table instead («Was speichert jede GPU?»): TP, PP, replicas and EP at
// inference.

#include "teaching/lessonview.h"
#include "teaching/strategycanvas.h"
#include "teaching/teachingstrategies.h"

#include <memory>
#include <vector>

class QButtonGroup;
class QComboBox;
class QLabel;

namespace widgets {

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
    void rebuild() override; // the lessons, for the design and the chosen model
    void retranslate() override;

private:
    void updateTexts();

    Kind m_kind;
    std::vector<core::Strategy> m_strategies;
    std::shared_ptr<const core::Design> m_design;
    std::shared_ptr<const core::Catalog> m_catalog; // the design's evaluation's
    std::vector<core::StrategyLesson> m_lessons;
    core::TeachingModelReason m_reason = core::TeachingModelReason::Design;
    QString m_designModelName;
    QButtonGroup* m_buttons = nullptr;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    bool m_presenting = false;
    QLabel* m_summary = nullptr;
    QLabel* m_saves = nullptr;
    QLabel* m_costs = nullptr;
    StrategyCanvas* m_canvas = nullptr;
};

} // namespace widgets
