// SPDX-License-Identifier: GPL-3.0-or-later
// The chosen language beyond the window's own labels: the core's explanations of memory, traffic and
// serving figures (marked in the core, translated by the views), the framework switches' tooltips, the
// choices a table names, and the plots' numbers after a change of language while the window is open.

// qcustomplot.h (Debian's 2.1) uses Qt's foreach in its templates.
#undef QT_NO_FOREACH

#include "catalog/catalog.h"
#include "catalog/hfconfig.h"
#include "common/catalogtext.h"
#include "common/choicetext.h"
#include "common/explanationdialog.h"
#include "design/designfield.h"
#include "design/designio.h"
#include "design/designsummary.h"
#include "design/layoutinspector.h"
#include "diagnostics/diagnostictext.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "launch/launchimport.h"
#include "performance/recipetext.h"
#include "performance/searchspace.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QMenu>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTest>
#include <qcustomplot.h>

using namespace app;

class TestLanguage : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void explanationsHaveNoEnglishLeft_data();
    void explanationsHaveNoEnglishLeft();
    void partsTranslatedKeepTheirFormula();
    void switchTooltipInTheLanguage();
    void choicesNamedInTheLanguage();
    void statusBarFollowsTheLanguage();
    void plotsFollowTheLanguage();
    void searchReasonsInTheLanguage();
    void presetNamesInTheLanguage();
    void diagnosticArgumentsInTheLanguage();

