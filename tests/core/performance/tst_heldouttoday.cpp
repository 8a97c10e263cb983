// SPDX-License-Identifier: GPL-3.0-or-later
// The step-time model against published runs on today's GPUs that it was not built from (no constant was
// chosen against them): NVIDIA's performance summaries of NeMo and Megatron-Bridge, Megatron-Core with
// Transformer Engine's FP8 (per-tensor current scaling) as NVIDIA's recipes run it. Reported, not tuned;
// where the model misses by more than the 10 % a design review needs, the row is an expected failure that
// says by how much, so that the gap stays in sight until the model closes it. docs/kernel-model.md,
// "Held out on today's GPUs", tabulates them.

#include "catalog/catalog.h"
#include "design/cluster.h"
#include "evaluate.h"
#include "support/pairmisses.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <string>

Q_DECLARE_METATYPE(core::Design)

using namespace core;

namespace {

// One published run: Llama 3 as the recipes train it, sequence 8,192, FP8, Megatron-Core
// with the distributed optimizer and its overlaps, gradients reduced in BF16; TP with sequence parallelism
// and TP communication overlap, an interleaved schedule where VP > 1; FSDP as ZeRO-3 over the data-parallel
// group.
struct Run
{
    const char* model;
    const char* gpu;
    const char* intraLink;
    int nodes;
    int gpusPerNode;
    int tp = 1;
    int pp = 1;
    int vp = 1;
    int microBatch = 1;
    int globalBatch = 128;
    bool fsdp = false;
    int cp = 1;
    // Megatron's account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split: the
    // first and the last model chunk hold one layer fewer (Llama 3.1 405B's 126 layers as 128 over 64).
    bool embeddingAndLossAsLayers = false;
    // Megatron-Bridge's recompute_num_layers: full recomputation of the first N layers of each model chunk
    // (utils/overrides.py _set_recompute_overrides: granularity "full", method "block"); 0: none.
    int recomputeLayers = 0;
    // Megatron-Bridge's cpu_offloading_num_layers: the first N layers' activations wait in host memory
    // (_set_recompute_overrides: cpu_offloading True, cpu_offloading_weights False).
    int offloadLayers = 0;
};

Design design(const Run& run)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.model = *Catalog::builtin().model(run.model);
    d.cluster = makeUniformCluster(run.nodes, run.gpusPerNode, run.gpu, run.intraLink, "ib-ndr-400");
    ParallelLayout& l = d.layout;
    l.framework = Framework::MegatronCore;
    l.setDegree(Dim::Tp, run.tp);
    l.setDegree(Dim::Pp, run.pp);
    l.setDegree(Dim::Cp, run.cp);
    l.setDegree(Dim::Dp, run.nodes * run.gpusPerNode / (run.tp * run.pp * run.cp));
    l.sequenceParallel = run.tp > 1;
    l.tpCommOverlap = run.tp > 1;
    if (run.vp > 1) {
        l.schedule = Schedule::Interleaved;
        l.virtualStages = run.vp;
    }
    if (run.embeddingAndLossAsLayers) {
        const int chunks = run.pp * run.vp;
        const int each = static_cast<int>((d.model.layers + 2) / chunks);
        l.layersPerStage.assign(static_cast<std::size_t>(chunks), each);
        l.layersPerStage.front() = each - 1;
        l.layersPerStage.back() = each - 1;
    }
    l.zeroStage = run.fsdp ? 3 : 1;
    l.overlapGradReduce = true;
    l.overlapParamGather = true;
    // 16-bit gradients: NeMo 2 scripts/llm/performance/pretrain_llama3_8b.py (FP8: grad_reduce_in_fp32 =
    // False); Megatron-Bridge scripts/performance/configs/llama/llama3_llm_pretrain.py and
    // llama31_llm_pretrain.py (set_llama3_common_configs, set_llama31_common_configs: the same).
    l.gradReduceInFp32 = false;
    // The loss as Transformer Engine's fused kernel: Megatron-Bridge's performance configurations set
    // cross_entropy_loss_fusion True with cross_entropy_fusion_impl "te".
    l.fusedCrossEntropy = true;
    l.microBatch = run.microBatch;
    l.recompute = run.recomputeLayers > 0 ? Recompute::Full : Recompute::None;
    l.recomputeLayers = run.recomputeLayers;
    l.activationOffloadLayers = run.offloadLayers;
    d.workload.globalBatch = run.globalBatch;
    d.workload.sequenceLength = 8192;
    d.workload.precision = Precision::Fp8;
    // FP8-CS: per-tensor current scaling (Megatron-Bridge's performance summaries; --fp8-recipe tensorwise).
    d.workload.fp8Recipe = Fp8Recipe::Tensorwise;
    return d;
}

// A published MoE run: Qwen3 235B-A22B at 4,096 tokens as Megatron-Bridge's recipes train it
// (scripts/performance/configs/qwen, recipes/qwen/qwen3_moe.py): dropless with the router forced to balance
// the tokens (the summaries' footnote), Megatron's expert layout with expert TP 1, the embedding and the
// loss counted as pipeline layers, no recomputation.
struct MoeRun
{
    Run run;
    int ep = 1;
    Fp8Recipe recipe = Fp8Recipe::Tensorwise;
    bool a2aOverlap = false; // moe_a2a_overlap: overlap_moe_expert_parallel_comm
    bool tpOverlap = false; // comm_overlap.tp_comm_overlap
};

Design moeDesign(const MoeRun& moe)
{
    Design d = design(moe.run);
    ParallelLayout& l = d.layout;
    l.expertMode = ExpertMode::Megatron;
    l.expertTp = 1;
    l.setDegree(Dim::Ep, moe.ep);
    l.tpCommOverlap = moe.tpOverlap && l.tp() > 1;
    l.overlapMoeAllToAll = moe.a2aOverlap;
    d.workload.sequenceLength = 4096;
    d.workload.moeCapacityFactor = 0;
    d.workload.fp8Recipe = moe.recipe;
    return d;
}

// DeepSeek-V3 as Megatron-Bridge's recipes cut it into 16 model chunks (PP 16, or PP 4 × VP 4:
// recipes/deepseek/deepseek_v3.py layout_map, the same list for both): the embedding and four layers,
// fourteen chunks of four, then one layer with the prediction depth and the loss; MLA's up-projections
// recomputed (recompute_modules ["mla_up_proj"]).
Design deepSeekV3(const MoeRun& moe)
{
    Design d = moeDesign(moe);
    d.layout.layersPerStage.assign(16, 4);
    d.layout.layersPerStage.back() = 1;
    d.layout.recompute = Recompute::Selective;
    d.layout.recomputeModules = {RecomputeModule::MlaUpProj};
    return d;
}

// One published run: the design, the summary's tokens/s/GPU, the model's when the row was written, whether
// the model's memory has room for it (reserve included) and the summary's model TFLOP/s per GPU (0: none).
struct PublishedRun
{
    std::string tag;
    Design design;
    double tokensPerGpu = 0;
    double modelled = 0;
    bool fitsInModel = true;
    double modelTflops = 0;
};

// The rows in one table that publishedRuns and layoutChoices both read, written as QTest rows are:
// rows.add(tag) << design << tokens << modelled << fits << model TFLOP/s.
class Rows
{
public:
    class Row
    {
    public:
        Row(std::vector<PublishedRun>& to, const char* tag)
            : m_to(to)
        {
            m_run.tag = tag;
        }
        Row(const Row&) = delete;
        ~Row() { m_to.push_back(std::move(m_run)); }
        Row& operator<<(const Design& design)
        {
            m_run.design = design;
            return *this;
        }
        Row& operator<<(double value)
        {
            (m_doubles == 0       ? m_run.tokensPerGpu
                 : m_doubles == 1 ? m_run.modelled
                                  : m_run.modelTflops)
                = value;
            ++m_doubles;
            return *this;
        }
        Row& operator<<(bool fits)
        {
            m_run.fitsInModel = fits;
            return *this;
        }

