// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/teachingtext.h"

#include "base/units.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "memory/memorytext.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {
QString percent(double fraction)
{
    return percentText(fraction, 0);
}
} // namespace

QString strategyName(core::Strategy s)
{
    using S = core::Strategy;
    switch (s) {
    case S::Ddp:
        return QCoreApplication::translate("Teaching", "DDP");
    case S::Fsdp:
        return QCoreApplication::translate("Teaching", "FSDP / ZeRO-3");
    case S::Tp:
    case S::ServingTp:
        return QCoreApplication::translate("Teaching", "Tensor parallel (TP)");
    case S::Pp:
    case S::ServingPp:
        return QCoreApplication::translate("Teaching", "Pipeline parallel (PP)");
    case S::Cp:
        return QCoreApplication::translate("Teaching", "Context parallel (CP)");
    case S::Ep:
    case S::ServingEp:
        return QCoreApplication::translate("Teaching", "Expert parallel (EP)");
    case S::ServingReplicas:
        return QCoreApplication::translate("Teaching", "Replicas (DP)");
    }
    return {};
}

QString strategyAbbreviation(core::Strategy s)
{
    using S = core::Strategy;
    switch (s) {
    case S::Ddp:
        return QCoreApplication::translate("Teaching", "DDP");
    case S::Fsdp:
        return QCoreApplication::translate("Teaching", "FSDP");
    case S::Tp:
    case S::ServingTp:
        return QCoreApplication::translate("Teaching", "TP");
    case S::Pp:
    case S::ServingPp:
        return QCoreApplication::translate("Teaching", "PP");
    case S::Cp:
        return QCoreApplication::translate("Teaching", "CP");
    case S::Ep:
    case S::ServingEp:
        return QCoreApplication::translate("Teaching", "EP");
    case S::ServingReplicas:
        return QCoreApplication::translate("Teaching", "DP");
    }
    return {};
}

QString strategySummary(core::Strategy s)
{
    using S = core::Strategy;
    switch (s) {
    case S::Ddp:
        return QCoreApplication::translate(
            "Teaching",
            "Every GPU keeps a full training replica and trains on its own micro-batches; the gradients "
            "are all-reduced before the optimizer step.");
    case S::Fsdp:
        return QCoreApplication::translate(
            "Teaching",
            "Weights, gradients and optimizer states are sharded: each GPU stores a quarter. A layer's "
            "weights are all-gathered for forward and again for backward; gradients go back to their "
            "owners by reduce-scatter.");
    case S::Tp:
        return QCoreApplication::translate(
            "Teaching",
            "Every weight matrix is split inside the layer (columns, then rows); the partial results are "
            "all-reduced in every layer, forward and backward.");
    case S::Pp:
        return QCoreApplication::translate(
            "Teaching",
            "Each GPU holds a group of consecutive layers (a stage) and passes activations forward and "
            "gradients back; micro-batches keep the stages busy.");
    case S::Cp:
        return QCoreApplication::translate(
            "Teaching",
            "The sequence is split: each GPU keeps the activations of its part of the context. Weights "
            "are replicated; attention passes key/value blocks around a ring.");
    case S::Ep:
        return QCoreApplication::translate(
            "Teaching",
            "The experts of each MoE layer are spread over the GPUs; the router sends tokens to their "
            "experts with an all-to-all and brings the results back with another.");
    case S::ServingTp:
        return QCoreApplication::translate(
            "Teaching",
            "Parts of the weight matrices on each GPU; collectives in every layer of every forward pass.");
    case S::ServingPp:
        return QCoreApplication::translate(
            "Teaching", "Groups of consecutive layers on each GPU; activations pass from stage to stage.");
    case S::ServingReplicas:
        return QCoreApplication::translate(
            "Teaching",
            "Complete serving replicas: independent requests need no communication between them.");
    case S::ServingEp:
        return QCoreApplication::translate(
            "Teaching",
            "Different MoE experts on each GPU; tokens are routed to their experts, often with an "
            "all-to-all exchange.");
    }
    return {};
}

