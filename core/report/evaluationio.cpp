// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/evaluationio.h"

#include "evaluate.h"
#include "pipeline/steptimeline.h"

#include <algorithm>
#include <limits>

namespace core {

namespace {

Json breakdownToJson(const ParameterBreakdown& b)
{
    Json out = {{"embedding", b.embedding},  {"attention", b.attention}, {"mlp", b.mlp},
                {"experts", b.experts},      {"router", b.router},       {"norms", b.norms},
                {"outputHead", b.outputHead}};
    if (b.mtp > 0) // written only for a model with multi-token prediction
        out["mtp"] = b.mtp;
    return out;
}

// Large integer-valued doubles (parameter counts) are written as integers when they are exact.
Json count(double value)
{
    if (value >= 0 && value < 9007199254740992.0
        && value == static_cast<double>(static_cast<std::int64_t>(value)))
        return static_cast<std::int64_t>(value);
    return value;
}

Json groupsToJson(const RankGroups& groups, std::size_t listed)
{
    Json out = Json::array();
    for (std::size_t g = 0; g < std::min(listed, groups.size()); ++g)
        out.push_back(Json(std::vector<int>(groups[g].begin(), groups[g].end())));
    return out;
}

// The ranks a summarised evaluation lists: the first of each memory role (none without a mesh).
std::vector<int> summaryRanks(const Evaluation& e)
{
    std::vector<int> out;
    if (e.roles)
        for (const RankRoles::Role& role : e.roles->roles)
            if (!role.ranks.empty())
                out.push_back(role.ranks.front());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

Json parametersToJson(const ParameterCounts& counts)
{
    Json breakdown = breakdownToJson(counts.all);
    Json active = breakdownToJson(counts.active);
    for (auto& item : breakdown.items())
        item.value() = count(item.value().get<double>());
    for (auto& item : active.items())
        item.value() = count(item.value().get<double>());
    return {{"total", count(counts.all.total())},
            {"active", count(counts.active.total())},
            {"breakdown", std::move(breakdown)},
            {"activeBreakdown", std::move(active)}};
}

Json evaluationToJson(const Design& design, const Evaluation& e, const EvaluationJsonOptions& options)
{
    Json out = Json::object();
    out["format"] = kEvaluationFormat;
    out["version"] = kEvaluationVersion;
    out["design"] = design.name;
    out["valid"] = e.valid();
    out["worldSize"] = e.worldSize;
    out["gpus"] = {{"total", e.gpusInCluster}, {"inService", e.gpusInService}};
    out["microBatches"] = e.microBatches;
    out["parameters"] = parametersToJson(e.parameters);
    Json diagnostics = Json::array();
    for (const Diagnostic& d : e.diagnostics)
        diagnostics.push_back(diagnosticToJson(d));
    out["diagnostics"] = std::move(diagnostics);

    out["explicitPlacement"] = e.explicitPlacement;
    const bool summary = !options.allRanks && static_cast<std::int64_t>(e.ranks.size()) > kListedRanks;
    const std::vector<int> listed = summary ? summaryRanks(e) : std::vector<int>{};
    out["ranksListed"] = summary ? "first of each role" : "all";
    Json ranks = Json::array();
    const auto listRank = [&](const RankInfo& r) {
        Json coords = Json::object();
        for (Dim dim : {Dim::Dp, Dim::Tp, Dim::Pp, Dim::Cp, Dim::Ep})
            coords[std::string(enumName(dim))] = r.coord(dim);
        Json rank = {{"rank", r.rank}};
        rank["node"] = r.nodeId >= 0 ? Json(r.nodeId) : Json(nullptr);
        rank["gpu"] = r.gpuId >= 0 ? Json(r.gpuId) : Json(nullptr);
        rank["slot"] = r.slot >= 0 ? Json(r.slot) : Json(nullptr);
        rank["coords"] = std::move(coords);
        ranks.push_back(std::move(rank));
    };
    if (summary) {
        for (int rank : listed)
            listRank(e.ranks[static_cast<std::size_t>(rank)]);
    } else {
        for (const RankInfo& r : e.ranks)
            listRank(r);
    }
    out["ranks"] = std::move(ranks);

    Json groups = Json::object();
    if (e.hasMesh) {
        const std::size_t groupsListed = summary ? 2 : std::numeric_limits<std::size_t>::max();
        for (Dim dim : {Dim::Tp, Dim::Pp, Dim::Dp, Dim::Cp, Dim::Ep})
            groups[std::string(enumName(dim))] = groupsToJson(e.mesh.groupsOf(dim), groupsListed);
        if (design.layout.expertMode == ExpertMode::Megatron) {
            groups["expertTp"] = groupsToJson(e.mesh.expertTpGroups, groupsListed);
            groups["expertDp"] = groupsToJson(e.mesh.expertDpGroups, groupsListed);
        }
    }
    out["groups"] = std::move(groups);
    if (e.memory)
        out["memory"] = memoryToJson(*e.memory, summary ? &listed : nullptr);
    if (e.performance)
        out["performance"] = performanceToJson(*e.performance);
    if (e.serving)
        out["serving"] = servingPerformanceToJson(*e.serving);
    if (e.traffic)
        out["traffic"] = trafficToJson(*e.traffic);
    out["schedule"] = e.schedule ? scheduleToJson(e.schedule->timeline, e.schedule->spec()) : Json(nullptr);
    return out;
}

} // namespace core