    private:
        std::vector<PublishedRun>& m_to;
        PublishedRun m_run;
        int m_doubles = 0;
    };
    Row add(const char* tag) { return Row(all, tag); }
    std::vector<PublishedRun> all;
};

// MoE rows of the recipes that run a flex dispatcher (moe_token_dispatcher_type "flex": HybridEP) with CUDA
// graphs (Megatron-Bridge v0.3.0 onwards, scripts/performance/configs/qwen/qwen3_workload_base_configs.py
// and qwen3_llm_pretrain.py; set_qwen3_common_configs: no recomputation, BF16 gradient reduction; the
// DeepSeek-V3 configurations likewise), for contrast one of the alltoall dispatcher, and DeepSeek-V3 on H100
// with the flex dispatcher's DeepEP backend (the 25.09 container, before HybridEP and the graphs). The model
// sends the flex dispatchers' tokens their way (comm/expertdispatch.h) and has an eager MoE layer wait for
// the host's time beyond a dense layer's (pipeline/hostlaunch.h), not the dense part's own. Containers: 25.11
// = Megatron-Bridge v0.2.0, 26.02 = v0.3.0, 26.04.01 = v0.4, 26.06 = v0.5.0
// (docs/releases/software-versions.md).
void addDispatcherRows(Rows& rows)
{
    // The contrast: Qwen3 30B-A3B on one DGX-B200 at micro-batch 1 with the alltoall dispatcher
    // (Megatron-Bridge v0.2.0, scripts/performance/configs/qwen3/workload_base_configs.py,
    // QWEN3_30B_A3B_B200_FP8_MX_BASE_CONFIG: no flex backend, CUDA graphs of router and preprocessing only;
    // 26.02's v0.3.0 the same, 9,691). Modelled as eager (the router's graphs stand against the attention's
    // eager launches, which the host time below leaves out): each of its MoE layers takes the 6.62 ms the
    // host needs beyond a dense layer (pipeline/hostlaunch.h), where its GPU work is 2.8 ms; 36 % fast, 3.1
    // times before that, where the same GPUs with HybridEP and micro-batch 4 (below) come to 13 %.
    rows.add("Megatron-Bridge 25.11 DGX-B200 Qwen3 30B-A3B, EP 8, MBS 1, alltoall dispatcher")
        << moeDesign({{"qwen3-30b-a3b", "b200-180gb", "nvlink5", 1, 8, 1, 1, 1, 1, 512}, 8, Fp8Recipe::Mxfp8})
        << 9299.0 << 12586.6 << true << 214.0;
    // Qwen3 30B-A3B on two DGX-H100: EP 16 across both nodes, FP8 current scaling, micro-batch 1, HybridEP
    // with the all-to-all exposed, eager (QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1: moe_a2a_overlap
    // False; the same in v0.4.0 and v0.5.0, and the summary's rows of 26.04, 26.04.01 and 26.06 agree
    // within 1.5 %). HybridEP sends a token across the network once where alltoall sends 4 of its 8 copies:
    // the model's layers come to 5.8 ms, less than the host's 6.62 ms a MoE layer, and wait for it, 40 %
    // fast, where the run's took 9.7 ms (11 % slow before, with every copy priced on the network as NCCL's
    // all-to-all).
    Design h100 = moeDesign({{"qwen3-30b-a3b", "h100-sxm-80gb", "nvlink4", 2, 8, 1, 1, 1, 1, 1024}, 16});
    h100.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.06 DGX-H100 Qwen3 30B-A3B, EP 16 over two nodes")
        << h100 << 8826.0 << 12334.7 << true << 203.0;
    // The same GPUs and layout in BF16 with the alltoall dispatcher, eager (no CUDA graphs):
    // Megatron-Bridge's docs/training/cuda-graphs.md (PR 3868, May 2026:
    // QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_BF16_V1 with moe_flex_dispatcher_backend None, the all-to-all
    // exposed), iterations 5–8 at 41.36 s a step: 1,024 × 4,096 tokens over 16 GPUs, 6,338 a GPU. No TFLOP
    // figure stated. Its layers' GPU work, 11 ms with every copy across the nodes, outlasts the host's
    // 6.62 ms; 22 % fast.
    Design h100Bf16 = h100;
    h100Bf16.workload.precision = Precision::MegatronBf16;
    h100Bf16.layout.moeDispatcher = MoeDispatcher::AllToAll;
    rows.add(
        "Megatron-Bridge docs 2026-05 DGX-H100 Qwen3 30B-A3B BF16, EP 16 over two nodes, alltoall dispatcher")
        << h100Bf16 << 6338.0 << 7522.8 << true << 0.0;
    // On one DGX-B200: EP 8, micro-batch 4, MXFP8 (QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1 of v0.4:
    // CUDA graphs of attention, router and the dispatcher's preprocessing).
    Design b200
        = moeDesign({{"qwen3-30b-a3b", "b200-180gb", "nvlink5", 1, 8, 1, 1, 1, 4, 512}, 8, Fp8Recipe::Mxfp8});
    b200.layout.cudaGraphs = CudaGraphs::Layers;
    b200.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.04.01 DGX-B200 Qwen3 30B-A3B, EP 8, MBS 4")
        << b200 << 27136.0 << 30483.2 << true << 619.0;
    // On eight GB200 with the all-to-all overlapped (QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1 of v0.5.0:
    // moe_a2a_overlap, a CUDA graph of the whole iteration, fused grouped MLP, FP8 attention, which the model
    // times in BF16).
    Design gb200 = moeDesign(
        {{"qwen3-30b-a3b", "gb200-186gb", "nvlink5", 1, 8, 1, 1, 1, 4, 512}, 8, Fp8Recipe::Mxfp8, true});
    gb200.layout.cudaGraphs = CudaGraphs::Iteration;
    gb200.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 Qwen3 30B-A3B, EP 8, MBS 4, all-to-all overlapped")
        << gb200 << 40706.0 << 40342.1 << true << 936.0;
    // Qwen3 235B-A22B on 256 GB200, EP 32 in each NVL72 domain
    // (QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_CS_V2 of v0.3.0: PP 8, no VP, the all-to-all exposed,
    // HybridEP with Transformer Engine's CUDA graphs of attention, router and preprocessing) and in v0.5.0's
    // FP8_MX_V2 (VP 3, the all-to-all overlapped, a CUDA graph of the whole iteration): the model's ratio of
    // the two, 1.29, against the runs' 1.35.
    const Run gb200_235b{
        "qwen3-235b-a22b", "gb200-186gb", "nvlink5", 4, 64, 1, 8, 1, 1, 8192, false, 1, true};
    Design gb200_235bLayers = moeDesign({gb200_235b, 32, Fp8Recipe::Mxfp8});
    gb200_235bLayers.layout.cudaGraphs = CudaGraphs::Layers;
    gb200_235bLayers.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.02 DGX-GB200 Qwen3 235B-A22B, PP 8 EP 32")
        << gb200_235bLayers << 5448.0 << 5639.0 << true << 806.0;
    Run gb200_235bVp = gb200_235b;
    gb200_235bVp.vp = 3;
    Design gb200_235bGraphed = moeDesign({gb200_235bVp, 32, Fp8Recipe::Mxfp8, true});
    gb200_235bGraphed.layout.cudaGraphs = CudaGraphs::Iteration;
    gb200_235bGraphed.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 Qwen3 235B-A22B, PP 8 VP 3 EP 32, all-to-all overlapped")
        << gb200_235bGraphed << 7376.0 << 7284.0 << true << 1092.0;
    // DeepSeek-V3 with its prediction depth on 256 GB200, EP 64 in each NVL72 domain, PP 4 VP 4 with the
    // recipe's layout, the all-to-all overlapped, a CUDA graph of the whole iteration
    // (configs/deepseek/deepseek_workload_base_configs.py, DEEPSEEK_V3_PRETRAIN_CONFIG_GB200_FP8_MX_V2).
    // The three rows above with a CUDA graph of the whole iteration: their recipes pad each EP rank's tokens
    // to 1.5 times the mean (v0.5.0's set_full_iter_cg_configs, moe_expert_rank_capacity_factor, with paged
    // stashing). Taken as the design's capacity factor (traffic, memory and compute 1.5 times) the two
    // Qwen3 30B and DeepSeek-V3 layouts do not fit and Qwen3 235B comes out 17.5 % slow, its layout pair
    // reversed: whether the fused grouped MLP computes the padding is not published, so they stay dropless
    // with a cuda-graph-expert-shapes warning (GPT-OSS 120B below is modelled with the padding).
    Design deepSeekGraphed = deepSeekV3(
        {{"deepseek-v3", "gb200-186gb", "nvlink5", 4, 64, 1, 4, 4, 1, 4096}, 64, Fp8Recipe::Mxfp8, true});
    deepSeekGraphed.layout.cudaGraphs = CudaGraphs::Iteration;
    deepSeekGraphed.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 DeepSeek-V3, PP 4 VP 4 EP 64, all-to-all overlapped")
        << deepSeekGraphed << 4969.0 << 4809.7 << true << 1292.0;
    // DeepSeek-V3 without its prediction depth on 256 GB200 as Megatron-LM's own guide ran it
    // (docs/discussions/deepseek-v3-gb200-optimization, its launch script in
    // deepseek-v3-gb200-reproduce-guide.md, Megatron-LM dev effebd81, TE 2.9, October–November 2025): TP 1 PP
    // 8 EP 32 in each NVLink domain, the layout "Et|(tt|)*30L" (VP 4: 32 chunks, the first the embedding and
    // a layer, the last the loss alone), MBS 1, GBS 2,048, MXFP8 with FP8 parameters, BF16 moments
    // (--use-precision-aware-optimizer --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16), FP32 main gradients,
    // moe_act and the dense layers' mlp recomputed, HybridEP with the all-to-all exposed, CUDA graphs of
    // attention, router and the dispatcher's preprocessing, the routed experts eager: 970.01 TFLOP/s a GPU,
    // the last row of its summary table. Its count of the work is Megatron-LM's num_floating_point_operations
    // (250.4 GFLOP a token, as the model counts), so 3,873.5 tokens/s a GPU. The model holds the run
    // tight on GB200's memory (201.7 GB with the fragmentation allowance; it ran with expandable segments).
    Design deepSeekGuide = deepSeekV3(
        {{"deepseek-v3", "gb200-186gb", "nvlink5", 4, 64, 1, 8, 4, 1, 2048}, 32, Fp8Recipe::Mxfp8, false});
    deepSeekGuide.model.mtpLayers = 0;
    deepSeekGuide.layout.layersPerStage.assign(32, 2);
    deepSeekGuide.layout.layersPerStage.front() = 1;
    deepSeekGuide.layout.layersPerStage.back() = 0;
    deepSeekGuide.layout.recomputeModules = {RecomputeModule::MoeAct, RecomputeModule::Mlp};
    deepSeekGuide.layout.gradReduceInFp32.reset(); // --bf16 forces it (arguments.py)
    deepSeekGuide.workload.optimizerMoments = MomentDtype::Bf16;
    deepSeekGuide.layout.cudaGraphs = CudaGraphs::Layers;
    deepSeekGuide.layout.moeDispatcher = MoeDispatcher::HybridEp;
    rows.add("Megatron-LM guide 2025-11 DGX-GB200 DeepSeek-V3, PP 8 VP 4 EP 32, HybridEP, CUDA graphs but of "
             "the routed experts")
        << deepSeekGuide << 3873.5 << 4042.5 << false << 970.01;
    // DeepSeek-V3 with its prediction depth on 1,024 H100 (the 25.09 container's summary, "dropless", FP8
    // with per-tensor scaling; Megatron-Bridge's scripts/performance/run_script.py and
    // configs/deepseek/deepseek_v3_llm_pretrain.yaml of that summary's commit, fa0315ae2): TP 2 PP 8 VP 4
    // EP 64, the layout "Et|(tt|)*30mL" (the first chunk one layer, the last only the depth and the loss),
    // DeepEP, the all-to-all overlapped (overlap_moe_expert_parallel_comm, with delay_wgrad_compute, which
    // the model does not split off), mla_up_proj and mlp recomputed, no overlap of the gradient reduction, no
    // TP overlap (recipes/deepseek/deepseek_v3.py: tp_comm_overlap False), no CUDA graphs.
    Design deepSeekH100 = deepSeekV3({{"deepseek-v3", "h100-sxm-80gb", "nvlink4", 128, 8, 2, 8, 4, 1, 8192},
                                      64,
                                      Fp8Recipe::Tensorwise,
                                      true});
    deepSeekH100.layout.layersPerStage.assign(32, 2);
    deepSeekH100.layout.layersPerStage.front() = 1;
    deepSeekH100.layout.layersPerStage.back() = 0;
    deepSeekH100.layout.recomputeModules = {RecomputeModule::MlaUpProj, RecomputeModule::Mlp};
    deepSeekH100.layout.overlapGradReduce = false;
    deepSeekH100.layout.moeDispatcher = MoeDispatcher::DeepEp;
    rows.add("Megatron-Bridge 25.09 DGX-H100 DeepSeek-V3 with MTP, TP 2 PP 8 VP 4 EP 64, DeepEP")
        << deepSeekH100 << 1297.0 << 1623.6 << true << 338.0;
}

