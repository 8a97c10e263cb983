// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the GPUs are asked to do: train (with which precision and optimizer) or serve (at which
// concurrency and context length), on sequences of which length and batches of which size.

#include "base/enumnames.h"
#include "compute/attentionkernel.h"

#include <cstdint>
#include <string>

namespace core {

enum class Mode { Training, Serving };

// How model states are stored in training (bytes per parameter: weights + gradients + optimizer).
enum class Precision {
    Bf16Mixed, // the ZeRO paper's mixed-precision Adam: 2 + 2 + 12 (Rajbhandari et al., SC 2020, §5)
    MegatronBf16, // Megatron: BF16 weights, FP32 main gradients: 2 + 4 + 12 = 18 (6 + 12/d distributed)
    Fp32, // pure FP32: 4 + 4 + optimizer moments
    Fp8, // FP8 weights for compute (Transformer Engine), BF16/FP32 master copies
    // FP16 with loss scaling, as the 2019–2021 papers trained (Megatron-LM --fp16): 2 + 2 + 12. Megatron-LM
    // forces FP32 gradient accumulation and reduction for BF16 only (arguments.py), so its FP16 gradients
    // stay 16-bit; tensor cores run FP16 at the BF16 rate.
    Fp16Mixed
};

// Transformer Engine's FP8 recipe (Megatron-LM --fp8-recipe, arguments.py: default "delayed"): how the
// scale of a tensor is found before it is cast to FP8 (pipeline/layerkernels.cpp prices the casts).
//   delayed     DelayedScaling: the scale comes from the amax history of earlier steps; the cast kernel
//               records the new amax as it goes.
//   tensorwise  Float8CurrentScaling: the amax of the tensor itself, in a pass of its own before the cast.
//   mxfp8       MXFP8BlockScaling: one E8M0 scale per 32 values, found in the cast; Blackwell's tensor
//               cores only.
//   blockwise   Float8BlockScaling (DeepSeek-V3's 1 × 128 and 128 × 128 blocks): an FP32 scale per block,
//               found in the cast.
enum class Fp8Recipe { Delayed, Tensorwise, Mxfp8, Blockwise };

enum class Optimizer { Adam, AdamW, SgdMomentum };
// The dtype of the optimizer's moments (Adam's exp_avg and exp_avg_sq, SGD's momentum): FP32, or 16-bit
// as DeepSeek-V3 trained (arXiv:2412.19437 §3.3.1: "BF16 ... to track the first and second moments in the
// AdamW optimizer") and Megatron-Core's precision-aware optimizer keeps them (Megatron-LM
// --use-precision-aware-optimizer --exp-avg-dtype --exp-avg-sq-dtype: Transformer Engine's FusedAdam
// with its exp_avg_dtype and exp_avg_sq_dtype). Stored only when not FP32.
enum class MomentDtype { Fp32, Bf16, Fp16 };
// What lives in host memory: the optimizer (with its gradients where the framework moves them), or also
// the parameters (DeepSpeed offload_param, FSDP2 CPUOffloadPolicy; ZeRO-3 only).
enum class Offload { None, Cpu, CpuParameters };
enum class KvDtype { Bf16, Fp8 };

template<> struct EnumNames<Mode>
{
    static constexpr std::array table{std::pair{Mode::Training, std::string_view{"training"}},
                                      std::pair{Mode::Serving, std::string_view{"serving"}}};
};
template<> struct EnumNames<Precision>
{
    static constexpr std::array table{std::pair{Precision::Bf16Mixed, std::string_view{"bf16-mixed"}},
                                      std::pair{Precision::MegatronBf16, std::string_view{"megatron-bf16"}},
                                      std::pair{Precision::Fp32, std::string_view{"fp32"}},
                                      std::pair{Precision::Fp8, std::string_view{"fp8"}},
                                      std::pair{Precision::Fp16Mixed, std::string_view{"fp16-mixed"}}};
};
template<> struct EnumNames<Fp8Recipe>
{
    static constexpr std::array table{std::pair{Fp8Recipe::Delayed, std::string_view{"delayed"}},
                                      std::pair{Fp8Recipe::Tensorwise, std::string_view{"tensorwise"}},
                                      std::pair{Fp8Recipe::Mxfp8, std::string_view{"mxfp8"}},
                                      std::pair{Fp8Recipe::Blockwise, std::string_view{"blockwise"}}};
};
template<> struct EnumNames<Optimizer>
{
    static constexpr std::array table{std::pair{Optimizer::Adam, std::string_view{"adam"}},
                                      std::pair{Optimizer::AdamW, std::string_view{"adamw"}},
                                      std::pair{Optimizer::SgdMomentum, std::string_view{"sgd-momentum"}}};
};
template<> struct EnumNames<MomentDtype>
{
    static constexpr std::array table{std::pair{MomentDtype::Fp32, std::string_view{"fp32"}},
                                      std::pair{MomentDtype::Bf16, std::string_view{"bf16"}},
                                      std::pair{MomentDtype::Fp16, std::string_view{"fp16"}}};
};
template<> struct EnumNames<Offload>
{
    static constexpr std::array table{std::pair{Offload::None, std::string_view{"none"}},
                                      std::pair{Offload::Cpu, std::string_view{"cpu"}},
                                      std::pair{Offload::CpuParameters, std::string_view{"cpu-params"}}};
};
template<> struct EnumNames<KvDtype>
{
    static constexpr std::array table{std::pair{KvDtype::Bf16, std::string_view{"bf16"}},
                                      std::pair{KvDtype::Fp8, std::string_view{"fp8"}}};
};

struct ServingWorkload
{
    int concurrency = 1; // sequences held in the KV cache at once, per replica
    std::int64_t contextLength = 8192; // tokens per sequence (prompt + output) the cache must hold
    KvDtype kvDtype = KvDtype::Bf16;
    // One request: its prompt and the tokens it generates (servingperformance.h). A prompt of 0 fills
    // the context: contextLength − outputLength.
    std::int64_t promptLength = 0;
    std::int64_t outputLength = 512;
    std::int64_t promptTokens() const
    {
        return promptLength > 0 ? promptLength : contextLength - outputLength;
    }
    bool operator==(const ServingWorkload&) const = default;
};

struct Workload
{
    Mode mode = Mode::Training;
    std::int64_t sequenceLength = 4096;
    std::int64_t globalBatch = 512; // sequences per optimizer step
    Precision precision = Precision::Bf16Mixed;
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed; // with precision fp8; stored only when not the default
    Optimizer optimizer = Optimizer::AdamW;
    MomentDtype optimizerMoments = MomentDtype::Fp32;
    Offload offload = Offload::None;
    bool flashAttention = true; // fused attention: the s×s score matrix is never stored
    // With flashAttention, which kernel runs it (compute/attentionkernel.h); stored only when not the
    // default.
    AttentionKernel attentionKernel = AttentionKernel::Best;
    double moeCapacityFactor = 0; // 0 = dropless routing
    // Tokens the busiest expert receives over the mean (max / mean tokens per expert, ≥ 1), as measured
    // (Megatron-Core logs tokens per expert); 0 = the model's default (pipeline/moeload.h).
    double moeExpertLoadSkew = 0;
    ServingWorkload serving;
    bool operator==(const Workload&) const = default;
};

// "bf16-mixed", or with FP8 its recipe: "fp8 (tensorwise scaling)".
inline std::string precisionText(const Workload& w)
{
    std::string text(enumName(w.precision));
    if (w.precision == Precision::Fp8)
        text += " (" + std::string(enumName(w.fp8Recipe)) + " scaling)";
    return text;
}

} // namespace core