private:
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestLanguage::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1366, 768));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestLanguage::cleanup()
{
    m_window.reset();
    m_language.reset();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

namespace {

// Every explanation a view of the design shows: each rank role's memory figures, the step's, the serving
// figures, the traffic of each dimension that communicates.
std::vector<std::pair<QString, const core::Explanation*>> explanationsOf(const core::Evaluation& e)
{
    std::vector<std::pair<QString, const core::Explanation*>> all;
    if (e.memory) {
        for (std::size_t r = 0; r < e.memory->roles.size(); ++r)
            for (core::MemoryCategory c : core::enumValues<core::MemoryCategory>())
                if (e.memory->roles[r].figure(c).bytes > 0)
                    all.emplace_back(
                        QStringLiteral("role %1 %2").arg(r).arg(QString::fromUtf8(core::enumName(c).data())),
                        &e.memory->roles[r].figure(c).explanation);
        if (e.memory->maxConcurrentSequences) {
            all.emplace_back(QStringLiteral("KV per sequence"), &e.memory->kvBytesPerSequenceExplanation);
            all.emplace_back(QStringLiteral("sequences that fit"),
                             &e.memory->maxConcurrentSequencesExplanation);
        }
    }
    if (e.traffic)
        for (const core::DimensionTraffic& d : e.traffic->dims)
            if (d.totalBytes > 0)
                all.emplace_back(
                    QStringLiteral("traffic %1").arg(QString::fromUtf8(core::enumName(d.dim).data())),
                    &d.explanation);
    if (e.performance) {
        all.emplace_back(QStringLiteral("step"), &e.performance->step);
        all.emplace_back(QStringLiteral("MFU"), &e.performance->mfuExplanation);
        all.emplace_back(QStringLiteral("exposed communication"), &e.performance->exposedExplanation);
    }
    if (e.serving) {
        all.emplace_back(QStringLiteral("TTFT"), &e.serving->ttft);
        all.emplace_back(QStringLiteral("ITL"), &e.serving->itl);
        all.emplace_back(QStringLiteral("throughput"), &e.serving->throughput);
    }
    return all;
}

// Texts that read the same in German: symbols and degrees.
bool sameInGerman(const std::string& text)
{
    static const std::vector<std::string> same{"CP", "EP", "t (TP)", "MFU, PaLM"};
    return std::find(same.begin(), same.end(), text) != same.end();
}

} // namespace

void TestLanguage::explanationsHaveNoEnglishLeft_data()
{
    QTest::addColumn<QString>("example");
    for (const char* id :
         {"default", "fsdp-1node-8gpu", "gb200-nvl72-405b", "mixtral-8x7b-ep8", "seed-70b-32k-512gpu",
          "seed-70b-32k-512gpu-alt", "serving-70b-tp4x2", "teaching-4gpu"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

// The formula, the inputs and the note of every figure the Memory tab, the Cluster tab's traffic and the
// serving headline explain read in German: none comes back as the core's English. (Sources cite papers and
// files and stay as written.)
void TestLanguage::explanationsHaveNoEnglishLeft()
{
    QFETCH(QString, example);
    const std::optional<core::Design> design = core::exampleDesign(example.toStdString());
    QVERIFY(design);
    const core::Evaluation evaluation = core::evaluate(*design);
    const auto all = explanationsOf(evaluation);
    QVERIFY(all.size() >= 6);
    m_language->choose(QStringLiteral("de"));
    QStringList english;
    for (const auto& [where, e] : all) {
        auto check = [&, where = where](const std::string& text) {
            if (!text.empty() && !sameInGerman(text)
                && widgets::explanationText(text) == QString::fromStdString(text))
                english << where + QStringLiteral(": ") + QString::fromStdString(text);
        };
        check(e->formula);
        check(e->note);
        for (const core::ExplanationInput& input : e->inputs)
            check(input.name);
    }
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    m_language->choose(QStringLiteral("en"));
    // English shows the core's text unchanged.
    for (const auto& [where, e] : all)
        QCOMPARE(widgets::explanationText(e->formula), QString::fromStdString(e->formula));
}

// A text the core builds from marked parts is translated part by part; the formula between them stays.
void TestLanguage::partsTranslatedKeepTheirFormula()
{
    const core::Evaluation evaluation = core::evaluate(*core::exampleDesign("default"));
    const core::Explanation& activations
        = evaluation.memory->roleOf(0).figure(core::MemoryCategory::Activations).explanation;
    // TP = 8 with sequence parallelism and selective recomputation: Korthikanti et al. 2022, Table 2,
    // s·b·h·(34/t).
    QVERIFY2(activations.formula.find("; A per layer, a GPT layer's generalised") != std::string::npos,
             activations.formula.c_str());
    m_language->choose(QStringLiteral("de"));
    const QString german = widgets::explanationText(activations.formula);
    QVERIFY2(german.startsWith(QStringLiteral("gleichzeitig gehalten × (dichte Layer × A_dense")),
             qPrintable(german));
    QVERIFY2(german.contains(QStringLiteral("; A pro Layer, das eines GPT-Layers")), qPrintable(german));
    QVERIFY2(german.endsWith(QStringLiteral(": s·b·h·(34/t)")), qPrintable(german));
    // A sum of terms: the last stage's logits and the sequence-parallel buffer.
    const core::Explanation& temporary
        = evaluation.memory->roleOf(31).figure(core::MemoryCategory::Temporary).explanation;
    QCOMPARE(widgets::explanationText(temporary.formula),
             QStringLiteral(
                 "6·s·b·V/t (FP32-Logits und ihre BF16-Kopie oder ihr Gradient) + 2·s·b·h (per All-Gather "
                 "gesammelte SP-Eingabe)"));
}

// The framework switches' tooltips say the value in effect and where it comes from in the chosen language.
void TestLanguage::switchTooltipInTheLanguage()
{
    m_language->choose(QStringLiteral("de"));
    QApplication::processEvents();
    QCheckBox* overlap = nullptr;
    for (QCheckBox* box : m_window->inspector()->findChildren<QCheckBox*>())
        if (box->toolTip().contains(QStringLiteral("--overlap-grad-reduce")))
            overlap = box;
    QVERIFY(overlap);
    // The default example runs Megatron-Core with its own default for the switch.
    const bool on = core::switchOn(*m_window->document()->snapshot().design, core::Switch::OverlapGradReduce);
    QVERIFY2(overlap->toolTip().contains(
                 QStringLiteral("ist %1 (Standard von Megatron-Core, --overlap-grad-reduce)")
                     .arg(on ? QStringLiteral("an") : QStringLiteral("aus"))),
             qPrintable(overlap->toolTip()));
    QVERIFY2(!overlap->toolTip().contains(QStringLiteral("the default of")), qPrintable(overlap->toolTip()));
    m_language->choose(QStringLiteral("en"));
    QApplication::processEvents();
    QVERIFY2(overlap->toolTip().contains(
                 QStringLiteral("is %1 (the default of Megatron-Core, --overlap-grad-reduce)")
                     .arg(on ? QStringLiteral("on") : QStringLiteral("off"))),
             qPrintable(overlap->toolTip()));
}

void TestLanguage::choicesNamedInTheLanguage()
{
    m_language->choose(QStringLiteral("de"));
    QCOMPARE(widgets::recomputeName(core::Recompute::Selective), QStringLiteral("selektive Recomputation"));
    QCOMPARE(widgets::scheduleName(core::Schedule::Interleaved), QStringLiteral("Interleaved 1F1B"));
    m_language->choose(QStringLiteral("en"));
    QCOMPARE(widgets::recomputeName(core::Recompute::Full), QStringLiteral("full recomputation"));
}

// The status bar's verdict is said again in the new language, not left in the one it was written in.
void TestLanguage::statusBarFollowsTheLanguage()
{
    const QString english = m_window->statusBar()->currentMessage();
    QVERIFY(english.startsWith(QStringLiteral("Valid layout")));
    m_language->choose(QStringLiteral("de"));
    QApplication::processEvents();
    const QString german = m_window->statusBar()->currentMessage();
    QCOMPARE(german, widgets::layoutVerdictText(*m_window->document()->snapshot().evaluation));
    QVERIFY2(german != english && german.startsWith(QStringLiteral("Gültiges Layout")), qPrintable(german));
    m_language->choose(QStringLiteral("en"));
    QApplication::processEvents();
    QCOMPARE(m_window->statusBar()->currentMessage(), english);
}

// QCustomPlot formats its ticks with the locale it had when made: after a change to German every plot of
// the window writes a decimal comma, and back in English a point.
void TestLanguage::plotsFollowTheLanguage()
{
    // Every tab once, so that each plot exists and has drawn.
    for (int i = 0; i < m_window->views()->count(); ++i) {
        m_window->views()->setCurrentIndex(i);
        QApplication::processEvents();
    }
    const QList<QCustomPlot*> plots = m_window->findChildren<QCustomPlot*>();
    QVERIFY(plots.size() >= 4);
    // A probe axis from 0 to 1 on each plot: its ticks 0, 0.2, … are formatted as the plot formats all.
    auto tickLabels = [](QCustomPlot* plot) {
        QCPAxis* probe = plot->axisRect()->addAxis(QCPAxis::atRight);
        probe->setRange(0, 1);
        plot->replot();
        const QVector<QString> labels = probe->tickVectorLabels();
        plot->axisRect()->removeAxis(probe);
        return QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '));
    };
    for (const char* language : {"de", "en"}) {
        m_language->choose(QString::fromLatin1(language));
        QApplication::processEvents();
        const bool german = QString::fromLatin1(language) == QLatin1String("de");
        for (QCustomPlot* plot : plots) {
            const QString labels = tickLabels(plot);
            QVERIFY2(labels.contains(german ? QStringLiteral("0,2") : QStringLiteral("0.2"))
                         && !labels.contains(german ? QLatin1Char('.') : QLatin1Char(',')),
                     qPrintable(QStringLiteral("%1 in %2: %3")
                                    .arg(QString::fromLatin1(plot->parentWidget()->metaObject()->className()),
                                         QString::fromLatin1(language), labels)));
        }
    }
}

// The words a diagnostic's arguments carry are translated with its template: an imported config's features
// and a design file's types in German, their numbers in German digits (core::phraseArgument).
void TestLanguage::diagnosticArgumentsInTheLanguage()
{
    m_language->choose(QStringLiteral("de"));
    QApplication::processEvents();
    const core::HfImportResult imported = core::importHfConfig(
        R"({"architectures": ["DeepseekV3ForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 64, "moe_intermediate_size": 32,
        "n_routed_experts": 16, "num_experts_per_tok": 2, "attn_logit_softcapping": 50, "softcap": 1,
        "kv_lora_rank": 16, "qk_nope_head_dim": 16, "qk_rope_head_dim": 8, "v_head_dim": 16})");
    QStringList messages;
    for (const core::Diagnostic& d : imported.diagnostics)
        messages << widgets::diagnosticMessage(d);
    const QString all = messages.join(QLatin1Char('\n'));
    for (const char* german :
         {"Soft-Capping der Attention-Scores (tanh bei 50)", "weggelassen: ein elementweiser tanh",
          "wird das Feld /softcap nicht modelliert", "Meshwright liest es nicht"})
        QVERIFY2(all.contains(QString::fromUtf8(german)), qPrintable(all));
    for (const char* english : {"elementwise", "left out", "field", "does not"})
        QVERIFY2(!all.contains(QString::fromUtf8(english)), qPrintable(all));
    // The model keeps those features in English, as a saved design does; shown, they are German too, their
    // numbers kept, and a feature told in no known phrase stays as written.
    QVERIFY(imported.model);
    QStringList features;
    for (const std::string& feature : imported.model->notModelled)
        features << widgets::featureText(feature);
    QVERIFY2(features.contains(
                 QString::fromUtf8("Soft-Capping der Attention-Scores (tanh bei 50) (weggelassen: ein "
                                   "elementweiser tanh, ohne gezählte FLOPs oder Speicher)")),
             qPrintable(features.join(QLatin1Char('\n'))));
    QCOMPARE(widgets::featureText("a feature of my own (kept)"),
             QStringLiteral("a feature of my own (kept)"));

    core::Json design = core::designToJson(*core::exampleDesign("teaching-4gpu"));
    design["layout"]["tp"] = "two";
    const core::LoadResult loaded = core::designFromJson(design);
    QStringList typed;
    for (const core::Diagnostic& d : loaded.diagnostics)
        typed << widgets::diagnosticMessage(d);
    QVERIFY2(typed.join(QLatin1Char('\n'))
                 .contains(QStringLiteral("muss eine ganze Zahl sein, nicht eine Zeichenkette")),
             qPrintable(typed.join(QLatin1Char('\n'))));
    // A value out of range names its field in German.
    core::Design zero = *core::exampleDesign("teaching-4gpu");
    zero.workload.sequenceLength = 0;
    QStringList ranged;
    for (const core::Diagnostic& d : core::evaluate(zero).diagnostics)
        ranged << widgets::diagnosticMessage(d);
    QVERIFY2(ranged.join(QLatin1Char('\n')).contains(QStringLiteral("Sequenzlänge muss zwischen 1 und")),
             qPrintable(ranged.join(QLatin1Char('\n'))));
    // A launch file's location is a line, in German "Zeile"; a JSON pointer stays as written.
    const core::LaunchImport launch = core::importLaunch(core::LaunchFormat::Vllm, "echo no server here\n",
                                                         *core::exampleDesign("default"));
    QVERIFY(!launch.diagnostics.empty());
    QCOMPARE(widgets::locationText(launch.diagnostics.front()), QStringLiteral("Zeile 1"));
    QVERIFY2(widgets::locatedMessage(launch.diagnostics.front()).startsWith(QStringLiteral("Zeile 1: ")),
             qPrintable(widgets::locatedMessage(launch.diagnostics.front())));
    QCOMPARE(widgets::locationText(loaded.diagnostics.front()), QStringLiteral("/layout/tp"));
    // A launch file's own syntax, told by Meshwright's readers, is German too, with the key as written.
    const core::LaunchImport twice
        = core::importLaunch(core::LaunchFormat::Torchtitan,
                             "[parallelism]\ntensor_parallel_degree = 8\ntensor_parallel_degree = 4\n",
                             *core::exampleDesign("default"));
    QVERIFY(!twice.diagnostics.empty());
    QCOMPARE(widgets::locatedMessage(twice.diagnostics.front()),
             QStringLiteral("Zeile 3: Dies ist keine lesbare torchtitan-Datei: der Schlüssel "
                            "parallelism.tensor_parallel_degree ist doppelt gesetzt (auch in Zeile 2)."));
    // A design that is not JSON: nlohmann's reason in German words (core/base/jsonparsereason.h).
    const core::LoadResult cut = core::loadDesign(R"({"layout": {"tp": )");
    QVERIFY(!cut.design && !cut.diagnostics.empty());
    const QString parse = widgets::locatedMessage(cut.diagnostics.front());
    QVERIFY2(parse.contains(QString::fromUtf8("wo ein Wert stehen muss: das Dateiende gefunden, erwartet: "
                                              "'[', '{' oder ein Literal")),
             qPrintable(parse));
    for (const char* english : {"value", "end of", "expected", "found", "literal,"})
        QVERIFY2(!parse.contains(QString::fromUtf8(english)), qPrintable(parse));
    const core::LoadResult tab = core::loadDesign("{\"name\": \"a\tb\"}");
    QVERIFY(!tab.diagnostics.empty());
    QVERIFY2(widgets::locatedMessage(tab.diagnostics.front())
                 .contains(QString::fromUtf8("das Steuerzeichen U+0009 (HT) in einer Zeichenkette, das als "
                                             "\\u0009 geschrieben werden muss")),
             qPrintable(widgets::locatedMessage(tab.diagnostics.front())));
}

MESHWRIGHT_GUI_TEST_MAIN(TestLanguage)

// The search's "why this placement" in German: every sentence the recipe can say (each schedule, ZeRO stage,
// recomputation, offload, FP8, TP in or across nodes, serving) has its translation, and numbers are grouped
// the German way.
void TestLanguage::searchReasonsInTheLanguage()
{
    m_language->choose(QStringLiteral("de"));
    core::Design d = *core::exampleDesign("seed-70b-32k-512gpu");
    const core::RecipeContext context = core::recipeContext(d, core::Catalog::builtin());
    std::vector<core::RecipeSentence> said;
    const auto say = [&](const core::SearchCandidate& c) {
        for (core::RecipeSentence& s : core::recipeSentences(d, c, context))
            said.push_back(std::move(s));
    };
    core::SearchCandidate c;
    c.layout = d.layout; // TP 8 PP 4 DP 4 CP 4
    c.layout.setDegree(core::Dim::Ep, 2);
    for (core::Schedule schedule :
         {core::Schedule::GPipe, core::Schedule::OneFOneB, core::Schedule::Interleaved, core::Schedule::ZbH1,
          core::Schedule::ZbV, core::Schedule::DualPipeV, core::Schedule::DualPipe}) {
        c.layout.schedule = schedule;
        say(c);
    }
    for (int zero = 0; zero <= 3; ++zero) {
        c.layout.zeroStage = zero;
        say(c);
    }
    for (core::Recompute recompute : {core::Recompute::Selective, core::Recompute::Full}) {
        c.layout.recompute = recompute;
        say(c);
    }
    c.layout.recompute = core::Recompute::Selective;
    c.layout.recomputeModules = {core::RecomputeModule::MlaUpProj};
    say(c);
    c.precision = core::Precision::Fp8;
    for (core::Offload offload : {core::Offload::Cpu, core::Offload::CpuParameters}) {
        c.offload = offload;
        say(c);
    }
    c.layout.setDegree(core::Dim::Tp, 16); // across nodes
    say(c);
    const core::Design trainingDesign = d;
    d.workload.mode = core::Mode::Serving;
    say(c);
    core::SearchCandidate one;
    say(one); // every degree 1
    QVERIFY(said.size() > 20);
    for (const core::RecipeSentence& s : said)
        QVERIFY2(QCoreApplication::translate("Recipes", s.text) != QString::fromUtf8(s.text), s.text);

    c.layout = trainingDesign.layout;
    const QString german = widgets::recipeText(core::recipeSentences(trainingDesign, c, context));
    QVERIFY2(german.contains(QStringLiteral("Sequenz von 32.768 Tokens")), qPrintable(german));
    QVERIFY2(german.contains(QStringLiteral("innerhalb eines Nodes")), qPrintable(german));
}

// The presets' names: proper nouns stay as written ("H100 SXM5 80 GB", "NVLink 4 + NVSwitch", "Llama 3.1
// 70B"), a name with a descriptive word ("no NVLink", "per GPU", an example's title) reads in German, in the
// Layout panel's choices and the examples menu too, and in English again after switching back.
void TestLanguage::presetNamesInTheLanguage()
{
    const core::Catalog& catalog = core::Catalog::builtin();
    std::vector<std::string> names;
    for (const core::GpuSpec& g : catalog.gpus())
        names.push_back(g.name);
    for (const core::LinkSpec& l : catalog.links())
        names.push_back(l.name);
    for (const core::ModelArchitecture& m : catalog.models())
        names.push_back(m.name);
    for (const core::ExampleDesign& e : catalog.examples())
        names.push_back(e.title);
    QVERIFY(names.size() > 30);
    std::size_t features = 0;
    for (const core::ModelArchitecture& m : catalog.models())
        for (const std::string& feature : m.notModelled) {
            names.push_back(feature);
            ++features;
        }
    QVERIFY(features >= 3);
    m_language->choose(QStringLiteral("de"));
    QApplication::processEvents();
    // A descriptive word is one of lower-case letters only: "no", "per", "on"; not "x16", "Gb/s" or "Qwen3".
    const QRegularExpression descriptive(QStringLiteral("(?<![\\w/])[a-z]{2,}(?![\\w/])"));
    QStringList wrong;
    for (const std::string& name : names) {
        const QString english = QString::fromStdString(name);
        if (english.contains(descriptive) == (widgets::presetName(name) == english))
            wrong << english + QStringLiteral(" → ") + widgets::presetName(name);
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
    QCOMPARE(widgets::presetName("PCIe 5.0 x16 (no NVLink)"), QStringLiteral("PCIe 5.0 x16 (ohne NVLink)"));
    // GPT-OSS's warning names its unmodelled feature in German too.
    core::Design gptOss = *core::exampleDesign("mixtral-8x7b-ep8");
    gptOss.model = *core::Catalog::builtin().model("gpt-oss-120b");
    const core::Evaluation evaluation = core::evaluate(gptOss);
    QStringList warnings;
    for (const core::Diagnostic& d : evaluation.diagnostics)
        if (d.code == "model-feature-unmodelled")
            warnings << widgets::diagnosticMessage(d);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.front().contains(QStringLiteral("Attention Sinks (ein gelerntes Logit pro Head)")),
             qPrintable(warnings.front()));

    auto items = [this] {
        QStringList all;
        for (const QComboBox* box : m_window->inspector()->findChildren<QComboBox*>())
            for (int i = 0; i < box->count(); ++i)
                all << box->itemText(i);
        for (const QMenu* menu : m_window->findChildren<QMenu*>())
            for (const QAction* action : menu->actions())
                all << action->text();
        return all;
    };
    QStringList german = items();
    for (const char* text : {"InfiniBand NDR, 400 Gb/s pro GPU", "PCIe 4.0 x16 (ohne NVLink)",
                             "NVLink 4 + NVSwitch", "H100 SXM5 80 GB", "Lehrbeispiel: vier GPUs"})
        QVERIFY2(german.contains(QString::fromUtf8(text)), text);
    QVERIFY(!german.contains(QStringLiteral("InfiniBand NDR, 400 Gb/s per GPU")));
    m_language->choose(QStringLiteral("en"));
    QApplication::processEvents();
    const QStringList english = items();
    for (const char* text :
         {"InfiniBand NDR, 400 Gb/s per GPU", "PCIe 4.0 x16 (no NVLink)", "Teaching: four GPUs"})
        QVERIFY2(english.contains(QString::fromUtf8(text)), text);
}

#include "tst_language.moc"
