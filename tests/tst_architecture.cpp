// SPDX-License-Identifier: GPL-3.0-or-later
// The architecture of docs/architecture.md, checked on the source tree: the layers' arrows point one way,
// the core's root holds only the composition, no stage sees the evaluation it is part of, rooms stay
// small, every folder is on the map, every source carries its licence, and comments cite what a reader
// can open (no "issue N", no private names for the reference article).

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

const QString kRoot = QStringLiteral(MESHWRIGHT_SOURCE_DIR);

struct SourceFile
{
    QString path; // relative to the repository
    QStringList lines;
};

// Every .h and .cpp below `folder` (relative to the repository).
QList<SourceFile> sources(const QString& folder)
{
    QList<SourceFile> out;
    QDirIterator it(kRoot + QLatin1Char('/') + folder, {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        out.append(
            {QDir(kRoot).relativeFilePath(path), QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))});
    }
    std::sort(out.begin(), out.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
    return out;
}

QList<SourceFile> productSources()
{
    return sources(QStringLiteral("core")) + sources(QStringLiteral("widgets"))
        + sources(QStringLiteral("app"));
}

// Functions longer than `limit` lines, as "file:line (n lines)". The code is clang-formatted, so a
// function body opens with "{" alone at column 0 below a signature that starts at column 0, and closes
// with "}" at column 0; class, struct, enum and namespace bodies are not functions.
QStringList longFunctions(const SourceFile& file, int limit)
{
    static const QRegularExpression notAFunction(
        QStringLiteral(R"(^(template\s*<.*>\s*)?(class|struct|enum|namespace|union)\b)"));
    QStringList out;
    int start = -1;
    for (int i = 0; i < file.lines.size(); ++i) {
        const QString& line = file.lines[i];
        if (line == QLatin1String("{") && start < 0) {
            int j = i - 1;
            while (
                j > 0
                && (file.lines[j].startsWith(QLatin1Char(' ')) || file.lines[j].startsWith(QLatin1Char(')'))))
                --j;
            start = j >= 0 && notAFunction.match(file.lines[j]).hasMatch() ? -2 : j;
        } else if (line.startsWith(QLatin1Char('}')) && start != -1) {
            if (start >= 0 && i - start + 1 > limit)
                out << QStringLiteral("%1:%2 (%3 lines)").arg(file.path).arg(start + 1).arg(i - start + 1);
            start = -1;
        }
    }
    return out;
}

// Each problem on a line of its own (QVERIFY2 cuts long messages), and their count for the failure.
QString report(const QStringList& problems)
{
    for (const QString& problem : problems)
        qWarning("%s", qPrintable(problem));
    return QString::number(problems.size()) + QStringLiteral(" problem(s), listed above");
}

} // namespace

class TestArchitecture : public QObject
{
    Q_OBJECT

private slots:
    void coreRootHoldsOnlyTheComposition();
    void noCoreHeaderIncludesTheEvaluation();
    void layersPointOneWay();
    void roomsAreSmall();
    void everyFolderIsOnTheMap();
    void everySourceCarriesItsLicence();
    void commentsCiteWhatAReaderCanOpen();
};

void TestArchitecture::coreRootHoldsOnlyTheComposition()
{
    const QStringList files = QDir(kRoot + QStringLiteral("/core")).entryList(QDir::Files);
    QCOMPARE(files,
             (QStringList{QStringLiteral("CMakeLists.txt"), QStringLiteral("evaluate.cpp"),
                          QStringLiteral("evaluate.h")}));
}

void TestArchitecture::noCoreHeaderIncludesTheEvaluation()
{
    QStringList problems;
    for (const SourceFile& file : sources(QStringLiteral("core")))
        if (file.path.endsWith(QLatin1String(".h"))
            && file.lines.contains(QStringLiteral("#include \"evaluate.h\"")))
            problems << file.path;
    QVERIFY2(problems.isEmpty(), qPrintable(report(problems)));
}