// The range the step's explanation states for a row (core/performance/heldoutnote.cpp): the model's
// throughput from 9 % below to 8 % above the published run's on H100 (Qwen3 30B-A3B's eager runs 19 % above
// with the alltoall dispatcher and 40 % with HybridEP, DeepSeek-V3's eager run with DeepEP 25 %), from 9 %
// below to 6 % above on B200 and GB200 (NeMo 25.02's rows on B200 from 2 % below to 27 % above), for MoE
// there from 3 % below to 12 % above with CUDA graphs (HybridEP, or experts padded to a capacity) and 1.35 to
// 1.5 times with the alltoall dispatcher, eager; GPT-OSS 120B without the fused grouped MLP 1.39 to 1.86
// times on all five GPUs, with it and a graph of the whole iteration from 12 % below to 0 % (addGptOssRows).
std::pair<double, double> statedRange(const Design& design, const QString& tag)
{
    if (tag.contains(QStringLiteral("GPT-OSS")))
        return tag.contains(QStringLiteral("whole iteration")) ? std::pair{-0.12, 0.0}
                                                               : std::pair{0.39, 0.86};
    const std::string& gpu = design.cluster.nodes.front().gpus.front().type;
    if (gpu.starts_with("h100")) {
        if (tag.contains(QStringLiteral("alltoall dispatcher")))
            return {0.19, 0.19};
        if (design.layout.moeDispatcher == MoeDispatcher::DeepEp)
            return {0.25, 0.25};
        return design.layout.moeDispatcher == MoeDispatcher::HybridEp
                && design.layout.cudaGraphs == CudaGraphs::None
            ? std::pair{0.40, 0.40}
            : std::pair{-0.09, 0.08};
    }
    if (tag.startsWith(QStringLiteral("NeMo 25.02")))
        return {-0.02, 0.27};
    if (!design.model.moe.isMoe())
        return {-0.09, 0.06};
    return tag.contains(QStringLiteral("alltoall dispatcher")) ? std::pair{0.35, 0.50}
                                                               : std::pair{-0.03, 0.12};
}

} // namespace

class TestHeldOutToday : public QObject
{
    Q_OBJECT

private slots:
    void publishedRuns_data();
    void publishedRuns();
    void layoutChoices_data();
    void layoutChoices();
    void pairTolerancesAreTheLargestMisses();
    void gptOssAcrossGpus();

private:
    testing::PairMisses m_pairMisses;
};

