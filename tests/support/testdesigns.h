// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the core test suites: example designs and JSON merge patches on them.

#include "design/cluster.h"
#include "design/designio.h"

#include <QFile>
#include <QTest>
#include <algorithm>
#include <cmath>

namespace testing {

inline core::Json exampleJson(std::string_view id)
{
    const core::ExampleDesign* example = core::Catalog::builtin().example(id);
    if (!example)
        qFatal("no example %s", std::string(id).c_str());
    return core::Json::parse(example->text);
}

inline core::Design example(std::string_view id)
{
    const auto design = core::exampleDesign(id);
    if (!design)
        qFatal("example %s does not load", std::string(id).c_str());
    return *design;
}

// A Megatron GPT model as in Narayanan et al. 2021 and Korthikanti et al. 2022: LayerNorm, GeLU MLP of
// 4h, biases, dropout, learned positions, tied embeddings, vocabulary 51,200.
inline core::ModelArchitecture megatronGpt(int layers, int hidden, int heads)
{
    core::ModelArchitecture m;
    m.name = "GPT " + std::to_string(layers) + "L";
    m.layers = layers;
    m.hidden = hidden;
    m.ffn = 4 * std::int64_t{hidden};
    m.heads = heads;
    m.kvHeads = heads;
    m.headDim = hidden / heads;
    m.vocab = 51200;
    m.tiedEmbeddings = true;
    m.mlp = core::MlpKind::Plain;
    m.norm = core::NormKind::LayerNorm;
    m.bias = core::BiasKind::All;
    m.dropout = true;
    m.positions = core::PositionEmbedding::Learned;
    m.maxContext = 2048;
    return m;
}

// A built-in model on one node of `gpus` GPUs of one type (InfiniBand NDR between nodes), from the FSDP
// example's layout and workload: what the suites that vary one setting at a time start from.
inline core::Design onOneNode(std::string_view model, int gpus, const char* gpu, const char* link)
{
    core::Design d = example("fsdp-1node-8gpu");
    const core::ModelArchitecture* preset = core::Catalog::builtin().model(model);
    if (!preset)
        qFatal("no model %s", std::string(model).c_str());
    d.model = *preset;
    d.cluster = core::makeUniformCluster(1, gpus, gpu, link, "ib-ndr-400");
    return d;
}

// Llama 3.1 8B on one node of eight H100, data parallelism only (ZeRO over all eight), run by `framework`.
inline core::Design dataParallel(core::Framework framework, int zeroStage, core::Offload offload)
{
    core::Design d = example("fsdp-1node-8gpu");
    d.layout.framework = framework;
    d.layout.zeroStage = zeroStage;
    d.workload.offload = offload;
    return d;
}

// The example with an RFC 7386 merge patch applied (null removes a key).
inline core::LoadResult patched(std::string_view id, const char* patchJson)
{
    core::Json document = exampleJson(id);
    document.merge_patch(core::Json::parse(patchJson));
    return core::designFromJson(document);
}

// NVIDIA's recipe for Llama 3 70B on GB200 (Megatron-Bridge LLAMA3_70B_PRETRAIN_CONFIG_GB200_FP8_CS):
// Megatron-FSDP over 64 GPUs of one NVL72 domain, FP8 with current scaling, micro-batch 2, global batch 256,
// the first `offloadedLayers` of 80 layers' activations in host memory (the recipe: 40). The model puts the
// recipe over the GPU by less than the reserve's fragmentation allowance: tight (tst_memorytight).
inline core::Design gb200Llama70bFsdp(int offloadedLayers)
{
    const std::string patch = R"({"model": "llama-3.1-70b",
        "workload": {"globalBatch": 256, "precision": "fp8", "fp8Recipe": "tensorwise"},
        "cluster": {"uniform": {"nodes": 1, "gpusPerNode": 64, "gpu": "gb200-186gb", "intraLink": "nvlink5"}},
        "layout": {"dp": 64, "framework": "megatron-core", "zeroStage": 3, "microBatch": 2,
                   "recompute": "none", "overlapGradReduce": true, "overlapParamGather": true,
                   "gradReduceInFp32": false, "fusedCrossEntropy": true, "autoDp": false,
                   "activationOffloadLayers": )"
        + std::to_string(offloadedLayers) + "}}";
    const core::LoadResult loaded = patched("fsdp-1node-8gpu", patch.c_str());
    if (!loaded.design)
        qFatal("the GB200 Llama 3 70B design does not load");
    return *loaded.design;
}

// torchtitan's Table 1 on 8 H100 (pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md): Llama 3.1
// 8B, FSDP2 over one node, local batch 2, global batch 16, its selective (op-level) recomputation; eager,
// BF16, the GPU's best attention kernel until a test says otherwise.
inline core::Design torchtitanH100Table()
{
    const core::LoadResult loaded = patched("fsdp-1node-8gpu", R"({"workload": {"globalBatch": 16},
                               "layout": {"framework": "fsdp2", "microBatch": 2, "recompute": "selective"}})");
    if (!loaded.design)
        qFatal("the torchtitan H100 design does not load");
    return *loaded.design;
}