QString stateKindName(core::StateKind kind)
{
    using K = core::StateKind;
    switch (kind) {
    case K::Weights:
        return QCoreApplication::translate("Teaching", "Weights");
    case K::Gradients:
        return QCoreApplication::translate("Teaching", "Gradients");
    case K::Optimizer:
        return QCoreApplication::translate("Teaching", "Optimizer states");
    case K::Activations:
        return QCoreApplication::translate("Teaching", "Activations");
    case K::KvCache:
        return QCoreApplication::translate("Teaching", "KV cache");
    case K::Experts:
        return QCoreApplication::translate("Teaching", "Experts (in weights)");
    }
    return {};
}

QColor stateKindColor(core::StateKind kind)
{
    using K = core::StateKind;
    using C = core::MemoryCategory;
    switch (kind) {
    case K::Weights:
        return categoryColor(C::Parameters);
    case K::Gradients:
        return categoryColor(C::Gradients);
    case K::Optimizer:
        return categoryColor(C::Optimizer);
    case K::Activations:
        return categoryColor(C::Activations);
    case K::KvCache:
        return categoryColor(C::KvCache);
    case K::Experts:
        return categoryColor(C::Parameters).darker(130);
    }
    return {};
}

QString holdingText(core::Holding holding)
{
    using H = core::Holding;
    switch (holding) {
    case H::None:
        return QCoreApplication::translate("Teaching", "nothing");
    case H::Whole:
        return QCoreApplication::translate("Teaching", "whole");
    case H::Shard:
        return QCoreApplication::translate("Teaching", "shard");
    case H::Layers:
        return QCoreApplication::translate("Teaching", "its layers");
    case H::OwnBatch:
        return QCoreApplication::translate("Teaching", "own batch");
    case H::DenseWhole:
        return QCoreApplication::translate("Teaching", "dense whole + ¼ experts");
    }
    return {};
}

QString stepPhaseText(core::StepPhase phase)
{
    switch (phase) {
    case core::StepPhase::Forward:
        return QCoreApplication::translate("Teaching", "Forward");
    case core::StepPhase::Backward:
        return QCoreApplication::translate("Teaching", "Backward");
    case core::StepPhase::Optimizer:
        return QCoreApplication::translate("Teaching", "Optimizer step");
    }
    return {};
}

QString payloadText(std::string_view payload)
{
    if (payload == "gradients")
        return QCoreApplication::translate("Teaching", "gradients");
    if (payload == "weights")
        return QCoreApplication::translate("Teaching", "weights");
    if (payload == "activations")
        return QCoreApplication::translate("Teaching", "activations");
    if (payload == "partial-sums")
        return QCoreApplication::translate("Teaching", "partial sums");
    if (payload == "kv-blocks")
        return QCoreApplication::translate("Teaching", "key/value blocks");
    if (payload == "tokens")
        return QCoreApplication::translate("Teaching", "tokens");
    return qs(payload);
}

