// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the memory suites share (tst_memory, tst_activationmemory): a rank's figure of one category, a tiny
// Llama as the tests build it, and runs of Megatron's GPT (testdesigns.h) on H100 nodes.

#include "evaluate.h"
#include "memory/memory.h"
#include "support/testdesigns.h"

namespace testing::memory {

using namespace core;

inline double bytesOf(const Evaluation& e, int rank, MemoryCategory category)
{
    return e.memory->roleOf(rank).figure(category).bytes;
}

// One of Korthikanti et al.'s Table 3 runs on A100 80 GB nodes of eight: TP, SP, selective recompute.
inline Design korthikantiRun(int layers, int hidden, int heads, int tp, int pp, int v, int microBatch,
                             int globalBatch)
{
    Design d = testing::example("default");
    d.model = megatronGpt(layers, hidden, heads);
    d.cluster = makeUniformCluster(std::max(tp * pp / 8, 1), std::min(tp * pp, 8), "a100-80gb", "nvlink3",
                                   "ib-hdr-200");
    d.layout = ParallelLayout{};
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.sequenceParallel = true;
    d.layout.recompute = Recompute::Selective;
    d.layout.microBatch = microBatch;
    d.layout.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
    d.layout.virtualStages = v;
    d.workload.sequenceLength = 2048;
    d.workload.globalBatch = globalBatch;
    d.workload.flashAttention = false; // 2022: the paper's formulas keep the 5as/h term
    return d;
}

// A small Llama-shaped model whose figures can be computed by hand: h = 1024, 8 heads (and 8 KV heads) of
// 128, SwiGLU of f = 4096, RMSNorm, no biases, no dropout, untied embeddings, vocabulary 32,000 (already
// a multiple of 128 × TP for TP ≤ 2). Parameters per layer L = 4h² + 3hf + 2h = 16,779,264; embedding
// and output head 32,768,000 each; final norm 1,024.
inline ModelArchitecture tinyLlama(int layers = 4)
{
    ModelArchitecture m;
    m.name = "Tiny Llama";
    m.layers = layers;
    m.hidden = 1024;
    m.ffn = 4096;
    m.heads = 8;
    m.kvHeads = 8;
    m.headDim = 128;
    m.vocab = 32000;
    m.maxContext = 8192;
    return m;
}
constexpr double kTinyLayer = 16779264;
constexpr double kTinyVocab = 32768000;

// tinyLlama on one node of eight H100: s = 2048, b = 1, Adam with BF16 mixed precision, no recomputation.
inline Design tinyRun(int tp, int pp, int dp, int zeroStage)
{
    Design d = testing::example("default");
    d.model = tinyLlama();
    d.cluster = makeUniformCluster(1, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout = ParallelLayout{};
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.setDegree(Dim::Pp, pp);
    d.layout.setDegree(Dim::Dp, dp);
    d.layout.zeroStage = zeroStage;
    d.workload.sequenceLength = 2048;
    d.workload.globalBatch = 32;
    d.workload.optimizer = Optimizer::Adam;
    return d;
}

// Evaluated figures of one rank, with the design's diagnostics on failure.
#define EVALUATE_OR_FAIL(e, design)                                                                          \
    const Evaluation e = evaluate(design);                                                                   \
    QVERIFY2(e.memory, qPrintable(testing::describe(e.diagnostics)))

} // namespace testing::memory
