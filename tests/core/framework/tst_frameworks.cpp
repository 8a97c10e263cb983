// SPDX-License-Identifier: GPL-3.0-or-later
// Framework profiles against the frameworks' own published arithmetic: DeepSpeed's model-state
// estimators for every offload setting, Megatron-LM's distributed-optimizer bytes and vocabulary padding,
// and a vLLM start-up log's KV-cache budget. Each row names its source.

#include "base/units.h"
#include "comm/groupcollective.h"
#include "design/designio.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

namespace {

double bytesOf(const Evaluation& e, MemoryCategory category)
{
    return e.memory->roleOf(0).figure(category).bytes;
}

double modelStateBytes(const Evaluation& e)
{
    return bytesOf(e, MemoryCategory::Parameters) + bytesOf(e, MemoryCategory::Gradients)
        + bytesOf(e, MemoryCategory::Optimizer);
}

using testing::dataParallel;

// Llama 3.1 8B served by vLLM on `tp` H100s (the model of the published log below: Meta-Llama-3-8B has the
// same shapes), with vLLM's default of 256 sequences (the log's command sets no --max-num-seqs).
Design vllmServer(int tp)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.workload.mode = Mode::Serving;
    d.workload.serving.contextLength = 8192;
    d.workload.serving.concurrency = 256;
    d.cluster = makeUniformCluster(1, tp, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout = ParallelLayout{};
    d.layout.setDegree(Dim::Tp, tp);
    d.layout.framework = Framework::Vllm;
    return d;
}

} // namespace

class TestFrameworks : public QObject
{
    Q_OBJECT

private slots:
    void profilesLoad()
    {
        QVERIFY2(frameworkProfileProblems().empty(), "resources/presets/frameworks.json has problems");
        for (Framework f : {Framework::MegatronCore, Framework::DeepSpeed, Framework::Fsdp2, Framework::Vllm,
                            Framework::Sglang}) {
            const FrameworkProfile& p = frameworkProfile(f);
            QCOMPARE(p.id, f);
            QVERIFY(!p.name.empty());
            QVERIFY2(!p.version.empty() && !p.source.empty() && !p.memorySource.empty(), p.name.c_str());
        }
    }

