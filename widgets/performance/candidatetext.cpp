// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/candidatetext.h"

#include "common/choicetext.h"
#include "common/unitstext.h"
#include "design/designio.h"
#include "performance/layoutcomparison.h"

#include <QCoreApplication>
#include <algorithm>

namespace widgets {

QString layoutLabel(const core::ParallelLayout& l)
{
    QString text = QStringLiteral("TP %1 · PP %2 · DP %3").arg(l.tp()).arg(l.pp()).arg(l.dp());
    if (l.cp() > 1)
        text += QStringLiteral(" · CP %1").arg(l.cp());
    if (l.ep() > 1)
        text += QStringLiteral(" · EP %1").arg(l.ep());
    return text;
}

QString settingsLabel(const core::ParallelLayout& l)
{
    QString text = l.zeroStage == 0 ? QStringLiteral("DDP") : QStringLiteral("ZeRO-%1").arg(l.zeroStage);
    text += QStringLiteral(" · mb %1 · %2").arg(l.microBatch).arg(scheduleName(l.schedule));
    if (l.virtualStages > 1)
        text += QStringLiteral(" ×%1").arg(l.virtualStages);
    text += QStringLiteral(" · ") + recomputeName(l.recompute);
    // Selective recomputation's modules, as Megatron-LM's --recompute-modules names them.
    if (l.recompute == core::Recompute::Selective && !l.recomputeModules.empty())
        text += QStringLiteral(" (%1)").arg(
            QString::fromStdString(core::recomputeModuleList(l.recomputeModules)));
    if (l.recomputesSomeLayers())
        text += QCoreApplication::translate("Report", " of the first %n layer(s) of each chunk", nullptr,
                                            l.recomputeLayers);
    return text;
}

namespace {

// The Performance tab's texts translate in its context, so that a translator finds them together.
class PanelText
{
    Q_DECLARE_TR_FUNCTIONS(widgets::PerformancePanel)
};

// The published pairs that speak for the comparison, as the sentence names them.
QString evidenceWords(core::PairEvidence evidence)
{
    switch (evidence) {
    case core::PairEvidence::MegatronLayouts:
        return PanelText::tr("Megatron-Core layouts of one model on the same GPUs");
    case core::PairEvidence::MegatronEagerMoe:
        return PanelText::tr("Megatron-Core layouts of one MoE model on the same GPUs, launched eagerly");
    case core::PairEvidence::TorchtitanLayouts:
        return PanelText::tr("torchtitan layouts of one model on the same GPUs");
    case core::PairEvidence::TorchtitanContext:
        return PanelText::tr("torchtitan runs that changed the context length with CP");
    case core::PairEvidence::None:
        break;
    }
    return {};
}

// What the two differ in that no published pair did.
QString gapWords(core::PairGap gap)
{
    switch (gap) {
    case core::PairGap::Model:
        return PanelText::tr("compares two models");
    case core::PairGap::Machines:
        return PanelText::tr("compares different GPUs, links or fabrics");
    case core::PairGap::Framework:
        return PanelText::tr("compares two frameworks");
    case core::PairGap::Context:
        return PanelText::tr("of Megatron-Core changed the context length or the CP degree");
    case core::PairGap::Unpublished:
        return PanelText::tr("ran DeepSpeed");
    case core::PairGap::Serving:
    case core::PairGap::None:
        break;
    }
    return {};
}

struct Ranked
{
    int column = 0; // from 1, as the table's columns read
    const DesignSnapshot* snapshot = nullptr;
    double tokensPerGpu = 0;
};

} // namespace

QString candidateComparisonText(const std::vector<DesignSnapshot>& candidates)
{
    std::vector<Ranked> ranked;
    int column = 0;
    for (const DesignSnapshot& c : candidates) {
        const int own = ++column;
        if (!c.design->records.empty())
            ++column; // the measured column beside it (PerformancePanel::rebuildTable)
        const core::Evaluation& e = *c.evaluation;
        if (c.design->workload.mode == core::Mode::Training && e.performance && e.gpusInService > 0)
            ranked.push_back(
                {own, &c, e.performance->tokensPerSecond / static_cast<double>(e.gpusInService)});
    }
    if (ranked.size() < 2)
        return {};
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const Ranked& a, const Ranked& b) { return a.tokensPerGpu > b.tokensPerGpu; });
    const Ranked& faster = ranked[0];
    const Ranked& slower = ranked[1];
    const core::LayoutComparison c = core::compareLayouts(*faster.snapshot->design, faster.tokensPerGpu,
                                                          *slower.snapshot->design, slower.tokensPerGpu);
    if (c.ratio < 1 + 5e-4) // what percentText shows as 0.0 %: the same design pinned twice, say
        return PanelText::tr("Columns %1 and %2 run as many tokens a second per GPU.")
            .arg(std::min(faster.column, slower.column))
            .arg(std::max(faster.column, slower.column));
    QString text = PanelText::tr("Column %1 runs %2 more tokens a second per GPU than column %3.")
                       .arg(faster.column)
                       .arg(percentText(c.ratio - 1))
                       .arg(slower.column);
    text += QLatin1Char(' ');
    if (c.evidence == core::PairEvidence::None)
        text += PanelText::tr("<b>Not known whether the order holds</b>: no published pair of runs %1; the "
                              "step's explanation says how far single runs were from the model.")
                    .arg(gapWords(c.gap));
    else if (c.decided())
        text += PanelText::tr(
                    "<b>The order holds</b>: between published %1 the model's ratio was at most %2 off.")
                    .arg(evidenceWords(c.evidence), percentText(c.tolerance, 0));
    else
        text += PanelText::tr(
                    "<b>Too close for the model to decide</b>: between published %1 its ratio was up "
                    "to %2 off; measure both.")
                    .arg(evidenceWords(c.evidence), percentText(c.tolerance, 0));
    return text;
}

} // namespace widgets
