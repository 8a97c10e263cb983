// SPDX-License-Identifier: GPL-3.0-or-later
// The design report's HTML: every section is there for every example, the figures the caller
// passes appear with their captions, and text from the design is escaped.

#include "base/units.h"
#include "evaluate.h"
#include "report/designreport.h"
#include "support/testdesigns.h"

#include <QTest>

using namespace core;

class TestDesignReport : public QObject
{
    Q_OBJECT

private slots:
    void everySection_data();
    void everySection();
    void figuresAndEscaping();
    void recordsBesideThePrediction();
    void candidatesSideBySide();
};

void TestDesignReport::everySection_data()
{
    QTest::addColumn<QString>("example");
    for (const ExampleDesign& example : Catalog::builtin().examples())
        QTest::newRow(example.id.c_str()) << QString::fromStdString(example.id);
}

void TestDesignReport::everySection()
{
    QFETCH(QString, example);
    const Design design = testing::example(example.toStdString());
    const Evaluation evaluation = evaluate(design);
    const std::string html = designReportHtml(design, evaluation);
    std::size_t previous = 0;
    for (const char* id : kReportSections) {
        std::string anchor = "<h2 id=\"";
        anchor += id;
        anchor += '"';
        const std::size_t at = html.find(anchor);
        QVERIFY2(at != std::string::npos, id);
        QVERIFY2(at > previous, id); // in the documented order
        previous = at;
    }
    QVERIFY(html.find(htmlEscape(design.name)) != std::string::npos);
    // One memory row per role, each with its total.
    QVERIFY(evaluation.memory.has_value());
    for (const RankRole& role : evaluation.memory->roles) {
        std::string total = formatBytes(role.totalBytes);
        total.replace(total.find(' '), 1, "&nbsp;"); // a number never wraps away from its unit
        QVERIFY(html.find(total) != std::string::npos);
    }
    // The memory table's twelve columns print in the dense style, whose cells never wrap inside a number.
    QVERIFY(html.find("<table class=\"dense\"") != std::string::npos);
    QVERIFY(html.find("table.dense td, table.dense th { font-size: 7pt; white-space: nowrap; }")
            != std::string::npos);
    // Every diagnostic's code, and the launch table's six frameworks.
    for (const Diagnostic& d : evaluation.diagnostics)
        QVERIFY(html.find(d.code) != std::string::npos);
    for (const char* tool : {"torchrun", "Accelerate", "DeepSpeed", "Megatron-LM", "vLLM", "SGLang"})
        QVERIFY2(html.find(tool) != std::string::npos, tool);
    if (evaluation.performance)
        QVERIFY(html.find("MFU") != std::string::npos);
}

void TestDesignReport::figuresAndEscaping()
{
    Design design = testing::example("teaching-4gpu");
    design.name = "<script>alert(1)</script> & co";
    const std::string html
        = designReportHtml(design, evaluate(design), {{"Memory per GPU", "figure-1.png", 600}});
    QVERIFY(html.find("<script>") == std::string::npos);
    QVERIFY(html.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co") != std::string::npos);
    QVERIFY(html.find("<img src=\"figure-1.png\" width=\"600\"") != std::string::npos);
    QVERIFY(html.find("Memory per GPU") != std::string::npos);
}

void TestDesignReport::recordsBesideThePrediction()
{
    Design design = testing::example("seed-70b-32k-512gpu");
    const Evaluation evaluation = evaluate(design);
    QVERIFY(designReportHtml(design, evaluation).find("None yet") != std::string::npos);
    MeasuredRecord record;
    record.name = "run <7>";
    record.stepSeconds = evaluation.performance->stepSeconds * 1.1;
    record.restarts = 2;
    design.records.push_back(record);
    const std::string html = designReportHtml(design, evaluate(design));
    QVERIFY(html.find("<h3>run &lt;7&gt;</h3>") != std::string::npos);
    // Step time: predicted, measured, and +10 % between them.
    QVERIFY(html.find(formatSeconds(evaluation.performance->stepSeconds)) != std::string::npos);
    QVERIFY(html.find(formatSeconds(*record.stepSeconds)) != std::string::npos);
    QVERIFY(html.find("(+10 %)") != std::string::npos);
    QVERIFY(html.find("<td>Restarts</td><td>—</td><td>2</td>") != std::string::npos);
    QVERIFY(html.find("Warning:") == std::string::npos);

    // Which run it was (model and code too), the MFU in percentage points, and a run of another batch
    // said plainly.
    MeasuredRecord other;
    other.name = "other batch";
    other.identity.model = "meta-llama/Llama-3.1-70B";
    other.identity.code = "training repo 3f2a9c1";
    other.globalBatch = 2 * design.workload.globalBatch;
    other.mfu = evaluation.performance->mfu - 0.05;
    other.peakMemoryByCategory[std::size_t(MemoryCategory::KvCache)] = 1e9;
    design.records = {other};
    const std::string withWarning = designReportHtml(design, evaluate(design));
    for (const char* text : {"<b>Model:</b> meta-llama/Llama-3.1-70B", "<b>Code:</b> training repo 3f2a9c1",
                             "<b>Warning:</b> The run's global batch was 512, the design's is 256", "−5 pp (",
                             "of which KV cache"})
        QVERIFY2(withWarning.find(text) != std::string::npos, text);
}

// The reference article's two 70B layouts: the report compares the pinned one beside the design, with each
// one's own step time.
void TestDesignReport::candidatesSideBySide()
{
    const Design first = testing::example("seed-70b-32k-512gpu");
    const Design second = testing::example("seed-70b-32k-512gpu-alt");
    const Evaluation a = evaluate(first), b = evaluate(second);
    QVERIFY(a.performance && b.performance);
    const std::string html = designReportHtml(first, a, {}, {{&second, &b}});
    const std::size_t section = html.find("<h2 id=\"candidates\"");
    QVERIFY(section != std::string::npos);
    const std::size_t end = html.find("<h2", section + 1);
    const std::string table = html.substr(section, end - section);
    QVERIFY(table.find(htmlEscape(second.name)) != std::string::npos);
    QVERIFY(table.find(formatSeconds(a.performance->stepSeconds)) != std::string::npos);
    QVERIFY(table.find(formatSeconds(b.performance->stepSeconds)) != std::string::npos);
    QVERIFY(designReportHtml(first, a).find("No other layout pinned") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestDesignReport)
#include "tst_designreport.moc"
