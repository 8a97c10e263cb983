// SPDX-License-Identifier: GPL-3.0-or-later
// Launch settings that round-trip through export and import feature by feature: FP8 recipes (Megatron-LM's
// --fp8-recipe, torchtitan's converters, Accelerate's and DeepSpeed's), partial and selective recomputation
// (Megatron-LM's --recompute-method block and --recompute-modules, torchtitan's selective_ac_option and its
// defaults) and activation offloading (--cpu-offloading-num-layers), with the notes each export writes where
// a tool has no such setting.

#include "catalog/catalog.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "launch/launchimport.h"
#include "memory/memory.h"
#include "support/configparse.h"
#include "support/launchtest.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>

using namespace core;
using testing::targetOf;

class TestLaunchRoundTrips : public QObject
{
    Q_OBJECT

private slots:
    void fp8RecipeRoundTrips();
    void partialRecomputeRoundTrips();
    void activationOffloadRoundTrips();
    void pipelineLayoutRoundTrips_data();
    void pipelineLayoutRoundTrips();
    void pipelineLayoutDepthApart();
    void embeddingAndLossInTheSplit();
    void optimizerMomentsRoundTrip();
    void forcedBalanceIsBalanced();
    void megatronFsdpStages_data();
    void megatronFsdpStages();
};

