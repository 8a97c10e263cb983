// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/importverb.h"

#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textfile.h"
#include "cli/textreport.h"
#include "design/designio.h"
#include "launch/launchimport.h"

#include <filesystem>

namespace cli {

using namespace core;

std::string importHelp()
{
    std::string help = "  import --format ";
    help += enumNameList<LaunchFormat>();
    help += " FILE [--design DESIGN.json] [FLAGS] [-o OUT.json]\n"
            "      A launch configuration that runs (Megatron-LM arguments, torchtitan TOML, Accelerate\n"
            "      YAML, DeepSpeed JSON, vLLM or SGLang command) as a design on the base design's cluster;\n"
            "      the settings it does not use are listed on stderr. Exit 2 on bad input.\n";
    return help;
}

int importVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    std::optional<LaunchFormat> format;
    std::optional<std::string> launchFile;
    std::string output;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--format") {
            const std::string name = args.value(arg);
            format = enumFromName<LaunchFormat>(name);
            if (!format)
                throw UsageError("import: --format must be one of " + enumNameList<LaunchFormat>(", ")
                                 + ", not '" + name + "'");
        } else if (arg == "-o" || arg == "--out" || arg == "--output") {
            output = args.value(arg);
        } else if (arg == "--design") {
            flags.file = args.value(arg);
        } else if (flags.consume(arg, args)) {
            continue;
        } else if (!arg.starts_with("-") && !launchFile) {
            launchFile = arg;
        } else {
            throw UsageError("import: unknown argument '" + arg + "'");
        }
    }
    if (!launchFile)
        throw UsageError("import needs a launch file");
    const auto text = readText(*launchFile);
    if (!text) {
        err << "meshwright-cli: cannot read " << *launchFile << "\n";
        return kExitUsage;
    }
    if (!format)
        format = guessLaunchFormat(*launchFile, *text);
    if (!format)
        throw UsageError("import: " + *launchFile + " is empty; --format names what it should hold");
    const BuiltDesign base = buildDesign(flags);
    if (!base.design) {
        err << "meshwright-cli: the base design cannot be read:\n";
        writeDiagnostics(err, base.diagnostics);
        return kExitUsage;
    }
    const LaunchImport imported = importLaunch(*format, *text, *base.design);
    if (!imported.ok()) {
        err << "meshwright-cli: " << *launchFile << " cannot be imported:\n";
        writeDiagnostics(err, imported.diagnostics);
        return kExitUsage;
    }
    if (!imported.diagnostics.empty()) {
        err << *launchFile << ":\n";
        writeDiagnostics(err, imported.diagnostics);
    }
    if (!imported.unusedSettings.empty()) {
        err << "Not used from " << *launchFile << ":\n";
        for (const std::string& setting : imported.unusedSettings)
            err << "  " << setting << "\n";
    }
    // The saved design is the file's, not the base's: its name says where it came from and what it trains,
    // and its description what the base contributed (the GUI's import edits the open document instead).
    Design design = *imported.design;
    const std::string fileName = std::filesystem::path(*launchFile).filename().string();
    design.name = fileName + ": " + design.model.name;
    design.description = "Imported from " + fileName + " (" + std::string(enumName(*format))
        + "); what the file does not set comes from "
        + (base.design->name.empty() ? "the base design" : base.design->name) + ".";
    const std::string saved = saveDesign(design);
    if (output.empty()) {
        out << saved;
    } else if (const auto failure = writeAtomically(output, saved)) {
        err << "meshwright-cli: cannot write " << output << ": " << *failure << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

} // namespace cli
