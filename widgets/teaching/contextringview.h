// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Context parallelism on four GPUs (the reference article, «Context Parallelism»): the sequence cut into
// 2·CP chunks so that the causal mask gives every GPU the same work, and the ring exchange of key/value
// blocks step by step. The figure is the causal attention matrix (queries down, keys across), each block
// coloured by the GPU that computes it and lit in the ring step that computes it. The numbers are
// core::contextSplit's.

#include "teaching/lessonview.h"
#include "teaching/teachingcontext.h"

class QCheckBox;
class QLabel;

namespace widgets {

class ContextRingCanvas;

class ContextRingView : public LessonView
{
    Q_OBJECT

public:
    explicit ContextRingView(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot) override;
    int stepCount() const override;
    const core::ContextSplit& split() const { return m_split; }
    void setLoadBalanced(bool on);
    // The variant is the naive cut: one contiguous chunk per GPU, to show the imbalance it causes.
    QString variantName() const override { return QStringLiteral("contiguous"); }
    QString variantLabel() const override;
    bool isVariantOn() const override { return !m_split.loadBalanced; }
    void setVariantOn(bool on) override { setLoadBalanced(!on); }
    QString stepText() const;
    ContextRingCanvas* canvas() const { return m_canvas; }

protected:
    void showStep() override;
    void rebuild() override;
    void retranslate() override;

private:
    core::ModelArchitecture m_model;
    std::int64_t m_sequence = 4096;
    core::ContextSplit m_split;
    QCheckBox* m_balanced = nullptr;
    ContextRingCanvas* m_canvas = nullptr;
    QLabel* m_explanation = nullptr;
};

class ContextRingCanvas : public LessonCanvas
{
    Q_OBJECT

public:
    explicit ContextRingCanvas(QWidget* parent = nullptr);
    // Moving one step forward animates the key/value blocks travelling to the next GPU.
    void setSplit(const core::ContextSplit& split, int step);

protected:
    void paintEvent(QPaintEvent* event) override;
    QSizeF contentMinimum() const override;

private:
    double nodeRadius() const; // of a GPU on the ring
    // The figure laid out in the canvas's size (paintEvent): the attention matrix's place and scale.
    struct Figure
    {
        QSizeF view;
        int line = 0;
        QFont bold;
        int step = 0; // the ring step shown
        double margin = 10;
        double side = 0, cell = 0; // of the matrix, and of one chunk in it
        double left = 0, top = 0;
    };
    // The attention matrix, queries down and keys across, each block lit in the ring step that computes it.
    void paintAttention(QPainter& p, const Figure& f);
    // The GPUs on their ring, the block each holds, and the blocks on their way (progress() < 1) to the
    // next GPU.
    void paintRing(QPainter& p, const Figure& f, const QRectF& ringBox);
    // The query–key pairs each GPU computes in this step.
    void paintWork(QPainter& p, const Figure& f, const QRectF& barsBox, const QString& title,
                   double titleHeight);

    core::ContextSplit m_split;
    int m_step = 0;
};

} // namespace widgets
