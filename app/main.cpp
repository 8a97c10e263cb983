// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright: the desktop application. `meshwright [DESIGN.json]` opens a design (or the default one);
// `meshwright --screenshot FILE [DESIGN.json]` renders the main window to a PNG and exits; `--tab NAME`
// opens on a view's tab (e.g. --tab collectives); `--search` runs the mesh search first and opens on its
// results; `--learn VIEW [--step N] [--variant NAME]` shows a teaching view instead (strategies, mlp,
// context, experts, serving), NAME its variant (sp, contiguous, dropless); `--pin DESIGN` (repeatable) pins
// a design file or a built-in example on the Performance tab, beside which its candidates page is pictured.

#include "cluster/clusterpanel.h"
#include "performance/performancepanel.h"
#include "teaching/lessonview.h"
#include "window/language.h"
#include "window/learnwindow.h"
#include "window/mainwindow.h"
#include "window/pindesign.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <cstdio>

namespace {

// The command line's options, in the order --help lists them.
struct Options
{
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Render the main window to a PNG file and exit."),
                                  QStringLiteral("FILE")};
    QCommandLineOption language{QStringLiteral("language"),
                                QStringLiteral("User interface language for this run: en or de."),
                                QStringLiteral("LANG")};
    QCommandLineOption size{
        QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot, e.g. 1600x1000; at least 1024x640."),
        QStringLiteral("WxH"), QStringLiteral("1600x1000")};
    QCommandLineOption tab{QStringLiteral("tab"),
                           QStringLiteral("Open on this view's tab: ranks (the cluster), memory, timeline, "
                                          "collectives or performance, or a "
                                          "tab's title; VIEW:PAGE opens a page inside it, e.g. "
                                          "performance:search (candidates, search, scaling)."),
                           QStringLiteral("NAME")};
    QCommandLineOption group{
        QStringLiteral("group"),
        QStringLiteral("Colour the cluster canvas by this dimension: tp, pp, dp, cp or ep."),
        QStringLiteral("DIM")};
    QCommandLineOption learn{
        QStringLiteral("learn"),
        QStringLiteral("Open a teaching view: strategies, mlp, context, experts or serving."),
        QStringLiteral("VIEW")};
    QCommandLineOption step{QStringLiteral("step"),
                            QStringLiteral("With --learn: show this step of the view (1 = the first)."),
                            QStringLiteral("N"), QStringLiteral("1")};
    QCommandLineOption variant{
        QStringLiteral("variant"),
        QStringLiteral("With --learn: show the view's variant: sp (mlp), contiguous (context) or dropless "
                       "(experts)."),
        QStringLiteral("NAME")};
    QCommandLineOption search{
        QStringLiteral("search"),
        QStringLiteral("Run the mesh search of the design to completion first, and open on its results "
                       "(performance:search unless --tab names another).")};
    QCommandLineOption pin{
        QStringLiteral("pin"),
        QStringLiteral("Pin this design on the Performance tab (a design file, or a built-in example such as "
                       "seed-70b-32k-512gpu); repeatable, in order. Opens on performance:candidates unless "
                       "--tab names another."),
        QStringLiteral("DESIGN")};
    QCommandLineOption present{QStringLiteral("present"),
                               QStringLiteral("With --learn: presentation mode (large type, full screen).")};

    void addTo(QCommandLineParser& parser) const
    {
        parser.addOptions(
            {screenshot, language, size, tab, search, pin, group, learn, step, variant, present});
    }
};

// --learn and its --step, --variant and --present: the teaching view to show. Returns 0, or the exit code
// of a bad option; `learnWindow` stays null without --learn.
int openLearnView(const QCommandLineParser& parser, const Options& options, app::MainWindow& window,
                  app::LearnWindow*& learnWindow)
{
    if ((parser.isSet(options.step) || parser.isSet(options.variant) || parser.isSet(options.present))
        && !parser.isSet(options.learn)) {
        std::fprintf(stderr, "meshwright: --step, --variant and --present need --learn VIEW\n");
        return 2;
    }
    if (!parser.isSet(options.learn))
        return 0;
    learnWindow = window.learn();
    learnWindow->setSnapshot(window.document()->snapshot());
    if (!learnWindow->showView(parser.value(options.learn))) {
        std::fprintf(stderr, "meshwright: no teaching view named %s\n",
                     qPrintable(parser.value(options.learn)));
        return 2;
    }
    if (parser.isSet(options.step)) {
        bool number = false;
        const int n = parser.value(options.step).toInt(&number);
        const int steps = learnWindow->currentLessonView()->stepCount();
        if (!number || n < 1 || n > steps) {
            std::fprintf(stderr, "meshwright: --step %s: the view %s has steps 1 to %d\n",
                         qPrintable(parser.value(options.step)), qPrintable(parser.value(options.learn)),
                         steps);
            return 2;
        }
        learnWindow->currentLessonView()->setStep(n - 1);
    }
    QString error;
    if (parser.isSet(options.variant) && !learnWindow->showVariant(parser.value(options.variant), &error)) {
        std::fprintf(stderr, "meshwright: --variant %s: %s\n", qPrintable(parser.value(options.variant)),
                     qPrintable(error));
        return 2;
    }
    if (parser.isSet(options.present))
        learnWindow->setPresenting(true);
    return 0;
}