// NeMo performance summaries (docs.nvidia.com/nemo-framework/user-guide/latest/performance/
// performance_summary.html): 25.02 on DGX-B200, 25.04 on DGX-GB200. Megatron-Bridge's
// (docs/performance-summary-archive.md in NVIDIA-NeMo/Megatron-Bridge): containers 25.11 and 26.02, FP8-CS;
// the recipes' layouts in scripts/performance/configs/llama/llama3_workload_base_configs.py. A GB200 run
// of eight or 64 GPUs lies inside one NVL72 domain: one node of that many GPUs on NVLink 5.
namespace {

// GPT-OSS 120B (the preset, its Hugging Face config: 36 layers of width 2,880, every other one a 128-token
// window, attention sinks, 128 experts of which 4 route) in BF16 on 64 GPUs of each kind, one container:
// Megatron-Bridge v0.4.0's GPT_OSS_120B_PRETRAIN_CONFIG_*_BF16_V2 (configs/gpt_oss): GBS 1,280, 4,096 tokens,
// layernorm and moe_act recomputed, no CUDA graphs; GB200 EP 64 at micro-batch 4 with HybridEP and the
// all-to-all overlapped, B200 EP 8 at 4 with HybridEP, H100 PP 4 EP 8 at 1 with the alltoall dispatcher. The
// model's vocabulary stays the config's 201,088 (training/setup.py keeps a preset vocabulary over the
// NullTokenizer's 32,000). The summary's TFLOP figures imply 27.2 GFLOP a token where the model counts 32.7:
// Megatron-Bridge's flop_utils.py counts a gated MLP's third product only for F.silu (GPT-OSS gates a clamped
// sigmoid) and every layer's attention over the whole causal triangle; so no FLOP check here.
//
// Every GPT-OSS run without the fused grouped MLP took 1.4 to 1.9 times the modelled step — in BF16 or with
// MXFP8 GEMMs, eager or with attention and router graphed, on all five GPUs — and the runs with it (and FP8
// attention and a graph of the whole iteration, which come together in the recipes) within 12 %. B300's MXFP8
// recipe of 26.06 is its BF16 one with MXFP8 GEMMs: 1.70 times, so the GEMMs' precision is not what the runs
// lack. NVIDIA credits the fused grouped MLP, which keeps each expert's token count on the GPU so that the
// whole iteration can be one graph, with 93 % for GPT-OSS; the time it saves is not published a kernel or a
// layer, so the model prices none of it and the rows report the gap (docs/kernel-model.md, "Held out on
// today's GPUs").
void addGptOssRows(Rows& rows)
{
    const auto gptOss = [](const char* gpu, const char* link, int gpusPerNode, int pp, int ep, int microBatch,
                           bool a2aOverlap, MoeDispatcher dispatcher) {
        Design d = moeDesign(
            {{"gpt-oss-120b", gpu, link, 64 / gpusPerNode, gpusPerNode, 1, pp, 1, microBatch, 1280},
             ep,
             Fp8Recipe::Tensorwise,
             a2aOverlap});
        d.workload.precision = Precision::MegatronBf16;
        d.layout.recompute = Recompute::Selective;
        d.layout.recomputeModules = {RecomputeModule::Layernorm, RecomputeModule::MoeAct};
        d.layout.moeDispatcher = dispatcher;
        return d;
    };
    rows.add("Megatron-Bridge 26.04.01 DGX-GB200 GPT-OSS 120B BF16, EP 64, MBS 4, all-to-all overlapped")
        << gptOss("gb200-186gb", "nvlink5", 64, 1, 64, 4, true, MoeDispatcher::HybridEp) << 16640.0 << 29793.2
        << true << 0.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-B200 GPT-OSS 120B BF16, EP 8, MBS 4")
        << gptOss("b200-180gb", "nvlink5", 8, 1, 8, 4, false, MoeDispatcher::HybridEp) << 13568.0 << 25124.7
        << true << 0.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-H100 GPT-OSS 120B BF16, PP 4 EP 8, alltoall dispatcher")
        << gptOss("h100-sxm-80gb", "nvlink4", 8, 4, 8, 1, false, MoeDispatcher::AllToAll) << 5824.0 << 9812.2
        << true << 0.0;
    // The GB200 layout in MXFP8 with a CUDA graph of the whole iteration (v0.5.0's
    // GPT_OSS_120B_PRETRAIN_CONFIG_GB200_FP8_MX_V2: nothing recomputed, FP8 attention, which the model times
    // in BF16, the fused grouped MLP; set_full_iter_cg_configs pads every EP rank's tokens to a fixed
    // capacity of 1.5 times the mean, moe_expert_rank_capacity_factor, for the graph's static shapes). v0.6.0
    // (26.08, perf_recipes/gpt_oss/gb200) runs the same. By then flop_utils.py (#3947) counts the third gated
    // product and the windows' bands as the model does: the FLOP check holds again.
    Design mxfp8 = gptOss("gb200-186gb", "nvlink5", 64, 1, 64, 4, true, MoeDispatcher::HybridEp);
    mxfp8.workload.precision = Precision::Fp8;
    mxfp8.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    mxfp8.workload.moeCapacityFactor = 1.5;
    mxfp8.layout.recompute = Recompute::None;
    mxfp8.layout.recomputeModules.clear();
    mxfp8.layout.cudaGraphs = CudaGraphs::Iteration;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 GPT-OSS 120B MXFP8, EP 64, MBS 4, a CUDA graph of the whole "
             "iteration")
        << mxfp8 << 28947.0 << 28651.4 << true << 943.0;
    rows.add("Megatron-Bridge 26.08 DGX-GB200 GPT-OSS 120B MXFP8, EP 64, MBS 4, a CUDA graph of the whole "
             "iteration")
        << mxfp8 << 28672.0 << 28651.4 << true << 934.0;
    // GB300 in the same recipe with EP 16 (v0.5.0's GPT_OSS_120B_PRETRAIN_CONFIG_GB300_FP8_MX_V2: its BF16
    // recipe, which recomputes nothing, with the whole iteration graphed, HybridEP overlapped, the fused
    // grouped MLP and FP8 attention).
    Design gb300Mxfp8 = mxfp8;
    gb300Mxfp8.cluster = makeUniformCluster(1, 64, "gb300-279gb", "nvlink5", "ib-ndr-400");
    gb300Mxfp8.layout.setDegree(Dim::Ep, 16);
    rows.add("Megatron-Bridge 26.06 DGX-GB300 GPT-OSS 120B MXFP8, EP 16, MBS 4, a CUDA graph of the whole "
             "iteration")
        << gb300Mxfp8 << 33166.0 << 29153.9 << true << 1081.0;
    // The two Blackwell Ultra recipes of 26.04.01 (v0.4.0) that graph attention, the router and its
    // preprocessing (cuda_graph_scope attn, moe_router, moe_preprocess) and recompute nothing: GB300 with EP
    // 64 and the alltoall dispatcher, B300 with EP 8 and HybridEP. B300's MXFP8 recipe of 26.06 (v0.5.0) is
    // its BF16 one (GPT_OSS_120B_PRETRAIN_CONFIG_B300_FP8_MX_V2 = …_BF16_V2): MXFP8 GEMMs, attention in BF16.
    const auto graphedAttention = [&](const char* gpu, int gpusPerNode, int ep, MoeDispatcher dispatcher) {
        Design d = gptOss(gpu, "nvlink5", gpusPerNode, 1, ep, 4, false, dispatcher);
        d.layout.recompute = Recompute::None;
        d.layout.recomputeModules.clear();
        d.layout.cudaGraphs = CudaGraphs::Layers;
        return d;
    };
    rows.add("Megatron-Bridge 26.04.01 DGX-GB300 GPT-OSS 120B BF16, EP 64, MBS 4, alltoall dispatcher, CUDA "
             "graphs of attention")
        << graphedAttention("gb300-279gb", 64, 64, MoeDispatcher::AllToAll) << 19200.0 << 26694.6 << true
        << 0.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-B300 GPT-OSS 120B BF16, EP 8, MBS 4, CUDA graphs of attention")
        << graphedAttention("b300-270gb", 8, 8, MoeDispatcher::HybridEp) << 15232.0 << 25752.7 << true << 0.0;
    Design b300Mxfp8 = graphedAttention("b300-270gb", 8, 8, MoeDispatcher::HybridEp);
    b300Mxfp8.workload.precision = Precision::Fp8;
    b300Mxfp8.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    rows.add("Megatron-Bridge 26.06 DGX-B300 GPT-OSS 120B MXFP8, EP 8, MBS 4, CUDA graphs of attention")
        << b300Mxfp8 << 18534.0 << 31570.0 << true << 604.0;
}

