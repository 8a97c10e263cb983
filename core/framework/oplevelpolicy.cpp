// SPDX-License-Identifier: GPL-3.0-or-later
#include "framework/oplevelpolicy.h"

namespace core {

namespace {

// The attention's products in torchtitan's forward order. Llama 3 and Qwen3 (model.py): wq, wk, wv, then
// the kernel, wo. DeepSeek-V3 (deepseek_v3/model.py Attention.forward): wq, or wq_a and wq_b with a query
// rank, then wkv_a, wkv_b, the kernel, wo; its TP plan leaves wq_a and wkv_a whole (NoParallel). The
// down- and up-projections are one "qkv" GEMM in the kernel model, shared by their weights.
void attentionProducts(const ModelArchitecture& m, OpLevelProducts& out)
{
    const double h = static_cast<double>(m.hidden);
    const double heads = m.heads;
    if (m.attention == AttentionKind::Mla) {
        const MlaConfig& a = m.mla;
        const double qHead = static_cast<double>(a.qkNopeHeadDim + a.qkRopeHeadDim);
        const double kvA = static_cast<double>(a.kvLoraRank + a.qkRopeHeadDim);
        const double kvB = heads * static_cast<double>(a.qkNopeHeadDim + a.vHeadDim);
        const double qLora = static_cast<double>(a.qLoraRank);
        // Weights in elements: each product's share of the QKV GEMM.
        const double wqA = h * qLora, wqB = qLora * heads * qHead, wq = h * heads * qHead;
        const double wkvA = h * kvA, wkvB = static_cast<double>(a.kvLoraRank) * kvB;
        const double total = (a.qLoraRank > 0 ? wqA + wqB : wq) + wkvA + wkvB;
        if (a.qLoraRank > 0) {
            out.add({"wq_a", "qkv", wqA / total, qLora, ProductSplit::Whole});
            out.add({"wq_b", "qkv", wqB / total, heads * qHead, ProductSplit::Columns});
        } else {
            out.add({"wq", "qkv", wq / total, heads * qHead, ProductSplit::Columns});
        }
        out.add({"wkv_a", "qkv", wkvA / total, kvA, ProductSplit::Whole});
        out.add({"wkv_b", "qkv", wkvB / total, kvB, ProductSplit::Columns});
    } else {
        const double q = heads * static_cast<double>(m.headDim);
        const double kv = static_cast<double>(m.kvHeads) * static_cast<double>(m.headDim);
        out.add({"wq", "qkv", q / (q + 2 * kv), q, ProductSplit::Columns});
        out.add({"wk", "qkv", kv / (q + 2 * kv), kv, ProductSplit::KvColumns});
        out.add({"wv", "qkv", kv / (q + 2 * kv), kv, ProductSplit::KvColumns});
    }
    out.add({"wo", "projection", 1, h, ProductSplit::PartialSums});
}

// A feed-forward block's products (FeedForward.forward: w2(silu(w1(x)) * w3(x)), or w2(act(w1(x)))): w1
// and w3 are the one gate-and-up GEMM, half each.
void feedForwardProducts(const ModelArchitecture& m, double width, std::string_view fc1, std::string_view fc2,
                         OpLevelProducts& out)
{
    const bool gated = m.mlp == MlpKind::Gated;
    out.add({"w1", fc1, gated ? 0.5 : 1.0, width, ProductSplit::Columns});
    if (gated)
        out.add({"w3", fc1, 0.5, width, ProductSplit::Columns});
    out.add({"w2", fc2, 1, static_cast<double>(m.hidden), ProductSplit::PartialSums});
}

} // namespace

OpLevelProducts opLevelProducts(const ModelArchitecture& m, bool moeLayer)
{
    OpLevelProducts out;
    attentionProducts(m, out);
    if (!moeLayer)
        feedForwardProducts(m, static_cast<double>(m.ffn), "fc1", "fc2", out);
    else if (m.moe.sharedExperts > 0)
        // torchtitan's shared experts are one FeedForward of the experts' summed width.
        feedForwardProducts(
            m, static_cast<double>(m.moe.sharedExperts) * static_cast<double>(m.moe.sharedExpertFfn),
            "shared-fc1", "shared-fc2", out);
    // The policy counts every aten.mm and keeps the odd ones (mm_count % 2 == 1).
    bool odd = true;
    for (OpLevelProduct& p : out) {
        p.kept = odd;
        odd = !odd;
    }
    return out;
}

} // namespace core
