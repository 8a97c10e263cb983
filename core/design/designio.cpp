// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/designio.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "catalog/presetio.h"
#include "compute/kerneltable.h"
#include "base/sizelimits.h"

#include <set>

namespace core {

namespace {

void readModelSection(ObjectReader& root, ReadContext& context, const Catalog& catalog, Design& design)
{
    const Json* value = root.take("model");
    const std::string pointer = "/model";
    if (!value) {
        context.add(diag::kIoMissing, pointer, {pointer});
        return;
    }
    auto fromPreset = [&](const std::string& id, const std::string& where) {
        if (const ModelArchitecture* preset = catalog.model(id)) {
            design.model = *preset;
            return true;
        }
        context.add(diag::kModelPresetUnknown, where, {id, catalog.modelIds()});
        return false;
    };
    if (value->is_string()) {
        fromPreset(value->get<std::string>(), pointer);
        return;
    }
    if (!value->is_object()) {
        context.add(
            diag::kIoType, pointer,
            {pointer, MW_TR_NOOP("DiagnosticArguments", "a preset name or an object"), jsonTypeName(*value)});
        return;
    }
    if (const auto preset = value->find("preset"); preset != value->end()) {
        if (!preset->is_string()) {
            context.add(
                diag::kIoType, pointer + "/preset",
                {pointer + "/preset", MW_TR_NOOP("DiagnosticArguments", "a string"), jsonTypeName(*preset)});
            return;
        }
        if (!fromPreset(preset->get<std::string>(), pointer + "/preset"))
            return;
        readModel(*value, pointer, context, design.model, false);
        design.model.preset = preset->get<std::string>();
    } else {
        design.model = ModelArchitecture{};
        readModel(*value, pointer, context, design.model, true);
        design.model.preset.clear();
    }
}

void readWorkload(ObjectReader& root, ReadContext& context, Workload& w)
{
    const Json* value = root.take("workload");
    if (!value)
        return;
    ObjectReader in(*value, "/workload", context);
    in.readEnum("mode", w.mode);
    in.read("sequenceLength", w.sequenceLength);
    in.read("globalBatch", w.globalBatch);
    in.readEnum("precision", w.precision);
    in.readEnum("fp8Recipe", w.fp8Recipe);
    in.readEnum("optimizer", w.optimizer);
    in.readEnum("optimizerMoments", w.optimizerMoments);
    in.readEnum("offload", w.offload);
    in.read("flashAttention", w.flashAttention);
    in.readEnum("attentionKernel", w.attentionKernel);
    in.read("moeCapacityFactor", w.moeCapacityFactor);
    in.read("moeExpertLoadSkew", w.moeExpertLoadSkew);
    if (const Json* serving = in.take("serving")) {
        ObjectReader s(*serving, in.pointerTo("serving"), context);
        s.read("concurrency", w.serving.concurrency);
        s.read("contextLength", w.serving.contextLength);
        s.readEnum("kvDtype", w.serving.kvDtype);
        s.read("promptLength", w.serving.promptLength);
        s.read("outputLength", w.serving.outputLength);
    }
}

std::vector<LinkSpec> readCalibratedLinks(ObjectReader& in, ReadContext& context)
{
    std::vector<LinkSpec> calibrated;
    const Json* links = in.take("links");
    if (!links)
        return calibrated;
    const std::string linksPointer = in.pointerTo("links");
    if (!links->is_array()) {
        context.add(diag::kIoType, linksPointer,
                    {linksPointer, MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(*links)});
        return calibrated;
    }
    for (std::size_t i = 0; i < links->size(); ++i) {
        LinkSpec link;
        readLink((*links)[i], jsonPointerAppend(linksPointer, i), context, link);
        calibrated.push_back(std::move(link));
    }
    return calibrated;
}

// The design's own kernel tables: each one's CSV read as the built-in table is (readKernelTable); a table
// with a problem is an error located by its pointer and, in the message, its line and column, and the
// design does not load.
void readKernelTables(const Json& tables, Design& design, ReadContext& context)
{
    if (!tables.is_array()) {
        context.add(diag::kIoType, "/kernelTables",
                    {"/kernelTables", MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(tables)});
        return;
    }
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const std::string pointer = jsonPointerAppend("/kernelTables", i);
        ObjectReader in(tables[i], pointer, context);
        DesignKernelTable table;
        if (!in.valid() || !in.read("source", table.source) || !in.read("csv", table.csv)) {
            if (in.valid() && !in.has("csv"))
                context.add(diag::kIoMissing, pointer + "/csv", {pointer + "/csv"});
            continue;
        }
        const KernelTableRead read = readKernelTable(table.csv, table.source);
        for (Diagnostic problem : read.diagnostics) {
            problem.path = pointer + "/csv";
            context.diagnostics.push_back(std::move(problem));
        }
        if (!hasErrors(read.diagnostics))
            design.kernelTables.push_back(std::move(table));
    }
}

// The nodes: the uniform shorthand or the list of nodes with their GPUs.
void readNodes(ObjectReader& in, ReadContext& context, Cluster& cluster)
{
    const bool hasUniform = in.has("uniform");
    const bool hasNodes = in.has("nodes");
    if (hasUniform == hasNodes) {
        context.add(
            diag::kIoMissing, in.pointerTo("nodes"),
            {MW_TR_NOOP("DiagnosticArguments", "/cluster/nodes (or /cluster/uniform, but not both)")});
        in.take("uniform");
        in.take("nodes");
        return;
    }
    if (hasUniform) {
        ObjectReader u(*in.take("uniform"), in.pointerTo("uniform"), context);
        int nodes = 0, gpusPerNode = 0;
        std::string gpu, link;
        u.require("nodes", nodes);
        u.require("gpusPerNode", gpusPerNode);
        u.require("gpu", gpu);
        u.require("intraLink", link);
        if (nodes < 1 || nodes > limits::kMaxNodes)
            context.add(diag::kValueRange, u.pointerTo("nodes"),
                        {"Nodes", "1", std::to_string(limits::kMaxNodes), std::to_string(nodes)});
        else if (gpusPerNode < 1 || gpusPerNode > limits::kMaxGpusPerNode)
            context.add(diag::kValueRange, u.pointerTo("gpusPerNode"),
                        {MW_TR_NOOP("DiagnosticArguments", "GPUs per node"), "1",
                         std::to_string(limits::kMaxGpusPerNode), std::to_string(gpusPerNode)});
        else if (std::int64_t{nodes} * gpusPerNode > limits::kMaxGpus)
            context.add(diag::kValueRange, u.pointerTo("nodes"),
                        {MW_TR_NOOP("DiagnosticArguments", "Nodes × GPUs per node"), "1",
                         std::to_string(limits::kMaxGpus),
                         std::to_string(std::int64_t{nodes} * gpusPerNode)});
        else if (!context.failed())
            cluster = makeUniformCluster(nodes, gpusPerNode, gpu, link, cluster.fabric);
        return;
    }
    const Json* nodes = in.take("nodes");
    const std::string nodesPointer = in.pointerTo("nodes");
    if (!nodes->is_array()) {
        context.add(diag::kIoType, nodesPointer,
                    {nodesPointer, MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(*nodes)});
        return;
    }
    if (nodes->size() > static_cast<std::size_t>(limits::kMaxNodes)) {
        context.add(diag::kIoTooLarge, nodesPointer,
                    {MW_TR_NOOP("DiagnosticArguments", "The node count"), std::to_string(nodes->size()),
                     std::to_string(limits::kMaxNodes)});
        return;
    }
    std::set<int> nodeIds, gpuIds;
    std::int64_t gpuCount = 0;
    for (std::size_t n = 0; n < nodes->size(); ++n) {
        const std::string nodePointer = jsonPointerAppend(nodesPointer, n);
        ObjectReader nodeIn((*nodes)[n], nodePointer, context);
        Node node;
        nodeIn.require("id", node.id);
        nodeIn.read("name", node.name);
        nodeIn.require("intraLink", node.intraLink);
        if (nodeIn.valid() && !nodeIds.insert(node.id).second)
            context.add(diag::kIoDuplicateId, nodeIn.pointerTo("id"), {"Node", std::to_string(node.id)});
        const Json* gpus = nodeIn.take("gpus");
        const std::string gpusPointer = nodeIn.pointerTo("gpus");
        if (!gpus) {
            if (nodeIn.valid())
                context.add(diag::kIoMissing, gpusPointer, {gpusPointer});
        } else if (!gpus->is_array()) {
            context.add(diag::kIoType, gpusPointer,
                        {gpusPointer, MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(*gpus)});
        } else if (gpus->size() > static_cast<std::size_t>(limits::kMaxGpusPerNode)) {
            context.add(diag::kIoTooLarge, gpusPointer,
                        {MW_TR_NOOP("DiagnosticArguments", "The GPU count of a node"),
                         std::to_string(gpus->size()), std::to_string(limits::kMaxGpusPerNode)});
        } else if ((gpuCount += static_cast<std::int64_t>(gpus->size())) > limits::kMaxGpus) {
            context.add(diag::kIoTooLarge, gpusPointer,
                        {MW_TR_NOOP("DiagnosticArguments", "The cluster's GPU count"),
                         phraseArgument(MW_TR_NOOP("DiagnosticArguments", "more than %1"),
                                        {std::to_string(limits::kMaxGpus)}),
                         std::to_string(limits::kMaxGpus)});
            return;
        } else {
            for (std::size_t g = 0; g < gpus->size(); ++g) {
                ObjectReader gpuIn((*gpus)[g], jsonPointerAppend(gpusPointer, g), context);
                Gpu gpu;
                gpuIn.require("id", gpu.id);
                gpuIn.require("type", gpu.type);
                gpuIn.read("inService", gpu.inService);
                if (gpuIn.valid() && !gpuIds.insert(gpu.id).second)
                    context.add(diag::kIoDuplicateId, gpuIn.pointerTo("id"), {"GPU", std::to_string(gpu.id)});
                node.gpus.push_back(std::move(gpu));
            }
        }
        cluster.nodes.push_back(std::move(node));
    }
}

void readCluster(ObjectReader& root, ReadContext& context, Cluster& cluster)
{
    const Json* value = root.take("cluster");
    if (!value) {
        context.add(diag::kIoMissing, "/cluster", {"/cluster"});
        return;
    }
    ObjectReader in(*value, "/cluster", context);
    in.require("fabric", cluster.fabric);
    std::vector<LinkSpec> calibrated = readCalibratedLinks(in, context);
    readNodes(in, context, cluster); // the shorthand rebuilds the cluster, so the links join it after
    cluster.calibratedLinks = std::move(calibrated);
    in.read("nicsPerNode", cluster.nicsPerNode);
    in.read("oversubscription", cluster.oversubscription);
    in.read("hostMemoryBytes", cluster.hostMemoryBytes);
    in.readEnum("fabricTopology", cluster.fabricTopology);
}

void readLayout(ObjectReader& root, ReadContext& context, ParallelLayout& layout)
{
    const Json* value = root.take("layout");
    if (!value) {
        context.add(diag::kIoMissing, "/layout", {"/layout"});
        return;
    }
    ObjectReader in(*value, "/layout", context);
    for (Dim dim : kAllDims) {
        int degree = layout.degree(dim);
        in.read(enumName(dim), degree);
        layout.setDegree(dim, degree);
    }
    std::string order;
    if (in.has("order") && in.read("order", order)) {
        if (const auto parsed = parseOrder(order))
            layout.order = *parsed;
        else
            context.add(diag::kIoValue, in.pointerTo("order"),
                        {"\"" + order + "\"", "order",
                         MW_TR_NOOP("DiagnosticArguments",
                                    "dimension names joined by '-', each once, e.g. tp-cp-ep-dp-pp")});
    }
    in.readEnum("framework", layout.framework);
    in.read("vocabDivisibleBy", layout.vocabDivisibleBy);
    in.readEnum("expertMode", layout.expertMode);
    in.read("expertTp", layout.expertTp);
    in.read("zeroStage", layout.zeroStage);
    in.read("shardGroup", layout.shardGroup);
    in.read("reshardAfterForward", layout.reshardAfterForward);
    in.read("sequenceParallel", layout.sequenceParallel);
    in.read("tpCommOverlap", layout.tpCommOverlap);
    for (const auto& [key, member] : kLayoutSwitches)
        if (in.has(key)) {
            bool on = false;
            if (in.read(key, on))
                layout.*member = on;
        }
    in.read("microBatch", layout.microBatch);
    in.readEnum("schedule", layout.schedule);
    in.read("virtualStages", layout.virtualStages);
    in.read("layersPerStage", layout.layersPerStage);
    in.readEnum("recompute", layout.recompute);
    in.read("recomputeLayers", layout.recomputeLayers);
    in.readEnumList("recomputeModules", layout.recomputeModules);
    in.read("activationOffloadLayers", layout.activationOffloadLayers);
    in.readEnum("cudaGraphs", layout.cudaGraphs);
    in.readEnum("moeDispatcher", layout.moeDispatcher);
    in.read("autoDp", layout.autoDp);
}

// `asNodeList`: write the nodes one by one even where the uniform shorthand would do, because unknown
// keys stand inside them and must be kept.
Json clusterToJson(const Cluster& cluster, bool asNodeList)
{
    Json out = Json::object();
    out["fabric"] = cluster.fabric;
    if (cluster.nicsPerNode != 0)
        out["nicsPerNode"] = cluster.nicsPerNode;
    if (cluster.oversubscription != 1)
        out["oversubscription"] = cluster.oversubscription;
    if (cluster.hostMemoryBytes != 0)
        out["hostMemoryBytes"] = cluster.hostMemoryBytes;
    if (cluster.fabricTopology != FabricTopology::RailOptimized)
        out["fabricTopology"] = enumName(cluster.fabricTopology);
    if (!cluster.calibratedLinks.empty()) {
        Json links = Json::array();
        for (const LinkSpec& link : cluster.calibratedLinks)
            links.push_back(linkToJson(link));
        out["links"] = std::move(links);
    }
    if (!asNodeList && isCanonicalUniform(cluster)) {
        const Node& first = cluster.nodes.front();
        out["uniform"] = {{"nodes", cluster.nodes.size()},
                          {"gpusPerNode", first.gpus.size()},
                          {"gpu", first.gpus.front().type},
                          {"intraLink", first.intraLink}};
        return out;
    }
    Json nodes = Json::array();
    for (const Node& node : cluster.nodes) {
        Json n = Json::object();
        n["id"] = node.id;
        if (!node.name.empty())
            n["name"] = node.name;
        n["intraLink"] = node.intraLink;
        Json gpus = Json::array();
        for (const Gpu& gpu : node.gpus) {
            Json g = {{"id", gpu.id}, {"type", gpu.type}};
            if (!gpu.inService)
                g["inService"] = false;
            gpus.push_back(std::move(g));
        }
        n["gpus"] = std::move(gpus);
        nodes.push_back(std::move(n));
    }
    out["nodes"] = std::move(nodes);
    return out;
}

Json layoutToJson(const ParallelLayout& layout)
{
    Json out = Json::object();
    for (Dim dim : kAllDims)
        out[std::string(enumName(dim))] = layout.degree(dim);
    out["order"] = orderToString(layout.order);
    out["framework"] = enumName(layout.framework);
    out["vocabDivisibleBy"] = layout.vocabDivisibleBy;
    out["expertMode"] = enumName(layout.expertMode);
    out["expertTp"] = layout.expertTp;
    out["zeroStage"] = layout.zeroStage;
    out["shardGroup"] = layout.shardGroup;
    out["reshardAfterForward"] = layout.reshardAfterForward;
    out["sequenceParallel"] = layout.sequenceParallel;
    out["tpCommOverlap"] = layout.tpCommOverlap;
    for (const auto& [key, member] : kLayoutSwitches)
        if (layout.*member)
            out[std::string(key)] = *(layout.*member);
    out["microBatch"] = layout.microBatch;
    out["schedule"] = enumName(layout.schedule);
    out["virtualStages"] = layout.virtualStages;
    out["layersPerStage"] = layout.layersPerStage;
    out["recompute"] = enumName(layout.recompute);
    // Only when set, so that older documents round-trip unchanged.
    if (layout.recomputeLayers != 0)
        out["recomputeLayers"] = layout.recomputeLayers;
    if (!layout.recomputeModules.empty()) {
        Json modules = Json::array();
        for (RecomputeModule module : layout.recomputeModules)
            modules.push_back(enumName(module));
        out["recomputeModules"] = std::move(modules);
    }
    if (layout.activationOffloadLayers != 0)
        out["activationOffloadLayers"] = layout.activationOffloadLayers;
    if (layout.cudaGraphs != CudaGraphs::None)
        out["cudaGraphs"] = enumName(layout.cudaGraphs);
    if (layout.moeDispatcher != MoeDispatcher::AllToAll)
        out["moeDispatcher"] = enumName(layout.moeDispatcher);
    out["autoDp"] = layout.autoDp;
    return out;
}

Json workloadToJson(const Workload& w)
{
    Json out = Json::object();
    out["mode"] = enumName(w.mode);
    out["sequenceLength"] = w.sequenceLength;
    out["globalBatch"] = w.globalBatch;
    out["precision"] = enumName(w.precision);
    // Only when not Megatron-LM's default, so that older documents round-trip unchanged.
    if (w.fp8Recipe != Fp8Recipe::Delayed)
        out["fp8Recipe"] = enumName(w.fp8Recipe);
    out["optimizer"] = enumName(w.optimizer);
    if (w.optimizerMoments != MomentDtype::Fp32)
        out["optimizerMoments"] = enumName(w.optimizerMoments);
    out["offload"] = enumName(w.offload);
    out["flashAttention"] = w.flashAttention;
    // Only when not the GPU's best kernel, so that older documents round-trip unchanged.
    if (w.attentionKernel != AttentionKernel::Best)
        out["attentionKernel"] = enumName(w.attentionKernel);
    out["moeCapacityFactor"] = w.moeCapacityFactor;
    // Only when set, so that older documents round-trip unchanged.
    if (w.moeExpertLoadSkew != 0)
        out["moeExpertLoadSkew"] = w.moeExpertLoadSkew;
    out["serving"] = {{"concurrency", w.serving.concurrency},
                      {"contextLength", w.serving.contextLength},
                      {"kvDtype", enumName(w.serving.kvDtype)}};
    // The request shape only when it is not the default, so that older documents round-trip unchanged.
    const ServingWorkload defaults;
    if (w.serving.promptLength != defaults.promptLength)
        out["serving"]["promptLength"] = w.serving.promptLength;
    if (w.serving.outputLength != defaults.outputLength)
        out["serving"]["outputLength"] = w.serving.outputLength;
    return out;
}

Json modelSectionToJson(const ModelArchitecture& model, const Catalog& catalog)
{
    if (const ModelArchitecture* preset = model.preset.empty() ? nullptr : catalog.model(model.preset)) {
        Json overrides = modelOverrides(model, *preset);
        if (overrides.empty())
            return model.preset;
        Json out = {{"preset", model.preset}};
        out.update(overrides);
        return out;
    }
    Json out = modelToJson(model);
    out.erase("id");
    return out;
}

} // namespace