// NeMo 2's own recipes in its 25.02 and 25.04 performance summaries (docs.nvidia.com/nemo-framework, FP8 with
// per-tensor current scaling), the layouts the summaries print, the settings of NVIDIA/NeMo's
// scripts/llm/performance (v2.2.0, 25.02) and scripts/performance (v2.3.0, 25.04) with their
// recommended_model_configs. GPT-3 175B at 2,048 tokens: NeMo's GPTConfig175B (no dropout; the GPT-2
// tokenizer's 50,257 tokens), TP overlap with userbuffers, 16-bit gradient reduction, CUDA graphs of the
// layers on GB200 (cuda_graphs 1). Mixtral 8x7B at 4,096 tokens: the alltoall dispatcher with
// MegatronTokenDropCallback (capacity factor 1, each expert's input padded to it), which lets CUDA graphs
// capture the whole layer (enable_cuda_graph on B200 in 25.02, cuda_graphs 1 on GB200 in 25.04).
void addNemoRows(Rows& rows)
{
    const auto gpt3 = [](const Run& run, CudaGraphs graphs) {
        Design d = design(run);
        d.model.dropout = false;
        d.workload.sequenceLength = 2048;
        d.layout.cudaGraphs = graphs;
        return d;
    };
    rows.add("NeMo 25.02 DGX-H100 GPT-3 175B, TP 4 PP 8 VP 6, 512 GPUs")
        << gpt3({"gpt-3-175b", "h100-sxm-80gb", "nvlink4", 64, 8, 4, 8, 6, 2, 2048}, CudaGraphs::None)
        << 866.0 << 794.8 << true << 0.0;
    rows.add("NeMo 25.02 DGX-B200 GPT-3 175B, TP 4 PP 4 VP 6, 512 GPUs")
        << gpt3({"gpt-3-175b", "b200-180gb", "nvlink5", 64, 8, 4, 4, 6, 2, 2048}, CudaGraphs::None) << 1600.0
        << 1575.6 << true << 0.0;
    rows.add("NeMo 25.04 DGX-GB200 GPT-3 175B, TP 4 PP 4 VP 12, 128 GPUs")
        << gpt3({"gpt-3-175b", "gb200-186gb", "nvlink5", 2, 64, 4, 4, 12, 2, 256}, CudaGraphs::Layers)
        << 1804.0 << 1661.5 << true << 0.0;
    const auto mixtral = [](const char* gpu, int nodes, int gpusPerNode) {
        Design d = moeDesign({{"mixtral-8x7b", gpu, "nvlink5", nodes, gpusPerNode, 1, 1, 1, 2, 256}, 8});
        d.workload.moeCapacityFactor = 1.0;
        d.layout.moeDispatcher = MoeDispatcher::AllToAll;
        d.layout.cudaGraphs = CudaGraphs::Layers;
        return d;
    };
    rows.add("NeMo 25.02 DGX-B200 Mixtral 8x7B, EP 8, experts padded to capacity, CUDA graphs")
        << mixtral("b200-180gb", 8, 8) << 15457.0 << 19656.2 << true << 0.0;
    rows.add("NeMo 25.04 DGX-GB200 Mixtral 8x7B, EP 8, experts padded to capacity, CUDA graphs")
        << mixtral("gb200-186gb", 1, 64) << 19275.0 << 20723.1 << true << 0.0;
}

