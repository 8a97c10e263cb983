// SPDX-License-Identifier: GPL-3.0-or-later
// torchrun: starts one process per rank on every node (torch.distributed.run docs, PyTorch 2.5). It knows
// nothing of the parallel degrees; the training script builds its device mesh from them.

#include "design/design.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"

namespace core::launch {

void noteNodeShape(LaunchConfig& config, const LaunchContext& context)
{
    if (!context.evenNodes)
        addNote(config, kUnevenNodes, "/cluster",
                {number(context.processesPerNode), number(context.fewestPerNode)});
    else if (!context.nodeMajor)
        addNote(config, kPlacement, "/placement");
}

void writeTorchrun(LaunchConfig& config, const LaunchContext& context)
{
    const ParallelLayout& layout = context.design.layout;
    noteNodeShape(config, context);
    if (const std::string fields = layoutFieldsInUse(layout, {Dim::Tp, Dim::Pp, Dim::Cp, Dim::Ep}, true);
        !fields.empty())
        addNote(config, kSetInCode, "/layout", {fields});

    std::vector<std::string> extra{"train.py stands for the training script; it builds its device mesh from "
                                   "the layout above."};
    ShellCommand command("torchrun");
    if (context.nodes <= 1) {
        command.flag("--standalone");
    } else {
        std::string placeholders = "Run on every node with NODE_RANK = 0 … ";
        placeholders += number(context.nodes - 1);
        placeholders += " and MASTER_ADDR = the address of node 0.";
        extra.push_back(std::move(placeholders));
        command.flag("--nnodes", context.nodes);
    }
    command.flag("--nproc-per-node", context.processesPerNode);
    if (context.nodes > 1) {
        // A static rendezvous with fixed node ranks keeps the design's rank → node mapping; c10d's dynamic
        // rendezvous would number the nodes in the order they join.
        command.flag("--node-rank", "${NODE_RANK}")
            .flag("--master-addr", "${MASTER_ADDR}")
            .flag("--master-port", kRendezvousPort);
    }
    command.word("train.py");
    if (!config.ok())
        return;
    config.text = "#!/bin/sh\n";
    config.text += commentBlock(headerLines(config, context, "torchrun launch", extra));
    config.text += command.text();
}

} // namespace core::launch
