// SPDX-License-Identifier: GPL-3.0-or-later
// meshwright: the desktop application. `meshwright [DESIGN.json]` opens a design (or the default one);
// `meshwright --screenshot FILE [DESIGN.json]` renders the main window to a PNG and exits; `--tab NAME`
// opens on a view's tab (e.g. --tab collectives); `--learn VIEW [--step N] [--variant NAME]` shows a teaching
// view instead (strategies, mlp, context, experts, serving), NAME its variant (sp, contiguous, dropless).

#include "cluster/clusterpanel.h"
#include "window/language.h"
#include "window/learnwindow.h"
#include "teaching/lessonview.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <cstdio>

int main(int argc, char* argv[])
{
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Meshwright"));
    QApplication::setOrganizationName(QStringLiteral("Meshwright"));
    QApplication::setApplicationVersion(QStringLiteral(MESHWRIGHT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Design, check and teach how large language models are split across GPUs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the main window to a PNG file and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption language(QStringLiteral("language"),
                                      QStringLiteral("User interface language for this run: en or de."),
                                      QStringLiteral("LANG"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size for --screenshot, e.g. 1600x1000."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QStringLiteral("Open on this view's tab: ranks (the cluster), memory, timeline, collectives or performance, or a "
                       "tab's title."),
        QStringLiteral("NAME"));
    const QCommandLineOption group(
        QStringLiteral("group"),
        QStringLiteral("Colour the cluster canvas by this dimension: tp, pp, dp, cp or ep."),
        QStringLiteral("DIM"));
    const QCommandLineOption learn(
        QStringLiteral("learn"),
        QStringLiteral("Open a teaching view: strategies, mlp, context, experts or serving."),
        QStringLiteral("VIEW"));
    const QCommandLineOption step(QStringLiteral("step"),
                                  QStringLiteral("With --learn: show this step of the view (1 = the first)."),
                                  QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption variant(
        QStringLiteral("variant"),
        QStringLiteral("With --learn: show the view's variant: sp (mlp), contiguous (context) or dropless "
                       "(experts)."),
        QStringLiteral("NAME"));
    const QCommandLineOption present(
        QStringLiteral("present"),
        QStringLiteral("With --learn: presentation mode (large type, full screen)."));
    parser.addOptions({screenshot, language, size, tab, group, learn, step, variant, present});
    parser.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A design file (.json) to open."),
                                 QStringLiteral("[DESIGN.json]"));
    parser.process(application);

    app::Language languages;
    languages.applyStored(parser.value(language));
    app::MainWindow window(&languages);

    const QStringList positional = parser.positionalArguments();
    const bool screenshotMode = parser.isSet(screenshot);
    window.setInteractive(!screenshotMode);
    if (!positional.isEmpty() && !window.openFile(positional.front()) && screenshotMode) {
        std::fprintf(stderr, "meshwright: %s\n", qPrintable(window.lastError()));
        return 2;
    }

    if (parser.isSet(tab) && !window.showTab(parser.value(tab))) {
        std::fprintf(stderr, "meshwright: no tab named %s\n", qPrintable(parser.value(tab)));
        return 2;
    }
    if (parser.isSet(group)) {
        const auto dim = core::enumFromName<core::Dim>(parser.value(group).toLower().toStdString());
        if (dim)
            window.cluster()->setColorDimension(*dim);
    }

    if ((parser.isSet(step) || parser.isSet(variant) || parser.isSet(present)) && !parser.isSet(learn)) {
        std::fprintf(stderr, "meshwright: --step, --variant and --present need --learn VIEW\n");
        return 2;
    }
    app::LearnWindow* learnWindow = nullptr;
    if (parser.isSet(learn)) {
        learnWindow = window.learn();
        learnWindow->setSnapshot(window.document()->snapshot());
        if (!learnWindow->showView(parser.value(learn))) {
            std::fprintf(stderr, "meshwright: no teaching view named %s\n", qPrintable(parser.value(learn)));
            return 2;
        }
        if (parser.isSet(step)) {
            bool number = false;
            const int n = parser.value(step).toInt(&number);
            const int steps = learnWindow->currentLessonView()->stepCount();
            if (!number || n < 1 || n > steps) {
                std::fprintf(stderr, "meshwright: --step %s: the view %s has steps 1 to %d\n",
                             qPrintable(parser.value(step)), qPrintable(parser.value(learn)), steps);
                return 2;
            }
            learnWindow->currentLessonView()->setStep(n - 1);
        }
        QString error;
        if (parser.isSet(variant) && !learnWindow->showVariant(parser.value(variant), &error)) {
            std::fprintf(stderr, "meshwright: --variant %s: %s\n", qPrintable(parser.value(variant)),
                         qPrintable(error));
            return 2;
        }
        if (parser.isSet(present))
            learnWindow->setPresenting(true);
    }

    if (screenshotMode) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        const int width = wh.size() == 2 ? wh[0].toInt() : 1600;
        const int height = wh.size() == 2 ? wh[1].toInt() : 1000;
        QWidget* shown = learnWindow ? static_cast<QWidget*>(learnWindow) : &window;
        shown->resize(width > 0 ? width : 1600, height > 0 ? height : 1000);
        shown->show();
        int exitCode = 0;
        // Let the window lay itself out and paint once before grabbing it.
        QTimer::singleShot(200, &window, [&] {
            if (learnWindow) {
                if (!learnWindow->grab().save(parser.value(screenshot), "PNG")) {
                    std::fprintf(stderr, "meshwright: cannot write %s\n",
                                 qPrintable(parser.value(screenshot)));
                    exitCode = 2;
                }
            } else if (!window.saveScreenshot(parser.value(screenshot))) {
                std::fprintf(stderr, "meshwright: %s\n", qPrintable(window.lastError()));
                exitCode = 2;
            }
            QApplication::exit(exitCode);
        });
        return QApplication::exec() == 0 ? exitCode : 2;
    }
    window.show();
    if (learnWindow)
        learnWindow->show();
    return QApplication::exec();
}