QString dimensionText(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

QString savesText(const core::StrategyLesson& lesson)
{
    using S = core::Strategy;
    QString text = QCoreApplication::translate("Teaching", "<b>Saves:</b> ");
    if (lesson.strategy == S::Ddp)
        return text
            + QCoreApplication::translate(
                  "Teaching",
                  "nothing in memory: %1 of model states (16 bytes per parameter) on every "
                  "GPU, %2 peak. Simple semantics; backward overlaps the all-reduce.")
                  .arg(bytesText(lesson.modelStateBytes), bytesText(lesson.peakBytes));
    if (lesson.strategy == S::ServingReplicas)
        return text
            + QCoreApplication::translate(
                  "Teaching",
                  "nothing in memory — each replica holds the whole model, %1 per GPU; but "
                  "no communication between replicas.")
                  .arg(bytesText(lesson.peakBytes));
    const double saved = lesson.replicaPeakBytes - lesson.peakBytes;
    const QString change = saved >= 0
        ? QCoreApplication::translate("Teaching", "%1 less").arg(percent(saved / lesson.replicaPeakBytes))
        : QCoreApplication::translate("Teaching", "%1 more").arg(percent(-saved / lesson.replicaPeakBytes));
    // Serving holds no gradients or optimizer states: its model states are the weights alone.
    const QString sentence = core::isServing(lesson.strategy)
        ? QCoreApplication::translate(
            "Teaching", "peak %1 per GPU instead of %2 for a full replica (%3); weights %4 instead of %5.")
        : QCoreApplication::translate(
            "Teaching",
            "peak %1 per GPU instead of %2 for a full replica (%3); model states %4 instead of %5.");
    const bool sameStates = std::abs(lesson.modelStateBytes - lesson.replicaModelStateBytes)
        <= 1e-9 * std::max(1.0, lesson.replicaModelStateBytes);
    if (sameStates) // CP: every GPU keeps the whole model; only the activations shrink
        text += QCoreApplication::translate("Teaching",
                                            "peak %1 per GPU instead of %2 for a full replica (%3); model "
                                            "states unchanged at %4.")
                    .arg(bytesText(lesson.peakBytes), bytesText(lesson.replicaPeakBytes), change,
                         bytesText(lesson.modelStateBytes));
    else
        text += sentence.arg(bytesText(lesson.peakBytes), bytesText(lesson.replicaPeakBytes), change,
                             bytesText(lesson.modelStateBytes), bytesText(lesson.replicaModelStateBytes));
    if (lesson.strategy == S::Cp && !lesson.gpus.empty())
        text += QLatin1Char(' ')
            + QCoreApplication::translate("Teaching",
                                          "Activations %1: each GPU keeps a quarter of the sequence.")
                  .arg(bytesText(lesson.gpus.front().state(core::StateKind::Activations).bytes));
    const QString activations = activationsText(lesson);
    if (!activations.isEmpty())
        text += QLatin1Char(' ') + activations;
    return text;
}

QString activationsText(const core::StrategyLesson& lesson)
{
    using S = core::Strategy;
    if (lesson.gpus.empty())
        return {};
    const auto activations
        = [](const core::GpuHoldings& gpu) { return gpu.state(core::StateKind::Activations).bytes; };
    // Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models", §4.2.2
    // and Table 2, per layer for a GPT layer: no parallelism sbh(34 + 5as/h), TP sbh(10 + 24/t +
    // 5as/(ht)), TP with SP (sbh/t)(34 + 5as/h).
    if (lesson.strategy == S::Tp && lesson.sequenceParallelActivationBytes > 0)
        return QCoreApplication::translate(
                   "Teaching",
                   "Activations %1 per GPU, not a quarter of the full replica's %2: TP divides only the "
                   "tensors inside attention and the MLP by t = %3; the layer-norm and attention inputs (and "
                   "dropout masks, where the model has dropout) stay whole on every GPU — per layer "
                   "sbh(10 + 24/t + 5as/(ht)) instead of sbh(34 + 5as/h) (Korthikanti et al. 2022). "
                   "Sequence parallelism splits those too, (sbh/t)(34 + 5as/h): %4 per GPU.")
            .arg(bytesText(activations(lesson.gpus.front())), bytesText(lesson.replicaActivationBytes))
            .arg(lesson.design.layout.tp())
            .arg(bytesText(lesson.sequenceParallelActivationBytes));
    // Korthikanti et al. 2022, §4.2.3: under 1F1B the first stage holds p micro-batches of L/p layers,
    // (sbhL/t)(34 + 5as/h) whatever p.
    if (lesson.strategy == S::Pp) {
        const auto [first, last]
            = std::minmax_element(lesson.gpus.begin(), lesson.gpus.end(),
                                  [](const core::GpuHoldings& a, const core::GpuHoldings& b) {
                                      return a.firstLayer < b.firstLayer;
                                  });
        return QCoreApplication::translate(
                   "Teaching",
                   "Activations: each stage computes %1 of the %2 layers, but under 1F1B the first stage "
                   "keeps %3 micro-batches in flight, so GPU %4 holds %5 — about what a full replica keeps "
                   "for one micro-batch through every layer (%6): (sbhL/t)(34 + 5as/h) on the first stage, "
                   "whatever p (Korthikanti et al. 2022). The last stage keeps %7 in flight: %8.")
            .arg(first->layers)
            .arg(lesson.design.model.layers)
            .arg(first->inFlight)
            .arg(first->rank)
            .arg(bytesText(activations(*first)), bytesText(lesson.replicaActivationBytes))
            .arg(last->inFlight)
            .arg(bytesText(activations(*last)));
    }
    return {};
}

QString costsText(const core::StrategyLesson& lesson)
{
    using S = core::Strategy;
    QString text = QCoreApplication::translate("Teaching", "<b>Costs:</b> ");
    if (core::isServing(lesson.strategy)) {
        switch (lesson.strategy) {
        case S::ServingTp:
            text += QCoreApplication::translate(
                "Teaching", "collectives in every layer of every forward pass, on the critical path.");
            break;
        case S::ServingPp:
            text += QCoreApplication::translate(
                "Teaching", "a send between stages per forward pass; uneven stages and pipeline idle time.");
            break;
        case S::ServingReplicas:
            text += QCoreApplication::translate("Teaching",
                                                "every GPU must hold the whole model and its KV cache.");
            break;
        default:
            text += QCoreApplication::translate("Teaching",
                                                "two all-to-alls per MoE layer; uneven expert load.");
            break;
        }
    } else {
        text += QCoreApplication::translate("Teaching", "%1 sent per GPU per training step.")
                    .arg(bytesText(lesson.sendBytesPerGpu));
        switch (lesson.strategy) {
        case S::Fsdp:
            text += QLatin1Char(' ')
                + QCoreApplication::translate("Teaching",
                                              "About 1.5× the communication of DDP (ZeRO paper).");
            break;
        case S::Tp:
            text += QLatin1Char(' ')
                + QCoreApplication::translate("Teaching",
                                              "Two all-reduces per layer forward and two backward, on the "
                                              "critical path: keep TP inside a node.");
            break;
        case S::Pp:
            text += QLatin1Char(' ')
                + QCoreApplication::translate(
                      "Teaching",
                      "Pipeline bubble: the reference article's (p−1)/(m+p−1) with p = %1 stages and m = %2 "
                      "micro-batches "
                      "leaves %3 idle; Meshwright's schedule with this model's stage and send times "
                      "gives %4.")
                      .arg(lesson.design.layout.pp())
                      .arg(lesson.microBatches)
                      .arg(percent(lesson.idealBubbleFraction), percent(lesson.bubbleFraction));
            break;
        case S::Cp:
            text += QLatin1Char(' ')
                + QCoreApplication::translate(
                        "Teaching", "Weights stay replicated; attention waits for key/value blocks.");
            break;
        case S::Ep:
            text += QLatin1Char(' ')
                + QCoreApplication::translate("Teaching",
                                              "Load balance, capacity limits, dropped tokens and padding.");
            break;
        default:
            break;
        }
    }
    if (lesson.capacityBytes > 0)
        text += QLatin1Char(' ')
            + (lesson.fits ? QCoreApplication::translate("Teaching", "Fits in %1 per GPU.")
                                 .arg(bytesText(lesson.capacityBytes))
                           : QStringLiteral("<span style='color:%1'>%2</span>")
                                 .arg(palette::lessonOverCapacity.name(),
                                      QCoreApplication::translate("Teaching", "Does not fit in %1 per GPU.")
                                          .arg(bytesText(lesson.capacityBytes))));
    // The reference article on serving, «Wählen Sie die kleinste Gruppe, die den Workload bewältigt».
    if (lesson.strategy == S::ServingReplicas && lesson.capacityBytes > 0)
        text += QLatin1Char(' ')
            + (lesson.fits ? QCoreApplication::translate(
                   "Teaching", "The model fits one GPU with its KV cache: test independent replicas first.")
                           : QCoreApplication::translate(
                               "Teaching",
                               "One GPU is not enough: shard with TP inside a node first, add PP "
                               "across nodes only if a node is not enough."));
    return text;
}

} // namespace widgets
