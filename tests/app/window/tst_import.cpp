// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Import, offscreen: a PyTorch profiler trace read off the GUI thread becomes one measured record of
// the design in one undo step; a launch configuration becomes the design's layout in one undo step; a broken
// trace or launch file names its problem and leaves the design alone.

#include "document/document.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/importmenu.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace app;

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void importMenuIsInTheFileMenu();
    void traceBecomesOneRecord();
    void modelFromHuggingFaceConfig();
    void brokenConfigLeavesTheDesignAlone();
    void launchConfigurationIsOneUndoStep();
    void brokenLaunchFileLeavesTheDesignAlone();
    void brokenTraceLeavesTheDesignAlone_data();
    void brokenTraceLeavesTheDesignAlone();

private:
    ImportMenu* menu() const { return m_window->findChild<ImportMenu*>(); }
    QTemporaryDir m_dir;
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TestImport::init()
{
    testing::createMainWindow(m_language, m_window, QSize(1200, 800));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestImport::cleanup()
{
    m_window.reset();
    m_language.reset();
}

void TestImport::importMenuIsInTheFileMenu()
{
    QVERIFY(menu());
    QCOMPARE(menu()->title(), QStringLiteral("&Import"));
    QCOMPARE(menu()->actions().size(), 3);
    QCOMPARE(menu()->actions().at(1)->text(), QStringLiteral("&Launch Configuration…"));
    QCOMPARE(menu()->actions().back()->text(), QStringLiteral("Profiler &Trace…"));
}

void TestImport::traceBecomesOneRecord()
{
    Document* document = m_window->document();
    QVERIFY(document->design().records.empty());
    QString error;
    QVERIFY2(menu()->importTrace(
                 QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/traces/a100-2rank-ddp-allreduce.json.gz"),
                 &error),
             qPrintable(error));
    QCOMPARE(document->design().records.size(), std::size_t(1));
    const core::MeasuredRecord& record = document->design().records.front();
    QCOMPARE(record.name, std::string("a100-2rank-ddp-allreduce.json.gz"));
    // Three ProfilerStep annotations of 222.442191, 219.726905 and 224.936243 ms.
    QVERIFY(std::abs(record.stepSeconds.value_or(0) - 0.222368446) < 1e-9);
    QVERIFY(record.visible.allReduce.value_or(0) > 0);
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(document->isModified());
    document->undoStack()->undo();
    QVERIFY(document->design().records.empty());
}

// File ▸ Import ▸ Model…: the architecture replaces the design's model in one undo step.
void TestImport::modelFromHuggingFaceConfig()
{
    Document* document = m_window->document();
    const core::ModelArchitecture before = document->design().model;
    QString error;
    QStringList warnings;
    QVERIFY2(menu()->importModel(QStringLiteral(MESHWRIGHT_SOURCE_DIR "/tests/data/hf/gpt-oss-20b.json"),
                                 &error, &warnings),
             qPrintable(error));
    const core::ModelArchitecture& model = document->design().model;
    QCOMPARE(model.layers, 24);
    QCOMPARE(model.hidden, std::int64_t(2880));
    QVERIFY(!model.notModelled.empty());
    QVERIFY(warnings.join(QLatin1Char(' ')).contains(QLatin1String("attention sinks")));
    QCOMPARE(document->undoStack()->count(), 1);
    document->undoStack()->undo();
    QVERIFY(document->design().model == before);
}

void TestImport::brokenConfigLeavesTheDesignAlone()
{
    const QString path = m_dir.filePath(QStringLiteral("config.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "num_attention_heads": 4,
                   "vocab_size": 100, "intermediate_size": 64})");
    file.close();
    Document* document = m_window->document();
    const core::ModelArchitecture before = document->design().model;
    QString error;
    QVERIFY(!menu()->importModel(path, &error));
    QVERIFY2(error.contains(QLatin1String("/hidden_size")), qPrintable(error));
    QVERIFY(document->design().model == before);
    QCOMPARE(document->undoStack()->count(), 0);
}

void TestImport::launchConfigurationIsOneUndoStep()
{
    // The default example (32 GPUs, TP 8 × PP 2 × DP 2) with a Megatron-LM argument file of TP 4 × PP 4:
    // DP = 32 / 16 = 2; the tokenizer names Llama 3.1 8B.
    const QString path = m_dir.filePath(QStringLiteral("args.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("--tensor-model-parallel-size 4\n--pipeline-model-parallel-size 4\n--micro-batch-size 2\n"
               "--global-batch-size 64\n--bf16\n--tokenizer-model meta-llama/Llama-3.1-8B\n--lr 3e-4\n");
    file.close();
    Document* document = m_window->document();
    const core::Design before = document->design();
    QString error;
    QStringList notes;
    QVERIFY2(menu()->importLaunch(path, std::nullopt, &error, &notes), qPrintable(error));
    const core::Design& design = document->design();
    QCOMPARE(design.layout.tp(), 4);
    QCOMPARE(design.layout.pp(), 4);
    QCOMPARE(design.layout.dp(), 2);
    QCOMPARE(design.layout.microBatch, 2);
    QCOMPARE(design.model.preset, std::string("llama-3.1-8b"));
    QCOMPARE(design.layout.framework, core::Framework::MegatronCore);
    QCOMPARE(notes.join(QLatin1Char(' ')), QStringLiteral("Not used: --lr (line 7)"));
    QCOMPARE(document->undoStack()->count(), 1);
    document->undoStack()->undo();
    QVERIFY(document->design() == before);
}

void TestImport::brokenLaunchFileLeavesTheDesignAlone()
{
    const QString path = m_dir.filePath(QStringLiteral("train.toml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[parallelism]\ntensor_parallel_degree = 3\n");
    file.close();
    Document* document = m_window->document();
    const core::Design before = document->design();
    QString error;
    QVERIFY(!menu()->importLaunch(path, std::nullopt, &error));
    QVERIFY2(error.contains(QLatin1String("line 2")), qPrintable(error));
    QVERIFY(document->design() == before);
    QCOMPARE(document->undoStack()->count(), 0);
}

void TestImport::brokenTraceLeavesTheDesignAlone_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("named"); // what the message must name

    QTest::newRow("truncated") << QByteArray(R"({"traceEvents": [{"ph": "X")") << "line 1";
    QTest::newRow("no steps") << QByteArray(
        R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "gemm", "ts": 0, "dur": 5, "args": {"device": 0}}]})")
                              << "ProfilerStep";
    QTest::newRow("empty") << QByteArray() << "empty";
}

void TestImport::brokenTraceLeavesTheDesignAlone()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, named);
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();
    Document* document = m_window->document();
    QString error;
    QVERIFY(!menu()->importTrace(path, &error));
    QVERIFY2(error.contains(named), qPrintable(error));
    QVERIFY(document->design().records.empty());
    QCOMPARE(document->undoStack()->count(), 0);
}

MESHWRIGHT_GUI_TEST_MAIN(TestImport)
#include "tst_import.moc"
