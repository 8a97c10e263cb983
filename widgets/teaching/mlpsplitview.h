// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Megatron's MLP split on two ranks, the seed's figure (000, "Tensor Parallelism"), step by step: X on both
// ranks; A cut by columns, X·A_i; GeLU on each rank's own columns; B cut by rows, a partial sum per rank;
// one all-reduce adds them. With sequence parallelism, an all-gather builds X first and a reduce-scatter
// replaces the all-reduce. Shapes and bytes are core::mlpSplit's for the chosen model.

#include "teaching/lessonview.h"
#include "teaching/teachingmlp.h"

class QCheckBox;
class QLabel;
class QVariantAnimation;

namespace widgets {

class MlpSplitCanvas;

class MlpSplitView : public LessonView
{
    Q_OBJECT

public:
    // The seed's figure uses two ranks.
    static constexpr int kRanks = 2;
    static constexpr int kSteps = 5;

    explicit MlpSplitView(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot) override;
    int stepCount() const override { return kSteps; }
    void setSequenceParallel(bool on);
    QString variantName() const override { return QStringLiteral("sp"); }
    QString variantLabel() const override;
    bool isVariantOn() const override { return m_split.sequenceParallel; }
    void setVariantOn(bool on) override { setSequenceParallel(on); }
    const core::MlpSplit& split() const { return m_split; }
    QString stepText() const; // what the label under the figure says for the current step
    MlpSplitCanvas* canvas() const { return m_canvas; }

protected:
    void showStep() override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void retranslate();

    core::ModelArchitecture m_model;
    std::int64_t m_tokens = 0;
    core::MlpSplit m_split;
    QLabel* m_title = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    MlpSplitCanvas* m_canvas = nullptr;
    QLabel* m_explanation = nullptr;
};

class MlpSplitCanvas : public LessonCanvas
{
    Q_OBJECT

public:
    explicit MlpSplitCanvas(QWidget* parent = nullptr);
    // A new step fades its elements in.
    void setSplit(const core::MlpSplit& split, int step);
    bool isAnimating() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    QSizeF contentMinimum() const override;

private:
    struct Measures
    {
        double fRatio = 1, aRatio = 1; // drawn widths of f and of A's columns, in units of h
        double unitsWide = 0; // the matrices of one row, in units
        double opWidth = 0;
        double captionSlack = 0; // how far the widest captions reach out of the matrices, both ends
    };
    Measures measures() const;
    core::MlpSplit m_split;
    int m_step = 0;
    double m_fade = 1;
    QVariantAnimation* m_animation = nullptr;
};

} // namespace widgets
