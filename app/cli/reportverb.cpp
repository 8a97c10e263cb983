#include "reportverb.h"

#include "cli.h"
#include "designflags.h"
#include "designreport.h"
#include "evaluate.h"
#include "reportpdf.h"
#include "textfile.h"
#include "textreport.h"

#include <QGuiApplication>
#include <memory>

namespace cli {

using namespace core;

namespace {

// A PDF needs fonts, so a QGuiApplication; the command line makes one on the offscreen platform (no window,
// no display needed) unless the caller already runs one.
std::unique_ptr<QGuiApplication> ensureGuiApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "meshwright-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

} // namespace

std::string reportHelp()
{
    return "  report [DESIGN.json] [FLAGS] [-o FILE.html|FILE.pdf]\n"
           "      The design report: summary, diagnostics, memory per pipeline stage, performance and the\n"
           "      frameworks that can launch it. HTML on stdout without -o.\n";
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
    const bool pdf = output.ends_with(".pdf");
    if (!output.empty() && !pdf && !output.ends_with(".html") && !output.ends_with(".htm"))
        throw UsageError("report: -o needs a file ending in .pdf or .html, not '" + output + "'");
    const BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    Evaluation evaluation = evaluate(*built.design);
    evaluation.diagnostics.insert(evaluation.diagnostics.begin(), built.diagnostics.begin(),
                                  built.diagnostics.end());
    sortDiagnostics(evaluation.diagnostics);
    const std::string html = designReportHtml(*built.design, evaluation);
    if (output.empty()) {
        out << html;
    } else if (!pdf) {
        if (!writeAtomically(output, html)) {
            err << "meshwright-cli: cannot write " << output << "\n";
            return kExitUsage;
        }
    } else {
        const auto application = ensureGuiApplication();
        QString error;
        if (!report::writeReportPdf(QString::fromStdString(html), {},
                                    QString::fromStdString(built.design->name),
                                    QString::fromStdString(output), &error)) {
            err << "meshwright-cli: " << error.toStdString() << "\n";
            return kExitUsage;
        }
    }
    // The report is written either way; the exit code says whether the design is valid, as evaluate's does.
    return evaluation.valid() ? kExitOk : kExitDesignErrors;
}

} // namespace cli
