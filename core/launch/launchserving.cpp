// SPDX-License-Identifier: GPL-3.0-or-later
// Serving commands: vLLM 0.10 engine arguments (vllm serve; docs/serving/distributed_serving.md and
// data_parallel_deployment.md) and SGLang 0.5 server arguments (python -m sglang.launch_server;
// docs/advanced_features/server_arguments.md). A replica is TP × PP GPUs; replicas are data-parallel.

#include "design/design.h"
#include "launch/launchnotes.h"
#include "launch/launchtext.h"

namespace core::launch {

namespace {

// Ports from the tools' multi-node examples.
constexpr int kVllmDataParallelRpcPort = 13345;
constexpr int kSglangDistInitPort = 50000;

std::string modelOrPlaceholder(LaunchConfig& config, const LaunchContext& context)
{
    if (!context.names.hubId.empty())
        return std::string(context.names.hubId);
    addNote(config, kModelName, "/model", {"Hugging Face checkpoint", context.design.model.name, "MODEL"});
    return "MODEL";
}

std::string servingSummary(const LaunchContext& context, std::int64_t replicas)
{
    std::string out = "Each of the ";
    out += number(replicas);
    out += " replicas holds up to ";
    out += number(context.design.workload.serving.concurrency);
    out += " sequences of ";
    out += number(context.design.workload.serving.contextLength);
    out += " tokens.";
    return out;
}

} // namespace

void writeVllm(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    if (layout.cp() > 1)
        addNote(config, kNoContext, "/layout/cp", {number(layout.cp())});
    if (!config.ok())
        return;
    const std::int64_t replicas = layout.batchReplicas();
    // With --enable-expert-parallel the MoE layers use EP over all DP × TP ranks
    // (data_parallel_deployment.md).
    if (layout.ep() > 1 && replicas * layout.tp() != layout.ep())
        addNote(config, kExpertGroup, "/layout/ep", {number(replicas * layout.tp()), number(layout.ep())});
    const std::string model = modelOrPlaceholder(config, context);
    noteNodeShape(config, context);

    const std::int64_t replicaGpus = std::int64_t(layout.tp()) * layout.pp();
    const bool replicaSpansNodes = replicaGpus > context.processesPerNode;
    const bool replicasSpanNodes = !replicaSpansNodes && context.nodes > 1;
    std::vector<std::string> extra{servingSummary(context, replicas)};
    // Several replicas that each span nodes: Ray places them (--data-parallel-backend ray), each over several
    // nodes with the span strategy; vLLM runs that from pull request 26367 (October 2025) on, before which it
    // took no data parallelism over a replica larger than a node (data_parallel_deployment.md).
    const bool spanningReplicas = replicaSpansNodes && replicas > 1;
    ShellCommand command(spanningReplicas ? "VLLM_RAY_DP_PACK_STRATEGY=span vllm serve" : "vllm serve");
    command.word(model)
        .flag("--tensor-parallel-size", layout.tp())
        .flag("--pipeline-parallel-size", layout.pp())
        .flag("--data-parallel-size", replicas)
        .flag("--max-model-len", design.workload.serving.contextLength)
        .flag("--max-num-seqs", design.workload.serving.concurrency);
    if (design.workload.serving.kvDtype == KvDtype::Fp8)
        command.flag("--kv-cache-dtype", "fp8");
    if (layout.ep() > 1)
        command.flag("--enable-expert-parallel");
    if (replicaSpansNodes) {
        command.flag("--distributed-executor-backend", "ray");
        if (spanningReplicas)
            command.flag("--data-parallel-backend", "ray");
        extra.push_back(
            spanningReplicas
                ? "Each replica spans nodes: start a Ray cluster over all of them first (ray start), "
                  "then run this on its head node, which places every replica (vLLM with pull request "
                  "26367, October 2025, or later)."
                : "A replica spans nodes: start a Ray cluster over them first (ray start), then run "
                  "this on its head node.");
    } else if (replicasSpanNodes) {
        const std::int64_t local = context.processesPerNode / replicaGpus;
        command.flag("--data-parallel-size-local", local)
            .flag("--data-parallel-address", "${MASTER_ADDR}")
            .flag("--data-parallel-rpc-port", kVllmDataParallelRpcPort);
        std::string others = "On node k > 0 add --headless --data-parallel-start-rank k × ";
        others += number(local);
        others += '.';
        extra.push_back(std::move(others));
    }
    config.text = "#!/bin/sh\n";
    config.text += commentBlock(headerLines(config, context, "vLLM serving command", extra));
    config.text += command.text();
}

void writeSglang(LaunchConfig& config, const LaunchContext& context)
{
    const Design& design = context.design;
    const ParallelLayout& layout = design.layout;
    if (layout.cp() > 1)
        addNote(config, kNoContext, "/layout/cp", {number(layout.cp())});
    if (layout.ep() > 1 && layout.ep() > layout.tp())
        addNote(config, kExpertInsideTp, "/layout/ep", {number(layout.ep()), number(layout.tp())});
    if (!config.ok())
        return;
    const std::string model = modelOrPlaceholder(config, context);
    noteNodeShape(config, context);

    const std::int64_t replicas = layout.batchReplicas();
    std::vector<std::string> extra{servingSummary(context, replicas)};
    ShellCommand command("python3 -m sglang.launch_server");
    command.flag("--model-path", model).flag("--tp-size", layout.tp());
    if (layout.pp() > 1)
        command.flag("--pp-size", layout.pp());
    if (replicas > 1)
        command.flag("--dp-size", replicas);
    if (layout.ep() > 1)
        command.flag("--ep-size", layout.ep());
    command.flag("--context-length", design.workload.serving.contextLength)
        .flag("--max-running-requests", design.workload.serving.concurrency);
    if (design.workload.serving.kvDtype == KvDtype::Fp8)
        command.flag("--kv-cache-dtype", "fp8_e4m3");
    if (context.nodes > 1) {
        std::string endpoint = "${MASTER_ADDR}:";
        endpoint += number(kSglangDistInitPort);
        command.flag("--nnodes", context.nodes)
            .flag("--node-rank", "${NODE_RANK}")
            .flag("--dist-init-addr", endpoint);
        extra.push_back(
            "Run on every node with NODE_RANK = 0 … nodes − 1 and MASTER_ADDR = node 0's address.");
    }
    config.text = "#!/bin/sh\n";
    config.text += commentBlock(headerLines(config, context, "SGLang serving command", extra));
    config.text += command.text();
}

} // namespace core::launch
