// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Import, offscreen: a PyTorch profiler trace read off the GUI thread becomes one measured record of
// the design in one undo step; a launch configuration becomes the design's layout in one undo step; a broken
// trace or launch file names its problem and leaves the design alone, as does a trace import cancelled in
// its progress dialog; a dropped file reaches the import it belongs to.

#include "document/document.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "window/importmenu.h"
#include "window/language.h"
#include "window/mainwindow.h"

#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
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
    void droppedFilesGoWhereTheyBelong_data();
    void droppedFilesGoWhereTheyBelong();
    void brokenTraceLeavesTheDesignAlone_data();
    void brokenTraceLeavesTheDesignAlone();
    void cancelledTraceLeavesTheDesignAlone();

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

// A file dropped onto the window goes to the import it belongs to, by its name and first MiB: designs
// open, config.json files are models, traces (gzip, traceEvents, JSON too large to parse from its start)
// are records, and everything else — a launch script, an argument file, TOML, YAML, a DeepSpeed JSON — is
// a launch configuration.
void TestImport::droppedFilesGoWhereTheyBelong_data()
{
    using Kind = ImportMenu::DroppedKind;
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content"); // empty: the file exists in the source tree
    QTest::addColumn<int>("kind");
    const QString source = QStringLiteral(MESHWRIGHT_SOURCE_DIR);
    QTest::newRow("design") << source + QStringLiteral("/resources/examples/default.json") << QByteArray() << int(Kind::Design);
    QTest::newRow("damaged design") << "broken.json" << QByteArray("{\"format\": \"meshwright.design\", \"vers")
                                    << int(Kind::Design);
    QTest::newRow("hf config") << source + QStringLiteral("/tests/data/hf/deepseek-v3.json") << QByteArray() << int(Kind::Model);
    QTest::newRow("gzip trace") << source + QStringLiteral("/tests/data/traces/a100-2rank-ddp-allreduce.json.gz")
                                << QByteArray() << int(Kind::Trace);
    QTest::newRow("plain trace") << "rank0.json" << QByteArray("{\"traceEvents\": [], \"deviceProperties\": []}")
                                 << int(Kind::Trace);
    QByteArray large("{\"schemaVersion\": 1, \"traceEvents\": [");
    while (large.size() < (1 << 20) + 100)
        large += "{\"ph\": \"X\", \"name\": \"ncclKernel\", \"ts\": 1, \"dur\": 2},";
    QTest::newRow("trace larger than its head") << "big.json" << large << int(Kind::Trace);
    QTest::newRow("megatron script")
        << "train.sh" << QByteArray("#!/bin/bash\ntorchrun pretrain_gpt.py --tensor-model-parallel-size 8\n")
        << int(Kind::Launch);
    QTest::newRow("deepspeed json") << "ds_config.json"
                                    << QByteArray("{\"train_micro_batch_size_per_gpu\": 1, "
                                                  "\"zero_optimization\": {\"stage\": 2}}")
                                    << int(Kind::Launch);
    QTest::newRow("torchtitan toml") << "llama3_8b.toml" << QByteArray("[parallelism]\ntensor_parallel_degree = 2\n")
                                     << int(Kind::Launch);
    QTest::newRow("accelerate yaml") << "fsdp.yaml" << QByteArray("distributed_type: FSDP\nnum_processes: 8\n")
                                     << int(Kind::Launch);
}

void TestImport::droppedFilesGoWhereTheyBelong()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(int, kind);
    QString path = file;
    if (!content.isEmpty()) {
        path = m_dir.filePath(file);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(content);
    }
    QVERIFY2(QFile::exists(path), qPrintable(path));
    QCOMPARE(int(ImportMenu::droppedKind(path)), kind);
}

void TestImport::brokenTraceLeavesTheDesignAlone_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("named"); // what the message must name

    QTest::newRow("truncated") << QByteArray(R"({"traceEvents": [{"ph": "X")") << "Line 1, column 28";
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

// A trace long enough to show its progress dialog (after 300 ms): its Cancel button, clicked, stops the read;
// the import says so and the design keeps no record and no undo step.
void TestImport::cancelledTraceLeavesTheDesignAlone()
{
    const QString path = m_dir.filePath(QStringLiteral("long.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(
            R"({"traceEvents": [{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "ts": 0,)"
            R"( "dur": 1e7})");
        for (int i = 0; i < 600000; ++i)
            file.write(QStringLiteral(
                           R"(, {"ph": "X", "cat": "kernel", "name": "sm90_xmma_gemm_bf16bf16_bf16f32_f32",)"
                           R"( "ts": %1, "dur": 10, "args": {"device": 0, "stream": 7, "grid": [132, 1, 1],)"
                           R"( "block": [384, 1, 1], "registers per thread": 168}})")
                           .arg(i * 12)
                           .toUtf8());
        file.write("]}");
    }
    bool clicked = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        for (QProgressDialog* dialog : m_window->findChildren<QProgressDialog*>())
            if (dialog->isVisible())
                if (QPushButton* cancel = dialog->findChild<QPushButton*>(); cancel && !clicked) {
                    clicked = true;
                    QTest::mouseClick(cancel, Qt::LeftButton);
                }
    });
    poll.start(20);
    Document* document = m_window->document();
    QString error;
    bool cancelled = false;
    QVERIFY(!menu()->importTrace(path, &error, &cancelled));
    QVERIFY2(clicked, "the progress dialog did not show");
    QVERIFY(cancelled);
    QVERIFY2(error.contains(QLatin1String("cancelled")), qPrintable(error));
    QVERIFY(document->design().records.empty());
    QCOMPARE(document->undoStack()->count(), 0);
}

MESHWRIGHT_GUI_TEST_MAIN(TestImport)
#include "tst_import.moc"