// Megatron-LM --fp8-recipe (arguments.py: tensorwise, delayed, mxfp8, blockwise; default delayed): read
// into the workload, written back where it is not the default.
void TestLaunchRoundTrips::fp8RecipeRoundTrips()
{
    const Design base = testing::example("default");
    const LaunchImport imported = importLaunch(
        LaunchFormat::Megatron, "--bf16\n--fp8-format hybrid\n--fp8-recipe tensorwise\n", base);
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QVERIFY(imported.design->workload.precision == Precision::Fp8);
    QVERIFY(imported.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
    QVERIFY(imported.unusedSettings.empty());
    QVERIFY(!imported.design->layout.fusedCrossEntropy); // Megatron-LM's default: the FP32 loss
    // --cross-entropy-loss-fusion with the te implementation is the fusedCrossEntropy switch; native is not.
    const LaunchImport fusedLoss
        = importLaunch(LaunchFormat::Megatron,
                       "--bf16\n--cross-entropy-loss-fusion\n--cross-entropy-fusion-impl te\n", base);
    QVERIFY2(fusedLoss.ok(), qPrintable(testing::describe(fusedLoss.diagnostics)));
    QCOMPARE(fusedLoss.design->layout.fusedCrossEntropy, std::optional<bool>{true});
    const Design fusedDesign = *fusedLoss.design;
    QVERIFY(launchConfig(fusedDesign, evaluate(fusedDesign), targetOf(LaunchFormat::Megatron))
                .text.find("--cross-entropy-fusion-impl te")
            != std::string::npos);
    const LaunchImport native
        = importLaunch(LaunchFormat::Megatron,
                       "--bf16\n--cross-entropy-loss-fusion\n--cross-entropy-fusion-impl native\n", base);
    QVERIFY2(native.ok(), qPrintable(testing::describe(native.diagnostics)));
    QVERIFY(!native.design->layout.fusedCrossEntropy);
    const LaunchConfig config
        = launchConfig(*imported.design, evaluate(*imported.design), targetOf(LaunchFormat::Megatron));
    QVERIFY(config.text.find("--fp8-recipe tensorwise") != std::string::npos);
    // Megatron-LM's default is not written, and a file without the flag reads as it.
    Design delayed = *imported.design;
    delayed.workload.fp8Recipe = Fp8Recipe::Delayed;
    const LaunchConfig plain = launchConfig(delayed, evaluate(delayed), targetOf(LaunchFormat::Megatron));
    QVERIFY(plain.text.find("--fp8-recipe") == std::string::npos);
    QVERIFY(plain.text.find("--fp8-format hybrid") != std::string::npos);
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, plain.text, *imported.design);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QVERIFY(back.design->workload.fp8Recipe == Fp8Recipe::Delayed);

    // --fp8-param-gather: the GEMM weights as FP8 parameters, which Megatron-Core allows with the distributed
    // optimizer (arguments.py); the design's switch is on by default there, as NVIDIA's recipes set it. The
    // export writes it where the design keeps them; a file without it turns the switch off; DDP has none.
    QCOMPARE(imported.design->layout.zeroStage, 0);
    QVERIFY(config.text.find("--fp8-param-gather") == std::string::npos);
    Design distributed = *imported.design;
    distributed.layout.zeroStage = 1;
    const LaunchConfig gathered
        = launchConfig(distributed, evaluate(distributed), targetOf(LaunchFormat::Megatron));
    QVERIFY2(gathered.text.find("--fp8-param-gather") != std::string::npos, gathered.text.c_str());
    const LaunchImport gatheredBack = importLaunch(LaunchFormat::Megatron, gathered.text, distributed);
    QVERIFY2(gatheredBack.ok(), qPrintable(testing::describe(gatheredBack.diagnostics)));
    QCOMPARE(gatheredBack.design->layout.zeroStage, 1);
    QVERIFY(!gatheredBack.design->layout.fp8ParamGather.has_value());
    QVERIFY(keepsFp8Parameters(*gatheredBack.design));
    QVERIFY(!testing::hasCode(gatheredBack.diagnostics, "launch-approximated"));
    for (const std::string& unused : gatheredBack.unusedSettings)
        QVERIFY2(unused.find("--fp8-param-gather") == std::string::npos, unused.c_str());
    const LaunchImport withoutFlag = importLaunch(
        LaunchFormat::Megatron, "--bf16\n--fp8-format hybrid\n--use-distributed-optimizer\n", base);
    QVERIFY2(withoutFlag.ok() && withoutFlag.diagnostics.empty(),
             qPrintable(testing::describe(withoutFlag.diagnostics)));
    QCOMPARE(withoutFlag.design->layout.fp8ParamGather, std::optional<bool>(false));
    QVERIFY(!keepsFp8Parameters(*withoutFlag.design));
    const LaunchConfig bf16Weights
        = launchConfig(*withoutFlag.design, evaluate(*withoutFlag.design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(bf16Weights.text.find("--fp8-param-gather") == std::string::npos, bf16Weights.text.c_str());

    // torchtitan: converters "float8" is torchao's tensorwise dynamic scaling (docs/float8.md), "mx" is
    // MXFP8 (docs/mxfp8.md); delayed and blockwise scaling it cannot run, and the export says so.
    const auto titan
        = [](const Design& d) { return launchConfig(d, evaluate(d), targetOf(LaunchFormat::Torchtitan)); };
    Design current = *imported.design;
    current.layout.framework = Framework::Fsdp2;
    const LaunchConfig float8 = titan(current);
    QVERIFY2(float8.text.find("converters = [\"float8\"]") != std::string::npos, float8.text.c_str());
    QVERIFY(!testing::hasCode(float8.notes, "export-precision"));
    const LaunchImport titanBack = importLaunch(LaunchFormat::Torchtitan, float8.text, base);
    QVERIFY2(titanBack.ok(), qPrintable(testing::describe(titanBack.diagnostics)));
    QVERIFY(titanBack.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
    // torch.compile round-trips as [compile] enable; the earlier training.compile reads the same.
    QVERIFY(!titanBack.design->layout.torchCompile);
    Design compiled = current;
    compiled.layout.torchCompile = true;
    const LaunchConfig compiledConfig = titan(compiled);
    QVERIFY2(compiledConfig.text.find("[compile]\nenable = true") != std::string::npos,
             compiledConfig.text.c_str());
    QVERIFY(importLaunch(LaunchFormat::Torchtitan, compiledConfig.text, base).design->layout.torchCompile
            == true);
    QVERIFY(importLaunch(LaunchFormat::Torchtitan, "[training]\ncompile = true\n", base)
                .design->layout.torchCompile
            == true);
    // enable_fsdp_float8_all_gather round-trips where FSDP shards the weights (written in the [float8]
    // section the export's converter name belongs to); the later [quantize.linear.float8] reads the same.
    QVERIFY(!titanBack.design->layout.fp8ParamGather.has_value());
    Design float8Gather = current;
    float8Gather.layout.zeroStage = 3;
    float8Gather.layout.fp8ParamGather = true;
    const LaunchConfig gatherConfig = titan(float8Gather);
    QVERIFY2(gatherConfig.text.find("[float8]\nenable_fsdp_float8_all_gather = true") != std::string::npos,
             gatherConfig.text.c_str());
    const LaunchImport gatherBack = importLaunch(LaunchFormat::Torchtitan, gatherConfig.text, base);
    QVERIFY2(gatherBack.ok(), qPrintable(testing::describe(gatherBack.diagnostics)));
    QCOMPARE(gatherBack.design->layout.fp8ParamGather, std::optional<bool>(true));
    QVERIFY(gathersFp8Weights(*gatherBack.design));
    const LaunchImport later
        = importLaunch(LaunchFormat::Torchtitan,
                       "[model]\nconverters = [\"quantize.linear.float8\"]\n"
                       "[quantize.linear.float8]\nenable_fsdp_float8_all_gather = true\n",
                       base);
    QVERIFY2(later.ok() && later.unusedSettings.empty(), qPrintable(testing::describe(later.diagnostics)));
    QCOMPARE(later.design->layout.fp8ParamGather, std::optional<bool>(true));
    Design mx = current;
    mx.workload.fp8Recipe = Fp8Recipe::Mxfp8;
    for (Node& node : mx.cluster.nodes)
        for (Gpu& gpu : node.gpus)
            gpu.type = "b200-180gb";
    const LaunchConfig mxConfig = titan(mx);
    QVERIFY2(mxConfig.text.find("converters = [\"mx\"]") != std::string::npos, mxConfig.text.c_str());
    const LaunchImport mxBack = importLaunch(LaunchFormat::Torchtitan, mxConfig.text, mx);
    QVERIFY2(mxBack.ok(), qPrintable(testing::describe(mxBack.diagnostics)));
    QVERIFY(mxBack.design->workload.fp8Recipe == Fp8Recipe::Mxfp8);
    Design delayedTitan = current;
    delayedTitan.workload.fp8Recipe = Fp8Recipe::Delayed;
    const LaunchConfig approximated = titan(delayedTitan);
    const auto note = std::find_if(approximated.notes.begin(), approximated.notes.end(),
                                   [](const Diagnostic& d) { return d.code == "export-precision"; });
    QVERIFY(note != approximated.notes.end());
    QCOMPARE(note->path, std::string("/workload/fp8Recipe"));

    // Accelerate: fp8_config.backend AO (torchao, tensorwise) round-trips; TE is Transformer Engine's
    // DelayedScaling (TERecipeKwargs); MSAMP is read as tensorwise with a warning at its line.
    const LaunchConfig accelerate
        = launchConfig(current, evaluate(current), targetOf(LaunchFormat::Accelerate));
    QVERIFY2(accelerate.text.find("fp8_config:\n  backend: AO") != std::string::npos,
             accelerate.text.c_str());
    const LaunchImport accelerateBack = importLaunch(LaunchFormat::Accelerate, accelerate.text, current);
    QVERIFY2(accelerateBack.ok(), qPrintable(testing::describe(accelerateBack.diagnostics)));
    for (const std::string& unused : accelerateBack.unusedSettings)
        QVERIFY2(!unused.starts_with("fp8_config"), unused.c_str());
    QVERIFY(accelerateBack.design->workload.precision == Precision::Fp8);
    QVERIFY(accelerateBack.design->workload.fp8Recipe == Fp8Recipe::Tensorwise);
    // torchao's FP8 weight gather as the design has it, written either way since Accelerate 1.13 turns it on
    // by default (AORecipeKwargs); a file without the key is read as that default.
    std::string withoutKey;
    Design fsdp = testing::example("fsdp-1node-8gpu");
    fsdp.workload.precision = Precision::Fp8;
    fsdp.workload.fp8Recipe = Fp8Recipe::Tensorwise;
    for (const bool gather : {false, true}) {
        Design d = fsdp;
        d.layout.fp8ParamGather = gather;
        const LaunchConfig written = launchConfig(d, evaluate(d), targetOf(LaunchFormat::Accelerate));
        QVERIFY2(
            written.text.find(std::string("enable_fsdp_float8_all_gather: ") + (gather ? "true" : "false"))
                != std::string::npos,
            qPrintable(QString::fromStdString(written.text) + testing::describe(written.notes)));
        const LaunchImport back = importLaunch(LaunchFormat::Accelerate, written.text, fsdp);
        QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
        QCOMPARE(back.design->layout.fp8ParamGather, std::optional<bool>{gather});
        if (!gather)
            withoutKey = written.text;
    }
    const std::size_t gatherLine = withoutKey.find("  enable_fsdp_float8_all_gather");
    QVERIFY(gatherLine != std::string::npos);
    withoutKey.erase(gatherLine, withoutKey.find('\n', gatherLine) + 1 - gatherLine);
    const LaunchImport defaultGather = importLaunch(LaunchFormat::Accelerate, withoutKey, fsdp);
    QVERIFY2(defaultGather.ok(), qPrintable(testing::describe(defaultGather.diagnostics)));
    QCOMPARE(defaultGather.design->layout.fp8ParamGather, std::optional<bool>{true});
    std::string te = accelerate.text;
    te.replace(te.find("backend: AO"), 11, "backend: TE");
    const LaunchImport teBack = importLaunch(LaunchFormat::Accelerate, te, current);
    QVERIFY2(teBack.ok(), qPrintable(testing::describe(teBack.diagnostics)));
    QVERIFY(teBack.design->workload.fp8Recipe == Fp8Recipe::Delayed);
    std::string msamp = accelerate.text;
    msamp.replace(msamp.find("backend: AO"), 11, "backend: MSAMP");
    const LaunchImport msampBack = importLaunch(LaunchFormat::Accelerate, msamp, current);
    QVERIFY2(msampBack.ok(), qPrintable(testing::describe(msampBack.diagnostics)));
    QVERIFY(testing::hasCode(msampBack.diagnostics, "launch-approximated"));
}

// Megatron-LM --recompute-method block --recompute-num-layers N: the first N layers of each model chunk
// (transformer_block.py _checkpointed_forward) are the design's recomputeLayers; uniform recomputes every
// layer. torchtitan's layer-level selective AC expresses the count (below); Accelerate recomputes every layer
// or none, and its export says so.
void TestLaunchRoundTrips::partialRecomputeRoundTrips()
{
    const Design base = testing::example("default");
    const LaunchImport block = importLaunch(
        LaunchFormat::Megatron,
        "--bf16\n--recompute-granularity full\n--recompute-method block\n--recompute-num-layers 5\n", base);
    QVERIFY2(block.ok(), qPrintable(testing::describe(block.diagnostics)));
    QVERIFY(block.design->layout.recompute == Recompute::Full);
    QCOMPARE(block.design->layout.recomputeLayers, 5);
    QVERIFY(block.unusedSettings.empty());
    const LaunchConfig config
        = launchConfig(*block.design, evaluate(*block.design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(config.text.find("--recompute-method block") != std::string::npos, config.text.c_str());
    QVERIFY(config.text.find("--recompute-num-layers 5") != std::string::npos);
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.recomputeLayers, 5);

    const LaunchImport uniform = importLaunch(
        LaunchFormat::Megatron,
        "--bf16\n--recompute-granularity full\n--recompute-method uniform\n--recompute-num-layers 2\n",
        *block.design);
    QVERIFY2(uniform.ok(), qPrintable(testing::describe(uniform.diagnostics)));
    QVERIFY(uniform.design->layout.recompute == Recompute::Full);
    QCOMPARE(uniform.design->layout.recomputeLayers, 0);
    const LaunchImport bad = importLaunch(
        LaunchFormat::Megatron,
        "--bf16\n--recompute-granularity full\n--recompute-method block\n--recompute-num-layers -3\n", base);
    QVERIFY(testing::hasCode(bad.diagnostics, "io-value"));

    // --recompute-modules (nargs '*'): core_attn is Megatron-Core's default, stored as such; the others are
    // the design's modules, written back; a name Megatron-Core does not know is an error at its line.
    const LaunchImport attention
        = importLaunch(LaunchFormat::Megatron,
                       "--bf16\n--recompute-granularity selective\n--recompute-modules core_attn\n", base);
    QVERIFY2(attention.ok() && attention.diagnostics.empty(),
             qPrintable(testing::describe(attention.diagnostics)));
    QVERIFY(attention.design->layout.recompute == Recompute::Selective);
    QVERIFY(attention.design->layout.recomputeModules.empty());
    const LaunchImport modules = importLaunch(
        LaunchFormat::Megatron,
        "--bf16\n--recompute-granularity selective\n--recompute-modules mla_up_proj mlp\n--seq-length 4096\n",
        base);
    QVERIFY2(modules.ok() && modules.diagnostics.empty(), qPrintable(testing::describe(modules.diagnostics)));
    QCOMPARE(modules.design->layout.recomputeModules,
             (std::vector<RecomputeModule>{RecomputeModule::MlaUpProj, RecomputeModule::Mlp}));
    QCOMPARE(modules.design->workload.sequenceLength, std::int64_t{4096});
    const LaunchConfig modulesConfig
        = launchConfig(*modules.design, evaluate(*modules.design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(modulesConfig.text.find("--recompute-modules mla_up_proj mlp") != std::string::npos,
             modulesConfig.text.c_str());
    const LaunchImport modulesBack = importLaunch(LaunchFormat::Megatron, modulesConfig.text, base);
    QVERIFY2(modulesBack.ok(), qPrintable(testing::describe(modulesBack.diagnostics)));
    QCOMPARE(modulesBack.design->layout.recomputeModules, modules.design->layout.recomputeModules);
    const LaunchImport unknown
        = importLaunch(LaunchFormat::Megatron,
                       "--bf16\n--recompute-granularity selective\n--recompute-modules attention\n", base);
    QVERIFY(!unknown.ok());
    QVERIFY(testing::hasCode(unknown.diagnostics, "io-value"));
    QCOMPARE(unknown.diagnostics.front().path, std::string("line 3"));

    // Llama 3.1 70B on one stage (the arguments give no degrees): 80 layers. 5 of them is torchtitan's
    // option "16" (layers 16, 32, … 80); no option recomputes 15 of 80 (⌊80/5⌋ = 16, ⌊80/6⌋ = 13), which the
    // export notes.
    Design titan = *block.design;
    titan.layout.framework = Framework::Fsdp2;
    const LaunchConfig sixteenth = launchConfig(titan, evaluate(titan), targetOf(LaunchFormat::Torchtitan));
    QCOMPARE(titan.layout.pp(), 1);
    QVERIFY2(sixteenth.text.find("selective_ac_option = \"16\"") != std::string::npos,
             sixteenth.text.c_str());
    titan.layout.recomputeLayers = 15;
    const LaunchConfig titanConfig = launchConfig(titan, evaluate(titan), targetOf(LaunchFormat::Torchtitan));
    const auto note = std::find_if(titanConfig.notes.begin(), titanConfig.notes.end(),
                                   [](const Diagnostic& d) { return d.code == "export-recompute"; });
    QVERIFY(note != titanConfig.notes.end());
    QCOMPARE(note->path, std::string("/layout/recomputeLayers"));

    // torchtitan's layer-level selective AC (activation_checkpoint.py _apply_layer_sac): option N
    // checkpoints layers N, 2N, … of each model part, ⌊layers / N⌋ of them. Llama 3.1 8B on one stage:
    // "6" recomputes 5 of 32 (the design's first 5), and the export of 5 of 32 writes "6" back.
    const Design eight = testing::example("fsdp-1node-8gpu");
    QCOMPARE(eight.model.layers, 32);
    QCOMPARE(eight.layout.pp(), 1);
    const auto titanImport = [&](const char* option) {
        const std::string toml
            = std::string("[activation_checkpoint]\nmode = \"selective\"\nselective_ac_option = \"") + option
            + "\"\n";
        return importLaunch(LaunchFormat::Torchtitan, toml, eight);
    };
    const LaunchImport six = titanImport("6");
    QVERIFY2(six.ok(), qPrintable(testing::describe(six.diagnostics)));
    QVERIFY(six.design->layout.recompute == Recompute::Full);
    QCOMPARE(six.design->layout.recomputeLayers, 5);
    QVERIFY(testing::hasCode(six.diagnostics, "launch-approximated"));
    Design five = *six.design;
    five.layout.framework = Framework::Fsdp2;
    const LaunchConfig fiveConfig = launchConfig(five, evaluate(five), targetOf(LaunchFormat::Torchtitan));
    QVERIFY2(fiveConfig.text.find("selective_ac_option = \"6\"") != std::string::npos,
             fiveConfig.text.c_str());
    QVERIFY(!testing::hasCode(fiveConfig.notes, "export-recompute"));
    const LaunchImport everyLayer = titanImport("1");
    QVERIFY2(everyLayer.ok(), qPrintable(testing::describe(everyLayer.diagnostics)));
    QVERIFY(everyLayer.design->layout.recompute == Recompute::Full);
    QCOMPARE(everyLayer.design->layout.recomputeLayers, 0);
    const LaunchImport none = titanImport("40"); // more than the layers: none is checkpointed
    QVERIFY2(none.ok(), qPrintable(testing::describe(none.diagnostics)));
    QVERIFY(none.design->layout.recompute == Recompute::None);
    // "op", the op-level policy, is an FSDP2 design's selective recomputation as it is.
    const LaunchImport op = titanImport("op");
    QVERIFY2(op.ok() && op.diagnostics.empty(), qPrintable(testing::describe(op.diagnostics)));
    QVERIFY(op.design->layout.recompute == Recompute::Selective);
    QVERIFY(opLevelSelective(*op.design));
    // Unset, torchtitan's defaults (job_config.py ActivationCheckpoint: mode "selective", option "2"):
    // every second layer, 16 of 32.
    for (const char* toml :
         {"[activation_checkpoint]\nmode = \"selective\"\n", "[training]\nseq_len = 8192\n"}) {
        const LaunchImport unset = importLaunch(LaunchFormat::Torchtitan, toml, eight);
        QVERIFY2(unset.ok(), qPrintable(testing::describe(unset.diagnostics)));
        QVERIFY(unset.design->layout.recompute == Recompute::Full);
        QCOMPARE(unset.design->layout.recomputeLayers, 16);
        QVERIFY2(testing::describe(unset.diagnostics)
                     .contains(QStringLiteral("selective_ac_option = \"2\" (torchtitan's default)")),
                 qPrintable(testing::describe(unset.diagnostics)));
    }
    QVERIFY(testing::hasCode(titanImport("half").diagnostics, "io-value"));
}

// Megatron-LM --cpu-offloading-num-layers N (TransformerConfig cpu_offloading_num_layers, which turns
// cpu_offloading on: core_v0.19.0 arguments.py) is the design's activationOffloadLayers; the other tools have
// no such setting and their exports say so.
void TestLaunchRoundTrips::activationOffloadRoundTrips()
{
    const Design base = testing::example("fsdp-1node-8gpu");
    const LaunchImport offload = importLaunch(
        LaunchFormat::Megatron, "--bf16\n--cpu-offloading\n--cpu-offloading-num-layers 6\n", base);
    QVERIFY2(offload.ok(), qPrintable(testing::describe(offload.diagnostics)));
    QCOMPARE(offload.design->layout.activationOffloadLayers, 6);
    QVERIFY(offload.unusedSettings.empty());
    Design design = *offload.design;
    design.layout.recompute = Recompute::None;
    const LaunchConfig config = launchConfig(design, evaluate(design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(config.text.find("    --cpu-offloading-num-layers 6\n") != std::string::npos,
             config.text.c_str());
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.activationOffloadLayers, 6);
    const LaunchImport none = importLaunch(LaunchFormat::Megatron, "--bf16\n", design);
    QCOMPARE(none.design->layout.activationOffloadLayers, 0);
    for (LaunchFormat format :
         {LaunchFormat::Torchtitan, LaunchFormat::Accelerate, LaunchFormat::DeepSpeed}) {
        const LaunchConfig other = launchConfig(design, evaluate(design), targetOf(format));
        QVERIFY(testing::hasCode(other.notes, "export-activation-offload"));
    }
}

// Megatron-LM --pipeline-model-parallel-layout (megatron/core/transformer/pipeline_parallel_layer_layout.py):
// the chunks' layers and the virtual stages read from the string, the prediction depths and the loss in
// the last chunk, the embedding in the first; written back as the same string where neither an even split
// nor the first/last flags can say the split. Megatron-LM's own example from parse_str_to_list's docstring,
// "Ettt|(tt|)*29,m|L", puts the depth in a chunk of its own before the loss's, which the design cannot hold.
void TestLaunchRoundTrips::pipelineLayoutRoundTrips_data()
{
    QTest::addColumn<QString>("flags"); // the rest of the launch: degrees, batch, depths
    QTest::addColumn<QString>("layout");
    QTest::addColumn<int>("virtualStages");
    QTest::addColumn<std::vector<int>>("layersPerStage");
    QTest::addColumn<QString>("written"); // what the export writes; empty: the same string, "-": none
    // Megatron-LM's DeepSeek-V3 guide for GB200 (docs/discussions/deepseek-v3-gb200-optimization): PP 8,
    // 32 chunks, the first the embedding and a layer, the last the loss alone.
    const QString deepSeek
        = QStringLiteral("--pipeline-model-parallel-size 8\n--expert-model-parallel-size 32\n"
                         "--use-distributed-optimizer\n--global-batch-size 2048\n"
                         "--recompute-granularity full\n--recompute-method uniform\n");
    std::vector<int> guide(32, 2);
    guide.front() = 1;
    guide.back() = 0;
    QTest::newRow("DeepSeek-V3 without its depth, PP 8") << deepSeek + "--mtp-num-layers 0\n"
                                                         << "Et|(tt|)*30L" << 4 << guide << "";
    // Megatron-Bridge's DeepSeek-V3 recipe for H100 (layout "Et|(tt|)*30mL"): the depth beside the loss.
    QTest::newRow("DeepSeek-V3 with its depth, PP 8") << deepSeek + "--mtp-num-layers 1\n"
                                                      << "Et|(tt|)*30mL" << 4 << guide << "";
    const QString llama = QStringLiteral("--tensor-model-parallel-size 8\n--use-distributed-optimizer\n"
                                         "--global-batch-size 64\n");
    QTest::newRow("Llama 3.1 70B, uneven, PP 2 VP 2")
        << llama + "--pipeline-model-parallel-size 2\n"
        << "Et*19|(t*20|)*2,t*21L" << 2 << std::vector<int>{19, 20, 20, 21} << "Et*19|(t*20|)*2t*21L";
    // One chunk a rank, even but for the ends: the first/last flags say it, no layout string is written.
    QTest::newRow("Llama 3.1 70B, first and last, PP 4")
        << llama + "--pipeline-model-parallel-size 4\n"
        << "Et*18|t*21|t*21|t*20L" << 1 << std::vector<int>{18, 21, 21, 20} << "-";
    // An even split needs no list.
    QTest::newRow("Llama 3.1 70B, even, PP 2 VP 2") << llama + "--pipeline-model-parallel-size 2\n"
                                                    << "E(t*20|)*3t*20L" << 2 << std::vector<int>{} << "-";
}

void TestLaunchRoundTrips::pipelineLayoutRoundTrips()
{
    QFETCH(QString, flags);
    QFETCH(QString, layout);
    QFETCH(int, virtualStages);
    QFETCH(std::vector<int>, layersPerStage);
    QFETCH(QString, written);
    const bool deepSeek = flags.contains(QStringLiteral("--mtp-num-layers"));
    const LoadResult loaded = testing::patched(
        deepSeek ? "gb200-nvl72-405b" : "default",
        deepSeek ? R"({"model": "deepseek-v3", "cluster": {"uniform": {"nodes": 4, "gpusPerNode": 64}}})"
                 : "{}");
    QVERIFY(loaded.design);
    const Design& base = *loaded.design;
    const std::string text
        = flags.toStdString() + "--pipeline-model-parallel-layout '" + layout.toStdString() + "'\n";
    const LaunchImport imported = importLaunch(LaunchFormat::Megatron, text, base);
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    const ParallelLayout& l = imported.design->layout;
    QCOMPARE(l.virtualStages, virtualStages);
    QVERIFY(l.schedule == (virtualStages > 1 ? Schedule::Interleaved : Schedule::OneFOneB));
    QCOMPARE(l.layersPerStage, layersPerStage);

    const Design& design = *imported.design;
    const LaunchConfig config = launchConfig(design, evaluate(design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
    QVERIFY(!testing::hasCode(config.notes, "export-layer-split"));
    const auto words = testing::shellWords(config.text);
    QVERIFY(words.has_value());
    const std::string expected = written.isEmpty() ? layout.toStdString() : written.toStdString();
    QCOMPARE(testing::valueAfter(*words, "--pipeline-model-parallel-layout"),
             expected == "-" ? std::string() : expected);
    if (expected != "-")
        QVERIFY(!testing::hasWord(*words, "--num-virtual-stages-per-pipeline-rank"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QCOMPARE(back.design->layout.virtualStages, virtualStages);
    QCOMPARE(back.design->layout.layersPerStage, layersPerStage);
    QCOMPARE(back.design->model.mtpLayers, imported.design->model.mtpLayers);
}

// The example of parse_str_to_list's docstring, "Ettt|(tt|)*29,m|L" (DeepSeek-V3's 61 layers and its depth
// over 32 chunks), holds the depth in a chunk before the loss's, which the design cannot: refused at its
// line, not moved.
void TestLaunchRoundTrips::pipelineLayoutDepthApart()
{
    Design base = testing::example("default");
    base.model = *Catalog::builtin().model("deepseek-v3");
    const LaunchImport imported = importLaunch(LaunchFormat::Megatron,
                                               "--pipeline-model-parallel-size 8\n--mtp-num-layers "
                                               "1\n--pipeline-model-parallel-layout 'Ettt|(tt|)*29,m|L'\n",
                                               base);
    QVERIFY(!imported.ok());
    QVERIFY(testing::hasCode(imported.diagnostics, "launch-unsupported"));
    QCOMPARE(imported.diagnostics.front().path, std::string("line 3"));
}

// Megatron-LM --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split
// (transformer_block.py get_num_layers_to_build): Llama 3.1 405B's 126 layers as 128 slots over PP 16 × VP 4,
// two a chunk and one in the first and the last (Megatron-Bridge's GB200 recipe), or over VP 8 one a chunk,
// the first the embedding alone and the last the loss alone; written back as a layout string. A count that
// does not divide, or the flags beside the first/last stage flags or a layout, at their line.
void TestLaunchRoundTrips::embeddingAndLossInTheSplit()
{
    const LoadResult loaded = testing::patched(
        "gb200-nvl72-405b", R"({"cluster": {"uniform": {"nodes": 4, "gpusPerNode": 64}}})");
    QVERIFY(loaded.design);
    const Design& base = *loaded.design;
    const std::string accounted
        = "--tensor-model-parallel-size 4\n--pipeline-model-parallel-size 16\n"
          "--global-batch-size 1536\n--use-distributed-optimizer\n"
          "--account-for-embedding-in-pipeline-split\n--account-for-loss-in-pipeline-split\n";
    for (const auto& [vp, each] : {std::pair{4, 2}, std::pair{8, 1}}) {
        const LaunchImport imported = importLaunch(
            LaunchFormat::Megatron,
            accounted + "--num-virtual-stages-per-pipeline-rank " + std::to_string(vp) + "\n", base);
        QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
        std::vector<int> expected(std::size_t(16 * vp), each);
        expected.front() = each - 1;
        expected.back() = each - 1;
        QCOMPARE(imported.design->layout.layersPerStage, expected);
        QVERIFY(imported.unusedSettings.empty());
        const Design& design = *imported.design;
        const LaunchConfig config = launchConfig(design, evaluate(design), targetOf(LaunchFormat::Megatron));
        QVERIFY2(config.ok(), qPrintable(testing::describe(config.notes)));
        const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, base);
        QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
        QCOMPARE(back.design->layout.layersPerStage, expected);
    }
    const LaunchImport indivisible
        = importLaunch(LaunchFormat::Megatron,
                       "--tensor-model-parallel-size 8\n--pipeline-model-parallel-size "
                       "3\n--account-for-loss-in-pipeline-split\n",
                       base);
    QVERIFY(!indivisible.ok());
    QCOMPARE(indivisible.diagnostics.front().path, std::string("line 3"));
    const LaunchImport withFirst
        = importLaunch(LaunchFormat::Megatron, accounted + "--decoder-first-pipeline-num-layers 1\n", base);
    QVERIFY(!withFirst.ok());
    QCOMPARE(withFirst.diagnostics.front().path, std::string("line 7"));
    const LaunchImport withLayout = importLaunch(
        LaunchFormat::Megatron, accounted + "--pipeline-model-parallel-layout 'E(t*8|)*15t*6L'\n", base);
    QVERIFY(!withLayout.ok());
    QVERIFY(testing::hasCode(withLayout.diagnostics, "launch-conflict"));
}

// Megatron-LM's precision-aware optimizer (arguments.py: --use-precision-aware-optimizer, --exp-avg-dtype,
// --exp-avg-sq-dtype): the workload's optimizerMoments, written back as the same flags; two dtypes that
// differ are read as the wider with a warning at the other, the dtype flags without the optimizer are
// Megatron-LM's to ignore (listed), FP16 master weights are not the design's (listed); a tool without
// 16-bit moments says so in a note.
void TestLaunchRoundTrips::optimizerMomentsRoundTrip()
{
    const Design base = testing::example("default");
    const std::string optimizer = "--use-distributed-optimizer\n--use-precision-aware-optimizer\n";
    const LaunchImport bf16 = importLaunch(LaunchFormat::Megatron,
                                           optimizer
                                               + "--main-params-dtype fp32\n--main-grads-dtype "
                                                 "fp32\n--exp-avg-dtype bf16\n--exp-avg-sq-dtype bf16\n",
                                           base);
    QVERIFY2(bf16.ok(), qPrintable(testing::describe(bf16.diagnostics)));
    QVERIFY(bf16.design->workload.optimizerMoments == MomentDtype::Bf16);
    QVERIFY(bf16.unusedSettings.empty());
    QVERIFY(bf16.diagnostics.empty());
    const Design& design = *bf16.design;
    const LaunchConfig config = launchConfig(design, evaluate(design), targetOf(LaunchFormat::Megatron));
    QVERIFY2(config.ok() && config.notes.empty(), qPrintable(testing::describe(config.notes)));
    const auto words = testing::shellWords(config.text);
    QVERIFY(testing::hasWord(*words, "--use-precision-aware-optimizer"));
    QCOMPARE(testing::valueAfter(*words, "--exp-avg-dtype"), std::string("bf16"));
    QCOMPARE(testing::valueAfter(*words, "--exp-avg-sq-dtype"), std::string("bf16"));
    const LaunchImport back = importLaunch(LaunchFormat::Megatron, config.text, base);
    QVERIFY2(back.ok(), qPrintable(testing::describe(back.diagnostics)));
    QVERIFY(back.design->workload.optimizerMoments == MomentDtype::Bf16);

    const LaunchImport mixed = importLaunch(
        LaunchFormat::Megatron, optimizer + "--exp-avg-dtype bf16\n--exp-avg-sq-dtype fp32\n", base);
    QVERIFY(mixed.ok());
    QVERIFY(mixed.design->workload.optimizerMoments == MomentDtype::Fp32);
    QVERIFY(testing::hasCode(mixed.diagnostics, "launch-approximated"));
    QCOMPARE(mixed.diagnostics.front().path, std::string("line 3"));
    const LaunchImport eight = importLaunch(
        LaunchFormat::Megatron, optimizer + "--exp-avg-dtype fp8\n--exp-avg-sq-dtype fp16\n", base);
    QVERIFY(eight.ok());
    QVERIFY(eight.design->workload.optimizerMoments == MomentDtype::Fp16);
    QCOMPARE(eight.diagnostics.front().path, std::string("line 3"));
    const LaunchImport withoutOptimizer
        = importLaunch(LaunchFormat::Megatron, "--exp-avg-dtype bf16\n--main-params-dtype fp16\n", base);
    QVERIFY(withoutOptimizer.ok());
    QVERIFY(withoutOptimizer.design->workload.optimizerMoments == MomentDtype::Fp32);
    QCOMPARE(withoutOptimizer.unusedSettings.size(), std::size_t(2));
    const LaunchImport halfMaster
        = importLaunch(LaunchFormat::Megatron, optimizer + "--main-params-dtype fp16\n", base);
    QVERIFY(halfMaster.ok());
    QCOMPARE(halfMaster.unusedSettings.size(), std::size_t(1));
    const LaunchImport badDtype
        = importLaunch(LaunchFormat::Megatron, optimizer + "--exp-avg-dtype int4\n", base);
    QVERIFY(!badDtype.ok());

    // The CPU offload's hybrid optimizer runs on the precision-aware one (arguments.py asserts it), its
    // moments FP32 by default.
    Design offloaded = base;
    offloaded.layout.framework = Framework::MegatronCore;
    offloaded.workload.offload = Offload::Cpu;
    const LaunchConfig offloadConfig
        = launchConfig(offloaded, evaluate(offloaded), targetOf(LaunchFormat::Megatron));
    const auto offloadWords = testing::shellWords(offloadConfig.text);
    QVERIFY(testing::hasWord(*offloadWords, "--optimizer-cpu-offload"));
    QVERIFY(testing::hasWord(*offloadWords, "--use-precision-aware-optimizer"));
    QVERIFY(!testing::hasWord(*offloadWords, "--exp-avg-dtype"));
    const LaunchImport offloadBack = importLaunch(LaunchFormat::Megatron, offloadConfig.text, base);
    QVERIFY2(offloadBack.ok(), qPrintable(testing::describe(offloadBack.diagnostics)));
    QVERIFY(offloadBack.design->workload.offload == Offload::Cpu);
    QVERIFY(offloadBack.design->workload.optimizerMoments == MomentDtype::Fp32);

    Design torchtitan = design;
    torchtitan.layout.framework = Framework::Fsdp2;
    torchtitan.layout.zeroStage = 3;
    torchtitan.workload.optimizerMoments = MomentDtype::Bf16;
    const LaunchConfig other = launchConfig(torchtitan, evaluate(design), targetOf(LaunchFormat::Torchtitan));
    QVERIFY(testing::hasCode(other.notes, "export-optimizer-moments"));
}

// Megatron-LM --moe-router-force-load-balancing, which NVIDIA's benchmarks set: the experts evenly loaded,
// as the model takes them without a measured skew, whatever the base design had measured.
void TestLaunchRoundTrips::forcedBalanceIsBalanced()
{
    Design base = testing::example("mixtral-8x7b-ep8");
    base.workload.moeExpertLoadSkew = 1.4;
    const LaunchImport forced
        = importLaunch(LaunchFormat::Megatron,
                       "--expert-model-parallel-size 8\n--moe-router-force-load-balancing\n--bf16\n", base);
    QVERIFY2(forced.ok(), qPrintable(testing::describe(forced.diagnostics)));
    QCOMPARE(forced.design->workload.moeExpertLoadSkew, 0.0);
    QVERIFY(forced.unusedSettings.empty());
    const LaunchImport measured
        = importLaunch(LaunchFormat::Megatron, "--expert-model-parallel-size 8\n--bf16\n", base);
    QVERIFY(measured.ok());
    QCOMPARE(measured.design->workload.moeExpertLoadSkew, 1.4);
}

// Megatron-FSDP (--use-megatron-fsdp, earlier --use-custom-fsdp): the ZeRO stage from
// --data-parallel-sharding-strategy as Megatron-LM's FSDP user guide maps it (optim, optim_grads,
// optim_grads_params: ZeRO-1, 2, 3; no_shard the distributed optimizer's stage; without the flag
// optim_grads_params, core_v0.18.0's default, with a warning: tst_launchflags); with
// --grad-reduce-in-bf16 the gradients are reduced in BF16. A strategy Megatron-LM does not know is an
// error at its line.
void TestLaunchRoundTrips::megatronFsdpStages_data()
{
    QTest::addColumn<QString>("flags");
    QTest::addColumn<int>("zeroStage");
    QTest::newRow("optim_grads_params")
        << "--use-megatron-fsdp\n--data-parallel-sharding-strategy optim_grads_params\n"
        << 3;
    QTest::newRow("optim_grads") << "--use-megatron-fsdp\n--data-parallel-sharding-strategy optim_grads\n"
                                 << 2;
    QTest::newRow("optim") << "--use-megatron-fsdp\n--data-parallel-sharding-strategy optim\n" << 1;
    QTest::newRow("no_shard, distributed optimizer")
        << "--use-megatron-fsdp\n--use-distributed-optimizer\n--data-parallel-sharding-strategy no_shard\n"
        << 1;
    QTest::newRow("the earlier name")
        << "--use-custom-fsdp\n--data-parallel-sharding-strategy optim_grads_params\n"
        << 3;
}

void TestLaunchRoundTrips::megatronFsdpStages()
{
    QFETCH(QString, flags);
    QFETCH(int, zeroStage);
    const Design base = testing::example("default");
    const LaunchImport imported
        = importLaunch(LaunchFormat::Megatron, "--bf16\n--grad-reduce-in-bf16\n" + flags.toStdString(), base);
    QVERIFY2(imported.ok(), qPrintable(testing::describe(imported.diagnostics)));
    QCOMPARE(imported.design->layout.zeroStage, zeroStage);
    QCOMPARE(imported.design->layout.gradReduceInFp32, std::optional<bool>{false});
    QVERIFY(imported.unusedSettings.empty());
    const LaunchImport wrong = importLaunch(
        LaunchFormat::Megatron, "--use-megatron-fsdp\n--data-parallel-sharding-strategy full_shard\n", base);
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.diagnostics.front().path, std::string("line 2"));
}

QTEST_GUILESS_MAIN(TestLaunchRoundTrips)
#include "tst_launchroundtrips.moc"
