// SPDX-License-Identifier: GPL-3.0-or-later
// The layout inspector's choice lists: what each combo box offers, in the user's words, with the design's
// name of each value as its data.
#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "design/layoutinspector.h"

#include <QComboBox>
#include <QSignalBlocker>
#include <QVariant>

namespace widgets {

void LayoutInspector::fillChoices(QComboBox* box, Choices choices)
{
    const QSignalBlocker blocker(box);
    box->clear();
    auto add = [box](const QString& text, const QVariant& data) { box->addItem(text, data); };
    auto name = [](auto value) { return QVariant(qs(core::enumName(value))); };
    switch (choices) {
    case Choices::Schedule:
        add(tr("GPipe (all forward, then all backward)"), name(core::Schedule::GPipe));
        add(tr("1F1B (one forward, one backward)"), name(core::Schedule::OneFOneB));
        add(tr("Interleaved 1F1B (virtual stages)"), name(core::Schedule::Interleaved));
        add(tr("ZB-H1 (zero bubble, split backward)"), name(core::Schedule::ZbH1));
        add(tr("ZB-V (zero bubble, V-shaped)"), name(core::Schedule::ZbV));
        add(tr("DualPipeV"), name(core::Schedule::DualPipeV));
        add(tr("DualPipe (bidirectional, 2× parameters)"), name(core::Schedule::DualPipe));
        break;
    case Choices::Recompute:
        add(tr("None (keep all activations)"), name(core::Recompute::None));
        // Megatron-Core's recomputes attention, torchtitan's every second matrix product (recomputeModules'
        // tooltip).
        add(tr("Selective (the framework's own)"), name(core::Recompute::Selective));
        add(tr("Full (keep only layer inputs)"), name(core::Recompute::Full));
        break;
    case Choices::Mode:
        add(tr("Training"), name(core::Mode::Training));
        add(tr("Serving"), name(core::Mode::Serving));
        break;
    case Choices::Precision:
        add(tr("BF16 mixed (bytes as the framework keeps them)"), name(core::Precision::Bf16Mixed));
        add(tr("Megatron BF16, FP32 gradients (2 + 4 + 12 bytes)"), name(core::Precision::MegatronBf16));
        add(tr("FP32"), name(core::Precision::Fp32));
        add(tr("FP8 weights"), name(core::Precision::Fp8));
        add(tr("FP16 mixed, loss scaling (16-bit gradients)"), name(core::Precision::Fp16Mixed));
        break;
    case Choices::Optimizer:
        add(tr("Adam"), name(core::Optimizer::Adam));
        add(tr("AdamW"), name(core::Optimizer::AdamW));
        add(tr("SGD with momentum"), name(core::Optimizer::SgdMomentum));
        break;
    case Choices::OptimizerMoments:
        add(tr("FP32"), name(core::MomentDtype::Fp32));
        add(tr("BF16 (Megatron-Core's precision-aware optimizer)"), name(core::MomentDtype::Bf16));
        add(tr("FP16 (Megatron-Core's precision-aware optimizer)"), name(core::MomentDtype::Fp16));
        break;
    case Choices::Fp8Recipe:
        add(tr("Delayed scaling (amax history)"), name(core::Fp8Recipe::Delayed));
        add(tr("Current scaling per tensor"), name(core::Fp8Recipe::Tensorwise));
        add(tr("MXFP8 blocks of 32 (Blackwell)"), name(core::Fp8Recipe::Mxfp8));
        add(tr("Blockwise, 128-value blocks"), name(core::Fp8Recipe::Blockwise));
        break;
    case Choices::AttentionKernel:
        add(tr("Fastest published"), name(core::AttentionKernel::Best));
        add(tr("FlashAttention-2 (SDPA)"), name(core::AttentionKernel::FlashAttention2));
        break;
    case Choices::Offload:
        add(tr("None"), name(core::Offload::None));
        add(tr("Optimizer to CPU"), name(core::Offload::Cpu));
        add(tr("Parameters and optimizer to CPU"), name(core::Offload::CpuParameters));
        break;
    case Choices::Framework:
        add(tr("Auto (from the layout)"), name(core::Framework::Auto));
        add(tr("Megatron-Core"), name(core::Framework::MegatronCore));
        add(tr("DeepSpeed"), name(core::Framework::DeepSpeed));
        add(tr("PyTorch FSDP2 / DDP"), name(core::Framework::Fsdp2));
        add(tr("vLLM"), name(core::Framework::Vllm));
        add(tr("SGLang"), name(core::Framework::Sglang));
        break;
    case Choices::KvDtype:
        add(tr("BF16"), name(core::KvDtype::Bf16));
        add(tr("FP8"), name(core::KvDtype::Fp8));
        break;
    case Choices::ExpertMode:
        add(tr("Own dimension: world × EP (reference article)"), name(core::ExpertMode::Separate));
        add(tr("Carved out of DP × CP (Megatron)"), name(core::ExpertMode::Megatron));
        break;
    case Choices::ZeroStage:
        add(tr("0 — replicate everything (DDP)"), QVariant(0));
        add(tr("1 — shard optimizer states"), QVariant(1));
        add(tr("2 — shard gradients too"), QVariant(2));
        add(tr("3 — shard parameters too (FSDP)"), QVariant(3));
        break;
    case Choices::Order:
        for (const char* order : {"tp-cp-ep-dp-pp", "tp-cp-ep-pp-dp", "tp-pp-dp-cp-ep", "dp-tp-cp-ep-pp"})
            box->addItem(QString::fromLatin1(order), QString::fromLatin1(order));
        break;
    case Choices::CudaGraphs:
        add(tr("None (every kernel launched)"), name(core::CudaGraphs::None));
        add(tr("Per layer (Transformer Engine)"), name(core::CudaGraphs::Layers));
        add(tr("Whole iteration"), name(core::CudaGraphs::Iteration));
        break;
    case Choices::MoeDispatcher:
        add(tr("All-to-all (a copy per expert)"), name(core::MoeDispatcher::AllToAll));
        add(tr("DeepEP (a copy per GPU and node)"), name(core::MoeDispatcher::DeepEp));
        add(tr("HybridEP (a copy per GPU and node)"), name(core::MoeDispatcher::HybridEp));
        break;
    case Choices::Fabric:
        // The fabric presets to choose from.
        for (const core::LinkSpec& l : core::Catalog::builtin().links())
            if (l.linkClass == core::LinkClass::Fabric)
                box->addItem(presetName(l.name), qs(l.id));
        break;
    }
}

} // namespace widgets
