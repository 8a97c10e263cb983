// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Activation memory saved for the backward pass, per transformer layer and micro-batch, after Korthikanti
// et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys 2023, §4, Table 2).
//
// The paper counts, per layer, with 16-bit activations and 1-byte dropout masks, for a GPT layer
// (MLP width 4h, queries = keys = values = h wide):
//   attention 11sbh + 5as²b, MLP 19sbh, two layer norms 4sbh  →  sbh(34 + 5as/h)
// and derives the parallel and recompute forms:
//   tensor parallel             sbh(10 + 24/t + 5as/(ht))
//   tensor + sequence parallel  sbh(34/t + 5as/(ht))
//   + selective recomputation   the 5as/h term disappears (core_attn; the other modules Megatron-Core
//                               can recompute drop their own terms, below)
//   full recomputation          2sbh (the layer input only)
//
// Meshwright keeps the paper's term-by-term accounting and generalises each term to the architecture
// (the derivation, per token and in bytes, with q/k/v/o the widths of queries, keys, values and the
// attention output, f the MLP width):
//   norm inputs              2·2h                       replicated in TP, sharded by SP
//   QKV projection input     2h                         replicated in TP, sharded by SP
//   Q and K for QKᵀ          2q + 2k                    sharded by TP (K by min(TP, KV heads))
//   V                        2v                         sharded as K
//   attention scores         5as (softmax 2, its dropout mask 1, dropout output 2), per head and key;
//                            FlashAttention keeps a 4-byte log-sum-exp per head instead (Dao et al. 2022)
//   output projection input  2o                         sharded by TP
//   two dropout masks        h + h                      replicated in TP, sharded by SP
//   MLP, plain (GeLU)        2h input + 2f GeLU input + 2f second-linear input
//   MLP, gated (SwiGLU)      2h input + 4f gate and up outputs + 2f second-linear input
// With q = k = v = o = h, a plain MLP of f = 4h and dropout this is exactly the paper's 34 + 5as/h; a
// model without dropout (Llama, Mixtral, Qwen, DeepSeek) has no masks: 32 + 2as/h. GQA and MQA
// shrink k and v; SwiGLU keeps both halves of its first projection (Megatron-LM's estimator, which uses
// 18 + 4f/h, leaves that out). Context parallelism divides s. A MoE layer replaces the MLP by: its input
// 2h, the router's FP32 probabilities 4E, and for each of the k·c (top-k × capacity factor; c = 1 when
// dropless) copies of a token its permuted input 2h, the expert's MLP intermediates and its output 2h;
// shared experts add their intermediates. Expert parallelism does not change the per-rank count when
// routing is balanced (Megatron-LM MoE README, "EP: activation ~1"). Under Megatron-Core's
// sequence-parallel routing a rank's experts see the copies of expert-TP / TP of its tokens
// (ParallelLayout::routedTokenShare): with expert TP 1 and TP 2, half.
//
// Selective recomputation drops what each recomputed module would keep (layout.h RecomputeModule): core_attn
// the scores (or the log-sum-exp); mla_up_proj the Q, K and V the up-projections make (their input, the
// latent, stays, as it does without recomputation: left out of both); layernorm the two norms' outputs (the
// QKV and MLP inputs; their inputs stay as the residual); mlp all of a dense MLP but its input; moe_act the
// routed experts' activation outputs (their second GEMM's input); moe all of a MoE block but its input;
// shared_experts the shared experts' intermediates.
//
// Under FP8 a framework that keeps the quantised GEMM inputs (Transformer Engine: frameworkprofile.h
// fp8SavesQuantizedInputs) saves every linear layer's input in one byte instead of two: the QKV and MLP
// inputs (the norms' outputs), the second MLP linear's input and the experts' permuted inputs. The output
// projection's input is the attention output, which FlashAttention's backward needs in BF16 as well: its
// FP8 copy adds one byte. The activation inputs (gate and up outputs, GeLU's input) stay BF16. Where the
// QKV and MLP inputs are kept as gathered, they take what the gather moved: one byte under torchao's
// float8 TP (ActivationConfig::gatheredInputBytes).

