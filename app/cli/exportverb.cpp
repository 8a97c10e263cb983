// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/exportverb.h"

#include "cli/cli.h"
#include "cli/designflags.h"
#include "evaluate.h"
#include "launch/launchconfig.h"
#include "cli/textfile.h"
#include "cli/textreport.h"

namespace cli {

using namespace core;

std::string exportHelp()
{
    std::string help = "  export --format ";
    help += enumNameList<LaunchTarget>();
    help
        += " [DESIGN.json] [FLAGS] [-o FILE]\n"
           "      The design's launch configuration for a framework: torchrun command, Accelerate FSDP2 "
           "YAML,\n"
           "      DeepSpeed JSON, Megatron-LM arguments, vLLM or SGLang serving command. What the framework\n"
           "      cannot express is listed in the text and on stderr; exit 1 when nothing can be written.\n";
    return help;
}

int exportVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    std::optional<LaunchTarget> target;
    std::string output;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--format") {
            const std::string name = args.value(arg);
            target = enumFromName<LaunchTarget>(name);
            if (!target) {
                std::string message = "export: --format must be one of ";
                message += enumNameList<LaunchTarget>(", ");
                message += ", not '";
                message += name;
                message += "'";
                throw UsageError(message);
            }
        } else if (arg == "-o" || arg == "--output") {
            output = args.value(arg);
        } else if (flags.consume(arg, args)) {
            continue;
        } else if (!arg.starts_with("-") && !flags.file) {
            flags.file = arg;
        } else {
            throw UsageError("export: unknown argument '" + arg + "'");
        }
    }
    if (!target) {
        std::string message = "export needs --format ";
        message += enumNameList<LaunchTarget>();
        throw UsageError(message);
    }
    const BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    const Evaluation evaluation = evaluate(*built.design);
    const LaunchConfig config = launchConfig(*built.design, evaluation, *target);
    if (!config.ok()) {
        err << "meshwright-cli: no " << config.tool << " configuration for this design:\n";
        writeDiagnostics(err, config.notes);
        if (!evaluation.valid())
            writeDiagnostics(err, evaluation.diagnostics);
        return kExitDesignErrors;
    }
    if (!config.notes.empty()) {
        err << "Not expressed in the " << config.tool << " configuration:\n";
        writeDiagnostics(err, config.notes);
    }
    if (output.empty()) {
        out << config.text;
    } else if (const auto failure = writeAtomically(output, config.text)) {
        err << "meshwright-cli: cannot write " << output << ": " << *failure << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

} // namespace cli
