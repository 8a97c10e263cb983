// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM's --pipeline-model-parallel-layout strings (launch/megatronlayout.h) read as Megatron-Core's
// PipelineParallelLayerLayout.parse_str_to_list reads them (megatron/core/transformer/
// pipeline_parallel_layer_layout.py: commas dropped, "(…)*n" unrolled and then "x*n", "|" between chunks),
// written back so that they read as the same split, and random strings read without harm.

#include "launch/megatronlayout.h"

#include <QTest>
#include <random>
#include <string>
#include <vector>

using namespace core::launch;

class TestMegatronLayout : public QObject
{
    Q_OBJECT

private slots:
    void parsesAsMegatron_data();
    void parsesAsMegatron();
    void writtenSplitsReadBack();
    void randomStringsAreHarmless();
};

namespace {

// A chunk as the layer characters it holds, in Megatron's order of counting (E, t, m, L).
std::string describe(const LayoutChunk& chunk)
{
    return std::string(std::size_t(chunk.embeddings), 'E') + std::string(std::size_t(chunk.layers), 't')
        + std::string(std::size_t(chunk.mtpDepths), 'm') + std::string(std::size_t(chunk.losses), 'L');
}

QStringList describe(const ParsedLayout& parsed)
{
    QStringList chunks;
    for (const LayoutChunk& chunk : parsed.chunks)
        chunks << QString::fromStdString(describe(chunk));
    return chunks;
}

} // namespace

void TestMegatronLayout::parsesAsMegatron_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QStringList>("chunks");
    // parse_str_to_list's docstring: "Ettt|(tt|)*29,m|L" is [E,t,t,t] + [t,t]*29 + [m] + [L].
    QStringList docstring{"Ettt"};
    for (int i = 0; i < 29; ++i)
        docstring << "tt";
    docstring << "m"
              << "L";
    QTest::newRow("the docstring's example") << "Ettt|(tt|)*29,m|L" << docstring;
    // The comments beside its patterns: xy(ab|cd|ef)*2,pq unrolls to xyab|cd|efab|cd|efpq, (|ab)*2,cd to
    // |ab|abcd; here with layer characters.
    // (Chunks are described by their counts in the order E, t, m, L: "mLtt" reads as "ttmL".)
    QTest::newRow("a group of chunks") << "Et(tt|t|mL)*2,t" << QStringList{"Ettt", "t", "ttmL", "t", "tmL"};
    QTest::newRow("a group opening with a bar") << "(|tt)*2,tL" << QStringList{"", "tt", "tttL"};
    QTest::newRow("one character repeated") << "Et*3|t*12L" << QStringList{"Ettt", "ttttttttttttL"};
    // The group pattern runs first, then the character pattern over what it made.
    QTest::newRow("a count inside a group") << "E(t*2|)*2L" << QStringList{"Ett", "tt", "L"};
    // A "*" without digits, or a group without "*n", is no pattern: its characters stay and are refused.
    QTest::newRow("a star without a count") << "Et*|L" << QStringList{};
    QTest::newRow("a group without a count") << "E(tt|)L" << QStringList{};
    QTest::newRow("an empty group") << "E()*3tL" << QStringList{};
    QTest::newRow("a trailing bar makes an empty chunk") << "Et|tL|" << QStringList{"Et", "tL", ""};
    QTest::newRow("a space") << "Et| tL" << QStringList{};
}

void TestMegatronLayout::parsesAsMegatron()
{
    QFETCH(QString, layout);
    QFETCH(QStringList, chunks);
    const ParsedLayout parsed = parseMegatronLayout(layout.toStdString());
    QCOMPARE(describe(parsed), chunks);
    QCOMPARE(parsed.problem.empty(), !chunks.isEmpty());
}

// Any split the design can hold (a layer in every middle chunk, the ends possibly empty), with or without
// prediction depths, is written as a string that reads back as the same chunks.
void TestMegatronLayout::writtenSplitsReadBack()
{
    std::mt19937 random(20261206);
    for (int trial = 0; trial < 2000; ++trial) {
        const int chunks = 1 + int(random() % 40);
        std::vector<int> layers;
        for (int i = 0; i < chunks; ++i) {
            const bool end = i == 0 || i + 1 == chunks;
            // Runs of equal chunks are common (the middle of every real layout): draw from few values.
            layers.push_back(int(random() % 4) + (end ? 0 : 1));
        }
        if (chunks == 1 && layers.front() == 0)
            layers.front() = 1;
        const int depths = int(random() % 3);
        const std::string text = megatronLayout(layers, depths);
        const ParsedLayout parsed = parseMegatronLayout(text);
        QVERIFY2(parsed.problem.empty(), text.c_str());
        QCOMPARE(int(parsed.chunks.size()), chunks);
        for (int i = 0; i < chunks; ++i) {
            const LayoutChunk& chunk = parsed.chunks[std::size_t(i)];
            QCOMPARE(chunk.layers, layers[std::size_t(i)]);
            QCOMPARE(chunk.embeddings, i == 0 ? 1 : 0);
            QCOMPARE(chunk.losses, i + 1 == chunks ? 1 : 0);
            QCOMPARE(chunk.mtpDepths, i + 1 == chunks ? depths : 0);
            QVERIFY(!chunk.mtpBeforeLayer);
        }
        QCOMPARE(parsed.first, 'E');
        QCOMPARE(parsed.last, 'L');
    }
    // The guide's own string comes out as written there.
    std::vector<int> guide(32, 2);
    guide.front() = 1;
    guide.back() = 0;
    QCOMPARE(megatronLayout(guide, 0), std::string("Et|(tt|)*30L"));
}

// Strings of the grammar's characters and counts, some huge: parsed or refused with a reason, never a
// crash, and never unrolled past the bound.
void TestMegatronLayout::randomStringsAreHarmless()
{
    std::mt19937 random(20261207);
    const std::string alphabet = "Etml|()*,0123456789x ";
    for (int trial = 0; trial < 20000; ++trial) {
        std::string text;
        const int length = int(random() % 24);
        for (int i = 0; i < length; ++i)
            text += alphabet[random() % alphabet.size()];
        const ParsedLayout parsed = parseMegatronLayout(text);
        QCOMPARE(parsed.problem.empty(), !parsed.chunks.empty());
        std::size_t characters = 0;
        for (const LayoutChunk& chunk : parsed.chunks)
            characters += std::size_t(chunk.embeddings + chunk.layers + chunk.mtpDepths + chunk.losses);
        QVERIFY(characters <= std::size_t(1) << 20);
    }
}

QTEST_GUILESS_MAIN(TestMegatronLayout)
#include "tst_megatronlayout.moc"