#include "design/layout.h"
#include "catalog/model.h"

namespace core {

struct ActivationConfig
{
    double tokens = 0; // s: tokens of one sequence on this rank (sequence length / CP)
    double attendedTokens = 0; // keys each query attends to (the whole sequence, also under CP)
    double microBatch = 1; // b
    int tp = 1;
    int expertTp = 1;
    bool sequenceParallel = false;
    // With SP, the QKV and MLP inputs are kept as gathered (DTensor's all-gather saves its output for the
    // matmul's weight gradient: torchtitan, FrameworkProfile::tpSavesGatheredInput) rather than sharded and
    // gathered again (Megatron-Core).
    bool savesGatheredInput = false;
    // Bytes of such a kept gathered input: what the all-gather moved. torchao's float8 TP casts the input
    // before the gather and Float8Linear keeps the tensor it is given (float8_tensor_parallel.py,
    // float8_linear.py matmul_with_hp_or_float8_args): the FP8 copy (framework/frameworkprofile.h
    // quantisedTpGatherBytes); else linearInputBytes.
    double gatheredInputBytes = 2;
    Recompute recompute = Recompute::None;
    // Under selective recomputation, the modules it recomputes, one bit per RecomputeModule (layout.h);
    // core_attn alone by default, as Megatron-Core's.
    unsigned recomputeModules = 1u << static_cast<unsigned>(RecomputeModule::CoreAttn);
    bool recomputes(RecomputeModule module) const
    {
        return recompute == Recompute::Selective
            && ((recomputeModules >> static_cast<unsigned>(module)) & 1u);
    }
    bool flashAttention = true;
    // MoE: the routed copies on the busiest EP rank over the mean (pipeline/moeload.h MoeLoad::rank): 1
    // balanced, the capacity factor when one bounds (or pads) the experts, the measured skew's share. Every
    // rank is sized for it: which rank the router loads most changes from step to step.
    double expertRankLoad = 1;
    // Bytes of a saved linear-layer input: 2 (BF16), 1 when FP8 keeps the quantised copy.
    double linearInputBytes = 2;
    // Of the rank's tokens, the share whose routed copies its experts keep (ParallelLayout::
    // routedTokenShare: expert TP / TP under Megatron-Core's sequence-parallel routing).
    double routedTokenShare = 1;
    // torchtitan's op-level selective recomputation (framework/frameworkprofile.h opLevelSelective): the
    // layer keeps its input, the outputs of every second matrix product it counts (framework/
    // oplevelpolicy.h) and attention's; a MoE block its shared experts' so, topk's and, with EP, its
    // all-to-alls' (its grouped products and the router's gate are recomputed).
    bool opLevel = false;
    // Whether MoE tokens reach their experts through an all-to-all (EP > 1).
    bool expertAllToAll = false;
};

struct LayerActivations
{
    double norms = 0;
    double attention = 0; // without the score matrix
    double scores = 0; // attention scores (or FlashAttention's log-sum-exp)
    double mlp = 0; // dense MLP, or the MoE block
    double total() const { return norms + attention + scores + mlp; }
};

struct Design;

// The design's configuration: its layout, workload and the MoE load of its busiest EP rank.
ActivationConfig activationConfig(const Design& design);

// Bytes one layer keeps for one micro-batch until its backward.
LayerActivations layerActivationBytes(const ModelArchitecture& model, bool moeLayer,
                                      const ActivationConfig& config);

// The paper's closed forms, for tests and explanations: per layer, in bytes.
enum class KorthikantiForm {
    NoParallelism,
    TensorParallel,
    TensorSequenceParallel,
    TensorSelective,
    TensorSequenceSelective,
    FullRecompute
};
double korthikantiLayerBytes(KorthikantiForm form, double s, double b, double h, double a, double t);

} // namespace core