LoadResult designFromJson(const Json& document, const Catalog& catalog)
{
    LoadResult result;
    ReadContext context;
    Design design;
    {
        ObjectReader root(document, "", context);
        if (!root.valid()) {
            result.diagnostics = std::move(context.diagnostics);
            return result;
        }
        std::string format;
        int version = 0;
        root.read("format", format);
        if (format != kDesignFormat) {
            context.add(diag::kIoFormat, "/format", {format.empty() ? "missing" : "\"" + format + "\""});
            result.diagnostics = std::move(context.diagnostics);
            return result;
        }
        if (!root.require("version", version)) {
            result.diagnostics = std::move(context.diagnostics);
            return result;
        }
        if (version > kDesignVersion) {
            context.add(diag::kIoVersionNewer, "/version",
                        {std::to_string(version), std::to_string(kDesignVersion)});
            result.diagnostics = std::move(context.diagnostics);
            return result;
        }
        if (version < 1) {
            context.add(diag::kIoVersionInvalid, "/version", {std::to_string(version)});
            result.diagnostics = std::move(context.diagnostics);
            return result;
        }
        // Version 1 is the first format; older versions would be migrated here, one step at a time.
        root.read("name", design.name);
        root.read("description", design.description);
        readModelSection(root, context, catalog, design);
        readWorkload(root, context, design.workload);
        readCluster(root, context, design.cluster);
        readLayout(root, context, design.layout);
        root.read("placement", design.placement);
        if (const Json* records = root.take("records")) {
            if (!records->is_array())
                context.add(
                    diag::kIoType, "/records",
                    {"/records", MW_TR_NOOP("DiagnosticArguments", "an array"), jsonTypeName(*records)});
            else
                for (std::size_t i = 0; i < records->size(); ++i)
                    design.records.push_back(recordFromJson((*records)[i], jsonPointerAppend("/records", i), context));
        }
        int compared = 0;
        if (root.has("comparedRecord") && root.read("comparedRecord", compared)) {
            // An index into "records": a file whose records were edited by hand may point past them.
            if (compared < 0 || compared >= static_cast<int>(design.records.size()))
                context.add(diag::kValueRange, "/comparedRecord",
                            {"comparedRecord", "0",
                             std::to_string(static_cast<int>(design.records.size()) - 1),
                             std::to_string(compared)});
            else
                design.comparedRecord = compared;
        }
        if (const Json* tables = root.take("kernelTables"))
            readKernelTables(*tables, design, context);
        if (const Json* compute = root.take("computeModel")) {
            ObjectReader c(*compute, "/computeModel", context);
            c.read("gemmEfficiency", design.compute.gemmEfficiency);
            c.read("gemmHalfWidth", design.compute.gemmHalfWidth);
            c.read("elementwisePasses", design.compute.elementwisePasses);
            c.read("source", design.compute.source);
            if (const Json* byGpu = c.take("gemmEfficiencyByGpu")) {
                ObjectReader g(*byGpu, "/computeModel/gemmEfficiencyByGpu", context);
                if (g.valid())
                    for (const auto& [gpu, value] : byGpu->items()) {
                        double eta = 0;
                        if (g.read(gpu, eta))
                            design.compute.gemmEfficiencyByGpu[gpu] = eta;
                    }
            }
        }
    }
    design.unknown = context.unknown;
    result.diagnostics = std::move(context.diagnostics);
    if (!hasErrors(result.diagnostics))
        result.design = std::move(design);
    return result;
}

