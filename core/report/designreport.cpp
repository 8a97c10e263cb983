// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/designreport.h"

#include "base/units.h"
#include "design/layoutarithmetic.h"
#include "design/validate.h"
#include "evaluate.h"
#include "framework/frameworkswitches.h"
#include "launch/launchconfig.h"
#include "performance/recordcomparison.h"
#include "pipeline/steptimeline.h"

#include <cmath>

namespace core {

namespace {

// Appends to one string piece by piece (GCC 12 warns falsely about "literal" + std::string chains).
class Html
{
public:
    Html& raw(std::string_view text)
    {
        m_text += text;
        return *this;
    }
    Html& text(const std::string& text)
    {
        m_text += htmlEscape(text);
        return *this;
    }
    Html& number(std::int64_t value)
    {
        m_text += std::to_string(value);
        return *this;
    }
    Html& section(const char* id, std::string_view title)
    {
        m_text += "<h2 id=\"";
        m_text += id;
        m_text += "\">";
        m_text += title;
        m_text += "</h2>\n";
        return *this;
    }
    Html& row(std::initializer_list<std::string> cells, bool heading = false)
    {
        return row(std::vector<std::string>(cells), heading);
    }
    Html& row(const std::vector<std::string>& cells, bool heading = false)
    {
        m_text += "<tr>";
        for (const std::string& cell : cells) {
            m_text += heading ? "<th>" : "<td>";
            m_text += htmlEscape(cell);
            m_text += heading ? "</th>" : "</td>";
        }
        m_text += "</tr>\n";
        return *this;
    }
    Html& tableStart(bool dense = false)
    {
        m_text += dense
            ? "<table class=\"dense\" border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">\n"
            : "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">\n";
        return *this;
    }
    Html& tableEnd()
    {
        m_text += "</table>\n";
        return *this;
    }
    std::string take() { return std::move(m_text); }

private:
    std::string m_text;
};

std::string count(std::int64_t value)
{
    return std::to_string(value);
}

std::string percent(double fraction)
{
    std::string out = formatNumber(100 * fraction);
    out += " %";
    return out;
}

// "4.54&nbsp;GB": a number never wraps away from its unit.
std::string bytesCell(double bytes)
{
    std::string out;
    for (char c : formatBytes(bytes)) {
        if (c == ' ')
            out += "&nbsp;";
        else
            out += c;
    }
    return out;
}

std::string gpuName(const Evaluation& evaluation, const std::string& id)
{
    const Catalog& catalog = evaluation.catalog ? *evaluation.catalog : Catalog::builtin();
    const GpuSpec* gpu = catalog.gpu(id);
    return gpu ? gpu->name : id;
}

void summary(Html& html, const Design& design, const Evaluation& e)
{
    const ParallelLayout& layout = design.layout;
    const Workload& w = design.workload;
    html.section("summary", "Design summary").tableStart();
    std::string model = design.model.name;
    model += ": ";
    model += formatCount(e.parameters.all.total());
    model += " parameters";
    if (design.model.moe.isMoe()) {
        model += ", ";
        model += formatCount(e.parameters.active.total());
        model += " active per token";
    }
    html.row({"Model", model});
    std::string cluster = count(std::int64_t(design.cluster.nodes.size()));
    cluster += " nodes, ";
    cluster += count(e.gpusInCluster);
    cluster += " GPUs (";
    cluster += count(e.gpusInService);
    cluster += " in service)";
    if (!design.cluster.nodes.empty() && !design.cluster.nodes.front().gpus.empty()) {
        cluster += ", ";
        cluster += gpuName(e, design.cluster.nodes.front().gpus.front().type);
    }
    html.row({"Cluster", cluster});
    std::string degrees = "world size ";
    degrees += count(layout.worldSize());
    degrees += " = ";
    degrees += worldSizeFormula(layout);
    degrees += "; order ";
    degrees += orderToString(layout.order);
    html.row({"Layout", degrees});
    html.row({"Sharding and schedule", layoutSettings(layout)});
    html.row({"Framework", frameworkSummary(design)});
    std::string workload;
    if (w.mode == Mode::Training) {
        workload = "training, sequence ";
        workload += count(w.sequenceLength);
        workload += ", global batch ";
        workload += count(w.globalBatch);
        workload += " (";
        workload += count(e.microBatches);
        workload += " micro-batches per pipeline), ";
        workload += enumName(w.precision);
        workload += ", ";
        workload += enumName(w.optimizer);
    } else {
        workload = "serving, ";
        workload += count(w.serving.concurrency);
        workload += " sequences of ";
        workload += count(w.serving.contextLength);
        workload += " tokens per replica, KV cache ";
        workload += enumName(w.serving.kvDtype);
    }
    html.row({"Workload", workload});
    html.row({"Verdict",
              e.valid() ? "valid" : e.failsOnlyInMemory() ? "does not fit in memory: it cannot run" : "has errors"});
    html.tableEnd();
}

void diagnostics(Html& html, const Evaluation& e)
{
    html.section("diagnostics", "Diagnostics");
    if (e.diagnostics.empty()) {
        html.raw("<p>None: every check passed.</p>\n");
        return;
    }
    html.tableStart().row({"Severity", "Code", "Field", "Message"}, true);
    for (const Diagnostic& d : e.diagnostics)
        html.row({std::string(enumName(d.severity)), d.code, d.path, d.message()});
    html.tableEnd();
}

void memory(Html& html, const Evaluation& e)
{
    html.section("memory", "Memory per pipeline stage");
    if (!e.memory) {
        html.raw("<p>Not computed: the model or the placement is not valid.</p>\n");
        return;
    }
    const MemoryReport& memory = *e.memory;
    const bool training = memory.mode == Mode::Training;
    const std::vector<MemoryCategory> columns = training
        ? std::vector<MemoryCategory>{MemoryCategory::Parameters, MemoryCategory::Gradients,
                                      MemoryCategory::Optimizer,  MemoryCategory::Activations,
                                      MemoryCategory::Temporary,  MemoryCategory::Communication,
                                      MemoryCategory::Reserve}
        : std::vector<MemoryCategory>{MemoryCategory::Parameters, MemoryCategory::KvCache,
                                      MemoryCategory::Workspace, MemoryCategory::Communication,
                                      MemoryCategory::Reserve};
    html.raw("<p>Bytes per GPU, one row per pipeline stage and GPU type (GB = 10<sup>9</sup> bytes).</p>\n")
        .tableStart(true)
        .raw("<tr><th>Stage</th><th>Ranks</th><th>Layers</th>");
    // The command line's short headings (textreport.cpp), so that twelve columns fit a portrait page.
    const char* headings[] = {"params", "grads", "optim", "activ", "kv", "work", "temp", "comm", "reserve"};
    for (MemoryCategory c : columns)
        html.raw("<th>").raw(headings[static_cast<int>(c)]).raw("</th>");
    html.raw("<th>Total</th><th>Capacity</th><th>Fits</th></tr>\n");
    for (const RankRole& role : memory.roles) {
        html.raw("<tr><td>")
            .number(role.ppRank)
            .raw("</td><td>")
            .number(std::int64_t(role.ranks.size()))
            .raw("</td><td>")
            .number(role.layers)
            .raw("</td>");
        for (MemoryCategory c : columns)
            html.raw("<td>").raw(bytesCell(role.figure(c).bytes)).raw("</td>");
        html.raw("<td>")
            .raw(bytesCell(role.totalBytes))
            .raw("</td><td>")
            .raw(bytesCell(role.capacityBytes))
            .raw("</td><td>")
            .raw(role.fits() ? "yes" : "<b>no</b>")
            .raw("</td></tr>\n");
    }
    html.tableEnd();
    html.raw("<p>Peak: rank ").number(memory.peakRank).raw(", ").text(formatBytes(memory.peakBytes));
    html.raw(memory.fits ? " — every rank fits.</p>\n" : " — <b>does not fit</b>.</p>\n");
}

void performance(Html& html, const Evaluation& e)
{
    html.section("performance", "Performance");
    if (e.serving) {
        const ServingPerformance& s = *e.serving;
        html.tableStart()
            .row({"Time to first token", formatSeconds(s.timeToFirstToken)})
            .row({"Inter-token latency", formatSeconds(s.interTokenLatency)})
            .row({"One request (prompt and output)", formatSeconds(s.requestSeconds)})
            .row({"Tokens per second, one replica", formatCount(s.replicaTokensPerSecond)})
            .row({"Tokens per second, the serving group", formatCount(s.groupTokensPerSecond)})
            .row({"Decode bound by", s.decodeMemoryBound ? std::string("memory") : std::string("compute")})
            .tableEnd();
        return;
    }
    if (!e.performance) {
        html.raw("<p>No step time: the design serves, has errors, or its pipeline is too large to "
                 "simulate.</p>\n");
        return;
    }
    const Performance& p = *e.performance;
    html.tableStart()
        .row({"Step time", formatSeconds(p.stepSeconds)})
        .row({"  pipeline (schedule makespan)", formatSeconds(p.pipelineSeconds)})
        .row({"  exposed data-parallel synchronisation", formatSeconds(p.dataParallelSeconds)})
        .row({"  optimizer step", formatSeconds(p.optimizerSeconds)})
        .row({"Tokens per second", formatCount(p.tokensPerSecond)})
        .row({"MFU", percent(p.mfu)})
        .row({"HFU", percent(p.hfu)})
        .row({"Pipeline bubble", percent(p.bubbleFraction)})
        .row({"Exposed all-reduce", formatSeconds(p.exposed.allReduce)})
        .row({"Exposed all-gather", formatSeconds(p.exposed.allGather)})
        .row({"Exposed reduce-scatter", formatSeconds(p.exposed.reduceScatter)})
        .row({"Exposed all-to-all", formatSeconds(p.exposed.allToAll)})
        .row({"Exposed point-to-point", formatSeconds(p.exposed.p2p)})
        .tableEnd();
    std::string efficiency = "Compute at ";
    efficiency += percent(p.computeEfficiency);
    efficiency += " of the GPUs' peak (the compute model's assumption).";
    html.raw("<p>").text(efficiency).raw("</p>\n");
}

// The pinned layouts side by side, the design itself first: what a design review compares.
void candidates(Html& html, const Design& design, const Evaluation& evaluation,
                const std::vector<ReportCandidate>& pinned)
{
    html.section("candidates", "Candidates side by side");
    if (pinned.empty()) {
        html.raw(
            "<p>No other layout pinned: pin candidates on the Performance tab to compare them here.</p>\n");
        return;
    }
    std::vector<ReportCandidate> all{{&design, &evaluation}};
    all.insert(all.end(), pinned.begin(), pinned.end());
    auto line = [&](const std::string& label, auto&& cell) {
        std::vector<std::string> cells{label};
        for (const ReportCandidate& c : all)
            cells.push_back(cell(*c.design, *c.evaluation));
        html.row(cells);
    };
    std::vector<std::string> header{""};
    for (const ReportCandidate& c : all)
        header.push_back(c.design->name);
    html.tableStart().row(header, true);
    line("Degrees", [](const Design& d, const Evaluation&) {
        std::string text;
        for (Dim dim : kAllDims) {
            text += text.empty() ? "" : " × ";
            text += enumName(dim);
            text += ' ';
            text += std::to_string(d.layout.degree(dim));
        }
        return text;
    });
    line("GPUs", [](const Design&, const Evaluation& e) { return std::to_string(e.gpusInService); });
    line("Peak memory", [](const Design&, const Evaluation& e) {
        if (!e.memory)
            return std::string("—");
        std::string text = formatBytes(e.memory->peakBytes);
        text += e.memory->fits ? " (fits)" : " (does not fit)";
        return text;
    });
    auto perf = [](auto&& figure) {
        return [figure](const Design&, const Evaluation& e) {
            return e.performance ? figure(*e.performance) : std::string("—");
        };
    };
    line("Step time", perf([](const Performance& p) { return formatSeconds(p.stepSeconds); }));
    line("Tokens per second", perf([](const Performance& p) { return formatCount(p.tokensPerSecond); }));
    line("MFU", perf([](const Performance& p) { return percent(p.mfu); }));
    line("Pipeline bubble", perf([](const Performance& p) { return percent(p.bubbleFraction); }));
    line("Exposed communication",
         perf([](const Performance& p) { return formatSeconds(p.exposed.total()); }));
    html.tableEnd();
}

void records(Html& html, const Design& design, const Evaluation& e)
{
    html.section("records", "Measured records");
    if (design.records.empty()) {
        html.raw("<p>None yet: meshwright-cli record add puts a run's measurements into the design, and they "
                 "appear here beside the prediction.</p>\n");
        return;
    }
    for (const MeasuredRecord& record : design.records) {
        std::string title = record.name.empty() ? std::string("Unnamed record") : record.name;
        if (!record.date.empty()) {
            title += " (";
            title += record.date;
            title += ')';
        }
        html.raw("<h3>").text(title).raw("</h3>\n");
        // Which run this was: the identity of model, code, runtime and topology (docs/measured-records.md).
        const std::pair<const char*, const std::string*> identity[]{{"Model", &record.identity.model},
                                                                    {"Code", &record.identity.code},
                                                                    {"Runtime", &record.identity.runtime},
                                                                    {"Topology", &record.identity.topology}};
        std::string lines;
        for (const auto& [label, value] : identity) {
            if (value->empty())
                continue;
            lines += lines.empty() ? "<b>" : "<br><b>";
            lines += label;
            lines += ":</b> ";
            lines += htmlEscape(*value);
        }
        if (!lines.empty())
            html.raw("<p>").raw(lines).raw("</p>\n");
        const RecordComparison comparison = compareRecord(record, design, e);
        for (const Diagnostic& warning : comparison.warnings)
            html.raw("<p><b>Warning:</b> ").text(warning.message()).raw("</p>\n");
        html.tableStart().row({"Quantity", "Predicted", "Measured", "Difference"}, true);
        for (const RecordComparisonRow& row : comparison.rows)
            html.row({row.label,
                      row.predicted ? formatRecordValue(*row.predicted, row.unit) : std::string("—"),
                      formatRecordValue(*row.measured, row.unit), formatRecordDifference(row)});
        html.tableEnd();
        if (record.parity && record.parity->withinTolerance) {
            std::string parity = "Parity with ";
            parity += record.parity->baseline;
            parity += *record.parity->withinTolerance ? ": within tolerance." : ": outside tolerance.";
            html.raw("<p>").text(parity).raw("</p>\n");
        }
    }
}

void launch(Html& html, const Design& design, const Evaluation& e)
{
    html.section("launch", "Launch configurations");
    html.raw(
            "<p>Which frameworks can run this split (meshwright-cli export --format NAME writes each).</p>\n")
        .tableStart()
        .row({"Framework", "Version", "Result", "Notes"}, true);
    for (LaunchTarget target : enumValues<LaunchTarget>()) {
        const LaunchConfig config = launchConfig(design, e, target);
        std::string notes;
        for (const Diagnostic& note : config.notes) {
            if (!notes.empty())
                notes += " ";
            notes += note.message();
        }
        html.row({config.tool, config.toolVersion,
                  config.ok() ? (config.notes.empty() ? "complete" : "with notes") : "cannot express",
                  notes});
    }
    html.tableEnd();
}

void figures(Html& html, const std::vector<ReportFigure>& figures)
{
    html.section("figures", "Figures");
    if (figures.empty()) {
        html.raw("<p>No figures were drawn for this report.</p>\n");
        return;
    }
    for (const ReportFigure& figure : figures) {
        html.raw("<p><img src=\"").text(figure.source).raw("\"");
        if (figure.widthPixels > 0)
            html.raw(" width=\"").number(figure.widthPixels).raw("\"");
        html.raw(" alt=\"").text(figure.caption).raw("\"><br>").text(figure.caption).raw("</p>\n");
    }
}

} // namespace

std::string htmlEscape(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string designReportHtml(const Design& design, const Evaluation& evaluation,
                             const std::vector<ReportFigure>& figureList,
                             const std::vector<ReportCandidate>& pinned)
{
    Html html;
    const std::string title = design.name.empty() ? std::string("Untitled design") : design.name;
    html.raw("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
        .text(title)
        // A dense table (the memory table's twelve columns) in a smaller type that does not wrap, so that a
        // number never breaks inside itself on a portrait page (reportpdf.cpp prints it with QTextDocument).
        .raw(
            "</title>\n<style>table.dense td, table.dense th { font-size: 7pt; white-space: nowrap; }</style>"
            "</head>\n<body>\n<h1>")
        .text(title)
        .raw("</h1>\n");
    if (!design.description.empty())
        html.raw("<p>").text(design.description).raw("</p>\n");
    html.raw("<p><i>Design report written by Meshwright. Every figure comes from its model of memory, "
             "communication and compute; measured runs can differ.</i></p>\n");
    summary(html, design, evaluation);
    diagnostics(html, evaluation);
    memory(html, evaluation);
    performance(html, evaluation);
    candidates(html, design, evaluation, pinned);
    records(html, design, evaluation);
    launch(html, design, evaluation);
    figures(html, figureList);
    html.raw("</body></html>\n");
    return html.take();
}

} // namespace core
