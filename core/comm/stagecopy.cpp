// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/stagecopy.h"

#include "comm/groupcollective.h"
#include "memory/modelshard.h"

#include <algorithm>

namespace core {

PipelineCopies pipelineCopies(const Design& design)
{
    const ParallelLayout& layout = design.layout;
    if (layout.pp() <= 1)
        return PipelineCopies::None;
    if (layout.schedule == Schedule::DualPipe)
        return PipelineCopies::Stages;
    // Serving has no gradients to sum; a rank holding both ends holds one tensor.
    if (design.workload.mode != Mode::Training
        || !(design.model.tiedEmbeddings || trainedMtpLayers(design) > 0))
        return PipelineCopies::None;
    const std::vector<int> first = stagesOfPipelineRank(design, 0);
    const bool bothEnds = std::find(first.begin(), first.end(), modelStageCount(layout) - 1) != first.end();
    return bothEnds ? PipelineCopies::None : PipelineCopies::Embedding;
}

int stageCopyPartner(const Design& design, int pipelineRank)
{
    const int last = design.layout.pp() - 1;
    switch (pipelineCopies(design)) {
    case PipelineCopies::Stages:
        return last - pipelineRank;
    case PipelineCopies::Embedding:
        return pipelineRank == 0 ? last : pipelineRank == last ? 0 : -1;
    case PipelineCopies::None:
        break;
    }
    return -1;
}

double stageCopyParameters(const Design& design, int pipelineRank)
{
    const ParallelLayout& l = design.layout;
    switch (pipelineCopies(design)) {
    case PipelineCopies::Stages:
        return optimizerShardParameters(design, pipelineRank);
    case PipelineCopies::Embedding:
        if (stageCopyPartner(design, pipelineRank) < 0)
            return 0;
        return wordEmbeddingShard(design) / (l.zeroStage >= 3 ? denseShardGroup(l) : 1);
    case PipelineCopies::None:
        break;
    }
    return 0;
}

double stageCopyBytes(const Design& design, int pipelineRank)
{
    return stageCopyParameters(design, pipelineRank) * gradientBytesPerElement(design);
}

std::vector<std::array<int, 2>> stageCopyPairs(const Design& design, const LayoutMesh& mesh,
                                               const std::vector<RankInfo>& ranks)
{
    std::vector<std::array<int, 2>> out;
    const PipelineCopies copies = pipelineCopies(design);
    if (copies == PipelineCopies::None)
        return out;
    const int p = design.layout.pp();
    std::vector<int> byPosition(static_cast<std::size_t>(p), -1);
    for (const auto& pipeline : mesh.groupsOf(Dim::Pp)) {
        for (int rank : pipeline)
            if (rank >= 0 && rank < static_cast<int>(ranks.size()))
                byPosition[static_cast<std::size_t>(ranks[static_cast<std::size_t>(rank)].coord(Dim::Pp))]
                    = rank;
        for (int r = 0; r < (copies == PipelineCopies::Stages ? p / 2 : 1); ++r)
            out.push_back({byPosition[static_cast<std::size_t>(r)],
                           byPosition[static_cast<std::size_t>(stageCopyPartner(design, r))]});
    }
    return out;
}

} // namespace core
