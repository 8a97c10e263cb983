// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Megatron's MLP split on two ranks (Shoeybi et al. 2019, "Megatron-LM", §3, Figure 3a; the reference
// article's figure in «Tensor Parallelism»), step by step: X on both ranks; A cut by columns, X·A_i; GeLU
// on each rank's own columns; B cut by rows, a partial sum per rank; one all-reduce adds them. With
// sequence parallelism (Korthikanti et al. 2022), an all-gather builds X first and a reduce-scatter
// replaces the all-reduce. Shapes and bytes are core::mlpSplit's for the chosen model.

#include "teaching/lessonview.h"
#include "teaching/teachingmlp.h"

#include <array>

class QCheckBox;
class QLabel;

namespace widgets {

class MlpSplitCanvas;

class MlpSplitView : public LessonView
{
    Q_OBJECT

public:
    // The reference article's figure, like Megatron-LM's, uses two ranks.
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
    void rebuild() override;
    void retranslate() override;

private:
    core::ModelArchitecture m_model;
    std::int64_t m_tokens = 0;
    core::MlpSplit m_split;
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
    // The figure laid out in the canvas's size (paintEvent).
    struct Figure
    {
        Measures m;
        int line = 0;
        double unit = 0; // the hidden size's drawn width; tokens are drawn as tall
        double rowHeight = 0; // one GPU's row
        QFont bold;
    };
    // `c` as the step shows the elements that step `from` introduces.
    QColor faint(QColor c, int from) const;
    // A matrix with its name above and its shape below; `part` the share this GPU holds, if not all.
    void paintMatrix(QPainter& p, const Figure& f, QRectF r, const QString& name, const QString& shape,
                     const QColor& fill, int active, QRectF part = {});
    void paintOperator(QPainter& p, const Figure& f, double x, double y, const QString& text, int active);
    // One GPU's row, X × A_i, the activation, × B_i = Z_i; returns where its partial sum ends.
    QPointF paintRank(QPainter& p, const Figure& f, int rank);
    // The collective that adds the partial sums, and the output Z on each GPU.
    void paintReduction(QPainter& p, const Figure& f,
                        const std::array<QPointF, MlpSplitView::kRanks>& partialEnds);

    core::MlpSplit m_split;
    int m_step = 0;
};

} // namespace widgets
