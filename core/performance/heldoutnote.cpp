// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/heldoutnote.h"

#include "base/diagnostic.h"
#include "framework/frameworkprofile.h"

namespace core {

std::string heldOutNote(const Design& design)
{
    if (design.workload.mode != Mode::Training)
        return {};
    std::string note
        = MW_TR_NOOP("Explanations",
                     "Published runs took within 9 % of the modelled step on A100 (Megatron-LM "
                     "2021–2022); on H100, B200 and GB200 in FP8 (NeMo and Megatron-Bridge 2025–2026) from "
                     "9 % less to 8 % more, NeMo 25.02's on B200 from 2 % less to 27 % more; Megatron-LM's "
                     "own scaling runs in BF16 on H100 (2024) 7–26 % more (docs/kernel-model.md).");
    // Those are Megatron's runs, with its fused kernels; torchtitan's published FSDP2 runs are eager PyTorch,
    // and its H100 tables give pairs of layouts (tst_heldouttorchtitan).
    if (frameworkOf(design) == Framework::Fsdp2)
        note += std::string(" ")
            + MW_TR_NOOP("Explanations",
                         "Those ran Megatron-LM; torchtitan's published FSDP2 runs took 0–3 % longer than "
                         "modelled on A100 (eager PyTorch, Llama 3 8B and 70B) and 12–14 % longer on H200 "
                         "(Llama 3.1 8B in FP8, compiled, with FlashAttention-2).")
            + " "
            + MW_TR_NOOP(
                    "Explanations",
                    "Between torchtitan's published layouts on H100 the model's ratio was within 4 % for "
                    "interleaved 1F1B against 1F1B (Llama 3.1 405B, 512 GPUs) and within 3 % for 128 "
                    "against 8 GPUs (Llama 3.1 8B); asynchronous TP ran 1.06–1.16 times as fast as vanilla "
                    "TP there, the model 1.14–1.22 times, and float8 1.16–1.45 times as fast as BF16 at TP "
                    "8, the model 1.10–1.35 times; doubling the sequence with CP (32K to 256K) cost "
                    "the runs 35–58 % "
                    "of their throughput a GPU on 8 GPUs (Llama 3.1 8B) and 34–48 % on 512 (Llama 3.1 "
                    "405B), the model 38–46 % and 26–41 %.");
    // torchao's recipes on B200 (tst_heldouttorchtitan layoutPairs), for FSDP2 designs in FP8.
    if (frameworkOf(design) == Framework::Fsdp2 && design.workload.precision == Precision::Fp8)
        note += std::string(" ")
            + MW_TR_NOOP(
                    "Explanations",
                    "On 8 B200 (Llama 3 8B, compiled) torchao's tensorwise float8 ran 1.25 times and its "
                    "MXFP8 1.20 times as fast as BF16, the model 1.34 and 1.25 times.");
    // performance/layoutcomparison.h pairTolerance: the same figures, held to the pairs by the held-out
    // tests.
    note += std::string(" ")
        + MW_TR_NOOP(
                "Explanations",
                "Between two layouts of one model on the same GPUs under Megatron-Core, the runs' ratio was "
                "within 5 % of the modelled one in the published pairs (18 % where MoE layers were launched "
                "eagerly), none of which changed the context length or CP, so a difference between layouts "
                "holds better than either step time; the Performance tab's candidates say whether the model "
                "decides between two.");
    if (design.workload.precision == Precision::Fp8)
        note += std::string(" ")
            + MW_TR_NOOP("Explanations",
                         "On B200 and GB200 the runs paid 6–8 % more for MXFP8 than for per-tensor FP8 in "
                         "the same or a similar layout, the model 2–6 % (its MXFP8 GEMMs run 5 % longer, as "
                         "measured).");
    if (design.model.moe.isMoe()) {
        note += std::string(" ")
            + MW_TR_NOOP(
                    "Explanations",
                    "On B200 and GB200, MoE runs with Megatron-Core's alltoall dispatcher and no CUDA graphs "
                    "took 1.35 to 1.5 times the modelled step, those with CUDA graphs (HybridEP, or experts "
                    "padded to a capacity) from 3 % less to 12 % more; on H100 eager runs took 19 % longer "
                    "with the alltoall dispatcher, 25 % with DeepEP (DeepSeek-V3 on 1,024 GPUs) and 40 % "
                    "with HybridEP, whose MoE layers the model has waiting 6.6 ms for the host where the "
                    "run's took about 9.5 ms.");
        // The design says which of those it resembles (layout.h CudaGraphs); the model's steps differ by the
        // host time of the eager MoE layers (pipeline/hostlaunch.h).
        note += std::string(" ")
            + (design.layout.cudaGraphs == CudaGraphs::None
                   ? MW_TR_NOOP(
                       "Explanations",
                       "This design launches every kernel eagerly, as the slower runs did: each MoE layer "
                       "takes at least the host time Megatron-LM's own tests measure for launching one "
                       "beyond a dense layer, 6.6 ms forward and backward; the dense part's launches are "
                       "not counted, so the run may take longer still.")
                   : MW_TR_NOOP(
                       "Explanations",
                       "This design replays CUDA graphs: the runs (but GPT-OSS 120B's, below) from 3 % "
                       "faster to 12 % slower graphed attention or the whole iteration with HybridEP, or "
                       "whole layers with the experts padded to a capacity (Mixtral 8x7B on GB200), where "
                       "one that graphed only the router and its preprocessing, with the alltoall "
                       "dispatcher, took 3.0 times the step modelled without host time, as the model prices "
                       "a graphed design's."));
        // GPT-OSS 120B on five GPUs (tst_heldouttoday, addGptOssRows): every run without the fused grouped
        // MLP far slower than modelled, whatever its GEMMs' precision and graphs, the GPUs' ratios close;
        // with it and a graph of the whole iteration near the other graphed MoE runs (docs/kernel-model.md).
        note
            += std::string(" ")
            + MW_TR_NOOP(
                   "Explanations",
                   "GPT-OSS 120B took 1.4 to 1.9 times the modelled step in every published run without the "
                   "fused grouped MLP, on H100, B200, B300, GB200 and GB300, with BF16 or MXFP8 GEMMs, eager "
                   "or with CUDA graphs of attention and router; with it, FP8 attention, a CUDA graph of the "
                   "whole iteration and its experts padded to 1.5 times the mean tokens, 1 % (GB200) to 12 % "
                   "(GB300) less. The runs' ratios between GPUs in BF16 (GB200 1.23 times B200, B200 2.33 "
                   "times H100) were within 4 and 10 % of the modelled ones.");
    }
    return note;
}

} // namespace core
