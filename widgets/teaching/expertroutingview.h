// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Expert parallelism, token by token (issue 9; seed 000, "Expert Parallelism für MoE-Models"): the router
// picks top-k experts per token; each expert takes at most its capacity — assignments beyond it are
// dropped, unused slots padded; the dispatch all-to-all carries the kept tokens to the GPUs that hold their
// experts, and the combine all-to-all brings the results back. Dropless routing is the alternative. Every
// count is core::routeTokens'.

#include "teaching/lessonview.h"
#include "teaching/teachingexperts.h"

#include <QString>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QVariantAnimation;

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
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void retranslate();

    core::RoutingConfig m_config;
    QString m_modelName;
    core::Routing m_routing;
    QLabel* m_title = nullptr;
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
    bool isAnimating() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    QSizeF contentMinimum() const override;

private:
    core::Routing m_routing;
    int m_step = 0;
    double m_travel = 1; // 0 → 1 while the tokens are on their way
    QVariantAnimation* m_animation = nullptr;
};

// One colour per expert, the same in every teaching view.
QColor expertColor(int expert);

} // namespace widgets
