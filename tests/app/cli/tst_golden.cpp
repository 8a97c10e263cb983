// SPDX-License-Identifier: GPL-3.0-or-later
// The command line's output on every built-in example, byte for byte: evaluate, search, schedule,
// collective and export. The fixtures under tests/data/golden/ were written before the core and the views
// moved into domain folders, so a refactoring that changes a figure, a key or a message fails here.
// After a deliberate change of output, rewrite them with MESHWRIGHT_UPDATE_GOLDEN=1 and review the diff.

#include "support/clirun.h"

#include <QFile>
#include <QTest>
#include <regex>
#include <sstream>

namespace {

const char* const kExamples[] = {"default",
                                 "fsdp-1node-8gpu",
                                 "gb200-nvl72-405b",
                                 "mixtral-8x7b-ep8",
                                 "seed-70b-32k-512gpu",
                                 "seed-70b-32k-512gpu-alt",
                                 "serving-70b-tp4x2",
                                 "teaching-4gpu"};

QString goldenPath(const std::string& name)
{
    return QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/golden/") + QString::fromStdString(name)
        + QStringLiteral(".txt");
}

std::string exampleFile(const std::string& id)
{
    return std::string(MESHWRIGHT_SOURCE_DIR "/resources/examples/") + id + ".json";
}

// The exit code and standard output; the search's own run time is the one figure that may differ.
std::string runMasked(const std::vector<std::string>& args)
{
    const testing::CliRun run = testing::runCli(args);
    static const std::regex seconds(R"("searchSeconds":\s*[-+0-9.eE]+)");
    return "exit " + std::to_string(run.exitCode) + "\n"
        + std::regex_replace(run.out, seconds, "\"searchSeconds\": MASKED");
}

} // namespace

class TestGolden : public QObject
{
    Q_OBJECT

private slots:
    void output_data();
    void output();
};

void TestGolden::output_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("args");
    auto row = [](const std::string& name, const std::vector<std::string>& args) {
        QStringList list;
        for (const auto& a : args)
            list << QString::fromStdString(a);
        QTest::newRow(name.c_str()) << QString::fromStdString(name) << list;
    };
    for (const char* example : kExamples) {
        const std::string id = example;
        row("evaluate-" + id, {"evaluate", "--example", id, "--json"});
        row("evaluate-text-" + id, {"evaluate", "--example", id});
        row("search-" + id, {"search", "--example", id, "--top", "5", "--json"});
        for (const char* format :
             {"torchrun", "accelerate", "deepspeed", "megatron", "vllm", "sglang", "torchtitan"})
            row("export-" + std::string(format) + "-" + id, {"export", "--format", format, "--example", id});
        for (const char* group : {"tp:0", "dp:0", "cp:0", "ep:0"})
            row("collective-" + std::string(group).substr(0, 2) + "-" + id,
                {"collective", "--design", exampleFile(id), "--group", group, "--json"});
    }
    for (const char* kind : {"gpipe", "1f1b", "interleaved", "zb-h1", "zb-v", "dualpipev"}) {
        const std::string k = kind;
        const std::string virtualStages = k == "interleaved" || k == "zb-v" || k == "dualpipev" ? "2" : "1";
        row(std::string("schedule-") + kind,
            {"schedule", "--kind", kind, "--stages", "4", "--micro-batches", "8", "--virtual-stages",
             virtualStages, "--json"});
    }
    for (const char* op : {"allreduce", "allgather", "reducescatter", "alltoall", "broadcast"})
        row(std::string("collective-") + op,
            {"collective", "--op", op, "--ranks", "8", "--bytes", "1e9", "--bandwidth", "4.5e11", "--alpha",
             "5e-6", "--json"});
}

void TestGolden::output()
{
    QFETCH(QString, name);
    QFETCH(QStringList, args);
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    const std::string actual = runMasked(argv);

    QFile file(goldenPath(name.toStdString()));
    if (qEnvironmentVariableIsSet("MESHWRIGHT_UPDATE_GOLDEN")) {
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(actual.data(), qint64(actual.size()));
        return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly),
             qPrintable(QStringLiteral("missing fixture ") + file.fileName()));
    const QByteArray expected = file.readAll();
    QCOMPARE(QByteArray::fromStdString(actual), expected);
}

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