void TestArchitecture::layersPointOneWay()
{
    // A project include resolves in the file's own layer or the ones below it: the core includes only
    // the core (and no Qt), the views the core and the views, never the application.
    static const QRegularExpression include(QStringLiteral(R"(^#include ([<"])([^>"]+)[>"])"));
    const QList<std::pair<QString, QStringList>> layers{
        {QStringLiteral("core"), {QStringLiteral("core")}},
        {QStringLiteral("widgets"), {QStringLiteral("core"), QStringLiteral("widgets")}}};
    QStringList problems;
    for (const auto& [layer, below] : layers)
        for (const SourceFile& file : sources(layer))
            for (const QString& line : file.lines) {
                const QRegularExpressionMatch m = include.match(line);
                if (!m.hasMatch())
                    continue;
                const QString target = m.captured(2);
                if (m.captured(1) == QLatin1String("<")) {
                    if (layer == QLatin1String("core") && target.startsWith(QLatin1Char('Q')))
                        problems << file.path + QStringLiteral(": ") + line;
                    continue;
                }
                if (target.endsWith(QLatin1String(".moc")))
                    continue;
                const bool resolves = std::any_of(below.begin(), below.end(), [&](const QString& root) {
                    return QFile::exists(kRoot + QLatin1Char('/') + root + QLatin1Char('/') + target);
                });
                if (!resolves)
                    problems << file.path + QStringLiteral(": ") + line;
            }
    QVERIFY2(problems.isEmpty(), qPrintable(report(problems)));
}

void TestArchitecture::roomsAreSmall()
{
    QStringList problems;
    for (const SourceFile& file : productSources()) {
        if (file.lines.size() > 700)
            problems << QStringLiteral("%1 has %2 lines").arg(file.path).arg(file.lines.size());
        problems << longFunctions(file, 120);
    }
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("over 700 lines a file or 120 a function: ") + report(problems)));
}

void TestArchitecture::everyFolderIsOnTheMap()
{
    QFile map(kRoot + QStringLiteral("/docs/architecture.md"));
    QVERIFY(map.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(map.readAll());
    QStringList missing;
    for (const QString& layer : {QStringLiteral("core"), QStringLiteral("widgets"), QStringLiteral("app")})
        for (const QString& folder :
             QDir(kRoot + QLatin1Char('/') + layer).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (!text.contains(QLatin1Char('`') + folder + QStringLiteral("/`")))
                missing << layer + QLatin1Char('/') + folder;
    QVERIFY2(
        missing.isEmpty(),
        qPrintable(QStringLiteral("not in docs/architecture.md: ") + missing.join(QStringLiteral(", "))));
}

void TestArchitecture::everySourceCarriesItsLicence()
{
    QStringList problems;
    const QList<SourceFile> all = productSources() + sources(QStringLiteral("tests"));
    for (const SourceFile& file : all)
        if (file.lines.value(0) != QLatin1String("// SPDX-License-Identifier: GPL-3.0-or-later"))
            problems << file.path;
    QVERIFY2(problems.isEmpty(), qPrintable(report(problems)));
    QVERIFY(QFile::exists(kRoot + QStringLiteral("/LICENSE")));
}

void TestArchitecture::commentsCiteWhatAReaderCanOpen()
{
    // "issue 7", "the seed", "seed 2" point at things a reader of the repository cannot open; DESIGN.md,
    // STYLE.md and reference/ are not in it either. A public project's GitHub issue is a citation.
    static const QRegularExpression outside(
        QStringLiteral(
            R"((?<!GitHub )\bissues? #?\d|\bthe seed\b|\bseed('s)? \d|\bseed's\b|\bDESIGN\.md\b|\bSTYLE\.md\b|(?<![\w/])reference/)"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList problems;
    const QList<SourceFile> all = productSources() + sources(QStringLiteral("tests"));
    for (const SourceFile& file : all) {
        if (file.path.endsWith(QLatin1String("tst_architecture.cpp"))) // states the patterns
            continue;
        for (int i = 0; i < file.lines.size(); ++i)
            if (outside.match(file.lines[i]).hasMatch())
                problems
                    << QStringLiteral("%1:%2: %3").arg(file.path).arg(i + 1).arg(file.lines[i].trimmed());
    }
    QVERIFY2(problems.isEmpty(), qPrintable(report(problems)));
}

QTEST_GUILESS_MAIN(TestArchitecture)
#include "tst_architecture.moc"
