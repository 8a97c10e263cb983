// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA graphs of a training step (layout.h CudaGraphs): where Megatron-Core can run them and where not
// (TransformerConfig.__post_init__ of core_v0.19.0, its MoE README's "CUDA Graph"), the JSON key, the field,
// the Megatron-LM flags the export writes for them and the ones the import reads (each release's spelling:
// --enable-cuda-graph and --external-cuda-graph to core_v0.14.0, --cuda-graph-impl from core_v0.15.0,
// full_iteration and --cuda-graph-modules from core_v0.18.0), and that the step the model prices is the same
// with or without them, its explanation saying which published runs the design resembles.

#include "design/designfield.h"
#include "design/designio.h"
#include "evaluate.h"
#include "framework/frameworkchecks.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "support/configparse.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;

Q_DECLARE_METATYPE(core::CudaGraphs)

namespace {

const Diagnostic* graphRefusal(const std::vector<Diagnostic>& diagnostics)
{
    const auto it = std::find_if(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& x) {
        return x.code == "framework-switch" && x.path == "/layout/cudaGraphs";
    });
    return it == diagnostics.end() ? nullptr : &*it;
}

std::vector<std::string> exportedWords(const Design& design)
{
    const LaunchConfig config = launchConfig(design, evaluate(design), LaunchTarget::Megatron);
    if (!config.ok())
        qWarning("%s", qPrintable(testing::describe(config.notes)));
    return testing::shellWords(config.text).value_or(std::vector<std::string>{});
}

// The words after a list flag, up to the next flag.
std::vector<std::string> listAfter(const std::vector<std::string>& words, const std::string& flag)
{
    std::vector<std::string> out;
    auto it = std::find(words.begin(), words.end(), flag);
    if (it == words.end())
        return out;
    for (++it; it != words.end() && !it->starts_with("--"); ++it)
        out.push_back(*it);
    return out;
}

} // namespace

class TestCudaGraphs : public QObject
{
    Q_OBJECT
private slots:
    void whereTheFrameworkRunsThem_data();
    void whereTheFrameworkRunsThem();
    void wholeIterationOverDroplessExperts();
    void jsonKeyAndField();
    void megatronFlags_data();
    void megatronFlags();
    void megatronImportSpellings_data();
    void megatronImportSpellings();
    void capacityWithoutPadding();
    void sameStepOtherExplanation();
    void memoryNotCountedIsSaid();
};

void TestCudaGraphs::whereTheFrameworkRunsThem_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("refusal"); // a word of the reason, or empty where it runs
    // Llama 3.1 70B, Megatron-Core with selective recomputation of core_attn.
    QTest::newRow("per layer, dense") << "default"
                                      << R"({"layout": {"cudaGraphs": "layers"}})"
                                      << "";
    QTest::newRow("whole iteration, dense") << "default"
                                            << R"({"layout": {"cudaGraphs": "iteration"}})"
                                            << "";
    // transformer_config.py: "full recompute is only supported with full iteration CUDA graph."
    QTest::newRow("per layer, full recomputation")
        << "default"
        << R"({"layout": {"cudaGraphs": "layers", "recompute": "full"}})"
        << "recomputation";
    QTest::newRow("whole iteration, full recomputation")
        << "default"
        << R"({"layout": {"cudaGraphs": "iteration", "recompute": "full"}})"
        << "";
    // "CUDA graphs not supported with CPU offloading." unless full_iteration.
    QTest::newRow("per layer, activation offloading")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"framework": "megatron-core", "zeroStage": 1, "recompute": "none", "activationOffloadLayers": 4, "cudaGraphs": "layers"}})"
        << "offloading";
    QTest::newRow("whole iteration, activation offloading")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"framework": "megatron-core", "zeroStage": 1, "recompute": "none", "activationOffloadLayers": 4, "cudaGraphs": "iteration"}})"
        << "";
    // Mixtral 8x7B, dropless, EP 8.
    QTest::newRow("per layer, dropless MoE")
        << "mixtral-8x7b-ep8"
        << R"({"layout": {"cudaGraphs": "layers", "recompute": "selective"}})"
        << "";
    // "moe recompute is not supported with moe_router CUDA graph with: --cuda-graph-impl transformer_engine."
    QTest::newRow("per layer, MoE recomputed")
        << "mixtral-8x7b-ep8"
        << R"({"layout": {"cudaGraphs": "layers", "recompute": "selective", "recomputeModules": ["moe"]}})"
        << "router";
    // The MoE README: without a capacity factor and padding the shapes are dynamic and uncapturable; HybridEP
    // pads each rank's tokens instead (moe_expert_rank_capacity_factor), which the design cannot say: a
    // warning (wholeIterationOverDroplessExperts), not a refusal.
    QTest::newRow("whole iteration, dropless MoE") << "mixtral-8x7b-ep8"
                                                   << R"({"layout": {"cudaGraphs": "iteration"}})"
                                                   << "";
    QTest::newRow("whole iteration, MoE with a capacity factor")
        << "mixtral-8x7b-ep8"
        << R"({"layout": {"cudaGraphs": "iteration"}, "workload": {"moeCapacityFactor": 1.5}})"
        << "";
    // Frameworks without them (frameworks.json cudaGraphs), and serving.
    QTest::newRow("FSDP2") << "fsdp-1node-8gpu"
                           << R"({"layout": {"framework": "fsdp2", "cudaGraphs": "layers"}})"
                           << "one by one";
    QTest::newRow("DeepSpeed")
        << "fsdp-1node-8gpu"
        << R"({"layout": {"framework": "deepspeed", "zeroStage": 2, "cudaGraphs": "layers"}})"
        << "one by one";
    QTest::newRow("none in FSDP2") << "fsdp-1node-8gpu"
                                   << R"({"layout": {"framework": "fsdp2", "cudaGraphs": "none"}})"
                                   << "";
}

