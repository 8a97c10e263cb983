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
    return stageCopyParameters(design, pipelineRank) * gradientBytesPerElement(design.workload.precision);
}

} // namespace core
