// SPDX-License-Identifier: GPL-3.0-or-later
#include "comm/stagecopy.h"

#include "comm/groupcollective.h"
#include "memory/modelshard.h"

namespace core {

bool hasStageCopies(const ParallelLayout& layout)
{
    return layout.schedule == Schedule::DualPipe && layout.pp() > 1;
}

int stageCopyPartner(const ParallelLayout& layout, int pipelineRank)
{
    return layout.pp() - 1 - pipelineRank;
}

double stageCopyParameters(const Design& design, int pipelineRank)
{
    if (!hasStageCopies(design.layout))
        return 0;
    return optimizerShardParameters(design, pipelineRank);
}

double stageCopyBytes(const Design& design, int pipelineRank)
{
    return stageCopyParameters(design, pipelineRank) * gradientBytesPerElement(design);
}

std::vector<std::array<int, 2>> stageCopyPairs(const ParallelLayout& layout, const LayoutMesh& mesh,
                                               const std::vector<RankInfo>& ranks)
{
    std::vector<std::array<int, 2>> out;
    if (!hasStageCopies(layout))
        return out;
    const int p = layout.pp();
    std::vector<int> byPosition(static_cast<std::size_t>(p), -1);
    for (const auto& pipeline : mesh.groupsOf(Dim::Pp)) {
        for (int rank : pipeline)
            if (rank >= 0 && rank < static_cast<int>(ranks.size()))
                byPosition[static_cast<std::size_t>(ranks[static_cast<std::size_t>(rank)].coord(Dim::Pp))]
                    = rank;
        for (int r = 0; r < p / 2; ++r)
            out.push_back({byPosition[static_cast<std::size_t>(r)],
                           byPosition[static_cast<std::size_t>(stageCopyPartner(layout, r))]});
    }
    return out;
}

} // namespace core