void TestCudaGraphs::whereTheFrameworkRunsThem()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(QString, refusal);
    const LoadResult loaded = testing::patched(example.toStdString(), patch.toUtf8().constData());
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    const Evaluation e = evaluate(*loaded.design);
    const Diagnostic* refused = graphRefusal(e.diagnostics);
    QCOMPARE(refused != nullptr, !refusal.isEmpty());
    QCOMPARE(cudaGraphConflict(*loaded.design).empty(), refusal.isEmpty());
    if (refused) {
        QCOMPARE(refused->severity, Severity::Error);
        QVERIFY2(QString::fromStdString(cudaGraphConflict(*loaded.design)).contains(refusal),
                 cudaGraphConflict(*loaded.design).c_str());
    }
}

// A whole-iteration graph over dropless experts is a warning at the field, naming both paddings Megatron-Core
// takes; with a capacity factor, or per-layer graphs, or a dense model, there is none.
void TestCudaGraphs::wholeIterationOverDroplessExperts()
{
    const auto warned = [](const char* example, const char* patch) {
        const LoadResult loaded = testing::patched(example, patch);
        if (!loaded.ok())
            return -2;
        const Evaluation e = evaluate(*loaded.design);
        const auto it = std::find_if(e.diagnostics.begin(), e.diagnostics.end(), [](const Diagnostic& x) {
            return x.code == "cuda-graph-expert-shapes";
        });
        if (it != e.diagnostics.end()
            && (it->severity != Severity::Warning || it->path != "/layout/cudaGraphs"))
            return -1;
        return it != e.diagnostics.end() ? 1 : 0;
    };
    QCOMPARE(warned("mixtral-8x7b-ep8", R"({"layout": {"cudaGraphs": "iteration"}})"), 1);
    QCOMPARE(warned("mixtral-8x7b-ep8",
                    R"({"layout": {"cudaGraphs": "iteration"}, "workload": {"moeCapacityFactor": 1.5}})"),
             0);
    QCOMPARE(warned("mixtral-8x7b-ep8", R"({"layout": {"cudaGraphs": "layers", "recompute": "selective"}})"),
             0);
    QCOMPARE(warned("default", R"({"layout": {"cudaGraphs": "iteration"}})"), 0);
    // The Megatron-LM export writes the alltoall dispatcher, which would not capture such a layer: it says
    // so.
    const auto exportNotes = [](const char* patch) {
        const LoadResult loaded = testing::patched("mixtral-8x7b-ep8", patch);
        return launchConfig(*loaded.design, evaluate(*loaded.design), LaunchTarget::Megatron).notes;
    };
    QVERIFY(testing::hasCode(exportNotes(R"({"layout": {"cudaGraphs": "iteration"}})"),
                             "export-cuda-graph-experts"));
    QVERIFY(!testing::hasCode(
        exportNotes(R"({"layout": {"cudaGraphs": "iteration"}, "workload": {"moeCapacityFactor": 1.5}})"),
        "export-cuda-graph-experts"));
}