// Llama 3.1 8B under DualPipe, PP 4 × DP `dp`, on two nodes of 2·DP H200 at a ZeRO stage: rank = dp + DP·pp
// (tp-cp-ep-dp-pp), so each data-parallel group stays on NVLink inside a node and both DualPipe pairs
// (0, 3) and (1, 2) cross the fabric. 8 micro-batches per pipeline.
inline core::Design dualPipeLlama(int zeroStage, int dp)
{
    const std::string patch = std::string(R"({"cluster": {"uniform": {"nodes": 2, "gpusPerNode": )")
        + std::to_string(2 * dp) + R"(, "gpu": "h200-141gb"}}, "workload": {"globalBatch": )"
        + std::to_string(8 * dp) + R"(}, "layout": {"pp": 4, "dp": )" + std::to_string(dp)
        + R"(, "zeroStage": )" + std::to_string(zeroStage)
        + R"(, "reshardAfterForward": false, "schedule": "dualpipe", "virtualStages": 2}})";
    const core::LoadResult loaded = patched("fsdp-1node-8gpu", patch.c_str());
    if (!loaded.design)
        qFatal("the DualPipe Llama design does not load");
    return *loaded.design;
}

// The illustrative record of a run of the 512-GPU example (tests/data/record-seed-70b.json), as its JSON
// text.
inline std::string seedRecordText()
{
    QFile file(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/record-seed-70b.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("record-seed-70b.json is missing");
    return file.readAll().toStdString();
}

// Equal up to rounding: two sums of the same terms in another order.
inline bool nearlyEqual(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

inline bool hasCode(const std::vector<core::Diagnostic>& diagnostics, const std::string& code)
{
    for (const core::Diagnostic& d : diagnostics)
        if (d.code == code)
            return true;
    return false;
}

inline QString describe(const std::vector<core::Diagnostic>& diagnostics)
{
    QStringList lines;
    for (const core::Diagnostic& d : diagnostics)
        lines << QString::fromStdString(d.code + " " + d.path + ": " + d.message());
    return lines.join(QLatin1Char('\n'));
}

} // namespace testing

// QCOMPARE cannot take nlohmann::json (QTest's overload set trips over it); this compares and prints both.
#define COMPARE_JSON(actual, expected)                                                                       \
    do {                                                                                                     \
        const core::Json a_ = (actual);                                                                      \
        const core::Json e_ = (expected);                                                                    \
        QVERIFY2(                                                                                            \
            a_ == e_,                                                                                        \
            qPrintable(QStringLiteral("actual %1, expected %2")                                              \
                           .arg(QString::fromStdString(a_.dump()), QString::fromStdString(e_.dump()))));     \
    } while (false)
