// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/reportverb.h"

#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textreport.h"
#include "evaluate.h"
#include "report/reportwriter.h"

#include <QApplication>
#include <QLocale>
#include <memory>

namespace cli {

using namespace core;

namespace {

// The report's figures are the application's views, so a QApplication; the report verb (and no other)
// makes one on the offscreen platform (no window, no display needed) unless the caller already runs one.
std::unique_ptr<QApplication> ensureGuiApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "meshwright-cli";
    static char* argv[] = {name, nullptr};
    auto application = std::make_unique<QApplication>(argc, argv);
    // The command line writes English (no translation is loaded), so its numbers are English too, whatever
    // the system's locale: the report takes them from the default QLocale.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    return application;
}

} // namespace

std::string reportHelp()
{
    return "  report [DESIGN.json] [FLAGS] [-o FILE.html|FILE.pdf]\n"
           "      The design report: summary, diagnostics, memory per pipeline stage, performance and the\n"
           "      frameworks that can launch it, and the figures of the cluster, the memory, the pipeline\n"
           "      and the scaling. HTML (figures inside) on stdout without -o.\n";
}

int reportVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    std::string output;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "-o" || arg == "--output")
            output = args.value(arg);
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("-") && !flags.file)
            flags.file = arg;
        else
            throw UsageError("report: unknown argument '" + arg + "'");
    }
    if (!output.empty() && !output.ends_with(".pdf") && !output.ends_with(".html")
        && !output.ends_with(".htm"))
        throw UsageError("report: -o needs a file ending in .pdf or .html, not '" + output + "'");
    BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    Evaluation evaluation = evaluate(*built.design);
    evaluation.diagnostics.insert(evaluation.diagnostics.begin(), built.diagnostics.begin(),
                                  built.diagnostics.end());
    sortDiagnostics(evaluation.diagnostics);
    const bool valid = evaluation.valid();
    const widgets::DesignSnapshot snapshot{std::make_shared<const Design>(std::move(*built.design)),
                                           std::make_shared<const Evaluation>(std::move(evaluation))};
    const auto application = ensureGuiApplication();
    QString error;
    if (!report::canDrawFigures(&error)) {
        err << "meshwright-cli: " << error.toStdString() << "\n";
        return kExitUsage;
    }
    if (output.empty()) {
        out << report::designReportHtml(snapshot).toStdString();
    } else if (!report::writeDesignReport(snapshot, {}, QString::fromStdString(output), &error)) {
        err << "meshwright-cli: " << error.toStdString() << "\n";
        return kExitUsage;
    }
    // The report is written either way; the exit code says whether the design is valid, as evaluate's does.
    return valid ? kExitOk : kExitDesignErrors;
}

} // namespace cli