// The key is written only when graphs are on, so older files round-trip unchanged; an unknown value is an
// error at the key, and the field takes the names and refuses others.
void TestCudaGraphs::jsonKeyAndField()
{
    Design d = testing::example("default");
    QVERIFY(!designToJson(d)["layout"].contains("cudaGraphs"));
    QVERIFY(setField(d, Field::CudaGraphs, std::string("iteration")));
    QCOMPARE(d.layout.cudaGraphs, CudaGraphs::Iteration);
    QCOMPARE(std::get<std::string>(getField(d, Field::CudaGraphs)), std::string("iteration"));
    QCOMPARE(fieldPointer(Field::CudaGraphs), std::string_view("/layout/cudaGraphs"));
    QVERIFY(!setField(d, Field::CudaGraphs, std::string("always")));
    QCOMPARE(d.layout.cudaGraphs, CudaGraphs::Iteration);
    const Json json = designToJson(d);
    QCOMPARE(json["layout"]["cudaGraphs"].get<std::string>(), std::string("iteration"));
    const LoadResult back = loadDesign(json.dump());
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.cudaGraphs, CudaGraphs::Iteration);

    const LoadResult bad = testing::patched("default", R"({"layout": {"cudaGraphs": "always"}})");
    QVERIFY(!bad.ok());
    QVERIFY(std::any_of(bad.diagnostics.begin(), bad.diagnostics.end(),
                        [](const Diagnostic& x) { return x.path == "/layout/cudaGraphs"; }));
}

void TestCudaGraphs::megatronFlags_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("impl"); // --cuda-graph-impl, empty when absent
    QTest::addColumn<QString>("modules"); // --cuda-graph-modules, space-separated
    QTest::newRow("none") << "default"
                          << "{}"
                          << ""
                          << "";
    QTest::newRow("per layer, dense: the whole layer") << "default"
                                                       << R"({"layout": {"cudaGraphs": "layers"}})"
                                                       << "transformer_engine"
                                                       << "";
    QTest::newRow("per layer, dropless MoE: attention, router, preprocessing")
        << "mixtral-8x7b-ep8"
        << R"({"layout": {"cudaGraphs": "layers", "recompute": "selective"}})"
        << "transformer_engine"
        << "attn moe_router moe_preprocess";
    QTest::newRow("per layer, dense layers first: their MLP too")
        << "mixtral-8x7b-ep8"
        << R"({"model": {"preset": "mixtral-8x7b", "moe": {"firstDenseLayers": 1}}, "layout": {"cudaGraphs": "layers", "recompute": "selective"}})"
        << "transformer_engine"
        << "attn moe_router moe_preprocess mlp";
    QTest::newRow("per layer, padded MoE: the whole layer")
        << "mixtral-8x7b-ep8"
        << R"({"layout": {"cudaGraphs": "layers", "recompute": "selective"}, "workload": {"moeCapacityFactor": 1.5}})"
        << "transformer_engine"
        << "";
    QTest::newRow("whole iteration") << "default"
                                     << R"({"layout": {"cudaGraphs": "iteration"}})"
                                     << "full_iteration"
                                     << "";
}

