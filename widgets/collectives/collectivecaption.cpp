// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivecaption.h"

#include "collectives/collectivetext.h"
#include "collectives/collectiveview.h"

#include <QStringList>
#include <map>

namespace widgets {

namespace {

// The rank a column stands for: a group's real rank, else the position.
QString rankName(const CollectiveScene& scene, int position)
{
    if (position >= 0 && position < static_cast<int>(scene.rankIds.size()))
        return QString::number(scene.rankIds[static_cast<std::size_t>(position)]);
    return QString::number(position);
}

QString goalText(const CollectiveScene& scene)
{
    const core::CollectiveSpec& spec = scene.trace->spec;
    switch (spec.op) {
    case core::CollectiveOp::AllReduce:
        return CollectivePanelText::tr("every rank ends up with the sum of all ranks' tensors.");
    case core::CollectiveOp::AllGather:
        return CollectivePanelText::tr("every rank ends up with the shards of all ranks.");
    case core::CollectiveOp::ReduceScatter:
        return CollectivePanelText::tr("every rank ends up with the sum of one shard, its own.");
    case core::CollectiveOp::AllToAll:
        return CollectivePanelText::tr("every rank sends every other rank a different piece.");
    case core::CollectiveOp::SendRecv:
        return spec.algorithm == core::CollectiveAlgorithm::Direct
            ? CollectivePanelText::tr("rank %1 sends its tensor to exactly one other rank, %2.")
                  .arg(rankName(scene, 0), rankName(scene, 1))
            : CollectivePanelText::tr("every rank sends its tensor to the next rank.");
    }
    return {};
}

QString beforeText(const core::CollectiveSpec& spec)
{
    const int n = spec.ranks;
    switch (spec.op) {
    case core::CollectiveOp::AllGather:
        return CollectivePanelText::tr(
                   "Before: each of the %1 ranks holds only its own shard (one column per rank, one cell "
                   "per chunk).")
            .arg(n);
    case core::CollectiveOp::AllToAll:
        return CollectivePanelText::tr(
                   "Before: each of the %1 ranks holds one piece for every rank (\"2.1\" is rank 2's piece "
                   "for rank 1).")
            .arg(n);
    default:
        return CollectivePanelText::tr(
                   "Before: each of the %1 ranks holds its own tensor, cut into %2 chunks (one column per "
                   "rank, one cell per chunk).")
            .arg(n)
            .arg(spec.chunks);
    }
}

// One phrase per link, "rank 0 sends chunk 3 to rank 1": every link when there are a few, else the first
// three.
QString sendsText(const CollectiveScene& scene, const core::CollectiveStep& step)
{
    std::map<std::pair<int, int>, std::vector<int>> byLink;
    for (const core::CollectiveSend& s : step.sends)
        byLink[{s.from, s.to}].push_back(s.chunk);
    QStringList phrases;
    const qsizetype listed = byLink.size() <= 4 ? 4 : 3;
    for (const auto& [link, chunks] : byLink) {
        if (phrases.size() == listed)
            break;
        QStringList numbers;
        for (int c : chunks)
            numbers << QString::number(c);
        phrases << (chunks.size() == 1 ? CollectivePanelText::tr("rank %1 sends chunk %2 to rank %3")
                                       : CollectivePanelText::tr("rank %1 sends chunks %2 to rank %3"))
                       .arg(rankName(scene, link.first), numbers.join(QStringLiteral(", ")),
                            rankName(scene, link.second));
    }
    QString sends = phrases.join(QStringLiteral(", "));
    if (byLink.size() > 4)
        sends += CollectivePanelText::tr(", … (%1 links at once)").arg(byLink.size());
    return sends;
}

// What the receivers of a step do with what they get.
QString effectText(const core::CollectiveStep& step)
{
    bool reduces = false, copies = false;
    for (const core::CollectiveSend& s : step.sends)
        (s.reduces ? reduces : copies) = true;
    if (reduces && copies)
        return CollectivePanelText::tr(
            "partial sums go up the trees and are added, finished sums come down and are copied");
    if (reduces)
        return CollectivePanelText::tr("each receiver adds it to its own part");
    return CollectivePanelText::tr("each receiver keeps a copy");
}

} // namespace

QString collectiveCaption(const CollectiveView& view)
{
    if (!view.hasTrace())
        return view.message();
    const CollectiveScene& scene = view.scene();
    const core::CollectiveTrace& trace = *scene.trace;
    const CollectivePlayhead& p = view.playhead();
    const QString goal = goalText(scene);
    const int shown = p.shownStep();
    if (shown < 0)
        return CollectivePanelText::tr("%1 Goal: %2").arg(beforeText(trace.spec), goal);

    const core::CollectiveStep& step = trace.steps[static_cast<std::size_t>(shown)];
    QString text = CollectivePanelText::tr("Step %1 of %2 · %3: %4; %5.")
                       .arg(shown + 1)
                       .arg(p.steps())
                       .arg(collectivePhaseText(step.phase), sendsText(scene, step), effectText(step));
    if (static_cast<std::size_t>(shown) < scene.stepSeconds.size())
        text += QStringLiteral(" (%1)").arg(secondsText(scene.stepSeconds[static_cast<std::size_t>(shown)]));
    if (p.atEnd() && !p.isMoving())
        text += QLatin1Char('\n') + CollectivePanelText::tr("Done: %1").arg(goal);
    return text;
}

} // namespace widgets
