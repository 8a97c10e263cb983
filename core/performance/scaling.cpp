// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/scaling.h"

#include "evaluate.h"

namespace core {

ScalingCurve scalingCurve(const Design& design, ScalingKind kind, int maxGpus, const Catalog& catalog)
{
    ScalingCurve curve;
    curve.kind = kind;
    if (design.cluster.nodes.empty() || design.cluster.nodes.front().gpus.empty())
        return curve;
    const Node& model = design.cluster.nodes.front();
    const int perNode = static_cast<int>(model.gpus.size());
    const std::int64_t modelParallel = design.layout.worldSize() / std::max(design.layout.dp(), 1);
    const std::int64_t perReplica = design.workload.globalBatch / std::max(design.layout.dp(), 1);
    for (int dp = 1; modelParallel * dp <= maxGpus; dp *= 2) {
        ScalingPoint point;
        point.dp = dp;
        point.gpus = static_cast<int>(modelParallel * dp);
        Design d = design;
        d.placement.clear();
        d.layout.setDegree(Dim::Dp, dp);
        d.workload.globalBatch = kind == ScalingKind::Weak ? perReplica * dp : design.workload.globalBatch;
        point.globalBatch = d.workload.globalBatch;
        const int nodes = (point.gpus + perNode - 1) / perNode;
        d.cluster = makeUniformCluster(nodes, perNode, model.gpus.front().type, model.intraLink, design.cluster.fabric);
        d.cluster.calibratedLinks = design.cluster.calibratedLinks;
        const Evaluation e = evaluate(d, catalog);
        if (e.valid() && e.memory && e.memory->fits && e.performance) {
            point.runs = true;
            point.stepSeconds = e.performance->stepSeconds;
            point.tokensPerSecond = e.performance->tokensPerSecond;
            point.mfu = e.performance->mfu;
        }
        curve.points.push_back(point);
    }
    for (std::size_t i = 0; i < curve.points.size(); ++i)
        if (curve.points[i].runs) {
            curve.baseline = static_cast<int>(i);
            break;
        }
    if (curve.baseline >= 0) {
        const ScalingPoint& base = curve.points[static_cast<std::size_t>(curve.baseline)];
        const double perGpu = base.tokensPerSecond / base.gpus;
        for (ScalingPoint& p : curve.points)
            if (p.runs)
                p.efficiency = p.tokensPerSecond / p.gpus / perGpu;
        std::string text = "tokens/s per GPU over the baseline's, ";
        text += std::to_string(static_cast<long long>(perGpu));
        text += " tokens/s per GPU at DP ";
        text += std::to_string(base.dp);
        text += " (";
        text += std::to_string(base.gpus);
        text += " GPUs, global batch ";
        text += std::to_string(base.globalBatch);
        text += kind == ScalingKind::Weak ? "; the batch grows with the GPUs)" : "; the same global batch throughout)";
        curve.denominator = text;
    }
    return curve;
}

} // namespace core
