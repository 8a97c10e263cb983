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
    if (c.asFast())
        return PanelText::tr("Columns %1 and %2 run as many tokens a second per GPU.")
            .arg(std::min(faster.column, slower.column))
            .arg(std::max(faster.column, slower.column));
    QString text = PanelText::tr("Column %1 runs %2 more tokens a second per GPU than column %3.")
                       .arg(faster.column)
                       .arg(percentText(c.ratio - 1))
                       .arg(slower.column);
    // The verdict's words are the core's (performance/layoutcomparison.h), as the command line prints them.
    const auto comparison = [](const char* text) { return QCoreApplication::translate("Comparison", text); };
    const core::VerdictText verdict = core::comparisonVerdict(c);
    const QString pairs
        = comparison(c.evidence == core::PairEvidence::None ? core::pairGapWords(c.gap)
                                                            : core::pairEvidenceWords(c.evidence));
    QString detail = comparison(verdict.detail).arg(pairs);
    if (c.evidence != core::PairEvidence::None)
        detail = detail.arg(percentText(c.tolerance, 0));
    text += QStringLiteral(" <b>%1</b>: ").arg(comparison(verdict.headline)) + detail;
    return text;
}

} // namespace widgets