void TestCudaGraphs::megatronFlags()
{
    QFETCH(QString, example);
    QFETCH(QString, patch);
    QFETCH(QString, impl);
    QFETCH(QString, modules);
    const LoadResult loaded = testing::patched(example.toStdString(), patch.toUtf8().constData());
    QVERIFY2(loaded.ok(), qPrintable(testing::describe(loaded.diagnostics)));
    const std::vector<std::string> words = exportedWords(*loaded.design);
    QVERIFY(!words.empty());
    QCOMPARE(QString::fromStdString(testing::valueAfter(words, "--cuda-graph-impl")), impl);
    const std::vector<std::string> listed = listAfter(words, "--cuda-graph-modules");
    QStringList names;
    for (const std::string& name : listed)
        names << QString::fromStdString(name);
    QCOMPARE(names.join(' '), modules);
    // arguments.py: "--no-check-for-nan-in-loss-and-grad should be set with
    // --cuda-graph-impl=full_iteration".
    QCOMPARE(testing::hasWord(words, "--no-check-for-nan-in-loss-and-grad"), impl == "full_iteration");

    const std::string text
        = launchConfig(*loaded.design, evaluate(*loaded.design), LaunchTarget::Megatron).text;
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, text, *loaded.design);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.cudaGraphs, loaded.design->layout.cudaGraphs);
    for (const std::string& unused : back.unusedSettings)
        QVERIFY2(unused.find("cuda-graph") == std::string::npos && unused.find("nan") == std::string::npos,
                 unused.c_str());
}

void TestCudaGraphs::megatronImportSpellings_data()
{
    QTest::addColumn<QString>("flags");
    QTest::addColumn<CudaGraphs>("graphs");
    QTest::newRow("none") << "--cuda-graph-impl none" << CudaGraphs::None;
    QTest::newRow("local, per layer") << "--cuda-graph-impl local" << CudaGraphs::Layers;
    QTest::newRow("Transformer Engine, modules")
        << "--cuda-graph-impl transformer_engine --cuda-graph-modules attn moe_router" << CudaGraphs::Layers;
    QTest::newRow("full_iteration (core_v0.18.0)")
        << "--cuda-graph-impl full_iteration --no-check-for-nan-in-loss-and-grad" << CudaGraphs::Iteration;
    QTest::newRow("local with the deprecated module full_iteration")
        << "--cuda-graph-impl local --cuda-graph-modules full_iteration" << CudaGraphs::Iteration;
    QTest::newRow("the deprecated module full_iteration alone (core_v0.18.0 migrates it)")
        << "--cuda-graph-modules full_iteration" << CudaGraphs::Iteration;
    QTest::newRow("none with the deprecated module full_iteration")
        << "--cuda-graph-impl none --cuda-graph-scope full_iteration" << CudaGraphs::Iteration;
    QTest::newRow("--enable-cuda-graph (to core_v0.14.0)") << "--enable-cuda-graph" << CudaGraphs::Layers;
    QTest::newRow("--enable-cuda-graph with the scope full_iteration")
        << "--enable-cuda-graph --cuda-graph-scope full_iteration" << CudaGraphs::Iteration;
    QTest::newRow("--external-cuda-graph (to core_v0.14.0)")
        << "--external-cuda-graph --cuda-graph-scope attn" << CudaGraphs::Layers;
}

void TestCudaGraphs::megatronImportSpellings()
{
    QFETCH(QString, flags);
    QFETCH(CudaGraphs, graphs);
    Design base = testing::example("default");
    base.layout.cudaGraphs = CudaGraphs::Layers; // what the file does not say is not kept from the base
    const std::string text = "torchrun pretrain_gpt.py --bf16 " + flags.toStdString() + "\n";
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.cudaGraphs, graphs);
    for (const std::string& unused : back.unusedSettings)
        QVERIFY2(unused.find("cuda") == std::string::npos, unused.c_str());

    const LaunchImport wrong
        = importLaunch(LaunchFormat::Megatron, "torchrun pretrain_gpt.py --cuda-graph-impl always\n", base);
    QVERIFY(!wrong.ok() || testing::hasCode(wrong.diagnostics, "io-value"));
}

