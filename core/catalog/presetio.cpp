// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/presetio.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/sizelimits.h"
#include "base/units.h"

namespace core {

void readModel(const Json& value, const std::string& pointer, ReadContext& context, ModelArchitecture& model,
               bool complete)
{
    ObjectReader in(value, pointer, context);
    if (!in.valid())
        return;
    in.take("preset"); // handled by the caller
    in.read("id", model.preset);
    in.read("name", model.name);
    if (complete) {
        in.require("layers", model.layers);
        in.require("hidden", model.hidden);
        in.require("heads", model.heads);
        in.require("vocab", model.vocab);
    } else {
        in.read("layers", model.layers);
        in.read("hidden", model.hidden);
        in.read("heads", model.heads);
        in.read("vocab", model.vocab);
    }
    in.read("ffn", model.ffn);
    // Defaults that follow from required fields: plain multi-head attention, head dim = hidden / heads.
    if (complete && !in.has("kvHeads"))
        model.kvHeads = model.heads;
    in.read("kvHeads", model.kvHeads);
    if (complete && !in.has("headDim") && model.heads > 0)
        model.headDim = model.hidden / model.heads;
    in.read("headDim", model.headDim);
    in.read("tiedEmbeddings", model.tiedEmbeddings);
    in.readEnum("mlp", model.mlp);
    in.readEnum("norm", model.norm);
    in.readEnum("bias", model.bias);
    in.read("qkNorm", model.qkNorm);
    in.read("dropout", model.dropout);
    in.readEnum("positions", model.positions);
    in.read("maxContext", model.maxContext);
    in.readEnum("attention", model.attention);
    if (const Json* mla = in.take("mla")) {
        ObjectReader m(*mla, in.pointerTo("mla"), context);
        m.read("qLoraRank", model.mla.qLoraRank);
        m.read("kvLoraRank", model.mla.kvLoraRank);
        m.read("qkNopeHeadDim", model.mla.qkNopeHeadDim);
        m.read("qkRopeHeadDim", model.mla.qkRopeHeadDim);
        m.read("vHeadDim", model.mla.vHeadDim);
    }
    if (const Json* moe = in.take("moe")) {
        ObjectReader m(*moe, in.pointerTo("moe"), context);
        m.read("experts", model.moe.experts);
        m.read("topK", model.moe.topK);
        m.read("expertFfn", model.moe.expertFfn);
        m.read("sharedExperts", model.moe.sharedExperts);
        m.read("sharedExpertFfn", model.moe.sharedExpertFfn);
        m.read("firstDenseLayers", model.moe.firstDenseLayers);
        m.read("layerFrequency", model.moe.layerFrequency);
        m.read("routerGroups", model.moe.routerGroups);
        m.read("routerGroupTopK", model.moe.routerGroupTopK);
    }
    if (const Json* window = in.take("slidingWindow")) {
        ObjectReader m(*window, in.pointerTo("slidingWindow"), context);
        m.read("tokens", model.slidingWindow.tokens);
        m.read("period", model.slidingWindow.period);
        m.read("slidingLayers", model.slidingWindow.slidingLayers);
    }
    in.read("mtpLayers", model.mtpLayers);
    in.read("notModelled", model.notModelled);
    in.read("source", model.source);
}

Json modelToJson(const ModelArchitecture& model, bool everyField)
{
    Json out = Json::object();
    if (!model.preset.empty())
        out["id"] = model.preset;
    out["name"] = model.name;
    out["layers"] = model.layers;
    out["hidden"] = model.hidden;
    out["ffn"] = model.ffn;
    out["heads"] = model.heads;
    out["kvHeads"] = model.kvHeads;
    out["headDim"] = model.headDim;
    out["vocab"] = model.vocab;
    out["tiedEmbeddings"] = model.tiedEmbeddings;
    out["mlp"] = enumName(model.mlp);
    out["norm"] = enumName(model.norm);
    out["bias"] = enumName(model.bias);
    out["qkNorm"] = model.qkNorm;
    out["dropout"] = model.dropout;
    out["positions"] = enumName(model.positions);
    out["maxContext"] = model.maxContext;
    out["attention"] = enumName(model.attention);
    if (model.attention == AttentionKind::Mla || model.mla != MlaConfig{}) {
        out["mla"] = {{"qLoraRank", model.mla.qLoraRank},
                      {"kvLoraRank", model.mla.kvLoraRank},
                      {"qkNopeHeadDim", model.mla.qkNopeHeadDim},
                      {"qkRopeHeadDim", model.mla.qkRopeHeadDim},
                      {"vHeadDim", model.mla.vHeadDim}};
    }
    if (model.moe != MoeConfig{}) {
        out["moe"] = {{"experts", model.moe.experts},
                      {"topK", model.moe.topK},
                      {"expertFfn", model.moe.expertFfn},
                      {"sharedExperts", model.moe.sharedExperts},
                      {"sharedExpertFfn", model.moe.sharedExpertFfn},
                      {"firstDenseLayers", model.moe.firstDenseLayers},
                      {"layerFrequency", model.moe.layerFrequency}};
        // Written only when set: a design routed over all experts reads and saves the same.
        if (everyField || model.moe.routerGroups != 0 || model.moe.routerGroupTopK != 0) {
            out["moe"]["routerGroups"] = model.moe.routerGroups;
            out["moe"]["routerGroupTopK"] = model.moe.routerGroupTopK;
        }
    }
    // Written only when set: a design without a window reads and saves the same.
    if (everyField || model.slidingWindow != SlidingWindow{})
        out["slidingWindow"] = {{"tokens", model.slidingWindow.tokens},
                                {"period", model.slidingWindow.period},
                                {"slidingLayers", model.slidingWindow.slidingLayers}};
    if (everyField || model.mtpLayers != 0)
        out["mtpLayers"] = model.mtpLayers;
    out["notModelled"] = model.notModelled;
    out["source"] = model.source;
    return out;
}

Json modelOverrides(const ModelArchitecture& model, const ModelArchitecture& base)
{
    // Every field on both sides: one the preset sets and this model has cleared differs like any other.
    const Json mine = modelToJson(model, true);
    const Json theirs = modelToJson(base, true);
    Json diff = Json::object();
    for (auto it = mine.begin(); it != mine.end(); ++it) {
        if (it.key() == "id")
            continue;
        const auto other = theirs.find(it.key());
        if (other == theirs.end() || *other != it.value())
            diff[it.key()] = it.value();
    }
    return diff;
}

void readGpu(const Json& value, const std::string& pointer, ReadContext& context, GpuSpec& gpu)
{
    ObjectReader in(value, pointer, context);
    double memoryGB = 0, tflops = 0, fp8TFlops = 0, hbmGBps = 0, hostLinkGBps = 0, hostMemoryGBps = 0;
    in.require("id", gpu.id);
    in.require("name", gpu.name);
    // The capacity CUDA reports, in bytes; a file that gives only the vendor's "memoryGB" (as files written
    // before the byte figures did) is read as that many decimal GB.
    if (in.has("memoryBytes")) {
        in.read("memoryBytes", gpu.memoryBytes);
        in.read("memoryGB", memoryGB); // the vendor's round figure, kept in the file for the reader
    } else if (in.require("memoryGB", memoryGB)) {
        gpu.memoryBytes = memoryGB * kGB;
    }
    in.require("bf16TFlops", tflops);
    in.read("fp8TFlops", fp8TFlops); // absent: no FP8 tensor cores, or not known
    in.require("hbmBandwidthGBps", hbmGBps);
    in.read("defaultIntraLink", gpu.defaultIntraLink);
    in.read("source", gpu.source);
    in.read("memorySource", gpu.memorySource);
    in.read("hostLinkGBps", hostLinkGBps); // absent: not known (offload is then not timed)
    in.read("hostMemoryGBpsPerGpu", hostMemoryGBps);
    in.read("hostSource", gpu.hostSource);
    in.read("smCount", gpu.smCount); // absent: not known (TE's SM margin is then not charged)
    in.read("smSource", gpu.smSource);
    in.read("hbmEfficiency", gpu.hbmEfficiency); // absent: not measured (H100's share is taken)
    in.read("hbmEfficiencySource", gpu.hbmEfficiencySource);
    in.read("mxfp8", gpu.mxfp8); // absent: no block-scaled FP8
    in.read("kernelsOf", gpu.kernelsOf); // absent: its own tables or the fallbacks
    in.read("kernelsSource", gpu.kernelsSource);
    in.read("kernelsSpeedBf16", gpu.kernelsSpeedBf16); // absent: the ratio of the peaks
    in.read("kernelsSpeedFp8", gpu.kernelsSpeedFp8);
    in.read("kernelsSpeedSource", gpu.kernelsSpeedSource);
    gpu.hostLinkBandwidth = hostLinkGBps * kGB;
    gpu.hostMemoryBandwidth = hostMemoryGBps * kGB;
    double hostGiB = 0;
    in.read("hostMemoryPerGpuGiB", hostGiB);
    in.read("hostMemorySource", gpu.hostMemorySource);
    gpu.hostMemoryPerGpuBytes = hostGiB * kGiB;
    gpu.bf16Flops = tflops * 1e12;
    gpu.fp8Flops = fp8TFlops * 1e12;
    gpu.hbmBandwidth = hbmGBps * kGB;
    // Bounds far outside any GPU, to catch a sign, a zero or a unit slip in a hand-written file.
    auto inRange = [&](std::string_view key, double number, double min, double max) {
        const bool isNumber = value.is_object() && value.contains(key) && value[std::string(key)].is_number();
        if (isNumber && !(number >= min && number <= max)) // a wrong type is reported by the read
            context.add(diag::kValueRange, in.pointerTo(key),
                        {std::string(key), formatNumber(min), formatNumber(max), formatNumber(number)});
    };
    inRange("memoryBytes", gpu.memoryBytes, 1, 1e13);
    inRange("memoryGB", memoryGB, 0.001, 1e4);
    inRange("bf16TFlops", tflops, 0.001, 1e6);
    inRange("fp8TFlops", fp8TFlops, 0, 1e6);
    inRange("hbmBandwidthGBps", hbmGBps, 0.001, 1e6);
    inRange("hostLinkGBps", hostLinkGBps, 0, 1e5);
    inRange("hostMemoryGBpsPerGpu", hostMemoryGBps, 0, 1e5);
    inRange("hostMemoryPerGpuGiB", hostGiB, 0, 1e6);
    inRange("smCount", gpu.smCount, 0, 10000);
    inRange("hbmEfficiency", gpu.hbmEfficiency, 0, 1);
    inRange("kernelsSpeedBf16", gpu.kernelsSpeedBf16, 0, 10);
    inRange("kernelsSpeedFp8", gpu.kernelsSpeedFp8, 0, 10);
}

Json gpuToJson(const GpuSpec& gpu)
{
    return {{"id", gpu.id},
            {"name", gpu.name},
            {"memoryGB", gpu.memoryBytes / kGB},
            {"memoryBytes", gpu.memoryBytes},
            {"bf16TFlops", gpu.bf16Flops / 1e12},
            {"fp8TFlops", gpu.fp8Flops / 1e12},
            {"hbmBandwidthGBps", gpu.hbmBandwidth / kGB},
            {"defaultIntraLink", gpu.defaultIntraLink},
            {"source", gpu.source},
            {"memorySource", gpu.memorySource},
            {"hostLinkGBps", gpu.hostLinkBandwidth / kGB},
            {"hostMemoryGBpsPerGpu", gpu.hostMemoryBandwidth / kGB},
            {"hostSource", gpu.hostSource},
            {"smCount", gpu.smCount},
            {"smSource", gpu.smSource},
            {"hbmEfficiency", gpu.hbmEfficiency},
            {"hbmEfficiencySource", gpu.hbmEfficiencySource},
            {"mxfp8", gpu.mxfp8},
            {"kernelsOf", gpu.kernelsOf},
            {"kernelsSource", gpu.kernelsSource},
            {"kernelsSpeedBf16", gpu.kernelsSpeedBf16},
            {"kernelsSpeedFp8", gpu.kernelsSpeedFp8},
            {"kernelsSpeedSource", gpu.kernelsSpeedSource},
            {"hostMemoryPerGpuGiB", gpu.hostMemoryPerGpuBytes / kGiB},
            {"hostMemorySource", gpu.hostMemorySource}};
}

void readLink(const Json& value, const std::string& pointer, ReadContext& context, LinkSpec& link)
{
    ObjectReader in(value, pointer, context);
    double bandwidthGBps = 0, latencyUs = 0;
    in.require("id", link.id);
    in.require("name", link.name);
    in.readEnum("class", link.linkClass);
    // A link that moves nothing or answers before it is asked would make a step faster, not slower.
    if (in.has("bandwidthGBps"))
        readInRange(in, context, "bandwidthGBps", bandwidthGBps, limits::kMinLinkBandwidthGBps,
                    limits::kMaxLinkBandwidthGBps);
    else
        in.require("bandwidthGBps", bandwidthGBps);
    if (in.has("latencyUs"))
        readInRange(in, context, "latencyUs", latencyUs, 0, limits::kMaxLinkLatencyUs);
    else
        in.require("latencyUs", latencyUs);
    in.read("source", link.source);
    if (in.has("ncclEfficiency") && in.read("ncclEfficiency", link.ncclEfficiency)
        && !(link.ncclEfficiency > 0 && link.ncclEfficiency <= 1))
        context.add(diag::kValueRange, in.pointerTo("ncclEfficiency"),
                    {MW_TR_NOOP("DiagnosticArguments", "NCCL efficiency"), "0", "1",
                     formatNumber(link.ncclEfficiency)});
    link.bandwidth = bandwidthGBps * kGB;
    link.latency = latencyUs * 1e-6;
}

Json linkToJson(const LinkSpec& link)
{
    Json out = {{"id", link.id},
                {"name", link.name},
                {"class", enumName(link.linkClass)},
                {"bandwidthGBps", link.bandwidth / kGB},
                {"latencyUs", link.latency * 1e6},
                {"source", link.source}};
    if (link.ncclEfficiency > 0)
        out["ncclEfficiency"] = link.ncclEfficiency;
    return out;
}

} // namespace core