// --pin DESIGN…: each design pinned as a candidate on the Performance tab, so that a screenshot can show
// candidates side by side. Returns 0, or 2 for a design that is neither a readable file nor an example.
int pinDesigns(const QCommandLineParser& parser, const Options& options, app::MainWindow& window)
{
    const QStringList designs = parser.values(options.pin);
    for (const QString& name : designs) {
        QString error;
        const std::optional<core::Design> design = app::designToPin(name, &error);
        if (!design) {
            std::fprintf(stderr, "meshwright: --pin: %s\n", qPrintable(error));
            return 2;
        }
        window.performance()->pin(*design);
    }
    if (!designs.isEmpty() && !parser.isSet(options.tab))
        window.showTab(QStringLiteral("performance:candidates"));
    return 0;
}

// --screenshot: shows the window (or the teaching view) at --size, grabs it once it has painted, and exits.
int takeScreenshot(const QCommandLineParser& parser, const Options& options, app::MainWindow& window,
                   app::LearnWindow* learnWindow)
{
    const QStringList wh = parser.value(options.size).split(QLatin1Char('x'));
    const int width = wh.size() == 2 ? wh[0].toInt() : 1600;
    const int height = wh.size() == 2 ? wh[1].toInt() : 1000;
    QWidget* shown = learnWindow ? static_cast<QWidget*>(learnWindow) : &window;
    const QSize asked(width > 0 ? width : 1600, height > 0 ? height : 1000);
    shown->resize(asked);
    shown->show();
    // A window never gets smaller than its minimum: say so instead of silently grabbing another size.
    if (shown->size() != asked)
        std::fprintf(
            stderr,
            "meshwright: the window cannot be %d×%d (its minimum is %d×%d); the screenshot is %d×%d\n",
            asked.width(), asked.height(), shown->minimumSize().width(), shown->minimumSize().height(),
            shown->width(), shown->height());
    int exitCode = 0;
    const QString file = parser.value(options.screenshot);
    // Let the window lay itself out and paint once before grabbing it.
    QTimer::singleShot(200, &window, [&] {
        if (learnWindow) {
            if (!learnWindow->grab().save(file, "PNG")) {
                std::fprintf(stderr, "meshwright: cannot write %s\n", qPrintable(file));
                exitCode = 2;
            }
        } else if (!window.saveScreenshot(file)) {
            std::fprintf(stderr, "meshwright: %s\n", qPrintable(window.lastError()));
            exitCode = 2;
        }
        QApplication::exit(exitCode);
    });
    return QApplication::exec() == 0 ? exitCode : 2;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Meshwright"));
    QApplication::setOrganizationName(QStringLiteral("Meshwright"));
    QApplication::setApplicationVersion(QStringLiteral(MESHWRIGHT_VERSION));
    // The installed desktop entry's name (resources/desktop/), so that the desktop matches window and entry.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.meshwright.Meshwright"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Design, check and teach how large language models are split across GPUs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const Options options;
    options.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A design file (.json) to open."),
                                 QStringLiteral("[DESIGN.json]"));
    parser.process(application);

    app::Language languages;
    languages.applyStored(parser.value(options.language));
    app::MainWindow window(&languages);

    const QStringList positional = parser.positionalArguments();
    const bool screenshotMode = parser.isSet(options.screenshot);
    window.setInteractive(!screenshotMode);
    if (!positional.isEmpty() && !window.openFile(positional.front()) && screenshotMode) {
        std::fprintf(stderr, "meshwright: %s\n", qPrintable(window.lastError()));
        return 2;
    }
    if (parser.isSet(options.tab) && !window.showTab(parser.value(options.tab))) {
        std::fprintf(stderr, "meshwright: no tab named %s\n", qPrintable(parser.value(options.tab)));
        return 2;
    }
    // --search: the results page pictured with results, which a screenshot could not otherwise show.
    if (parser.isSet(options.search)) {
        if (!parser.isSet(options.tab))
            window.showTab(QStringLiteral("performance:search"));
        if (!window.performance()->searchToCompletion()) {
            std::fprintf(stderr, "meshwright: --search: there is no design to search\n");
            return 2;
        }
    }
    if (const int exitCode = pinDesigns(parser, options, window))
        return exitCode;
    if (parser.isSet(options.group)) {
        const auto dim = core::enumFromName<core::Dim>(parser.value(options.group).toLower().toStdString());
        if (dim)
            window.cluster()->setColorDimension(*dim);
    }

    app::LearnWindow* learnWindow = nullptr;
    if (const int exitCode = openLearnView(parser, options, window, learnWindow))
        return exitCode;
    if (screenshotMode)
        return takeScreenshot(parser, options, window, learnWindow);
    window.show();
    if (learnWindow)
        learnWindow->show();
    return QApplication::exec();
}