void addPublishedRows(Rows& rows)
{
    const Run b200_8b{"llama-3.1-8b", "b200-180gb", "nvlink5", 1, 8, 1, 1, 1, 2};
    const Run gb200_8b{"llama-3.1-8b", "gb200-186gb", "nvlink5", 1, 8, 1, 1, 1, 2};
    rows.add("NeMo 25.02 DGX-B200 Llama 3 8B") << design(b200_8b) << 26006.0 << 30978.3 << true << 0.0;
    rows.add("NeMo 25.04 DGX-GB200 Llama 3 8B") << design(gb200_8b) << 33099.0 << 32775.1 << true << 0.0;
    rows.add("Megatron-Bridge 25.11 DGX-B200 Llama 3 8B")
        << design(b200_8b) << 30624.0 << 30978.3 << true << 1576.0;
    rows.add("Megatron-Bridge 25.11 DGX-GB200 Llama 3 8B")
        << design(gb200_8b) << 31508.0 << 32775.1 << true << 1622.0;
    // The H100 recipe recomputes the first 5 of the 32 layers in full
    // (LLAMA3_8B_PRETRAIN_CONFIG_H100_FP8_CS_V1, recompute_num_layers = 5).
    rows.add("Megatron-Bridge 25.11 DGX-H100 Llama 3 8B, FSDP")
        << design({"llama-3.1-8b", "h100-sxm-80gb", "nvlink4", 1, 8, 1, 1, 1, 1, 128, true, 1, false, 5})
        << 14451.0 << 14129.7 << true << 744.0;
    rows.add("Megatron-Bridge 25.11 DGX-H100 Llama 3 70B, TP 4 PP 8 VP 5")
        << design({"llama-3.1-70b", "h100-sxm-80gb", "nvlink4", 8, 8, 4, 8, 5, 1, 128}) << 1602.0 << 1580.8
        << true << 719.0;
    rows.add("Megatron-Bridge 26.02 DGX-H100 Llama 3 70B, TP 4 PP 8 VP 5, GBS 256")
        << design({"llama-3.1-70b", "h100-sxm-80gb", "nvlink4", 8, 8, 4, 8, 5, 1, 256}) << 1621.0 << 1600.9
        << true << 728.0;
    rows.add("Megatron-Bridge 25.11 DGX-H100 Llama 3.1 405B, TP 8 PP 8 CP 2 VP 8, 1,024 GPUs")
        << design({"llama-3.1-405b", "h100-sxm-80gb", "nvlink4", 128, 8, 8, 8, 8, 1, 512, false, 2, true})
        << 292.0 << 315.5 << true << 737.0;
    rows.add("Megatron-Bridge 26.02 DGX-H100 Llama 3.1 405B, GBS 1536")
        << design({"llama-3.1-405b", "h100-sxm-80gb", "nvlink4", 128, 8, 8, 8, 8, 1, 1536, false, 2, true})
        << 311.0 << 320.2 << true << 784.0;
    // GB200: Llama 3 70B with FSDP over 64 GPUs of one NVL72 domain, micro-batch 2, the first 40 of 80
    // layers' activations in host memory (LLAMA3_70B_PRETRAIN_CONFIG_GB200_FP8_CS: use_megatron_fsdp,
    // cpu_offloading_num_layers 40). The model puts it 1.3 GB over the GPU's 198 GB (199.2) with its 5 %
    // allowance for the allocator's fragmentation, 190 GB without: tight (memory-tight, a warning), and it
    // ran. (The recipe runs without expandable_segments: perf_plugins.py drops PYTORCH_CUDA_ALLOC_CONF for
    // Llama under Megatron-FSDP.)
    const Run gb200_70b{
        "llama-3.1-70b", "gb200-186gb", "nvlink5", 1, 64, 1, 1, 1, 2, 256, true, 1, false, 0, 40};
    rows.add("Megatron-Bridge 25.11 DGX-GB200 Llama 3 70B, FSDP, 40 layers offloaded")
        << design(gb200_70b) << 4312.0 << 4266.4 << false << 1937.0;
    rows.add("Megatron-Bridge 26.02 DGX-GB200 Llama 3 70B, FSDP, 40 layers offloaded")
        << design(gb200_70b) << 4040.0 << 4266.4 << false << 1815.0;
    // 256 GB200 as four NVL72 domains of 64 GPUs on InfiniBand; TP 4 PP 16 VP 4, the 128 layer slots in
    // chunks of two (LLAMA31_405B_PRETRAIN_CONFIG_GB200_FP8_CS_V2).
    const Run gb200_405b{
        "llama-3.1-405b", "gb200-186gb", "nvlink5", 4, 64, 4, 16, 4, 1, 1536, false, 1, true};
    rows.add("Megatron-Bridge 25.11 DGX-GB200 Llama 3.1 405B, TP 4 PP 16 VP 4, 256 GPUs")
        << design(gb200_405b) << 813.0 << 784.7 << true << 2053.0;
    rows.add("Megatron-Bridge 26.02 DGX-GB200 Llama 3.1 405B, TP 4 PP 16 VP 4, 256 GPUs")
        << design(gb200_405b) << 793.0 << 784.7 << true << 2004.0;
    // Qwen3 235B-A22B on 256 H100: TP 2 PP 8 VP 4 EP 32, FP8 current scaling, the all-to-all under the
    // dense computation (moe_a2a_overlap), TP overlap off on H100.
    const MoeRun qwenH100{
        {"qwen3-235b-a22b", "h100-sxm-80gb", "nvlink4", 32, 8, 2, 8, 4, 1, 2048, false, 1, true},
        32,
        Fp8Recipe::Tensorwise,
        true,
        false};
    rows.add("Megatron-Bridge 25.11 DGX-H100 Qwen3 235B-A22B, TP 2 PP 8 VP 4 EP 32")
        << moeDesign(qwenH100) << 1575.0 << 1672.6 << true << 233.0;
    MoeRun qwenH100Gbs8192 = qwenH100;
    qwenH100Gbs8192.run.globalBatch = 8192;
    rows.add("Megatron-Bridge 26.02 DGX-H100 Qwen3 235B-A22B, GBS 8192")
        << moeDesign(qwenH100Gbs8192) << 1633.0 << 1689.0 << true << 242.0;
    // On 256 B200: PP 8 EP 8, MXFP8, the all-to-all exposed (Megatron-Bridge v0.3.0's B200 configuration,
    // the alltoall dispatcher without CUDA graphs). The model is 56 % fast here (58 % before its eager MoE
    // layers took the host's time): its layers' GPU work is about the host's 6.62 ms, and what the dense part
    // of a layer costs the host is not in it.
    const MoeRun qwenB200{
        {"qwen3-235b-a22b", "b200-180gb", "nvlink5", 32, 8, 1, 8, 1, 1, 8192, false, 1, true},
        8,
        Fp8Recipe::Mxfp8,
        false,
        false};
    rows.add("Megatron-Bridge 26.02 DGX-B200 Qwen3 235B-A22B, PP 8 EP 8, alltoall dispatcher")
        << moeDesign(qwenB200) << 3805.0 << 5645.0 << true << 563.0;
    // Container 26.04.01 (Megatron-Bridge v0.4: the same recipes and layouts as 26.02 for these rows; GB200's
    // Llama 3 70B in MXFP8 is LLAMA3_70B_PRETRAIN_CONFIG_GB200_FP8_MX_V2, TP 2 PP 4 VP 5 with TP overlap).
    rows.add("Megatron-Bridge 26.04.01 DGX-H100 Llama 3 70B, TP 4 PP 8 VP 5, GBS 256")
        << design({"llama-3.1-70b", "h100-sxm-80gb", "nvlink4", 8, 8, 4, 8, 5, 1, 256}) << 1664.0 << 1600.9
        << true << 731.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-H100 Llama 3.1 405B, GBS 1536")
        << design({"llama-3.1-405b", "h100-sxm-80gb", "nvlink4", 128, 8, 8, 8, 8, 1, 1536, false, 2, true})
        << 328.0 << 320.2 << true << 827.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-GB200 Llama 3 70B, FSDP, 40 layers offloaded")
        << design(gb200_70b) << 4224.0 << 4266.4 << false << 1892.0;
    Design gb200Mx70b = design({"llama-3.1-70b", "gb200-186gb", "nvlink5", 1, 64, 2, 4, 5, 1, 256});
    gb200Mx70b.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    rows.add("Megatron-Bridge 26.04.01 DGX-GB200 Llama 3 70B, MXFP8, TP 2 PP 4 VP 5")
        << gb200Mx70b << 3712.0 << 3698.0 << true << 1664.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-GB200 Llama 3.1 405B, TP 4 PP 16 VP 4, 256 GPUs")
        << design(gb200_405b) << 864.0 << 784.7 << true << 2144.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-H100 Qwen3 235B-A22B, GBS 8192")
        << moeDesign(qwenH100Gbs8192) << 1712.0 << 1689.0 << true << 253.0;
    rows.add("Megatron-Bridge 26.04.01 DGX-B200 Qwen3 235B-A22B, PP 8 EP 8, alltoall dispatcher")
        << moeDesign(qwenB200) << 3776.0 << 5645.0 << true << 560.0;
    // Container 26.06 (Megatron-Bridge v0.5.0, Megatron Core 0.18, Transformer Engine 2.16, cuDNN 9.21: the
    // 405B recipes and layouts of v0.4.2 unchanged, llama31_workload_base_configs.py).
    rows.add("Megatron-Bridge 26.06 DGX-H100 Llama 3.1 405B, GBS 1536")
        << design({"llama-3.1-405b", "h100-sxm-80gb", "nvlink4", 128, 8, 8, 8, 8, 1, 1536, false, 2, true})
        << 326.0 << 320.2 << true << 822.0;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 Llama 3.1 405B, TP 4 PP 16 VP 4, 256 GPUs")
        << design(gb200_405b) << 843.0 << 784.7 << true << 2129.0;
    // The same in MXFP8 with VP 8 (LLAMA31_405B_PRETRAIN_CONFIG_GB200_FP8_MX_V2 of v0.5.0): 128 chunks of one
    // layer slot, so the first holds the embedding alone and the last the head and the loss.
    Run gb200Mx405b = gb200_405b;
    gb200Mx405b.vp = 8;
    Design gb200Mx405bDesign = design(gb200Mx405b);
    gb200Mx405bDesign.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    rows.add("Megatron-Bridge 26.06 DGX-GB200 Llama 3.1 405B, MXFP8, TP 4 PP 16 VP 8")
        << gb200Mx405bDesign << 783.0 << 766.4 << true << 1976.0;
    // DeepSeek-V3 with its prediction depth on 256 B200 (the summary's "w/ MTP" row): PP 16, EP 8, MXFP8, the
    // alltoall dispatcher without overlap, Megatron-Bridge v0.2's B200 configuration
    // (configs/deepseek/workload_base_configs.py) and the recipe's layout for PP 16 (deepSeekV3). Without
    // recomputing MLA's up-projections the model put the second stage at 207 GB of 192; with it the layout
    // fits, as it ran. 72 % fast, as Qwen3 on B200 without CUDA graphs (101 % before the prediction depth
    // was in the model).
    rows.add("Megatron-Bridge 25.11 DGX-B200 DeepSeek-V3 with MTP, PP 16 EP 8, alltoall dispatcher")
        << deepSeekV3(
               {{"deepseek-v3", "b200-180gb", "nvlink5", 32, 8, 1, 16, 1, 1, 2048}, 8, Fp8Recipe::Mxfp8})
        << 2139.0 << 3208.4 << true << 557.0;
    const Run b200_405b{"llama-3.1-405b", "b200-180gb", "nvlink5", 16, 8, 4, 8, 8, 1, 64, false, 2, true};
    rows.add("Megatron-Bridge 25.11 DGX-B200 Llama 3.1 405B, TP 4 PP 8 CP 2 VP 8, 128 GPUs")
        << design(b200_405b) << 661.0 << 671.3 << true << 1667.0;
    // The same run in MXFP8 (the summary's "FP8-CS (FP8-MX)" row: 661 (624)).
    Design b200Mx405b = design(b200_405b);
    b200Mx405b.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    rows.add("Megatron-Bridge 25.11 DGX-B200 Llama 3.1 405B, MXFP8")
        << b200Mx405b << 624.0 << 636.2 << true << 1576.0;
    addDispatcherRows(rows);
    addGptOssRows(rows);
    addNemoRows(rows);
}

