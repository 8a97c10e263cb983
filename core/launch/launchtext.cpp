// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/launchtext.h"

#include "evaluate.h"
#include "launch/launchnotes.h"

#include <algorithm>
#include <map>

namespace core::launch {

LaunchContext makeContext(const Design& design, const Evaluation& evaluation)
{
    LaunchContext context{design, evaluation};
    context.world = evaluation.worldSize;
    context.microBatches = std::max<std::int64_t>(1, evaluation.microBatches);
    context.names = huggingFaceNames(design.model.preset);

    std::map<int, int> ranksOnNode; // node index → ranks
    for (const RankInfo& rank : evaluation.ranks)
        if (rank.nodeIndex >= 0)
            ++ranksOnNode[rank.nodeIndex];
    context.nodes = int(ranksOnNode.size());
    for (const auto& [node, count] : ranksOnNode) {
        context.processesPerNode = std::max(context.processesPerNode, count);
        context.fewestPerNode = context.fewestPerNode == 0 ? count : std::min(context.fewestPerNode, count);
    }
    context.evenNodes = context.fewestPerNode == context.processesPerNode;

    // torchrun numbers ranks node_rank × nproc_per_node + local_rank (torch.distributed.run docs), so the
    // design's ranks run where it places them only if rank r sits on the (r / nproc)-th node in use.
    std::map<int, int> position; // node index → its position among the used nodes
    for (const auto& [node, count] : ranksOnNode)
        position.emplace(node, int(position.size()));
    for (const RankInfo& rank : evaluation.ranks)
        if (rank.nodeIndex < 0 || context.processesPerNode == 0
            || position[rank.nodeIndex] != rank.rank / context.processesPerNode)
            context.nodeMajor = false;
    return context;
}

std::string number(std::int64_t value)
{
    return std::to_string(value);
}

std::string shellWord(std::string_view word)
{
    const bool plain = !word.empty()
        && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "0123456789-_./:=,+@%")
            == std::string_view::npos;
    if (plain)
        return std::string(word);
    const bool placeholder = word.starts_with("${") && word.find_first_of("\"'\\`") == std::string_view::npos;
    if (placeholder) {
        std::string out = "\"";
        out += word;
        out += '"';
        return out;
    }
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::string yamlScalar(std::string_view text)
{
    // Plain scalars that YAML would read as something else (a number, a boolean, null) or that hold an
    // indicator character get single quotes, in which only the quote itself is escaped (YAML 1.2 §7.3.2).
    static constexpr std::string_view kSpecial[]{"true", "false", "yes", "no", "on", "off", "null", "~",
                                                 "True", "False", "Yes", "No", "On", "Off", "Null", "NULL"};
    bool plain = !text.empty()
        && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-")
            == std::string_view::npos
        && text.front() != '-'
        && std::find(std::begin(kSpecial), std::end(kSpecial), text) == std::end(kSpecial)
        && text.find_first_not_of("0123456789.-") != std::string_view::npos;
    if (plain)
        return std::string(text);
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

void addNote(LaunchConfig& config, const DiagnosticKind& kind, std::string path,
             std::vector<std::string> args)
{
    args.insert(args.begin(), config.tool);
    config.notes.push_back(makeDiagnostic(kind, std::move(path), std::move(args)));
}

void noteMegatronOnlyFeatures(LaunchConfig& config, const Design& design)
{
    if (design.layout.activationOffloadLayers > 0)
        addNote(config, kActivationOffload, "/layout/activationOffloadLayers");
    if (design.workload.optimizerMoments != MomentDtype::Fp32)
        addNote(config, kOptimizerMoments, "/workload/optimizerMoments",
                {std::string(enumName(design.workload.optimizerMoments))});
    if (design.model.mtpLayers > 0)
        addNote(config, kMultiTokenPrediction, "/model/mtpLayers", {std::to_string(design.model.mtpLayers)});
}

std::vector<std::string> headerLines(const LaunchConfig& config, const LaunchContext& context,
                                     std::string_view what, const std::vector<std::string>& extra)
{
    std::vector<std::string> lines;
    std::string title;
    title += what;
    title += " for \"";
    title += context.design.name.empty() ? std::string("unnamed design") : context.design.name;
    title += '"';
    lines.push_back(std::move(title));
    std::string origin = "Written by Meshwright from the documented options of ";
    origin += config.tool;
    origin += ' ';
    origin += config.toolVersion;
    origin += '.';
    lines.push_back(std::move(origin));
    std::string layout = "Layout: ";
    layout += degreesSummary(context.design);
    layout += ", ";
    layout += number(context.world);
    layout += " ranks on ";
    layout += number(context.nodes);
    layout += context.nodes == 1 ? " node" : " nodes";
    layout += '.';
    lines.push_back(std::move(layout));
    lines.insert(lines.end(), extra.begin(), extra.end());
    if (config.notes.empty()) {
        lines.push_back("Everything the design sets is expressed.");
    } else {
        lines.push_back("Not expressed or approximated:");
        for (const Diagnostic& note : config.notes) {
            std::string line = "  - ";
            line += note.message();
            lines.push_back(std::move(line));
        }
    }
    return lines;
}

std::string commentBlock(const std::vector<std::string>& lines)
{
    // A line break inside a line (a design name can hold one) would end the comment and start a command.
    std::string out;
    for (const std::string& line : lines) {
        out += line.empty() ? "#" : "# ";
        for (char c : line)
            out += c == '\n' || c == '\r' ? ' ' : c;
        out += '\n';
    }
    return out;
}

ShellCommand& ShellCommand::flag(std::string name)
{
    m_lines.push_back(std::move(name));
    return *this;
}

ShellCommand& ShellCommand::flag(std::string name, std::string_view value)
{
    name += ' ';
    name += shellWord(value);
    m_lines.push_back(std::move(name));
    return *this;
}

ShellCommand& ShellCommand::flag(std::string name, std::int64_t value)
{
    return flag(std::move(name), number(value));
}

ShellCommand& ShellCommand::word(std::string_view value)
{
    m_lines.push_back(shellWord(value));
    return *this;
}

std::string ShellCommand::text() const
{
    std::string out = m_program;
    for (const std::string& line : m_lines) {
        out += " \\\n    ";
        out += line;
    }
    out += '\n';
    return out;
}

std::string layoutFieldsInUse(const ParallelLayout& layout, std::initializer_list<Dim> dims, bool zeroStage)
{
    std::string out;
    auto add = [&out](std::string_view field) {
        if (!out.empty())
            out += ", ";
        out += field;
    };
    for (Dim dim : dims)
        if (layout.degree(dim) > 1)
            add(enumName(dim));
    if (zeroStage && layout.zeroStage > 0)
        add("zeroStage");
    return out;
}

std::string orderOfActiveDims(const ParallelLayout& layout, const std::vector<Dim>& order)
{
    std::string out;
    for (Dim dim : order)
        if (layout.degree(dim) > 1) {
            if (!out.empty())
                out += '-';
            out += enumName(dim);
        }
    return out;
}

std::string degreesSummary(const Design& design)
{
    const ParallelLayout& layout = design.layout;
    std::string out;
    for (Dim dim : {Dim::Tp, Dim::Pp, Dim::Cp, Dim::Ep, Dim::Dp}) {
        if (!out.empty())
            out += ' ';
        std::string name(enumName(dim));
        std::transform(name.begin(), name.end(), name.begin(), [](char c) { return char(c - 'a' + 'A'); });
        out += name;
        out += '=';
        out += number(layout.degree(dim));
    }
    if (design.workload.mode == Mode::Training) {
        out += ", ZeRO-";
        out += number(layout.zeroStage);
    }
    return out;
}

} // namespace core::launch
