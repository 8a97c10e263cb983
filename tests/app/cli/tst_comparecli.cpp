// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright-cli compare, run in-process: two training designs side by side and whether published pairs of
// runs like them let the model decide which is faster (core/performance/layoutcomparison.h), in JSON and in
// text alike; a serving design, an unreadable file and a missing name as located errors.

#include "base/jsonreader.h"
#include "cli/cli.h"
#include "support/clirun.h"

#include <QTest>

using core::Json;
using testing::runCliRow;

class TestCompareCli : public QObject
{
    Q_OBJECT

private slots:
    void verdicts_data();
    void verdicts();
    void badInput_data();
    void badInput();
};

void TestCompareCli::verdicts_data()
{
    QTest::addColumn<QStringList>("args"); // after "compare"
    QTest::addColumn<int>("faster"); // 0: the first, 1: the second
    QTest::addColumn<QString>("evidence");
    QTest::addColumn<QString>("gap");
    QTest::addColumn<bool>("decided");
    QTest::addColumn<QString>("verdict"); // the text's headline
    // FP8 runs the default design 39 % faster: far beyond the 5 % Megatron-Core's pairs missed by.
    QTest::newRow("the default design in BF16 and in FP8")
        << QStringList{"default", "--precision", "fp8"} << 1 << "megatron-layouts"
        << "none" << true << "The order holds";
    // PP 4 × DP 1 for PP 2 × DP 2: under 2 % apart, within those 5 %.
    QTest::newRow("the default design at PP 2 and PP 4")
        << QStringList{"default", "--pp", "4", "--dp", "1"} << 0 << "megatron-layouts"
        << "none" << false << "Too close for the model to decide";
    // The reference article's two layouts change CP under Megatron-Core, which no published pair did.
    QTest::newRow("the reference article's two layouts")
        << QStringList{"seed-70b-32k-512gpu", "seed-70b-32k-512gpu-alt"} << 0 << "none"
        << "context" << false << "Not known whether the order holds";
    QTest::newRow("FSDP2 against DeepSpeed")
        << QStringList{"fsdp-1node-8gpu", "--framework", "deepspeed"} << -1 << "none"
        << "framework" << false << "Not known whether the order holds";
    QTest::newRow("Mixtral launched eagerly, micro-batch 1 against 2")
        << QStringList{"mixtral-8x7b-ep8", "--micro-batch", "2"} << -1 << "megatron-eager-moe"
        << "none" << false << "";
    // One design named once and no flag: the same design twice.
    QTest::newRow("the same design twice") << QStringList{"teaching-4gpu"} << 0 << "megatron-layouts"
                                           << "none" << false << "";
}

void TestCompareCli::verdicts()
{
    QFETCH(QStringList, args);
    QFETCH(int, faster);
    QFETCH(QString, evidence);
    QFETCH(QString, gap);
    QFETCH(bool, decided);
    QFETCH(QString, verdict);
    QStringList jsonArgs = QStringList{"compare"} + args;
    jsonArgs << "--json";
    const testing::CliRun json = runCliRow(jsonArgs);
    QVERIFY2(json.exitCode == cli::kExitOk, json.err.c_str());
    const Json report = Json::parse(json.out);
    QCOMPARE(report.at("format").get<std::string>(), std::string("meshwright.compare"));
    QCOMPARE(report.at("designs").size(), std::size_t{2});
    if (faster >= 0)
        QCOMPARE(report.at("faster").get<int>(), faster);
    QCOMPARE(QString::fromStdString(report.at("evidence").get<std::string>()), evidence);
    QCOMPARE(QString::fromStdString(report.at("gap").get<std::string>()), gap);
    QCOMPARE(report.at("decided").get<bool>(), decided);
    // The ratio is the faster's tokens per GPU over the slower's.
    const Json& designs = report.at("designs");
    const int f = report.at("faster").get<int>();
    const double ratio
        = designs.at(f).at("tokensPerGpu").get<double>() / designs.at(1 - f).at("tokensPerGpu").get<double>();
    QVERIFY(std::abs(report.at("ratio").get<double>() / ratio - 1) < 1e-12);
    QVERIFY(ratio >= 1);
    // The text says the same.
    const testing::CliRun text = runCliRow(QStringList{"compare"} + args);
    QCOMPARE(text.exitCode, cli::kExitOk);
    if (!verdict.isEmpty())
        QVERIFY2(text.out.find(verdict.toStdString() + ": ") != std::string::npos, text.out.c_str());
    const char* lead = ratio < 1 + 5e-4 ? "The two run as many tokens"
        : f == 0                        ? "The first runs "
                                        : "The second runs ";
    QVERIFY2(text.out.find(lead) != std::string::npos, text.out.c_str());
}

void TestCompareCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says"); // on standard error
    QTest::newRow("no design") << QStringList{"compare"} << cli::kExitUsage << "name the first design";
    QTest::newRow("a file that is not there") << QStringList{"compare", "no-such-design.json"}
                                              << cli::kExitUsage << "Cannot read no-such-design.json";
    QTest::newRow("--example instead of a name") << QStringList{"compare", "default", "--example", "default"}
                                                 << cli::kExitUsage << "not with --example";
    QTest::newRow("three designs") << QStringList{"compare", "default", "teaching-4gpu", "default"}
                                   << cli::kExitUsage << "unknown argument 'default'";
    QTest::newRow("a serving design")
        << QStringList{"compare", "serving-70b-tp4x2"} << cli::kExitDesignErrors << "/workload/mode";
    QTest::newRow("a degree that does not divide")
        << QStringList{"compare", "default", "--tp", "3"} << cli::kExitDesignErrors << "/layout/tp";
}

void TestCompareCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const testing::CliRun run = runCliRow(args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.find(says.toStdString()) != std::string::npos, run.err.c_str());
    QVERIFY(run.out.empty());
}

QTEST_GUILESS_MAIN(TestCompareCli)
#include "tst_comparecli.moc"
