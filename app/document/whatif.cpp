// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/whatif.h"

#include "design/regroup.h"
#include "evaluate.h"

#include <QCoreApplication>
#include <algorithm>
#include <limits>

namespace app {

namespace {

widgets::WhatIfCosts costsOf(const core::Design& design)
{
    const core::Evaluation e = core::evaluate(design);
    widgets::WhatIfCosts costs;
    if (e.performance) {
        costs.stepSeconds = e.performance->stepSeconds;
        costs.mfu = e.performance->mfu;
    }
    if (e.serving)
        costs.tokensPerSecond = e.serving->groupTokensPerSecond;
    costs.overMemory = e.memory && !e.memory->fits;
    return costs;
}

// When ranks have no GPU: the layout regrouped onto the GPUs in service (core/design/regroup.h), to be
// compared with the same layout on every GPU.
void planRegrouping(const core::Design& design, const core::Evaluation& e, WhatIfPlan& plan)
{
    const bool ranksWithoutGpu
        = std::any_of(e.ranks.begin(), e.ranks.end(), [](const core::RankInfo& r) { return r.gpuId < 0; });
    if (!e.hasMesh || !ranksWithoutGpu)
        return;
    std::optional<core::Regrouped> regrouped = core::regroupOntoGpusInService(design);
    if (!regrouped)
        return;
    plan.figures.regrouping = widgets::WhatIfFigures::Regrouping{
        regrouped->dpBefore, regrouped->dpAfter, regrouped->design.layout.worldSize(), {}, {}};
    plan.whole = design;
    for (core::Node& node : plan.whole->cluster.nodes)
        for (core::Gpu& gpu : node.gpus)
            gpu.inService = true;
    plan.regrouped = std::move(regrouped->design);
}

// Nodes whose intra-node link is slower than the fastest node's, and the design with all of them on it.
// Links are looked up where the evaluation found them: the presets with the design's calibrated links.
void planSlowedLinks(const core::Design& design, const core::Catalog& catalog, WhatIfPlan& plan)
{
    const core::LinkSpec* fastest = nullptr;
    for (const core::Node& node : design.cluster.nodes)
        if (const core::LinkSpec* link = catalog.link(node.intraLink);
            link && (!fastest || link->bandwidth > fastest->bandwidth))
            fastest = link;
    core::Design fast = design;
    for (core::Node& node : fast.cluster.nodes)
        if (const core::LinkSpec* link = catalog.link(node.intraLink);
            link && fastest && link->bandwidth < fastest->bandwidth) {
            plan.figures.slowedNodes.push_back({node.id, link->name});
            node.intraLink = fastest->id;
        }
    if (plan.figures.slowedNodes.empty())
        return;
    plan.figures.fastestLink = fastest->name;
    plan.allFast = std::move(fast);
}

} // namespace

WhatIfPlan planWhatIf(const widgets::DesignSnapshot& snapshot)
{
    WhatIfPlan plan;
    plan.figures.design = snapshot.design;
    if (snapshot.isNull())
        return plan;
    planRegrouping(*snapshot.design, *snapshot.evaluation, plan);
    planSlowedLinks(*snapshot.design, *snapshot.evaluation->catalog, plan);
    return plan;
}

widgets::WhatIfFigures computeWhatIf(const WhatIfPlan& plan)
{
    widgets::WhatIfFigures figures = plan.figures;
    if (figures.regrouping && plan.whole && plan.regrouped) {
        figures.regrouping->whole = costsOf(*plan.whole);
        figures.regrouping->regrouped = costsOf(*plan.regrouped);
    }
    if (plan.allFast)
        figures.allFast = costsOf(*plan.allFast);
    return figures;
}

WhatIfRunner::WhatIfRunner(QObject* parent)
    : QObject(parent)
{ }

void WhatIfRunner::finish()
{
    m_worker.finish(this);
}

void WhatIfRunner::request(const widgets::DesignSnapshot& snapshot)
{
    if (snapshot.design && snapshot.design == m_requested)
        return; // the same design again (a view refreshed): its figures are on their way or shown
    m_requested = snapshot.design;
    WhatIfPlan plan = planWhatIf(snapshot);
    if (!plan.needsEvaluation()) {
        m_worker.drop(); // an older what-if still under way is stale
        emit figuresReady(plan.figures);
        return;
    }
    m_worker.run(
        this, [plan = std::move(plan)] { return computeWhatIf(plan); },
        [this](const widgets::WhatIfFigures& figures) { emit figuresReady(figures); });
}

} // namespace app
