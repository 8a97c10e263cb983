// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// torchtitan's op-level selective activation checkpointing, the matrix products as its policy counts them
// (FrameworkProfile::opLevelSelective). Its policy (torchtitan distributed/activation_checkpoint.py:
// SelectiveAC since 114151ad4, March 2026; _apply_op_sac with each model's save list before) counts a
// block's aten.mm and aten.linear calls in forward order and recomputes the output of every second one,
// keeping the first, third, fifth …; the MoE router's gate is recomputed and not counted
// (force_recompute_mm_shapes_by_fqns, since 8a6c9fe6e), and the routed experts' aten._grouped_mm is no
// aten.mm and not in the save list, so recomputed. What else the policy keeps (the attention kernel's output,
// the reduce-scatters' and the MoE all-to-alls' outputs, topk's) memory/activations.cpp counts.

#include "catalog/model.h"

#include <array>
#include <cstddef>
#include <string_view>

namespace core {

// How tensor parallelism splits a product's output (torchtitan's TP plans, parallelize.py of each model).
enum class ProductSplit {
    Columns, // ColwiseParallel: the rank's share of the width
    KvColumns, // a GQA key or value projection: split min(TP, KV heads) ways
    PartialSums, // RowwiseParallel: the whole width for every token, a partial sum before the reduce-scatter
    Whole, // NoParallel (MLA's down-projections, wq_a and wkv_a): the whole width on every rank
};

struct OpLevelProduct
{
    std::string_view name; // the module's own name in torchtitan's model (wq, wkv_a, w3, …)
    std::string_view gemm; // the LayerGemm it is part of (pipeline/layerkernels.cpp)
    double gemmShare = 1; // its share of that GEMM's work
    double width = 0; // output elements per token, whole
    ProductSplit split = ProductSplit::Columns;
    bool kept = false; // its output kept (counted odd) or recomputed (counted even)
};

// A layer's products, at most eight (MLA's five and a gated MLP's three): held in place, since memory and
// time ask for them for every layout a search tries.
class OpLevelProducts
{
public:
    void add(const OpLevelProduct& product) { m_items[m_count++] = product; }
    std::size_t size() const { return m_count; }
    const OpLevelProduct& operator[](std::size_t i) const { return m_items[i]; }
    const OpLevelProduct* begin() const { return m_items.data(); }
    const OpLevelProduct* end() const { return m_items.data() + m_count; }
    OpLevelProduct* begin() { return m_items.data(); }
    OpLevelProduct* end() { return m_items.data() + m_count; }

private:
    std::array<OpLevelProduct, 8> m_items{};
    std::size_t m_count = 0;
};

// A layer's counted matrix products in forward order: attention (wq, wk, wv, wo; with MLA wq_a, wq_b or wq,
// then wkv_a, wkv_b, wo), then the dense MLP (w1, w3, w2, or w1, w2) or, in a MoE layer, the shared experts'
// (torchtitan's MoE.forward runs them after the routed experts, whose products it does not count).
OpLevelProducts opLevelProducts(const ModelArchitecture& model, bool moeLayer);

} // namespace core