    // The Auto rule (docs/frameworks.md): serving → vLLM; model parallelism → Megatron-Core; ZeRO-1/2
    // data parallelism → DeepSpeed; the rest → PyTorch.
    void autoRule_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("expected");
        QTest::newRow("FSDP example") << "" << "fsdp2";
        QTest::newRow("ZeRO-1") << "zero=1" << "deepspeed";
        QTest::newRow("ZeRO-2") << "zero=2" << "deepspeed";
        QTest::newRow("DDP") << "zero=0" << "fsdp2";
        QTest::newRow("TP 2") << "tp=2" << "megatron-core";
        QTest::newRow("serving") << "serving" << "vllm";
    }
    void autoRule()
    {
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        Design d = testing::example("fsdp-1node-8gpu");
        if (patch == "zero=1")
            d.layout.zeroStage = 1;
        else if (patch == "zero=2")
            d.layout.zeroStage = 2;
        else if (patch == "zero=0")
            d.layout.zeroStage = 0;
        else if (patch == "tp=2")
            d.layout.setDegree(Dim::Tp, 2);
        else if (patch == "serving")
            d.workload.mode = Mode::Serving;
        QCOMPARE(QString::fromStdString(std::string(enumName(frameworkOf(d)))), expected);
    }

    // DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py estimate_zero2_model_states_mem_needs (also used for
    // stage 1) and stage3.py estimate_zero3_model_states_mem_needs, per GPU, Ψ the parameters, N the GPUs,
    // L the largest layer's parameters (the estimator's largest_layer_params):
    //   ZeRO-2, no offload: 4Ψ + 16Ψ/N;   offload_optimizer: 2Ψ
    //   ZeRO-3, no offload: 4L + 18Ψ/N;   offload_optimizer: 4L + 2Ψ/N;   offload both: 4L
    // The 4L term is in the temporary buffers (the gathered layer's 16-bit weights and gradients).
    void deepSpeedEstimators_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("offload");
        QTest::addColumn<double>("gpuPerPsi"); // coefficient of Ψ
        QTest::addColumn<double>("gpuPerPsiOverN"); // coefficient of Ψ/N
        QTest::addColumn<double>("gpuPerL"); // coefficient of L
        QTest::newRow("ZeRO-1") << 1 << int(Offload::None) << 4.0 << 16.0 << 0.0;
        QTest::newRow("ZeRO-2") << 2 << int(Offload::None) << 4.0 << 16.0 << 0.0;
        QTest::newRow("ZeRO-2, offload_optimizer") << 2 << int(Offload::Cpu) << 2.0 << 0.0 << 0.0;
        QTest::newRow("ZeRO-3") << 3 << int(Offload::None) << 0.0 << 18.0 << 4.0;
        QTest::newRow("ZeRO-3, offload_optimizer") << 3 << int(Offload::Cpu) << 0.0 << 2.0 << 4.0;
        QTest::newRow("ZeRO-3, offload_optimizer and offload_param")
            << 3 << int(Offload::CpuParameters) << 0.0 << 0.0 << 4.0;
    }
    void deepSpeedEstimators()
    {
        QFETCH(int, zero);
        QFETCH(int, offload);
        QFETCH(double, gpuPerPsi);
        QFETCH(double, gpuPerPsiOverN);
        QFETCH(double, gpuPerL);
        const Design d = dataParallel(Framework::DeepSpeed, zero, static_cast<Offload>(offload));
        const Evaluation e = evaluate(d);
        QVERIFY2(e.memory, testing::describe(e.diagnostics).toUtf8());
        const RankShard shard = rankShard(d, 0);
        const double psi = shard.total();
        const double n = 8;
        QCOMPARE(modelStateBytes(e), gpuPerPsi * psi + gpuPerPsiOverN * psi / n);
        // The gathered layer: one unit's 16-bit weights and gradients, inside the temporary buffers.
        const Explanation& temp = e.memory->roleOf(0).figure(MemoryCategory::Temporary).explanation;
        double gathered = 0;
        for (const auto& input : temp.inputs)
            if (input.name.rfind("gathered FSDP units", 0) == 0)
                gathered = input.value;
        QCOMPARE(gathered, gpuPerL * shard.largestLayer);
    }

    // Megatron-LM megatron/training/theoretical_memory_usage.py compute_weight_and_optimizer_memory: bytes
    // per parameter 18 without and 6 + 12/DP with the distributed optimizer, on the most loaded shard whose
    // embedding has the padded vocabulary (arguments.py: --make-vocab-size-divisible-by 128, × TP).
    void megatronDistributedOptimizer_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<double>("bytesPerParameter");
        QTest::newRow("no distributed optimizer") << 0 << 18.0;
        QTest::newRow("distributed optimizer, DP 4") << 1 << 6.0 + 12.0 / 4;
    }
    void megatronDistributedOptimizer()
    {
        QFETCH(int, zero);
        QFETCH(double, bytesPerParameter);
        Design d = dataParallel(Framework::MegatronCore, zero, Offload::None);
        d.layout.setDegree(Dim::Tp, 2);
        d.layout.setDegree(Dim::Dp, 4);
        const Evaluation e = evaluate(d);
        QVERIFY2(e.memory, testing::describe(e.diagnostics).toUtf8());
        QCOMPARE(modelStateBytes(e), rankShard(d, 0).total() * bytesPerParameter);
    }

    // Megatron pads 50,257 (GPT-2's vocabulary) to a multiple of 128 × TP: 51,200 at TP 8; with
    // --make-vocab-size-divisible-by 64, 50,688 (a multiple of 512). vLLM pads to 64 whatever the TP
    // (vocab_parallel_embedding.py DEFAULT_VOCAB_PADDING_SIZE); DeepSpeed and FSDP2 do not pad.
    void vocabularyPadding_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("divisibleBy");
        QTest::addColumn<qint64>("padded");
        QTest::newRow("Megatron, default") << int(Framework::MegatronCore) << 0 << qint64(51200);
        QTest::newRow("Megatron, divisible by 64") << int(Framework::MegatronCore) << 64 << qint64(50688);
        QTest::newRow("vLLM") << int(Framework::Vllm) << 0 << qint64(50304);
        QTest::newRow("DeepSpeed") << int(Framework::DeepSpeed) << 0 << qint64(50257);
    }
    void vocabularyPadding()
    {
        QFETCH(int, framework);
        QFETCH(int, divisibleBy);
        QFETCH(qint64, padded);
        Design d = testing::example("default");
        d.model.vocab = 50257;
        d.layout.setDegree(Dim::Tp, 8);
        d.layout.framework = static_cast<Framework>(framework);
        d.layout.vocabDivisibleBy = divisibleBy;
        QCOMPARE(qint64(paddedVocab(d)), padded);
    }

    // vLLM 0.10 engine/arg_utils.py _set_default_args_v1 for `vllm serve` (UsageContext.OPENAI_API_SERVER):
    // max_num_batched_tokens 8192 and max_num_seqs 1024 when the device has at least 70 GiB and is not an
    // A100, else 2048 and 256.
    void vllmDefaultsByDevice_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<int>("sequences");
        QTest::newRow("H100 SXM 80 GB (79.2 GiB)") << "h100-sxm-80gb" << 8192.0 << 1024;
        QTest::newRow("H200 141 GB") << "h200-141gb" << 8192.0 << 1024;
        QTest::newRow("A100 80 GB: excluded by name") << "a100-80gb" << 2048.0 << 256;
        QTest::newRow("A100 40 GB") << "a100-40gb" << 2048.0 << 256;
        QTest::newRow("V100 32 GB") << "v100-sxm2-32gb" << 2048.0 << 256;
    }
    void vllmDefaultsByDevice()
    {
        QFETCH(QString, gpu);
        QFETCH(double, tokens);
        QFETCH(int, sequences);
        const FrameworkProfile& vllm = frameworkProfile(Framework::Vllm);
        QCOMPARE(QString::fromStdString(vllm.version), QString("vLLM 0.10"));
        const GpuSpec* spec = Catalog::builtin().gpu(gpu.toStdString());
        QVERIFY(spec);
        QCOMPARE(vllm.profileTokensOn(spec->memoryBytes, spec->id), tokens);
        QCOMPARE(vllm.profileSequencesOn(spec->memoryBytes, spec->id), sequences);
    }

    // vLLM's start-up log for Meta-Llama-3-8B on H100 80 GB (vllm-project/vllm pull request 10511,
    // 2024-12-13): total_gpu_memory 79.22 GiB × gpu_memory_utilization 0.90 = 71.29 GiB; model weights
    // 14.96 GiB; non_torch_memory 1.79 GiB; PyTorch activation peak memory 1.26 GiB;
    // available_kv_cache_memory 53.29 GiB. With -tp 2: weights 7.48 GiB, non-torch 3.58 GiB, activations
    // 1.26 GiB. The arithmetic is reproduced exactly; weights and activations are predicted.
    void vllmStartupLog_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<double>("weightsGiB");
        QTest::addColumn<double>("nonTorchGiB");
        QTest::addColumn<double>("activationGiB");
        QTest::addColumn<double>("activationTolerance");
        QTest::newRow("TP 1") << 1 << 14.96 << 1.79 << 1.26 << 0.10;
        // Measured 1.26 GiB at TP 2 as at TP 1: the profile's peak does not shrink with TP as the model's
        // per-token activations do (predicted 0.90 GiB); reported, not tuned. A likely cause, not modelled:
        // the peak is the sampler's, which TP does not split. vLLM 0.6.5's profile run samples with top-k
        // and top-p (worker/model_runner.py: SamplingParams(top_p=0.99, top_k=vocab−1)), and its
        // _apply_top_k_top_p (model_executor/layers/sampler.py) holds, at its last gather, the BF16 and FP32
        // logits, the sorted logits, their int64 indices, two masks, probs_sort, probs_sum, the inverse
        // indices and the re-gathered logits: about 10 × 256 sequences × V × 4 B = 1.22 GiB, with the
        // hidden states 1.28 GiB, at any TP. The V1 engine's sampler (vllm/v1/sample/ops/
        // topk_topp_sampler.py, as read, newer than 0.10) takes FlashInfer's sort-free kernel where FlashInfer
        // is installed and a native sort otherwise, so the sampler's peak depends on the installation and
        // the version: the model keeps the logits, probabilities and log-probabilities.
        QTest::newRow("TP 2") << 2 << 7.48 << 3.58 << 1.26 << 0.30;
    }
    void vllmStartupLog()
    {
        QFETCH(int, tp);
        QFETCH(double, weightsGiB);
        QFETCH(double, nonTorchGiB);
        QFETCH(double, activationGiB);
        QFETCH(double, activationTolerance);
        const Evaluation e = evaluate(vllmServer(tp));
        QVERIFY2(e.memory && e.memory->servingBudget, testing::describe(e.diagnostics).toUtf8());
        const ServingBudget& b = *e.memory->servingBudget;
        QCOMPARE(b.utilization, 0.9);
        QVERIFY(std::abs(b.weightsBytes / kGiB - weightsGiB) / weightsGiB < 0.005);
        QVERIFY(std::abs(b.nonTorchBytes / kGiB - nonTorchGiB) < 0.005);
        const double activation = b.activationBytes / kGiB;
        qInfo("TP %d: activation peak predicted %.2f GiB, logged %.2f GiB", tp, activation, activationGiB);
        QVERIFY(std::abs(activation - activationGiB) / activationGiB < activationTolerance);
        // The log's arithmetic on our terms, exactly.
        QVERIFY(std::abs(b.kvCacheBytes - (b.usableBytes - b.weightsBytes - b.nonTorchBytes - b.activationBytes))
                < 1.0);
        QCOMPARE(b.usableBytes, b.totalBytes * 0.9);
        // On the log's device total, the predicted KV cache against the logged one.
        const double logged = 0.9 * 79.22 - weightsGiB - nonTorchGiB - activationGiB;
        const double predicted = 0.9 * 79.22 - b.weightsBytes / kGiB - b.nonTorchBytes / kGiB - activation;
        if (tp == 1)
            QVERIFY(std::abs(logged - 53.29) < 0.01); // the log's own sum
        QVERIFY(std::abs(predicted - logged) / logged < 0.02);
        // Blocks of 16 tokens of 128 KiB each (32 layers × 2 × 8 KV heads / TP × 128 × 2 bytes per token).
        const double perToken = 32.0 * 2 * (8.0 / tp) * 128 * 2;
        QCOMPARE(b.blocks, static_cast<std::int64_t>(std::floor(b.kvCacheBytes / (16 * perToken))));
        QCOMPARE(b.maxConcurrency, b.blocks * 16.0 / 8192);
        QCOMPARE(*e.memory->maxConcurrentSequences, static_cast<std::int64_t>(b.maxConcurrency));
    }

    // vLLM profiles with max_num_seqs sequences (worker profile_run), which the export passes as the design's
    // concurrent sequences: the sampler's three FP32 vocabulary rows (12 bytes per entry) per sequence, and
    // no more sequences than the 8,192 profiled tokens.
    void vllmProfilesItsMaxNumSeqs_data()
    {
        QTest::addColumn<int>("sequences");
        QTest::addColumn<double>("profiled");
        QTest::newRow("32") << 32 << 32.0;
        QTest::newRow("256 (vLLM's default)") << 256 << 256.0;
        QTest::newRow("20000, past the tokens") << 20000 << 8192.0;
    }
    void vllmProfilesItsMaxNumSeqs()
    {
        QFETCH(int, sequences);
        QFETCH(double, profiled);
        Design one = vllmServer(1);
        one.workload.serving.concurrency = 1;
        Design many = vllmServer(1);
        many.workload.serving.concurrency = sequences;
        const Evaluation a = evaluate(one);
        const Evaluation b = evaluate(many);
        QVERIFY(a.memory && a.memory->servingBudget && b.memory && b.memory->servingBudget);
        const double vocabulary = 128256; // Llama 3's, a multiple of vLLM's 64
        const double extra
            = b.memory->servingBudget->activationBytes - a.memory->servingBudget->activationBytes;
        QVERIFY2(std::abs(extra - (profiled - 1) * vocabulary * 12) < 1.0,
                 qPrintable(QString::number(extra)));
    }

    // SGLang server_args.py: mem_fraction_static 0.88 / 0.87 / 0.85 / 0.81 / 0.79 for TP 1 / 2 / 4 / 8 / 16.
    void sglangFraction()
    {
        const FrameworkProfile& p = frameworkProfile(Framework::Sglang);
        QCOMPARE(p.utilization(1), 0.88);
        QCOMPARE(p.utilization(2), 0.87);
        QCOMPARE(p.utilization(4), 0.85);
        QCOMPARE(p.utilization(6), 0.85);
        QCOMPARE(p.utilization(8), 0.81);
        QCOMPARE(p.utilization(32), 0.79);
    }

    // What a framework refuses, each at the field that asks for it.
    void refusals_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("path");
        QTest::newRow("DeepSpeed pipeline with ZeRO-2") << "ds-pp-zero2" << "framework-zero-pipeline"
                                                        << "/layout/zeroStage";
        QTest::newRow("FSDP2 with ZeRO-1") << "fsdp-zero1" << "framework-zero-stage" << "/layout/zeroStage";
        QTest::newRow("FSDP2 offloading the optimizer alone") << "fsdp-offload" << "framework-offload"
                                                              << "/workload/offload";
        QTest::newRow("Megatron offloading parameters") << "megatron-params" << "framework-offload"
                                                        << "/workload/offload";
        QTest::newRow("vLLM with CP") << "vllm-cp" << "framework-dimension" << "/layout/cp";
        QTest::newRow("Megatron serving") << "megatron-serving" << "framework-mode" << "/layout/framework";
        QTest::newRow("vLLM training") << "vllm-training" << "framework-mode" << "/layout/framework";
    }
    void refusals()
    {
        QFETCH(QString, what);
        QFETCH(QString, code);
        QFETCH(QString, path);
        Design d = dataParallel(Framework::DeepSpeed, 1, Offload::None);
        if (what == "ds-pp-zero2") {
            d.layout.zeroStage = 2;
            d.layout.setDegree(Dim::Pp, 2);
            d.layout.setDegree(Dim::Dp, 4);
        } else if (what == "fsdp-zero1") {
            d.layout.framework = Framework::Fsdp2;
        } else if (what == "fsdp-offload") {
            d.layout.framework = Framework::Fsdp2;
            d.layout.zeroStage = 3;
            d.workload.offload = Offload::Cpu;
        } else if (what == "megatron-params") {
            d.layout.framework = Framework::MegatronCore;
            d.layout.zeroStage = 3;
            d.workload.offload = Offload::CpuParameters;
        } else if (what == "vllm-cp") {
            d = vllmServer(1);
            d.cluster = makeUniformCluster(1, 2, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
            d.layout.setDegree(Dim::Cp, 2);
        } else if (what == "megatron-serving") {
            d = vllmServer(1);
            d.layout.framework = Framework::MegatronCore;
        } else if (what == "vllm-training") {
            d.layout.framework = Framework::Vllm;
        }
        const Evaluation e = evaluate(d);
        bool found = false;
        for (const Diagnostic& diagnostic : e.diagnostics)
            found = found || (diagnostic.code == code.toStdString() && diagnostic.path == path.toStdString());
        QVERIFY2(found, testing::describe(e.diagnostics).toUtf8());
    }

    // The framework and the vocabulary multiple travel in the JSON (absent: auto and 0, as designs of
    // earlier versions mean); an unknown name is an error at its pointer.
    // A design that names its framework runs only the schedules of its profile (frameworks.json
    // "schedules"): Megatron-Core 1F1B and interleaved (schedules.py get_forward_backward_func), DeepSpeed
    // 1F1B (pipe/schedule.py TrainSchedule), PyTorch (torchtitan) also GPipe, ZB-H1, ZB-V and DualPipeV
    // (torch.distributed.pipelining get_schedule_class). The error at /layout/schedule names the frameworks
    // that run the schedule; DualPipe (bidirectional) runs in none, so the fix is another schedule or Auto,
    // under which a design models any schedule (saved DualPipe designs keep evaluating). Llama 3.1 8B, PP 4
    // × DP 2, 16 micro-batches (even, ≥ 2 × PP for DualPipe, a multiple of PP for interleaving).
    void schedulesTheFrameworkRuns_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("pp");
        QTest::addColumn<QString>("names"); // the frameworks the message names; "" for no framework-schedule
        QTest::newRow("Megatron-Core, ZB-V") << int(Framework::MegatronCore) << int(Schedule::ZbV) << 4
                                             << "Frameworks that run it: PyTorch FSDP2 / DDP.";
        QTest::newRow("Megatron-Core, DualPipeV") << int(Framework::MegatronCore) << int(Schedule::DualPipeV)
                                                  << 4 << "Frameworks that run it: PyTorch FSDP2 / DDP.";
        QTest::newRow("DeepSpeed, interleaved")
            << int(Framework::DeepSpeed) << int(Schedule::Interleaved) << 4
            << "Frameworks that run it: Megatron-Core, PyTorch FSDP2 / DDP.";
        QTest::newRow("DeepSpeed, GPipe") << int(Framework::DeepSpeed) << int(Schedule::GPipe) << 4
                                          << "Frameworks that run it: PyTorch FSDP2 / DDP.";
        QTest::newRow("PyTorch, DualPipe: no framework runs it")
            << int(Framework::Fsdp2) << int(Schedule::DualPipe) << 4 << "and no other framework does";
        QTest::newRow("Megatron-Core, DualPipe")
            << int(Framework::MegatronCore) << int(Schedule::DualPipe) << 4 << "and no other framework does";
        QTest::newRow("PyTorch, DualPipeV: runs it")
            << int(Framework::Fsdp2) << int(Schedule::DualPipeV) << 4 << "";
        QTest::newRow("Megatron-Core, interleaved: runs it")
            << int(Framework::MegatronCore) << int(Schedule::Interleaved) << 4 << "";
        QTest::newRow("DeepSpeed, 1F1B: runs it")
            << int(Framework::DeepSpeed) << int(Schedule::OneFOneB) << 4 << "";
        // Auto models them, and says which framework would run them (an info, framework-schedule-auto).
        QTest::newRow("Auto, DualPipe: modelled") << int(Framework::Auto) << int(Schedule::DualPipe) << 4
                                                  << "no framework Meshwright knows runs it";
        QTest::newRow("Auto, ZB-V: modelled") << int(Framework::Auto) << int(Schedule::ZbV) << 4
                                              << "Frameworks that run it: PyTorch FSDP2 / DDP.";
        QTest::newRow("Auto, interleaved: Megatron-Core runs it")
            << int(Framework::Auto) << int(Schedule::Interleaved) << 4 << "";
        QTest::newRow("Megatron-Core, ZB-H1 without PP: schedule-without-pp's")
            << int(Framework::MegatronCore) << int(Schedule::ZbH1) << 1 << "";
    }
    void schedulesTheFrameworkRuns()
    {
        QFETCH(int, framework);
        QFETCH(int, schedule);
        QFETCH(int, pp);
        QFETCH(QString, names);
        Design d = testing::example("fsdp-1node-8gpu");
        d.layout.framework = Framework(framework);
        d.layout.schedule = Schedule(schedule);
        d.layout.virtualStages = d.layout.schedule == Schedule::Interleaved
                || d.layout.schedule == Schedule::ZbV || d.layout.schedule == Schedule::DualPipeV
                || d.layout.schedule == Schedule::DualPipe
            ? 2
            : 1;
        d.layout.zeroStage = d.layout.framework == Framework::Fsdp2 ? 3 : 1;
        d.layout.setDegree(Dim::Pp, pp);
        d.layout.setDegree(Dim::Dp, 8 / pp);
        d.workload.globalBatch = 16 * (8 / pp);
        const Evaluation e = evaluate(d);
        const bool automatic = d.layout.framework == Framework::Auto;
        std::vector<Diagnostic> found;
        for (const Diagnostic& diagnostic : e.diagnostics)
            if (diagnostic.code == "framework-schedule" || diagnostic.code == "framework-schedule-auto")
                found.push_back(diagnostic);
        if (names.isEmpty()) {
            QVERIFY2(found.empty(), testing::describe(e.diagnostics).toUtf8());
            return;
        }
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.front().code,
                 std::string(automatic ? "framework-schedule-auto" : "framework-schedule"));
        QCOMPARE(found.front().severity, automatic ? Severity::Info : Severity::Error);
        QCOMPARE(found.front().path, std::string("/layout/schedule"));
        QVERIFY2(QString::fromStdString(found.front().message()).contains(names),
                 found.front().message().c_str());
        // An error leaves no timeline for a layout the framework cannot run; Auto models it.
        QCOMPARE(e.schedule != nullptr, automatic);
    }

    // The data-parallel reduction moves the gradients in the dtype the framework keeps them: Megatron-LM's
    // BF16 forces accumulate_allreduce_grads_in_fp32 (megatron/training/arguments.py) and its DDP reduces
    // the FP32 main_grad buffer; FSDP2 reduce-scatters in reduce_dtype float32 (torchtitan's
    // mixed_precision_reduce default); DeepSpeed reduces the 16-bit gradients. Llama 3.1 8B, DP 8.
    void gradientsReducedInTheirDtype_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("precision");
        QTest::addColumn<double>("bytesPerElement");
        QTest::newRow("Megatron-Core DDP, BF16")
            << int(Framework::MegatronCore) << 0 << int(Precision::Bf16Mixed) << 4.0;
        QTest::newRow("Megatron-Core distributed optimizer, BF16")
            << int(Framework::MegatronCore) << 1 << int(Precision::Bf16Mixed) << 4.0;
        QTest::newRow("FSDP2, reduce_dtype float32")
            << int(Framework::Fsdp2) << 3 << int(Precision::Bf16Mixed) << 4.0;
        QTest::newRow("DDP under autocast, FP32 gradients")
            << int(Framework::Fsdp2) << 0 << int(Precision::Bf16Mixed) << 4.0;
        QTest::newRow("DeepSpeed ZeRO-2, BF16")
            << int(Framework::DeepSpeed) << 2 << int(Precision::Bf16Mixed) << 2.0;
        QTest::newRow("DeepSpeed ZeRO-2, FP32")
            << int(Framework::DeepSpeed) << 2 << int(Precision::Fp32) << 4.0;
    }
    void gradientsReducedInTheirDtype()
    {
        QFETCH(int, framework);
        QFETCH(int, zero);
        QFETCH(int, precision);
        QFETCH(double, bytesPerElement);
        Design d = testing::dataParallel(Framework(framework), zero, Offload::None);
        d.workload.precision = Precision(precision);
        QCOMPARE(gradientBytesPerElement(d), bytesPerElement);
        const Evaluation e = evaluate(d);
        // DDP of 8B does not fit 80 GB; its traffic is priced all the same.
        QVERIFY2(e.valid() || e.failsOnlyInMemory(), testing::describe(e.diagnostics).toUtf8());
        const GroupCollectiveResult dp = groupCollective(d, e, Dim::Dp, 0);
        QVERIFY(dp.group);
        QCOMPARE(dp.group->message.bytesPerElement, bytesPerElement);
        QCOMPARE(dp.group->message.bytes, rankShard(d, 0).total() * bytesPerElement);
    }

    void json()
    {
        Design d = testing::example("default");
        QCOMPARE(designToJson(d)["layout"]["framework"].get<std::string>(), std::string("auto"));
        d.layout.framework = Framework::DeepSpeed;
        d.layout.vocabDivisibleBy = 64;
        const LoadResult back = loadDesign(saveDesign(d));
        QVERIFY(back.ok());
        QCOMPARE(back.design->layout.framework, Framework::DeepSpeed);
        QCOMPARE(back.design->layout.vocabDivisibleBy, 64);
        const LoadResult bad = testing::patched("default", R"({"layout": {"framework": "jax"}})");
        QVERIFY(!bad.ok());
        QVERIFY(testing::hasCode(bad.diagnostics, "io-value"));
        QCOMPARE(QString::fromStdString(bad.diagnostics.front().path), QStringLiteral("/layout/framework"));
    }
};

QTEST_APPLESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
