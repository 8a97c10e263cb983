// SPDX-License-Identifier: GPL-3.0-or-later
// Host (CPU) memory per node against published arithmetic: DeepSpeed's estimators as its documentation
// prints them, the steady state each framework's offload keeps on the host, the nodes' RAM from the
// vendors' reference systems, and the host-memory warning.

#include "base/diagnostickinds.h"
#include "base/units.h"
#include "design/designio.h"
#include "design/validate.h"
#include "evaluate.h"
#include "memory/hostmemory.h"
#include "memory/memory.h"
#include "memory/modelshard.h"
#include "support/testdesigns.h"

#include <QTest>
#include <cmath>

using namespace core;

namespace {

using testing::dataParallel;

const Diagnostic* find(const std::vector<Diagnostic>& diagnostics, std::string_view code)
{
    for (const Diagnostic& d : diagnostics)
        if (d.code == code)
            return &d;
    return nullptr;
}

} // namespace

class TestHostMemory : public QObject
{
    Q_OBJECT

private slots:
    // DeepSpeed docs/code-docs/source/memory.rst, "API To Estimate Memory Usage": t5-3b cold, total_params
    // = 2851e6, largest_layer_params = 32e6, 1 node × 8 GPUs; "per CPU" printed as cpu_mem / 2**30 with two
    // decimals. The functions are deepspeed/runtime/zero/stage_1_and_2.py
    // estimate_zero2_model_states_mem_needs and stage3.py estimate_zero3_model_states_mem_needs.
    void deepSpeedEstimators_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("offloadOptimizer");
        QTest::addColumn<bool>("offloadParameters");
        QTest::addColumn<bool>("zeroInit");
        QTest::addColumn<double>("perCpuGiB");
        QTest::newRow("ZeRO-2 offload_optimizer=cpu") << 2 << true << false << true << 127.45;
        QTest::newRow("ZeRO-2 offload_optimizer=none") << 2 << false << false << true << 127.45;
        QTest::newRow("ZeRO-3 offload_param=cpu, offload_optimizer=cpu, zero_init=1")
            << 3 << true << true << true << 71.69;
        QTest::newRow("ZeRO-3 offload_param=cpu, offload_optimizer=cpu, zero_init=0")
            << 3 << true << true << false << 127.45;
        QTest::newRow("ZeRO-3 offload_param=none, offload_optimizer=cpu, zero_init=1")
            << 3 << true << false << true << 63.72;
        QTest::newRow("ZeRO-3 offload_param=none, offload_optimizer=cpu, zero_init=0")
            << 3 << true << false << false << 127.45;
        QTest::newRow("ZeRO-3 offload_param=none, offload_optimizer=none, zero_init=1")
            << 3 << false << false << true << 1.43;
        QTest::newRow("ZeRO-3 offload_param=none, offload_optimizer=none, zero_init=0")
            << 3 << false << false << false << 127.45;
    }
    void deepSpeedEstimators()
    {
        QFETCH(int, zero);
        QFETCH(bool, offloadOptimizer);
        QFETCH(bool, offloadParameters);
        QFETCH(bool, zeroInit);
        QFETCH(double, perCpuGiB);
        const double bytes = zero == 2
            ? deepSpeedZero2HostBytes(2851e6, 8, 1, offloadOptimizer)
            : deepSpeedZero3HostBytes(2851e6, 32e6, 8, 1, offloadOptimizer, offloadParameters, zeroInit);
        QCOMPARE(std::round(bytes / kGiB * 100) / 100, perCpuGiB);
    }

    // The same estimators over several nodes: gpus_factor = 1 / num_nodes divides the ZeRO-3 offload terms,
    // ZeRO-2's offload term grows with all GPUs (memory.rst, "General RAM").
    void deepSpeedEstimatorsAcrossNodes()
    {
        QCOMPARE(deepSpeedZero3HostBytes(1e9, 1e7, 8, 4, true, false, true), std::floor(1e9 * 16 / 4 * 1.5));
        QCOMPARE(deepSpeedZero3HostBytes(1e9, 1e7, 8, 4, true, true, false), std::floor(1e9 * 32 * 1.5));
        QCOMPARE(deepSpeedZero2HostBytes(1e9, 8, 4, true), std::floor(1e9 * 128 * 1.5));
    }

    // The steady state Meshwright counts per node (hostmemory.h), bytes per parameter Ψ of the model on a
    // node of 8 GPUs that shard it 8 ways, so the node holds every partition once:
    //   DeepSpeed offload_optimizer: 16 (FP32 parameters, gradients, momentum, variance: memory.rst's "16"),
    //     at ZeRO-1/2 + 2 for the pinned 16-bit copy of the partition (stage_1_and_2.py
    //     param_buffer_of_bit16_for_cpu_offload_groups); with offload_param + 2 (memory.rst's "18")
    //   FSDP2 CPUOffloadPolicy: 4 + 4 + 8 (FP32 sharded parameters, gradients, AdamW moments)
    //   Megatron --optimizer-cpu-offload (distributed optimizer): 12 (FP32 main parameters and moments)
    void steadyState_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("offload");
        QTest::addColumn<double>("bytesPerParameter");
        QTest::newRow("DeepSpeed ZeRO-1 offload_optimizer")
            << int(Framework::DeepSpeed) << 1 << int(Offload::Cpu) << 18.0;
        QTest::newRow("DeepSpeed ZeRO-2 offload_optimizer")
            << int(Framework::DeepSpeed) << 2 << int(Offload::Cpu) << 18.0;
        QTest::newRow("DeepSpeed ZeRO-3 offload_optimizer")
            << int(Framework::DeepSpeed) << 3 << int(Offload::Cpu) << 16.0;
        QTest::newRow("DeepSpeed ZeRO-3 offload_optimizer and offload_param")
            << int(Framework::DeepSpeed) << 3 << int(Offload::CpuParameters) << 18.0;
        QTest::newRow("FSDP2 CPUOffloadPolicy")
            << int(Framework::Fsdp2) << 3 << int(Offload::CpuParameters) << 16.0;
        QTest::newRow("Megatron-Core --optimizer-cpu-offload")
            << int(Framework::MegatronCore) << 1 << int(Offload::Cpu) << 12.0;
        QTest::newRow("DeepSpeed ZeRO-3, no offload")
            << int(Framework::DeepSpeed) << 3 << int(Offload::None) << 0.0;
    }
    void steadyState()
    {
        QFETCH(int, framework);
        QFETCH(int, zero);
        QFETCH(int, offload);
        QFETCH(double, bytesPerParameter);
        const Design d = dataParallel(static_cast<Framework>(framework), zero, static_cast<Offload>(offload));
        const Evaluation e = evaluate(d);
        QVERIFY2(e.memory && e.memory->host, testing::describe(e.diagnostics).toUtf8());
        const HostMemory& host = *e.memory->host;
        QCOMPARE(host.groups.size(), std::size_t{1});
        const double psi = rankShard(d, 0).total();
        QCOMPARE(host.groups.front().needBytes, bytesPerParameter * psi);
        QCOMPARE(host.groups.front().ramBytes, 2048 * kGiB); // DGX H100: 2 TB
        QVERIFY(host.fits());
    }

    // Where the steady state and DeepSpeed's ZeRO-3 estimate with zero_init meet: the estimator is the same
    // sum times its additional_buffer_factor of 1.5.
    void deepSpeedZero3IsSteadyStateTimesBufferFactor_data()
    {
        QTest::addColumn<int>("offload");
        QTest::newRow("offload_optimizer") << int(Offload::Cpu);
        QTest::newRow("offload_optimizer and offload_param") << int(Offload::CpuParameters);
    }
    void deepSpeedZero3IsSteadyStateTimesBufferFactor()
    {
        QFETCH(int, offload);
        const Design d = dataParallel(Framework::DeepSpeed, 3, static_cast<Offload>(offload));
        const Evaluation e = evaluate(d);
        QVERIFY(e.memory && e.memory->host);
        const RankShard shard = rankShard(d, 0);
        const double estimate = deepSpeedZero3HostBytes(shard.total(), shard.largestLayer, 8, 1, true,
                                                        offload == int(Offload::CpuParameters), true);
        QVERIFY(std::abs(e.memory->host->groups.front().needBytes * 1.5 - estimate) <= 1.0);
        // The explanation names the estimator's figure beside the steady state.
        QVERIFY(e.memory->host->explanation.note.find("estimate_zero3_model_states_mem_needs")
                != std::string::npos);
    }

    // A node's RAM: the vendor's reference system divided by its GPUs, times the node's GPUs
    // (resources/presets/gpus.json names each datasheet), or the cluster's hostMemoryBytes.
    void nodeRam_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<double>("ramGiB");
        QTest::newRow("DGX H100: 2 TB") << "h100-sxm-80gb" << 8 << 2048.0;
        QTest::newRow("DGX A100 320 GB: 1 TB") << "a100-40gb" << 8 << 1024.0;
        QTest::newRow("DGX B200: 2 TB (upgradable to 4 TB)") << "b200-180gb" << 8 << 2048.0;
        QTest::newRow("GB200 compute tray: 2 Grace × 480 GB") << "gb200-186gb" << 4 << 960.0;
        QTest::newRow("GB200 NVL72 rack: 36 Grace × 480 GB") << "gb200-186gb" << 72 << 17280.0;
        QTest::newRow("H100 PCIe: no reference system") << "h100-pcie-80gb" << 8 << 0.0;
        QTest::newRow("HGX B300 in MLPerf Training v5.1: 32 × 96 GB") << "b300-270gb" << 8 << 3072.0;
        QTest::newRow("GB300 compute tray: 2 Grace × 480 GB") << "gb300-279gb" << 4 << 960.0;
    }
    void nodeRam()
    {
        QFETCH(QString, gpu);
        QFETCH(int, gpusPerNode);
        QFETCH(double, ramGiB);
        Cluster cluster = makeUniformCluster(2, gpusPerNode, gpu.toStdString(), "nvlink4", "ib-ndr-400");
        QCOMPARE(hostMemoryOfNode(cluster, 1, Catalog::builtin()), ramGiB * kGiB);
        cluster.hostMemoryBytes = 512 * kGiB; // the cluster's own figure wins
        QCOMPARE(hostMemoryOfNode(cluster, 1, Catalog::builtin()), 512 * kGiB);
    }

    // More than a node's RAM: the warning names the node, the need and the RAM, at the offload field.
    void warnsWhenOverRam()
    {
        Design d = dataParallel(Framework::DeepSpeed, 3, Offload::CpuParameters);
        d.cluster.hostMemoryBytes = 64 * kGiB;
        const Evaluation e = evaluate(d);
        const Diagnostic* warning = find(e.diagnostics, diag::kHostMemory.code);
        QVERIFY(warning);
        QCOMPARE(warning->severity, Severity::Warning);
        QCOMPARE(QString::fromStdString(warning->path), QString("/workload/offload"));
        const double need = e.memory->host->groups.front().needBytes;
        const QString message = QString::fromStdString(warning->message());
        QVERIFY2(message.startsWith("Node 0 needs")
                     && message.contains(QString::fromStdString(formatBytes(need)))
                     && message.contains(QString::fromStdString(formatBytes(64 * kGiB))),
                 message.toUtf8());
        QCOMPARE(e.memory->host->nodesOver, 1);
        QVERIFY(e.valid()); // a warning: the GPUs still run the layout

        d.cluster.hostMemoryBytes = 0; // DGX H100's 2 TB hold it
        QVERIFY(!find(evaluate(d).diagnostics, diag::kHostMemory.code));
        // A node whose RAM is not known is not warned about.
        d.cluster = makeUniformCluster(1, 8, "h100-pcie-80gb", "pcie5", "ib-ndr-400");
        const Evaluation pcie = evaluate(d);
        if (pcie.memory && pcie.memory->host)
            QCOMPARE(pcie.memory->host->groups.front().ramBytes, 0.0);
        QVERIFY(!find(pcie.diagnostics, diag::kHostMemory.code));
    }

    // An asynchronous checkpoint stages each rank's share of the parameters and optimizer states: Megatron-LM
    // FileSystemWriterAsync.preload_tensors (core/dist_checkpointing/strategies/filesystem_async.py) with
    // --ckpt-fully-parallel-save splitting the replicated states over DP; PyTorch DCP async_save with
    // dedup_replicated_tensors. Per node of 8 GPUs holding one replica of Llama 3.1 8B (Ψ): the framework's
    // weight and optimizer bytes per parameter (Megatron BF16 2 + 12, FSDP2 4 + 8), plus what offload keeps.
    void checkpointStaging_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("offload");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("bytesPerParameter"); // per node, × Ψ
        const int megatron = int(Framework::MegatronCore), fsdp2 = int(Framework::Fsdp2);
        QTest::newRow("Megatron-LM --async-save, DDP") << megatron << 0 << int(Offload::None) << 1 << 14.0;
        QTest::newRow("Megatron-LM --async-save, distributed optimizer")
            << megatron << 1 << int(Offload::None) << 1 << 14.0;
        QTest::newRow("Megatron-LM --async-save, 2 nodes: half the replica each")
            << megatron << 1 << int(Offload::None) << 2 << 7.0;
        QTest::newRow("Megatron-LM --async-save and --optimizer-cpu-offload (12)")
            << megatron << 1 << int(Offload::Cpu) << 1 << 26.0;
        QTest::newRow("torchtitan async_mode async, FSDP2") << fsdp2 << 3 << int(Offload::None) << 1 << 12.0;
        QTest::newRow("torchtitan async, CPUOffloadPolicy (16)")
            << fsdp2 << 3 << int(Offload::CpuParameters) << 1 << 28.0;
    }
    void checkpointStaging()
    {
        QFETCH(int, framework);
        QFETCH(int, zero);
        QFETCH(int, offload);
        QFETCH(int, nodes);
        QFETCH(double, bytesPerParameter);
        Design d = dataParallel(static_cast<Framework>(framework), zero, static_cast<Offload>(offload));
        d.cluster = makeUniformCluster(nodes, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
        d.layout.setDegree(Dim::Dp, 8 * nodes);
        d.workload.globalBatch = 8 * nodes;
        const double psi = rankShard(d, 0).total(); // one replica, vocabulary padded as the framework pads
        const auto needOf = [](const Evaluation& e) {
            return e.memory && e.memory->host && !e.memory->host->groups.empty()
                ? e.memory->host->groups.front().needBytes
                : 0.0;
        };
        const double synchronous = needOf(evaluate(d));
        d.layout.asyncCheckpoint = true;
        const Evaluation e = evaluate(d);
        // DDP keeps 18 bytes per parameter on every GPU: the layout may not fit, its host memory is priced.
        QVERIFY2(e.valid() || e.failsOnlyInMemory(), testing::describe(e.diagnostics).toUtf8());
        QCOMPARE(e.memory->host->groups.size(), std::size_t{1});
        QVERIFY(std::abs(needOf(e) / (bytesPerParameter * psi) - 1) < 1e-9);
        // The staging alone, from the function the explanation names.
        const double staging = checkpointStagingBytes(d, rankShard(d, 0)) * 8;
        QVERIFY(std::abs((synchronous + staging) / needOf(e) - 1) < 1e-9);
        QVERIFY(staging > 0);
    }

    // The warning points at the switch that fills the RAM, and names the checkpoint; DeepSpeed 0.16 has no
    // asynchronous save, so the switch is refused at its field; serving ignores it.
    void checkpointStagingWarnsAndIsRefused()
    {
        Design d = dataParallel(Framework::MegatronCore, 1, Offload::None);
        d.layout.asyncCheckpoint = true;
        d.cluster.hostMemoryBytes = 64 * kGiB; // under 14 × 8.03 GB
        const Evaluation e = evaluate(d);
        const Diagnostic* warning = find(e.diagnostics, diag::kHostMemory.code);
        QVERIFY(warning);
        QCOMPARE(QString::fromStdString(warning->path), QString("/layout/asyncCheckpoint"));
        QVERIFY2(QString::fromStdString(warning->message()).contains("asynchronous checkpoint"),
                 warning->message().c_str());
        d.layout.asyncCheckpoint = false;
        QVERIFY(!find(evaluate(d).diagnostics, diag::kHostMemory.code));

        Design deepSpeed = dataParallel(Framework::DeepSpeed, 2, Offload::None);
        deepSpeed.layout.asyncCheckpoint = true;
        const Evaluation refusedEvaluation = evaluate(deepSpeed);
        const Diagnostic* refused = find(refusedEvaluation.diagnostics, diag::kFrameworkSwitch.code);
        QVERIFY(refused);
        QCOMPARE(QString::fromStdString(refused->path), QString("/layout/asyncCheckpoint"));
        deepSpeed.layout.asyncCheckpoint = false; // its default, accepted
        QVERIFY(!find(evaluate(deepSpeed).diagnostics, diag::kFrameworkSwitch.code));
    }

    // 16,384 nodes of one shape are one group, so that text and JSON stay small at 131,072 GPUs.
    void uniformClusterIsOneGroup()
    {
        Design d = dataParallel(Framework::DeepSpeed, 3, Offload::Cpu);
        d.cluster = makeUniformCluster(64, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
        d.layout.setDegree(Dim::Dp, 512);
        d.workload.globalBatch = 512;
        const Evaluation e = evaluate(d);
        QVERIFY2(e.memory && e.memory->host, testing::describe(e.diagnostics).toUtf8());
        QCOMPARE(e.memory->host->groups.size(), std::size_t{1});
        QCOMPARE(e.memory->host->groups.front().nodes, 64);
    }

    // The cluster field: written only when set, read back, range-checked at its pointer.
    void clusterFieldRoundTripsAndIsChecked()
    {
        Design d = testing::example("fsdp-1node-8gpu");
        QVERIFY(!designToJson(d)["cluster"].contains("hostMemoryBytes"));
        d.cluster.hostMemoryBytes = 1536 * kGiB;
        const Json json = designToJson(d);
        QCOMPARE(json["cluster"]["hostMemoryBytes"].get<double>(), 1536 * kGiB);
        const LoadResult back = designFromJson(json);
        QVERIFY(back.design);
        QCOMPARE(back.design->cluster.hostMemoryBytes, 1536 * kGiB);

        d.cluster.hostMemoryBytes = -1;
        const Evaluation e = evaluate(d);
        const Diagnostic* range = find(e.diagnostics, diag::kValueRange.code);
        QVERIFY(range);
        QCOMPARE(QString::fromStdString(range->path), QString("/cluster/hostMemoryBytes"));
    }
};

QTEST_GUILESS_MAIN(TestHostMemory)
#include "tst_hostmemory.moc"
