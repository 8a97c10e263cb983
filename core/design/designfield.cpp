// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/designfield.h"

#include "design/layoutarithmetic.h"

#include <array>
#include <limits>
#include <optional>
#include <vector>

namespace core {

namespace {

struct FieldInfo
{
    Field field;
    std::string_view pointer;
};

constexpr std::array kFields{
    FieldInfo{Field::Name, "/name"},
    FieldInfo{Field::ModelLayers, "/model/layers"},
    FieldInfo{Field::ModelHidden, "/model/hidden"},
    FieldInfo{Field::ModelFfn, "/model/ffn"},
    FieldInfo{Field::ModelHeads, "/model/heads"},
    FieldInfo{Field::ModelKvHeads, "/model/kvHeads"},
    FieldInfo{Field::ModelHeadDim, "/model/headDim"},
    FieldInfo{Field::ModelVocab, "/model/vocab"},
    FieldInfo{Field::ModelExperts, "/model/moe/experts"},
    FieldInfo{Field::ModelTopK, "/model/moe/topK"},
    FieldInfo{Field::ModelExpertFfn, "/model/moe/expertFfn"},
    FieldInfo{Field::ModelRouterGroups, "/model/moe/routerGroups"},
    FieldInfo{Field::ModelRouterGroupTopK, "/model/moe/routerGroupTopK"},
    FieldInfo{Field::ModelSlidingWindow, "/model/slidingWindow/tokens"},
    FieldInfo{Field::ModelWindowPeriod, "/model/slidingWindow/period"},
    FieldInfo{Field::ModelSlidingLayers, "/model/slidingWindow/slidingLayers"},
    FieldInfo{Field::ModelMtpLayers, "/model/mtpLayers"},
    FieldInfo{Field::Mode, "/workload/mode"},
    FieldInfo{Field::SequenceLength, "/workload/sequenceLength"},
    FieldInfo{Field::GlobalBatch, "/workload/globalBatch"},
    FieldInfo{Field::Precision, "/workload/precision"},
    FieldInfo{Field::Fp8Recipe, "/workload/fp8Recipe"},
    FieldInfo{Field::Optimizer, "/workload/optimizer"},
    FieldInfo{Field::OptimizerMoments, "/workload/optimizerMoments"},
    FieldInfo{Field::Offload, "/workload/offload"},
    FieldInfo{Field::FlashAttention, "/workload/flashAttention"},
    FieldInfo{Field::AttentionKernel, "/workload/attentionKernel"},
    FieldInfo{Field::MoeCapacityFactor, "/workload/moeCapacityFactor"},
    FieldInfo{Field::Concurrency, "/workload/serving/concurrency"},
    FieldInfo{Field::ContextLength, "/workload/serving/contextLength"},
    FieldInfo{Field::KvDtype, "/workload/serving/kvDtype"},
    FieldInfo{Field::Fabric, "/cluster/fabric"},
    FieldInfo{Field::NicsPerNode, "/cluster/nicsPerNode"},
    FieldInfo{Field::Oversubscription, "/cluster/oversubscription"},
    FieldInfo{Field::HostMemory, "/cluster/hostMemoryBytes"},
    FieldInfo{Field::Tp, "/layout/tp"},
    FieldInfo{Field::Cp, "/layout/cp"},
    FieldInfo{Field::Ep, "/layout/ep"},
    FieldInfo{Field::Dp, "/layout/dp"},
    FieldInfo{Field::Pp, "/layout/pp"},
    FieldInfo{Field::Order, "/layout/order"},
    FieldInfo{Field::Framework, "/layout/framework"},
    FieldInfo{Field::VocabDivisibleBy, "/layout/vocabDivisibleBy"},
    FieldInfo{Field::ExpertMode, "/layout/expertMode"},
    FieldInfo{Field::ExpertTp, "/layout/expertTp"},
    FieldInfo{Field::ZeroStage, "/layout/zeroStage"},
    FieldInfo{Field::ShardGroup, "/layout/shardGroup"},
    FieldInfo{Field::ReshardAfterForward, "/layout/reshardAfterForward"},
    FieldInfo{Field::SequenceParallel, "/layout/sequenceParallel"},
    FieldInfo{Field::TpCommOverlap, "/layout/tpCommOverlap"},
    FieldInfo{Field::MicroBatch, "/layout/microBatch"},
    FieldInfo{Field::Schedule, "/layout/schedule"},
    FieldInfo{Field::VirtualStages, "/layout/virtualStages"},
    FieldInfo{Field::Recompute, "/layout/recompute"},
    FieldInfo{Field::RecomputeLayers, "/layout/recomputeLayers"},
    FieldInfo{Field::RecomputeModules, "/layout/recomputeModules"},
    FieldInfo{Field::ActivationOffloadLayers, "/layout/activationOffloadLayers"},
    FieldInfo{Field::CudaGraphs, "/layout/cudaGraphs"},
    FieldInfo{Field::MoeDispatcher, "/layout/moeDispatcher"},
    FieldInfo{Field::LayersPerStage, "/layout/layersPerStage"},
    FieldInfo{Field::AutoDp, "/layout/autoDp"},
    FieldInfo{Field::OverlapGradReduce, "/layout/overlapGradReduce"},
    FieldInfo{Field::OverlapParamGather, "/layout/overlapParamGather"},
    FieldInfo{Field::GradientSyncEveryMicroBatch, "/layout/gradientSyncEveryMicroBatch"},
    FieldInfo{Field::OverlapMoeAllToAll, "/layout/overlapMoeAllToAll"},
    FieldInfo{Field::AsyncCheckpoint, "/layout/asyncCheckpoint"},
    FieldInfo{Field::GradReduceInFp32, "/layout/gradReduceInFp32"},
    FieldInfo{Field::FusedCrossEntropy, "/layout/fusedCrossEntropy"},
    FieldInfo{Field::TorchCompile, "/layout/torchCompile"},
    FieldInfo{Field::Fp8ParamGather, "/layout/fp8ParamGather"},
};

// Accessors: an integer field of any width, a double, a bool, or an enum stored by name.
template<class T> bool setInteger(T& target, const FieldValue& value)
{
    const auto* v = std::get_if<std::int64_t>(&value);
    if (!v || *v < std::numeric_limits<T>::min() || *v > std::numeric_limits<T>::max())
        return false;
    target = static_cast<T>(*v);
    return true;
}

template<class E> bool setEnum(E& target, const FieldValue& value)
{
    const auto* name = std::get_if<std::string>(&value);
    if (!name)
        return false;
    const auto parsed = enumFromName<E>(*name);
    if (!parsed)
        return false;
    target = *parsed;
    return true;
}

bool setBool(bool& target, const FieldValue& value)
{
    const auto* v = std::get_if<bool>(&value);
    if (!v)
        return false;
    target = *v;
    return true;
}

bool setSwitch(std::optional<bool>& target, const FieldValue& value)
{
    if (const auto* v = std::get_if<bool>(&value)) {
        target = *v;
        return true;
    }
    const auto* text = std::get_if<std::string>(&value);
    if (!text || *text != kFrameworkDefault)
        return false;
    target.reset();
    return true;
}

// The words of a typed list, separated by commas or spaces: "1, 2 3" → "1", "2", "3".
std::vector<std::string_view> listWords(std::string_view text)
{
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ',' || text[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t end = std::min(text.find_first_of(", ", i), text.size());
        words.push_back(text.substr(i, end - i));
        i = end;
    }
    return words;
}

std::string joinIntegers(const std::vector<int>& values)
{
    std::string text;
    for (int v : values)
        text += (text.empty() ? "" : ", ") + std::to_string(v);
    return text;
}

// "1, 2, 2, 3" or "1 2 2 3" → {1, 2, 2, 3}; "" → {}. Whole non-negative numbers only.
std::optional<std::vector<int>> parseIntegers(const std::string& text)
{
    std::vector<int> values;
    for (std::string_view word : listWords(text)) {
        if (word.size() > 9
            || !std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        values.push_back(std::stoi(std::string(word)));
    }
    return values;
}

// Selective recomputation's modules, shown as recomputeModuleList writes them (layoutarithmetic.h), parsed
// back from names separated by commas or spaces, each at most once; an unknown name rejects the whole text.
std::optional<std::vector<RecomputeModule>> parseModules(const std::string& text)
{
    std::vector<RecomputeModule> modules;
    for (std::string_view word : listWords(text)) {
        const auto module = enumFromName<RecomputeModule>(word);
        if (!module)
            return std::nullopt;
        if (std::find(modules.begin(), modules.end(), *module) == modules.end())
            modules.push_back(*module);
    }
    return modules;
}

template<class E> FieldValue name(E value)
{
    return std::string(enumName(value));
}

constexpr std::size_t kFirstSwitchField = static_cast<std::size_t>(Field::OverlapGradReduce);
static_assert(static_cast<std::size_t>(kLastField) + 1 - kFirstSwitchField == kLayoutSwitches.size(),
              "the switch fields close the list, one for each of layout.h's switches");

// The model's fields of withField.
template<class Model_, class Visitor> auto withModelField(Model_& m, Field field, Visitor&& visit)
{
    switch (field) {
    case Field::ModelLayers:
        return visit(m.layers);
    case Field::ModelHidden:
        return visit(m.hidden);
    case Field::ModelFfn:
        return visit(m.ffn);
    case Field::ModelHeads:
        return visit(m.heads);
    case Field::ModelKvHeads:
        return visit(m.kvHeads);
    case Field::ModelHeadDim:
        return visit(m.headDim);
    case Field::ModelVocab:
        return visit(m.vocab);
    case Field::ModelExperts:
        return visit(m.moe.experts);
    case Field::ModelTopK:
        return visit(m.moe.topK);
    case Field::ModelExpertFfn:
        return visit(m.moe.expertFfn);
    case Field::ModelRouterGroups:
        return visit(m.moe.routerGroups);
    case Field::ModelRouterGroupTopK:
        return visit(m.moe.routerGroupTopK);
    case Field::ModelSlidingWindow:
        return visit(m.slidingWindow.tokens);
    case Field::ModelWindowPeriod:
        return visit(m.slidingWindow.period);
    case Field::ModelSlidingLayers:
        return visit(m.slidingWindow.slidingLayers);
    case Field::ModelMtpLayers:
        return visit(m.mtpLayers);
    default:
        return visit(m.layers);
    }
}

// Visits the storage behind a field with `visit(storage)`; enums get the enum reference.
template<class Design_, class Visitor> auto withField(Design_& d, Field field, Visitor&& visit)
{
    // The model's fields: ModelLayers to ModelMtpLayers in the enum (designfield.h).
    if (field >= Field::ModelLayers && field <= Field::ModelMtpLayers)
        return withModelField(d.model, field, visit);
    switch (field) {
    case Field::Name:
        return visit(d.name);
    case Field::Mode:
        return visit(d.workload.mode);
    case Field::SequenceLength:
        return visit(d.workload.sequenceLength);
    case Field::GlobalBatch:
        return visit(d.workload.globalBatch);
    case Field::Precision:
        return visit(d.workload.precision);
    case Field::Fp8Recipe:
        return visit(d.workload.fp8Recipe);
    case Field::Optimizer:
        return visit(d.workload.optimizer);
    case Field::OptimizerMoments:
        return visit(d.workload.optimizerMoments);
    case Field::Offload:
        return visit(d.workload.offload);
    case Field::FlashAttention:
        return visit(d.workload.flashAttention);
    case Field::AttentionKernel:
        return visit(d.workload.attentionKernel);
    case Field::MoeCapacityFactor:
        return visit(d.workload.moeCapacityFactor);
    case Field::Concurrency:
        return visit(d.workload.serving.concurrency);
    case Field::ContextLength:
        return visit(d.workload.serving.contextLength);
    case Field::KvDtype:
        return visit(d.workload.serving.kvDtype);
    case Field::Fabric:
        return visit(d.cluster.fabric);
    case Field::NicsPerNode:
        return visit(d.cluster.nicsPerNode);
    case Field::Oversubscription:
        return visit(d.cluster.oversubscription);
    case Field::HostMemory:
        return visit(d.cluster.hostMemoryBytes);
    case Field::Tp:
    case Field::Cp:
    case Field::Ep:
    case Field::Dp:
    case Field::Pp: // the degrees, by degreeField's inverse
        for (Dim dim : kAllDims)
            if (degreeField(dim) == field)
                return visit(d.layout.degrees[static_cast<std::size_t>(dim)]);
        break;
    case Field::Order:
        return visit(d.layout.order);
    case Field::Framework:
        return visit(d.layout.framework);
    case Field::VocabDivisibleBy:
        return visit(d.layout.vocabDivisibleBy);
    case Field::ExpertMode:
        return visit(d.layout.expertMode);
    case Field::ExpertTp:
        return visit(d.layout.expertTp);
    case Field::ZeroStage:
        return visit(d.layout.zeroStage);
    case Field::ShardGroup:
        return visit(d.layout.shardGroup);
    case Field::ReshardAfterForward:
        return visit(d.layout.reshardAfterForward);
    case Field::SequenceParallel:
        return visit(d.layout.sequenceParallel);
    case Field::TpCommOverlap:
        return visit(d.layout.tpCommOverlap);
    case Field::MicroBatch:
        return visit(d.layout.microBatch);
    case Field::Schedule:
        return visit(d.layout.schedule);
    case Field::VirtualStages:
        return visit(d.layout.virtualStages);
    case Field::Recompute:
        return visit(d.layout.recompute);
    case Field::RecomputeLayers:
        return visit(d.layout.recomputeLayers);
    case Field::RecomputeModules:
        return visit(d.layout.recomputeModules);
    case Field::ActivationOffloadLayers:
        return visit(d.layout.activationOffloadLayers);
    case Field::CudaGraphs:
        return visit(d.layout.cudaGraphs);
    case Field::MoeDispatcher:
        return visit(d.layout.moeDispatcher);
    case Field::LayersPerStage:
        return visit(d.layout.layersPerStage);
    case Field::AutoDp:
        return visit(d.layout.autoDp);
    case Field::OverlapGradReduce:
    case Field::OverlapParamGather:
    case Field::GradientSyncEveryMicroBatch:
    case Field::OverlapMoeAllToAll:
    case Field::AsyncCheckpoint:
    case Field::GradReduceInFp32:
    case Field::FusedCrossEntropy:
    case Field::TorchCompile:
    case Field::Fp8ParamGather: // the switches, in kLayoutSwitches' order (layout.h)
        return visit(d.layout.*kLayoutSwitches[static_cast<std::size_t>(field) - kFirstSwitchField].member);
    default: // the model's, visited above
        break;
    }
    return visit(d.name);
}

} // namespace

FieldValue getField(const Design& design, Field field)
{
    return withField(design, field, [](const auto& storage) -> FieldValue {
        using T = std::remove_cvref_t<decltype(storage)>;
        if constexpr (std::is_same_v<T, std::string>)
            return storage;
        else if constexpr (std::is_same_v<T, bool>)
            return storage;
        else if constexpr (std::is_same_v<T, std::optional<bool>>)
            return storage ? FieldValue{*storage} : FieldValue{std::string(kFrameworkDefault)};
        else if constexpr (std::is_same_v<T, double>)
            return storage;
        else if constexpr (std::is_same_v<T, std::vector<Dim>>)
            return orderToString(storage);
        else if constexpr (std::is_same_v<T, std::vector<int>>)
            return joinIntegers(storage);
        else if constexpr (std::is_same_v<T, std::vector<RecomputeModule>>)
            return recomputeModuleList(storage);
        else if constexpr (std::is_enum_v<T>)
            return name(storage);
        else
            return static_cast<std::int64_t>(storage);
    });
}

bool setField(Design& design, Field field, const FieldValue& value)
{
    return withField(design, field, [&](auto& storage) -> bool {
        using T = std::remove_cvref_t<decltype(storage)>;
        if constexpr (std::is_same_v<T, std::string>) {
            const auto* text = std::get_if<std::string>(&value);
            if (!text)
                return false;
            storage = *text;
            return true;
        } else if constexpr (std::is_same_v<T, bool>) {
            return setBool(storage, value);
        } else if constexpr (std::is_same_v<T, std::optional<bool>>) {
            return setSwitch(storage, value);
        } else if constexpr (std::is_same_v<T, double>) {
            if (const auto* d = std::get_if<double>(&value)) {
                storage = *d;
                return true;
            }
            if (const auto* i = std::get_if<std::int64_t>(&value)) {
                storage = static_cast<double>(*i);
                return true;
            }
            return false;
        } else if constexpr (std::is_same_v<T, std::vector<Dim>>) {
            const auto* text = std::get_if<std::string>(&value);
            const auto order = text ? parseOrder(*text) : std::nullopt;
            if (!order)
                return false;
            storage = *order;
            return true;
        } else if constexpr (std::is_same_v<T, std::vector<int>>) {
            const auto* text = std::get_if<std::string>(&value);
            const auto list = text ? parseIntegers(*text) : std::nullopt;
            if (!list)
                return false;
            storage = *list;
            return true;
        } else if constexpr (std::is_same_v<T, std::vector<RecomputeModule>>) {
            const auto* text = std::get_if<std::string>(&value);
            const auto list = text ? parseModules(*text) : std::nullopt;
            if (!list)
                return false;
            // core_attn alone is the default, stored as such (layout.h recomputeModules).
            storage = *list == std::vector<RecomputeModule>{RecomputeModule::CoreAttn}
                ? std::vector<RecomputeModule>{}
                : *list;
            return true;
        } else if constexpr (std::is_enum_v<T>) {
            return setEnum(storage, value);
        } else {
            return setInteger(storage, value);
        }
    });
}

std::string_view fieldPointer(Field field)
{
    for (const FieldInfo& info : kFields)
        if (info.field == field)
            return info.pointer;
    return "";
}

std::optional<Field> fieldAtPointer(std::string_view pointer)
{
    for (const FieldInfo& info : kFields)
        if (info.pointer == pointer)
            return info.field;
    return std::nullopt;
}

Field degreeField(Dim dim)
{
    switch (dim) {
    case Dim::Tp:
        return Field::Tp;
    case Dim::Cp:
        return Field::Cp;
    case Dim::Ep:
        return Field::Ep;
    case Dim::Dp:
        return Field::Dp;
    case Dim::Pp:
        return Field::Pp;
    }
    return Field::Tp;
}

} // namespace core