const std::vector<PublishedRun>& publishedRunRows()
{
    static const std::vector<PublishedRun> all = [] {
        Rows rows;
        addPublishedRows(rows);
        return std::move(rows.all);
    }();
    return all;
}

} // namespace

void TestHeldOutToday::publishedRuns_data()
{
    QTest::addColumn<Design>("design");
    QTest::addColumn<double>("tokensPerGpu");
    QTest::addColumn<double>("modelled"); // the model's tokens/s/GPU when the row was written
    QTest::addColumn<bool>("fitsInModel"); // whether the model's memory has room for it, reserve included
    // The summary's "Model TFLOP / sec / GPU" beside the tokens (the NeMo summaries of 25.02 and 25.04 state
    // none: 0). Their ratio is the FLOPs per token Megatron-Bridge counts (num_floating_point_operations:
    // causal attention, the MoE's routed experts, the prediction depth), which the model's MFU convention
    // follows.
    QTest::addColumn<double>("modelTflops");
    for (const PublishedRun& run : publishedRunRows())
        QTest::newRow(run.tag.c_str())
            << run.design << run.tokensPerGpu << run.modelled << run.fitsInModel << run.modelTflops;
}

void TestHeldOutToday::publishedRuns()
{
    QFETCH(Design, design);
    QFETCH(double, tokensPerGpu);
    QFETCH(double, modelled);
    QFETCH(bool, fitsInModel);
    QFETCH(double, modelTflops);
    const Evaluation e = evaluate(design);
    // Every published layout ran, so none may be an error in the model. The rows the model puts over their
    // GPUs' memory say so, and may be over only by the fragmentation allowance, the assumed part of the
    // reserve (memory-tight): tight, not "cannot run".
    QVERIFY2(e.performance, qPrintable(testing::describe(e.diagnostics)));
    QVERIFY2(e.valid(), qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.memory->fits, fitsInModel);
    QCOMPARE(e.memory->tight, !fitsInModel);
    const double predicted = e.performance->tokensPerSecond / static_cast<double>(design.cluster.gpuCount());
    const double error = predicted / tokensPerGpu - 1;
    qInfo("predicted %.1f tokens/s/GPU, published %.0f, %+.1f %%", predicted, tokensPerGpu, 100 * error);
    // The step's explanation states the range of each kind of row: a change to the model that moves a row out
    // of it must change that sentence too.
    const auto [low, high] = statedRange(design, QString::fromUtf8(QTest::currentDataTag()));
    QVERIFY2(error > low - 0.005 && error < high + 0.005,
             qPrintable(QStringLiteral("%1 outside the stated %2 … %3").arg(error).arg(low).arg(high)));
    // The FLOPs per token behind the MFU are the ones the summaries count: the model is within 0.5 % of every
    // row (the figures' rounding to integers alone allows 0.25 %; GPT-OSS 120B's 0.44 %;
    // docs/kernel-model.md, "Held out on today's GPUs"). The 26.04.01 summary states its tokens in coarse
    // steps (1,664 = 52 × 32, 864 = 27 × 32), up to 2.2 % from what its own TFLOP figure implies: 3.5 %
    // there, 1 % elsewhere.
    if (modelTflops > 0) {
        const double perToken = e.performance->modelFlopsPerStep
            / (static_cast<double>(design.workload.globalBatch)
               * static_cast<double>(design.workload.sequenceLength));
        const double published = modelTflops * 1e12 / tokensPerGpu;
        const double tolerance = QByteArray(QTest::currentDataTag()).contains(" 26.04.01 ") ? 0.035 : 0.01;
        QVERIFY2(
            std::abs(perToken / published - 1) < tolerance,
            qPrintable(
                QStringLiteral("%1 against %2 GFLOP per token").arg(perToken / 1e9).arg(published / 1e9)));
    }
    // The table in docs/kernel-model.md shows these figures: a change to the model that moves one shows here.
    QVERIFY2(std::abs(predicted / modelled - 1) < 0.005, qPrintable(QString::number(predicted)));
    // A sanity bound: the model is not off by more than a factor of two either way (GPT-OSS 120B without the
    // fused grouped MLP on B200 is the furthest, 1.85).
    QVERIFY(std::abs(std::log(predicted / tokensPerGpu)) < std::log(2.0));
    // With a training step's GEMMs at kTrainingGemmShare of the tables' rates (layerkernels.h) 36 of the 53
    // rows lie within 10 %, on both sides: on H100 the dense rows and Qwen3 235B from −8 to +8 %; on B200 and
    // GB200 the dense rows from −9 to +6 %, the MoE rows with CUDA graphs (HybridEP, or Mixtral 8x7B's
    // experts padded to a capacity) from −3 to +12 %; NeMo 25.02's on B200 from −2 % (GPT-3 175B) to +19 %
    // (Llama 3 8B) and +27 % (Mixtral 8x7B). Fast still: DeepSeek-V3 with DeepEP on H100 by 25 %, Qwen3
    // 30B-A3B's eager layers by 19 % (alltoall) and 40 % (HybridEP), the alltoall dispatcher's rows without
    // CUDA graphs on B200 (Qwen3 235B, DeepSeek-V3) by 48–50 % and, at micro-batch 1, Qwen3 30B-A3B by 35 %;
    // GPT-OSS 120B without the fused grouped MLP by 39–85 % on every GPU. Slow: GPT-OSS 120B on GB300 with it
    // by 12 % (docs/kernel-model.md, "Held out on today's GPUs"). Not tuned.
    if (std::abs(error) > 0.10)
        QEXPECT_FAIL("",
                     error > 0 ? "the model's throughput is above the published run's"
                               : "the model's throughput is below the published run's",
                     Continue);
    QVERIFY(std::abs(error) <= 0.10);
}

