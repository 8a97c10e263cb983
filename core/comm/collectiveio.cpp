// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/collectiveio.h"

#include "base/diagnosticio.h"

#include <algorithm>

namespace core {

namespace {

// [rank][slot] → the ranks whose contributions the slot holds, ascending; [] when it is empty.
Json stateToJson(const CollectiveState& state)
{
    Json ranks = Json::array();
    for (int r = 0; r < state.ranks(); ++r) {
        Json slots = Json::array();
        for (int c = 0; c < state.chunks(); ++c)
            slots.push_back(state.contributors(r, c));
        ranks.push_back(std::move(slots));
    }
    return ranks;
}

} // namespace

Json collectiveToJson(const CollectiveSpec& spec, CostModel model, const CollectiveCost& cost,
                      const CollectiveTrace* trace, const CollectiveLinks& links)
{
    Json out = Json::object();
    out["format"] = kCollectiveFormat;
    out["version"] = kCollectiveVersion;
    out["op"] = enumName(spec.op);
    out["algorithm"] = enumName(spec.algorithm);
    out["model"] = enumName(model);
    out["ranks"] = spec.ranks;
    out["ranksPerNode"] = spec.ranksPerNode;
    out["bytes"] = spec.bytes;
    out["chunks"] = effectiveChunks(spec);
    out["timeSeconds"] = cost.timeSeconds;
    out["latencySeconds"] = cost.latencySeconds;
    out["bandwidthSeconds"] = cost.bandwidthSeconds;
    out["reductionSeconds"] = cost.reductionSeconds;
    out["algBandwidth"] = cost.algBandwidth;
    out["busBandwidth"] = cost.busBandwidth;
    out["busFactor"] = cost.busFactor;
    Json steps = Json::array();
    std::vector<Diagnostic> diagnostics = cost.diagnostics;
    if (trace) {
        const std::vector<double> seconds = stepSeconds(*trace, links);
        for (const CollectiveStep& step : trace->steps) {
            Json sends = Json::array();
            for (const CollectiveSend& s : step.sends)
                sends.push_back({{"from", s.from},
                                 {"to", s.to},
                                 {"chunk", s.chunk},
                                 {"toChunk", s.toChunk},
                                 {"reduce", s.reduces},
                                 {"channel", s.channel}});
            const std::size_t i = static_cast<std::size_t>(step.index);
            steps.push_back({{"index", step.index},
                             {"phase", enumName(step.phase)},
                             {"seconds", i < seconds.size() ? seconds[i] : 0.0},
                             {"sends", std::move(sends)},
                             {"after", stateToJson(step.after)}});
        }
        // Checks common to both appear once.
        for (const Diagnostic& d : trace->diagnostics) {
            const bool seen = std::any_of(diagnostics.begin(), diagnostics.end(), [&d](const Diagnostic& e) {
                return e.code == d.code && e.path == d.path;
            });
            if (!seen)
                diagnostics.push_back(d);
        }
        sortDiagnostics(diagnostics);
    }
    out["steps"] = std::move(steps);
    Json list = Json::array();
    for (const Diagnostic& d : diagnostics)
        list.push_back(diagnosticToJson(d));
    out["diagnostics"] = std::move(list);
    return out;
}

CollectiveSpec readCollectiveSpec(const Json& value, ReadContext& context)
{
    CollectiveSpec spec;
    ObjectReader in(value, "", context);
    if (!in.valid())
        return spec;
    if (in.has("op")) {
        in.readEnum("op", spec.op);
    } else {
        std::string missing;
        in.require("op", missing); // reports it
    }
    spec.algorithm = algorithmsFor(spec.op).front();
    in.readEnum("algorithm", spec.algorithm);
    in.require("ranks", spec.ranks);
    in.require("bytes", spec.bytes);
    in.read("chunks", spec.chunks);
    in.read("ranksPerNode", spec.ranksPerNode);
    in.read("source", spec.source);
    in.read("destination", spec.destination);
    return spec;
}

} // namespace core
