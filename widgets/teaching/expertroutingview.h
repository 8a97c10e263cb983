// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Expert parallelism, token by token (the reference article, «Expert Parallelism für MoE-Models»): the
// router picks top-k experts per token; each expert takes at most its capacity — assignments beyond it are
// dropped, unused slots padded; the dispatch all-to-all carries the kept tokens to the GPUs that hold
// their experts, and the combine all-to-all brings the results back. Dropless routing is the alternative.
// Every count is core::routeTokens'.

#include "teaching/lessonview.h"
#include "teaching/teachingexperts.h"

#include <QString>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace widgets {

class ExpertRoutingCanvas;

class ExpertRoutingView : public LessonView
{
    Q_OBJECT

public:
    // Route, apply the capacity, dispatch, combine: Megatron drops over-capacity assignments before the
    // dispatch all-to-all (token_dispatcher.py), so only kept tokens travel.
    static constexpr int kSteps = 4;
    // Experts drawn at most; a model with more is shown with a scaled-down router of this many.
    static constexpr int kMaxDrawnExperts = 16;

    explicit ExpertRoutingView(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot) override;
    int stepCount() const override { return kSteps; }
    const core::Routing& routing() const { return m_routing; }
    void setCapacityFactor(double factor); // 0 = dropless
    QString variantName() const override { return QStringLiteral("dropless"); }
    QString variantLabel() const override;
    bool isVariantOn() const override;
    void setVariantOn(bool on) override;
    QString summaryText() const;
    ExpertRoutingCanvas* canvas() const { return m_canvas; }

protected:
    void showStep() override;
    void rebuild() override;
    void retranslate() override;

private:
    core::RoutingConfig m_config;
    QString m_modelName;
    core::Routing m_routing;
    QDoubleSpinBox* m_factor = nullptr;
    QCheckBox* m_dropless = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_factorLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    ExpertRoutingCanvas* m_canvas = nullptr;
    QLabel* m_summary = nullptr;
};

class ExpertRoutingCanvas : public LessonCanvas
{
    Q_OBJECT

public:
    explicit ExpertRoutingCanvas(QWidget* parent = nullptr);
    // Entering the dispatch or combine step sends the tokens along the lines.
    void setRouting(const core::Routing& routing, int step);

protected:
    void paintEvent(QPaintEvent* event) override;
    QSizeF contentMinimum() const override;

private:
    // The figure laid out in the canvas's size (paintEvent): a box per GPU for its tokens above, one for its
    // experts below.
    struct Figure
    {
        QSizeF view;
        int line = 0;
        QFont bold;
        double margin = 8, gap = 16;
        double boxWidth = 0;
        int perRank = 0; // tokens per GPU
        double tokenSize = 0;
        double tokensTop = 0, tokensHeight = 0;
        double expertsTop = 0, expertsBottom = 0;
        double boxX(int rank) const { return margin + rank * (boxWidth + gap); }
    };
    // A box per GPU, `title` its name with the rank for %1.
    void paintGpuBoxes(QPainter& p, const Figure& f, double top, double height, const QString& title);
    // Each token in the colours of the experts the router chose, crossed out where the capacity drops it.
    void paintTokens(QPainter& p, const Figure& f);
    // Each expert's slots, with the capacity line from the capacity step on.
    void paintExperts(QPainter& p, const Figure& f);
    // The dispatch or combine all-to-all: a line per pair of GPUs, and the tokens on their way.
    void paintAllToAll(QPainter& p, const Figure& f);

    core::Routing m_routing;
    int m_step = 0;
};

// One colour per expert, the same in every teaching view.
QColor expertColor(int expert);

} // namespace widgets