// The model computes every expert at its capacity (moeload.h), as Megatron-Core does with
// --moe-pad-expert-input-to-capacity: the export writes it beside the factor, and a script without it is
// read with a warning at the factor's line.
void TestCudaGraphs::capacityWithoutPadding()
{
    const LoadResult padded
        = testing::patched("mixtral-8x7b-ep8", R"({"workload": {"moeCapacityFactor": 1.25}})");
    QVERIFY(padded.ok());
    const std::vector<std::string> words = exportedWords(*padded.design);
    QCOMPARE(testing::valueAfter(words, "--moe-expert-capacity-factor"), std::string("1.25"));
    QVERIFY(testing::hasWord(words, "--moe-pad-expert-input-to-capacity"));

    const Design base = testing::example("mixtral-8x7b-ep8");
    const LaunchImport withPad = importLaunch(
        LaunchFormat::Megatron,
        "--bf16\n--moe-expert-capacity-factor 1.25\n--moe-pad-expert-input-to-capacity\n", base);
    QVERIFY2(withPad.ok(), qPrintable(testing::describe(withPad.diagnostics)));
    QCOMPARE(withPad.design->workload.moeCapacityFactor, 1.25);
    QVERIFY(!testing::hasCode(withPad.diagnostics, "launch-approximated"));
    const LaunchImport without
        = importLaunch(LaunchFormat::Megatron, "--bf16\n--moe-expert-capacity-factor 1.25\n", base);
    QVERIFY2(without.ok(), qPrintable(testing::describe(without.diagnostics)));
    QCOMPARE(without.design->workload.moeCapacityFactor, 1.25);
    QVERIFY(testing::hasCode(without.diagnostics, "launch-approximated"));
    QCOMPARE(without.diagnostics.front().path, std::string("line 2"));
}

// The model prices no host time (docs/kernel-model.md): the step is the same with or without graphs, and a
// MoE design's explanation says which published runs it resembles.
void TestCudaGraphs::sameStepOtherExplanation()
{
    const LoadResult eager
        = testing::patched("mixtral-8x7b-ep8", R"({"layout": {"recompute": "selective"}})");
    const LoadResult graphed = testing::patched(
        "mixtral-8x7b-ep8", R"({"layout": {"recompute": "selective", "cudaGraphs": "layers"}})");
    QVERIFY(eager.ok() && graphed.ok());
    const Evaluation a = evaluate(*eager.design);
    const Evaluation b = evaluate(*graphed.design);
    QVERIFY(a.performance && b.performance);
    QCOMPARE(a.performance->stepSeconds, b.performance->stepSeconds);
    QVERIFY(a.performance->step.note.find("launches every kernel eagerly") != std::string::npos);
    QVERIFY(b.performance->step.note.find("replays CUDA graphs") != std::string::npos);
    QVERIFY(b.performance->step.note.find("launches every kernel eagerly") == std::string::npos);
    // The framework's summary (the CLI's report) names the graphs where the design sets them.
    QVERIFY(frameworkSummary(*graphed.design).ends_with("; CUDA graphs layers"));
    QVERIFY(frameworkSummary(*eager.design).find("CUDA graphs") == std::string::npos);
    // A dense design's explanation has neither: the published dense runs do not say.
    const Evaluation dense = evaluate(testing::example("default"));
    QVERIFY(dense.performance);
    QVERIFY(dense.performance->step.note.find("CUDA graphs, as") == std::string::npos);
}

// The graphs' own memory (private pool, static buffers) has no published size: every rank's reserve says it
// is not counted, and the figures are the same with or without graphs.
void TestCudaGraphs::memoryNotCountedIsSaid()
{
    const LoadResult eager = testing::patched("default", "{}");
    const LoadResult graphed = testing::patched("default", R"({"layout": {"cudaGraphs": "iteration"}})");
    QVERIFY(eager.ok() && graphed.ok());
    const Evaluation a = evaluate(*eager.design);
    const Evaluation b = evaluate(*graphed.design);
    QVERIFY(a.memory && b.memory && !b.memory->roles.empty());
    QCOMPARE(a.memory->roles.size(), b.memory->roles.size());
    for (std::size_t r = 0; r < b.memory->roles.size(); ++r) {
        const MemoryFigure& without = a.memory->roles[r].figure(MemoryCategory::Reserve);
        const MemoryFigure& with = b.memory->roles[r].figure(MemoryCategory::Reserve);
        QCOMPARE(with.bytes, without.bytes);
        QVERIFY(without.explanation.note.find("CUDA graphs") == std::string::npos);
        QVERIFY2(with.explanation.note.starts_with("Not counted: the memory of the CUDA graphs"),
                 with.explanation.note.c_str());
        QVERIFY(with.explanation.source.find("torchtitan pull request 2050") != std::string::npos);
    }
}

QTEST_GUILESS_MAIN(TestCudaGraphs)
#include "tst_cudagraphs.moc"