LoadResult loadDesign(std::string_view text, const Catalog& catalog)
{
    JsonParse parsed = parseJson(text);
    if (!parsed.ok()) {
        LoadResult result;
        result.diagnostics.push_back(std::move(*parsed.error));
        return result;
    }
    return designFromJson(parsed.document, catalog);
}

Json designToJson(const Design& design, const Catalog& catalog)
{
    Json out = Json::object();
    out["format"] = kDesignFormat;
    out["version"] = kDesignVersion;
    out["name"] = design.name;
    if (!design.description.empty())
        out["description"] = design.description;
    // Unknown keys must find their parent object on save: a preset model then stays an object, a list of
    // nodes stays a list.
    const auto unknownUnder = [&](std::string_view prefix) {
        for (auto it = design.unknown.begin(); it != design.unknown.end(); ++it)
            if (it.key().starts_with(prefix))
                return true;
        return false;
    };
    out["model"] = modelSectionToJson(design.model, catalog);
    if (out["model"].is_string() && unknownUnder("/model/"))
        out["model"] = Json{{"preset", out["model"]}};
    out["workload"] = workloadToJson(design.workload);
    out["cluster"] = clusterToJson(design.cluster, unknownUnder("/cluster/nodes/"));
    out["layout"] = layoutToJson(design.layout);
    if (!design.placement.empty())
        out["placement"] = design.placement;
    if (!design.records.empty()) {
        Json records = Json::array();
        for (const MeasuredRecord& record : design.records)
            records.push_back(recordToJson(record));
        out["records"] = std::move(records);
    }
    if (design.comparedRecord)
        out["comparedRecord"] = *design.comparedRecord;
    if (!design.kernelTables.empty()) {
        Json tables = Json::array();
        for (const DesignKernelTable& table : design.kernelTables)
            tables.push_back({{"source", table.source}, {"csv", table.csv}});
        out["kernelTables"] = std::move(tables);
    }
    if (design.compute != ComputeModel{})
        out["computeModel"] = {{"gemmEfficiency", design.compute.gemmEfficiency},
                               {"gemmHalfWidth", design.compute.gemmHalfWidth},
                               {"elementwisePasses", design.compute.elementwisePasses},
                               {"source", design.compute.source}};
    if (!design.compute.gemmEfficiencyByGpu.empty()) {
        Json byGpu = Json::object();
        for (const auto& [gpu, eta] : design.compute.gemmEfficiencyByGpu)
            byGpu[gpu] = eta;
        out["computeModel"]["gemmEfficiencyByGpu"] = std::move(byGpu);
    }

    // Write back what this version did not understand, where its parent still exists.
    writeBackUnknown(out, design.unknown);
    return out;
}

std::string saveDesign(const Design& design, const Catalog& catalog)
{
    return jsonText(designToJson(design, catalog)) + "\n";
}

std::optional<Design> exampleDesign(std::string_view id, const Catalog& catalog)
{
    const ExampleDesign* example = catalog.example(id);
    if (!example)
        return std::nullopt;
    LoadResult loaded = loadDesign(example->text, catalog);
    return std::move(loaded.design);
}

} // namespace core