// What a design review asks: of two layouts of one model on the same GPUs, which is faster and by how much.
// The pairs of held-out rows of one model and GPU that differ in their layout, FP8 recipe or global batch
// (three in one container, the others one or two apart): the ratio of the model's two throughputs against the
// ratio of the runs'. The faster is the faster in all eight pairs within one dispatcher, and the ratio within
// 5 % in all eight (the step's explanation says so, noteHeldOut), where the rows' own errors reach 9 %
// (GPT-OSS 120B's on B300 70 %, alike in both: what the model leaves out of them cancels). GB200's Qwen3 235B
// pair is 4.6 % off (5.0 % with HybridEP's tokens priced as an NCCL all-to-all's copies). GB200's 405B in
// FP8-CS at VP 4 against MXFP8 at VP 8 is 4.9 % off: the runs paid 7.7 % for MXFP8 (B200's 405B 5.9 % in one
// layout, which the model has within 1 %), the model 2 %: its casts cheaper than current scaling's, its GEMMs
// 5 % longer (kMxfp8KernelRatio, measured by Transformer Engine at training shapes), and what else MXFP8
// costs at VP 8 is not in it. Across MoE dispatchers the host time decides (Qwen3 30B-A3B on B200: the
// alltoall dispatcher at micro-batch 1 against HybridEP at 4, 2.9 times apart in the runs, 2.4 in the model
// with the host time of its eager MoE layers, 1.07 without; on H100, HybridEP in FP8 against the eager
// alltoall dispatcher in BF16, 1.39 apart, 1.64 in the model, whose HybridEP layers wait for the host's 6.62
// ms where the run's took 9.7; 1.01 while HybridEP's tokens were priced as NCCL's all-to-all of every copy).
void TestHeldOutToday::layoutChoices_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("GB200 Llama 3 70B: FSDP with offloading against TP 2 PP 4 VP 5 in MXFP8 (26.04.01)")
        << "Megatron-Bridge 26.04.01 DGX-GB200 Llama 3 70B, FSDP, 40 layers offloaded"
        << "Megatron-Bridge 26.04.01 DGX-GB200 Llama 3 70B, MXFP8, TP 2 PP 4 VP 5";
    QTest::newRow("GB200 Llama 3.1 405B: FP8-CS at VP 4 against MXFP8 at VP 8 (26.06)")
        << "Megatron-Bridge 26.06 DGX-GB200 Llama 3.1 405B, TP 4 PP 16 VP 4, 256 GPUs"
        << "Megatron-Bridge 26.06 DGX-GB200 Llama 3.1 405B, MXFP8, TP 4 PP 16 VP 8";
    QTest::newRow("B200 Llama 3.1 405B: FP8-CS against MXFP8 (25.11)")
        << "Megatron-Bridge 25.11 DGX-B200 Llama 3.1 405B, TP 4 PP 8 CP 2 VP 8, 128 GPUs"
        << "Megatron-Bridge 25.11 DGX-B200 Llama 3.1 405B, MXFP8";
    QTest::newRow("GB200 Qwen3 235B-A22B: VP 3 overlapped against PP 8 exposed")
        << "Megatron-Bridge 26.06 DGX-GB200 Qwen3 235B-A22B, PP 8 VP 3 EP 32, all-to-all overlapped"
        << "Megatron-Bridge 26.02 DGX-GB200 Qwen3 235B-A22B, PP 8 EP 32";
    QTest::newRow("H100 Llama 3 70B: global batch 256 against 128")
        << "Megatron-Bridge 26.02 DGX-H100 Llama 3 70B, TP 4 PP 8 VP 5, GBS 256"
        << "Megatron-Bridge 25.11 DGX-H100 Llama 3 70B, TP 4 PP 8 VP 5";
    QTest::newRow("H100 Llama 3.1 405B: global batch 1,536 against 512")
        << "Megatron-Bridge 26.02 DGX-H100 Llama 3.1 405B, GBS 1536"
        << "Megatron-Bridge 25.11 DGX-H100 Llama 3.1 405B, TP 8 PP 8 CP 2 VP 8, 1,024 GPUs";
    QTest::newRow("H100 Qwen3 235B-A22B: global batch 8,192 against 2,048")
        << "Megatron-Bridge 26.02 DGX-H100 Qwen3 235B-A22B, GBS 8192"
        << "Megatron-Bridge 25.11 DGX-H100 Qwen3 235B-A22B, TP 2 PP 8 VP 4 EP 32";
    QTest::newRow("B300 GPT-OSS 120B: MXFP8 GEMMs against BF16 in one recipe (26.06 against 26.04.01)")
        << "Megatron-Bridge 26.06 DGX-B300 GPT-OSS 120B MXFP8, EP 8, MBS 4, CUDA graphs of attention"
        << "Megatron-Bridge 26.04.01 DGX-B300 GPT-OSS 120B BF16, EP 8, MBS 4, CUDA graphs of attention";
    QTest::newRow("B200 Qwen3 30B-A3B: HybridEP at micro-batch 4 against the alltoall dispatcher at 1")
        << "Megatron-Bridge 26.04.01 DGX-B200 Qwen3 30B-A3B, EP 8, MBS 4"
        << "Megatron-Bridge 25.11 DGX-B200 Qwen3 30B-A3B, EP 8, MBS 1, alltoall dispatcher";
    QTest::newRow("H100 Qwen3 30B-A3B: HybridEP in FP8 against the alltoall dispatcher in BF16, eager")
        << "Megatron-Bridge 26.06 DGX-H100 Qwen3 30B-A3B, EP 16 over two nodes"
        << "Megatron-Bridge docs 2026-05 DGX-H100 Qwen3 30B-A3B BF16, EP 16 over two nodes, alltoall "
           "dispatcher";
}

void TestHeldOutToday::layoutChoices()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    // Each pair evaluates its two rows of the one table itself, whatever publishedRuns did.
    const auto find = [](const QString& tag) -> const PublishedRun* {
        for (const PublishedRun& run : publishedRunRows())
            if (run.tag == tag.toStdString())
                return &run;
        return nullptr;
    };
    const PublishedRun* a = find(first);
    const PublishedRun* b = find(second);
    QVERIFY2(a && b, "both rows are published runs");
    const auto tokensPerGpu = [](const PublishedRun& run) {
        const Evaluation e = evaluate(run.design);
        return e.performance
            ? e.performance->tokensPerSecond / static_cast<double>(run.design.cluster.gpuCount())
            : 0.0;
    };
    const double published = a->tokensPerGpu / b->tokensPerGpu;
    const double predicted = tokensPerGpu(*a) / tokensPerGpu(*b);
    const double error = predicted / published - 1;
    qInfo("runs %.3f apart, the model %.3f: %+.1f %%", published, predicted, 100 * error);
    QVERIFY((published > 1) == (predicted > 1)); // the faster layout is the faster one
    // What the Performance tab's candidates say of such a pair (performance/layoutcomparison.h).
    m_pairMisses.check(pairKind(a->design, b->design).evidence, error);
    if (second.contains(QStringLiteral("alltoall dispatcher")))
        QEXPECT_FAIL("", "the model's host time of an eager MoE layer leaves out its dense part's", Continue);
    QVERIFY2(std::abs(error) < 0.05, qPrintable(QString::number(error)));
}

void TestHeldOutToday::pairTolerancesAreTheLargestMisses()
{
    m_pairMisses.verifyTight({PairEvidence::MegatronLayouts, PairEvidence::MegatronEagerMoe});
}

// GPT-OSS 120B in one container and one recipe on three GPUs (addGptOssRows: eager, layernorm and moe_act
// recomputed): which GPU is how much faster, against the runs, and the step's explanation of a MoE design
// says both that and how far the runs were.
void TestHeldOutToday::gptOssAcrossGpus()
{
    std::vector<std::pair<double, double>> perGpu; // published, modelled tokens/s/GPU: GB200, B200, H100
    for (const PublishedRun& run : publishedRunRows())
        if (run.tag.find("GPT-OSS 120B BF16") != std::string::npos
            && run.design.layout.cudaGraphs == CudaGraphs::None)
            perGpu.emplace_back(run.tokensPerGpu,
                                evaluate(run.design).performance->tokensPerSecond
                                    / static_cast<double>(run.design.cluster.gpuCount()));
    QCOMPARE(perGpu.size(), std::size_t{3});
    const auto ratio = [&](std::size_t a, std::size_t b) {
        return std::pair{perGpu[a].first / perGpu[b].first, perGpu[a].second / perGpu[b].second};
    };
    const auto [gb200Runs, gb200Model] = ratio(0, 1);
    const auto [b200Runs, b200Model] = ratio(1, 2);
    qInfo("GB200 over B200: runs %.3f, the model %.3f; B200 over H100: runs %.3f, the model %.3f", gb200Runs,
          gb200Model, b200Runs, b200Model);
    QVERIFY2(std::abs(gb200Model / gb200Runs - 1) < 0.04, qPrintable(QString::number(gb200Model)));
    QVERIFY2(std::abs(b200Model / b200Runs - 1) < 0.11, qPrintable(QString::number(b200Model)));
    const auto graphed = std::ranges::find_if(publishedRunRows(), [](const PublishedRun& run) {
        return run.tag.starts_with("Megatron-Bridge 26.06 DGX-GB200 GPT-OSS 120B MXFP8");
    });
    QVERIFY(graphed != publishedRunRows().end());
    const std::string note = evaluate(graphed->design).performance->step.note;
    QVERIFY2(
        note.find(
            "a CUDA graph of the whole iteration and its experts padded to 1.5 times the mean tokens, 1 % "
            "(GB200) to 12 % (GB300) less")
            != std::string::npos,
        note.c_str());
    QVERIFY2(note.find("took 1.4 to 1.9 times the modelled step in every published run without the fused "
                       "grouped MLP")
                 != std::string::npos,
             note.c_str());
    // The row's design graphs the whole iteration as the recipe did (layout.cudaGraphs), which Megatron-Core
    // runs with its experts padded; the explanation says which runs that resembles.
    QCOMPARE(graphed->design.layout.cudaGraphs, CudaGraphs::Iteration);
    QVERIFY2(note.find("This design replays CUDA graphs") != std::string::npos, note.c_str());
}

QTEST_APPLESS_MAIN(TestHeldOutToday)
#include "tst_heldouttoday.moc"
