// SPDX-License-Identifier: GPL-3.0-or-later
// A DeepSpeed config JSON read into a design: the inverse of launchdeepspeed.cpp. Keys of the DeepSpeed
// 0.16 "DeepSpeed Configuration JSON" docs. The file carries the batch sizes (train_batch_size = micro-batch
// × gradient accumulation × data-parallel ranks, which DeepSpeed checks), the ZeRO stage, offload, the MiCS
// shard size and the precision; tensor, pipeline, context and expert degrees come from the training code,
// so the base design's stay and DP is what the batch sizes or the cluster leave.

#include "base/diagnostickinds.h"
#include "base/importdiagnostics.h"
#include "base/jsonparse.h"
#include "framework/frameworkswitches.h"
#include "launch/importcontext.h"

namespace core::launch {

namespace {

// Every scalar of the document as a setting named by its JSON pointer; "_comment" keys are comments.
void flatten(const Json& value, const std::string& pointer, Settings& out)
{
    if (value.is_object() && !value.empty()) {
        for (const auto& [key, child] : value.items())
            if (!key.starts_with("_comment"))
                flatten(child, jsonPointerAppend(pointer, key), out);
        return;
    }
    Setting setting;
    setting.name = pointer;
    setting.pointer = pointer;
    setting.value = value.is_string() ? value.get<std::string>() : jsonText(value, -1);
    setting.quoted = value.is_string();
    out.entries.push_back(std::move(setting));
}

void readZero(ImportContext& context, const Settings& json)
{
    ParallelLayout& layout = context.design.layout;
    Workload& workload = context.design.workload;
    layout.zeroStage = int(wholeNumber(context, json.take("/zero_optimization/stage"), 0, 3).value_or(0));
    // overlap_comm: kept only where it differs from DeepSpeed's default for the stage (zero/config.py), so
    // that a file without it, or with the default, leaves the switch to the framework.
    layout.overlapGradReduce.reset();
    if (const auto overlap = boolean(context, json.take("/zero_optimization/overlap_comm"));
        overlap && *overlap != switchDefault(context.design, Switch::OverlapGradReduce))
        layout.overlapGradReduce = *overlap;
    layout.shardGroup = 0;
    if (const auto mics = wholeNumber(context, json.take("/zero_optimization/mics_shard_size")))
        layout.shardGroup = int(*mics);
    workload.offload = Offload::None;
    if (const auto device = choice(context, json.take("/zero_optimization/offload_optimizer/device"),
                                   {"none", "cpu", "nvme"})) {
        if (*device != "none") {
            workload.offload = Offload::Cpu;
            json.take("/zero_optimization/offload_optimizer/pin_memory");
        }
        if (*device == "nvme")
            context.add(diag::kLaunchApproximated, "/zero_optimization/offload_optimizer/device",
                        {"nvme", "cpu",
                         MW_TR_NOOP("DiagnosticArguments", "Meshwright models offload to host memory")});
    }
    if (const auto device
        = choice(context, json.take("/zero_optimization/offload_param/device"), {"none", "cpu", "nvme"});
        device && *device != "none") {
        workload.offload = Offload::CpuParameters;
        json.take("/zero_optimization/offload_param/pin_memory");
    }
}

void readPrecision(ImportContext& context, const Settings& json)
{
    Workload& workload = context.design.workload;
    const Setting* bf16 = json.take("/bf16/enabled");
    const Setting* fp16 = json.take("/fp16/enabled");
    const bool bf16Auto = bf16 && bf16->value == "auto";
    const bool fp16Auto = fp16 && fp16->value == "auto";
    if (bf16Auto)
        bf16->used = false;
    if (fp16Auto)
        fp16->used = false;
    if (bf16Auto || fp16Auto)
        return; // the Trainer decides: the base's precision stays
    if (bf16 && boolean(context, bf16).value_or(false)) {
        workload.precision = bf16Precision(context.base);
    } else if (fp16 && boolean(context, fp16).value_or(false)) {
        workload.precision = Precision::Fp16Mixed;
    } else {
        workload.precision = Precision::Fp32;
    }
}

// communication_data_type: the dtype of the gradient reduction, kept only where it differs from the default
// for the precision (the model's 16-bit type; FP32 training reduces in FP32).
void readCommunicationType(ImportContext& context, const Settings& json)
{
    ParallelLayout& layout = context.design.layout;
    layout.gradReduceInFp32.reset();
    if (const auto type = choice(context, json.take("/communication_data_type"), {"fp32", "fp16", "bf16"});
        type && (*type == "fp32") != switchDefault(context.design, Switch::GradReduceInFp32))
        layout.gradReduceInFp32 = *type == "fp32";
}

// DP and the batch sizes: DeepSpeed derives any one of the three batch figures from the other two and the
// data-parallel ranks.
void readBatch(ImportContext& context, const Settings& json)
{
    ParallelLayout& layout = context.design.layout;
    Workload& workload = context.design.workload;
    const Setting* totalKey = json.take("/train_batch_size");
    const Setting* microKey = json.take("/train_micro_batch_size_per_gpu");
    const Setting* stepsKey = json.take("/gradient_accumulation_steps");
    const auto total = wholeNumber(context, totalKey, 1, std::int64_t(1) << 40);
    const auto micro = wholeNumber(context, microKey);
    const auto steps = wholeNumber(context, stepsKey);
    if (context.failed())
        return;
    if (total && micro && steps) {
        if (*total % (*micro * *steps) != 0) {
            context.add(diag::kLaunchConflict, totalKey->where(),
                        {"train_batch_size", std::to_string(*total),
                         MW_TR_NOOP("DiagnosticArguments", "micro-batch × gradient accumulation"),
                         std::to_string(*micro * *steps)});
            return;
        }
        const std::int64_t replicas = *total / (*micro * *steps);
        const std::int64_t perReplica = layout.expertMode == ExpertMode::Separate ? layout.ep() : 1;
        if (replicas % perReplica != 0) {
            context.add(diag::kLaunchConflict, totalKey->where(),
                        {MW_TR_NOOP("DiagnosticArguments", "data-parallel replicas"),
                         std::to_string(replicas), "EP", std::to_string(perReplica)});
            return;
        }
        layout.setDegree(Dim::Dp, int(replicas / perReplica));
        context.dpWhere = totalKey->where();
    }
    fitCluster(context);
    if (context.failed())
        return;
    const std::int64_t replicas = layout.batchReplicas();
    if (micro)
        layout.microBatch = int(*micro);
    if (total) {
        workload.globalBatch = *total;
        if (!micro && steps && *total % (*steps * replicas) == 0)
            layout.microBatch = int(*total / (*steps * replicas));
        checkGlobalBatch(context, totalKey->where());
    } else if (micro) {
        workload.globalBatch = *micro * steps.value_or(1) * replicas;
    }
}

} // namespace

std::vector<std::string> importDeepSpeed(ImportContext& context, std::string_view text)
{
    const JsonParse parsed = parseJson(text);
    if (!parsed.ok()) {
        context.diagnostics.push_back(*parsed.error);
        return {};
    }
    if (!parsed.document.is_object()) {
        context.add(
            diag::kLaunchSyntax, "",
            {std::string(context.tool), MW_TR_NOOP("DiagnosticArguments", "the file is not a JSON object")});
        return {};
    }
    Settings json;
    flatten(parsed.document, "", json);
    context.design.workload.mode = Mode::Training;
    context.design.layout.framework = Framework::DeepSpeed;
    context.degreesWhere = "/layout"; // the base design's: DeepSpeed's file has no degrees
    readZero(context, json);
    readPrecision(context, json);
    readCommunicationType(context, json);
    readBatch(context, json);
    return json.unused();
}

} // namespace core::launch
