// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/recordverb.h"

#include "base/jsonparse.h"
#include "base/units.h"
#include "cli/cli.h"
#include "cli/designflags.h"
#include "cli/textfile.h"
#include "cli/textreport.h"
#include "design/designio.h"
#include "evaluate.h"
#include "performance/recordcomparison.h"

#include <iomanip>

namespace cli {

using namespace core;

namespace {

std::optional<MeasuredRecord> readRecordFile(const std::string& path, std::ostream& err)
{
    const auto text = readText(path);
    if (!text) {
        err << "meshwright-cli: cannot read " << path << "\n";
        return std::nullopt;
    }
    RecordLoadResult loaded = loadRecord(*text);
    if (!loaded.record) {
        err << "meshwright-cli: " << path << " is not a readable record:\n";
        writeDiagnostics(err, loaded.diagnostics);
        return std::nullopt;
    }
    if (!loaded.diagnostics.empty())
        writeDiagnostics(err, loaded.diagnostics);
    return loaded.record;
}

void writeComparison(std::ostream& out, const MeasuredRecord& record, const RecordComparison& comparison)
{
    out << "Record \"" << (record.name.empty() ? std::string("unnamed") : record.name) << "\"";
    if (!record.date.empty())
        out << " (" << record.date << ")";
    out << "\n";
    const std::pair<const char*, const std::string*> identity[]{{"model    ", &record.identity.model},
                                                                {"code     ", &record.identity.code},
                                                                {"runtime  ", &record.identity.runtime},
                                                                {"topology ", &record.identity.topology}};
    for (const auto& [label, value] : identity)
        if (!value->empty())
            out << "  " << label << *value << "\n";
    for (const Diagnostic& warning : comparison.warnings)
        out << "  warning: " << warning.message() << "\n";
    out << "  " << std::left << std::setw(40) << "quantity" << std::setw(18) << "predicted" << std::setw(18)
        << "measured"
        << "difference\n";
    for (const RecordComparisonRow& row : comparison.rows)
        out << "  " << std::setw(40) << row.label << std::setw(18)
            << (row.predicted ? formatRecordValue(*row.predicted, row.unit) : std::string("-"))
            << std::setw(18) << formatRecordValue(*row.measured, row.unit) << formatRecordDifference(row)
            << "\n";
    if (record.parity && record.parity->withinTolerance)
        out << "  parity with " << record.parity->baseline << ": "
            << (*record.parity->withinTolerance ? "within tolerance" : "OUTSIDE tolerance") << "\n";
    out << std::right;
}

int compare(Arguments& args, std::ostream& out, std::ostream& err)
{
    DesignFlags flags;
    std::optional<std::string> recordPath;
    bool json = false;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json")
            json = true;
        else if (arg == "--record")
            recordPath = args.value(arg);
        else if (flags.consume(arg, args))
            continue;
        else if (!arg.starts_with("-") && !flags.file)
            flags.file = arg;
        else
            throw UsageError("record compare: unknown argument '" + arg + "'");
    }
    const BuiltDesign built = buildDesign(flags);
    if (!built.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, built.diagnostics);
        return kExitUsage;
    }
    std::vector<MeasuredRecord> records = built.design->records;
    if (recordPath) {
        const auto record = readRecordFile(*recordPath, err);
        if (!record)
            return kExitUsage;
        records.push_back(*record);
    }
    if (records.empty())
        throw UsageError("record compare: the design carries no records; give one with --record FILE.json");
    const Evaluation evaluation = evaluate(*built.design);
    Json list = Json::array();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const RecordComparison comparison = compareRecord(records[i], *built.design, evaluation);
        if (json) {
            list.push_back(recordComparisonToJson(records[i], comparison));
        } else {
            if (i > 0)
                out << "\n";
            writeComparison(out, records[i], comparison);
        }
    }
    if (json)
        out << jsonText(Json{{"format", "meshwright.recordComparison"},
                             {"version", 1},
                             {"design", built.design->name},
                             {"valid", evaluation.valid()},
                             {"records", std::move(list)}})
            << "\n";
    return evaluation.valid() ? kExitOk : kExitDesignErrors;
}

int add(Arguments& args, std::ostream& err)
{
    std::vector<std::string> positional;
    std::string output;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "-o" || arg == "--output")
            output = args.value(arg);
        else if (!arg.starts_with("-"))
            positional.push_back(arg);
        else
            throw UsageError("record add: unknown argument '" + arg + "'");
    }
    if (positional.size() != 2 || output.empty())
        throw UsageError("record add needs DESIGN.json RECORD.json -o OUT.json");
    const auto designText = readText(positional[0]);
    if (!designText) {
        err << "meshwright-cli: cannot read " << positional[0] << "\n";
        return kExitUsage;
    }
    LoadResult loaded = loadDesign(*designText);
    if (!loaded.design) {
        err << "meshwright-cli: the design cannot be read:\n";
        writeDiagnostics(err, loaded.diagnostics);
        return kExitUsage;
    }
    const auto record = readRecordFile(positional[1], err);
    if (!record)
        return kExitUsage;
    loaded.design->records.push_back(*record);
    if (const auto failure = writeAtomically(output, saveDesign(*loaded.design))) {
        err << "meshwright-cli: cannot write " << output << ": " << *failure << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

} // namespace

std::string recordHelp()
{
    return "  record compare [DESIGN.json] [FLAGS] [--record RECORD.json] [--json]\n"
           "      Every measured record of the design (and --record) beside the prediction, with the "
           "difference.\n"
           "  record add DESIGN.json RECORD.json -o OUT.json\n"
           "      The design with the record (a \"meshwright.record\" file) added to its records.\n";
}

int recordVerb(Arguments& args, std::ostream& out, std::ostream& err)
{
    if (args.atEnd())
        throw UsageError("record needs compare or add");
    const std::string action = args.next();
    if (action == "compare")
        return compare(args, out, err);
    if (action == "add")
        return add(args, err);
    throw UsageError("record: unknown action '" + action + "'; use compare or add");
}

} // namespace cli
