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
#include "report/reportlanguage.h"

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
    Html& section(const char* id, const std::string& title)
    {
        m_text += "<h2 id=\"";
        m_text += id;
        m_text += "\">";
        m_text += htmlEscape(title);
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

// "4.54&nbsp;GB": a number never wraps away from its unit.
std::string bytesCell(const ReportLanguage& l, double bytes)
{
    std::string out;
    for (char c : l.bytes(bytes)) {
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

// "ZeRO-1, sequence parallel, schedule 1F1B, selective recomputation, micro-batch 1" (core's layoutSettings
// in the report's language).
std::string layoutText(const ReportLanguage& l, const ParallelLayout& layout)
{
    std::string text = "ZeRO-";
    text += std::to_string(layout.zeroStage);
    if (layout.sequenceParallel)
        text += l.text(MW_TR_NOOP("Report", ", sequence parallel"));
    if (layout.tpOverlapInEffect())
        text += l.text(MW_TR_NOOP("Report", ", TP overlap"));
    text += l.fill(MW_TR_NOOP("Report", ", schedule %1"), {l.scheduleName(layout.schedule)});
    if (layout.virtualStages > 1)
        text += l.counted(MW_TR_N_NOOP("Report", " × %n virtual stage(s)"), layout.virtualStages);
    text += ", ";
    text += l.recomputeName(layout.recompute);
    if (layout.recomputesSomeLayers())
        text += l.counted(MW_TR_N_NOOP("Report", " of the first %n layer(s) of each chunk"),
                          layout.recomputeLayers);
    text += l.fill(MW_TR_NOOP("Report", ", micro-batch %1"), {l.integer(layout.microBatch)});
    return text;
}

// The framework and its switches (core's frameworkSummary): the switches keep their configuration keys.
std::string frameworkText(const ReportLanguage& l, const Design& design)
{
    std::string text = frameworkProfile(design).name;
    if (design.layout.framework == Framework::Auto)
        text += l.text(MW_TR_NOOP("Report", " (auto)"));
    if (design.workload.mode != Mode::Training)
        return text;
    std::string switches;
    for (Switch s : kAllSwitches) {
        if (!switchApplies(design, s))
            continue;
        switches += switches.empty() ? "" : ", ";
        switches
            += l.fill(switchOn(design, s) ? MW_TR_NOOP("Report", "%1 on") : MW_TR_NOOP("Report", "%1 off"),
                      {std::string(switchKey(s))});
        if ((design.layout.*switchMember(s)).has_value())
            switches += l.text(MW_TR_NOOP("Report", " (set)"));
    }
    if (!switches.empty()) {
        text += ": ";
        text += switches;
    }
    return text;
}

std::string workloadText(const ReportLanguage& l, const Workload& w, const Evaluation& e)
{
    if (w.mode == Mode::Training)
        return l.fill(
            MW_TR_NOOP("Report",
                       "training, sequence %1, global batch %2 (%3 micro-batches per pipeline), %4, %5"),
            {l.integer(w.sequenceLength), l.integer(w.globalBatch), l.integer(e.microBatches),
             precisionText(w), std::string(enumName(w.optimizer))});
    return l.fill(MW_TR_NOOP("Report", "serving, %1 of %2 tokens per replica, KV cache %3"),
                  {l.counted(MW_TR_N_NOOP("Report", "%n sequence(s)"), w.serving.concurrency),
                   l.integer(w.serving.contextLength), std::string(enumName(w.serving.kvDtype))});
}

void summary(Html& html, const ReportLanguage& l, const Design& design, const Evaluation& e)
{
    const ParallelLayout& layout = design.layout;
    html.section("summary", l.text(MW_TR_NOOP("Report", "Design summary"))).tableStart();
    std::string model = design.model.name;
    model += ": ";
    model += l.fill(MW_TR_NOOP("Report", "%1 parameters"), {l.count(e.parameters.all.total())});
    if (design.model.moe.isMoe())
        model
            += l.fill(MW_TR_NOOP("Report", ", %1 active per token"), {l.count(e.parameters.active.total())});
    html.row({l.text(MW_TR_NOOP("Report", "Model")), model});
    std::string cluster = l.fill(
        MW_TR_NOOP("Report", "%1, %2 (%3 in service)"),
        {l.counted(MW_TR_N_NOOP("Report", "%n node(s)"), std::int64_t(design.cluster.nodes.size())),
         l.counted(MW_TR_N_NOOP("Report", "%n GPU(s)"), e.gpusInCluster), l.integer(e.gpusInService)});
    if (!design.cluster.nodes.empty() && !design.cluster.nodes.front().gpus.empty()) {
        cluster += ", ";
        cluster += gpuName(e, design.cluster.nodes.front().gpus.front().type);
    }
    html.row({l.text(MW_TR_NOOP("Report", "Cluster")), cluster});
    html.row(
        {l.text(MW_TR_NOOP("Report", "Layout")),
         l.fill(MW_TR_NOOP("Report", "world size %1 = %2; order %3"),
                {l.integer(layout.worldSize()), worldSizeFormula(layout), orderToString(layout.order)})});
    html.row({l.text(MW_TR_NOOP("Report", "Sharding and schedule")), layoutText(l, layout)});
    html.row({l.text(MW_TR_NOOP("Report", "Framework")), frameworkText(l, design)});
    html.row({l.text(MW_TR_NOOP("Report", "Workload")), workloadText(l, design.workload, e)});
    html.row({l.text(MW_TR_NOOP("Report", "Verdict")),
              e.valid() ? l.text(MW_TR_NOOP("Report", "valid"))
                  : e.failsOnlyInMemory()
                  ? l.text(MW_TR_NOOP("Report", "does not fit in memory: it cannot run"))
                  : l.text(MW_TR_NOOP("Report", "has errors"))});
    html.tableEnd();
}

void diagnostics(Html& html, const ReportLanguage& l, const Evaluation& e)
{
    html.section("diagnostics", l.text(MW_TR_NOOP("Report", "Diagnostics")));
    if (e.diagnostics.empty()) {
        html.raw("<p>").text(l.text(MW_TR_NOOP("Report", "None: every check passed."))).raw("</p>\n");
        return;
    }
    html.tableStart().row({l.text(MW_TR_NOOP("Report", "Severity")), l.text(MW_TR_NOOP("Report", "Code")),
                           l.text(MW_TR_NOOP("Report", "Field")), l.text(MW_TR_NOOP("Report", "Message"))},
                          true);
    for (const Diagnostic& d : e.diagnostics)
        html.row({l.severity(d.severity), d.code, d.path, l.diagnostic(d)});
    html.tableEnd();
}

// The command line's short headings (textreport.cpp), so that twelve columns fit a portrait page.
std::string memoryHeading(const ReportLanguage& l, MemoryCategory category)
{
    switch (category) {
    case MemoryCategory::Parameters:
        return l.text(MW_TR_NOOP("Report", "params"));
    case MemoryCategory::Gradients:
        return l.text(MW_TR_NOOP("Report", "grads"));
    case MemoryCategory::Optimizer:
        return l.text(MW_TR_NOOP("Report", "optim"));
    case MemoryCategory::Activations:
        return l.text(MW_TR_NOOP("Report", "activ"));
    case MemoryCategory::KvCache:
        return l.text(MW_TR_NOOP("Report", "kv"));
    case MemoryCategory::Workspace:
        return l.text(MW_TR_NOOP("Report", "work"));
    case MemoryCategory::Temporary:
        return l.text(MW_TR_NOOP("Report", "temp"));
    case MemoryCategory::Communication:
        return l.text(MW_TR_NOOP("Report", "comm"));
    case MemoryCategory::Reserve:
        return l.text(MW_TR_NOOP("Report", "reserve"));
    }
    return {};
}

void memory(Html& html, const ReportLanguage& l, const Evaluation& e)
{
    html.section("memory", l.text(MW_TR_NOOP("Report", "Memory per pipeline stage")));
    if (!e.memory) {
        html.raw("<p>")
            .text(l.text(MW_TR_NOOP("Report", "Not computed: the model or the placement is not valid.")))
            .raw("</p>\n");
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
    html.raw("<p>")
        .raw(l.text(MW_TR_NOOP("Report",
                               "Bytes per GPU, one row per pipeline stage and GPU type (GB = "
                               "10<sup>9</sup> bytes).")))
        .raw("</p>\n")
        .tableStart(true)
        .raw("<tr>");
    std::vector<std::string> headings{l.text(MW_TR_NOOP("Report", "Stage")),
                                      l.text(MW_TR_NOOP("Report", "Ranks")),
                                      l.text(MW_TR_NOOP("Report", "Layers"))};
    for (MemoryCategory c : columns)
        headings.push_back(memoryHeading(l, c));
    for (const char* heading :
         {MW_TR_NOOP("Report", "Total"), MW_TR_NOOP("Report", "Capacity"), MW_TR_NOOP("Report", "Fits")})
        headings.push_back(l.text(heading));
    for (const std::string& heading : headings)
        html.raw("<th>").text(heading).raw("</th>");
    html.raw("</tr>\n");
    for (const RankRole& role : memory.roles) {
        html.raw("<tr><td>")
            .text(l.integer(role.ppRank))
            .raw("</td><td>")
            .text(l.integer(std::int64_t(role.ranks.size())))
            .raw("</td><td>")
            .text(l.integer(role.layers))
            .raw("</td>");
        for (MemoryCategory c : columns)
            html.raw("<td>").raw(bytesCell(l, role.figure(c).bytes)).raw("</td>");
        html.raw("<td>")
            .raw(bytesCell(l, role.totalBytes))
            .raw("</td><td>")
            .raw(bytesCell(l, role.capacityBytes));
        html.raw("</td><td>");
        if (role.fits())
            html.text(l.text(MW_TR_NOOP("Report", "yes")));
        else if (role.tight())
            html.raw("<b>").text(l.text(MW_TR_NOOP("Report", "tight"))).raw("</b>");
        else
            html.raw("<b>").text(l.text(MW_TR_NOOP("Report", "no"))).raw("</b>");
        html.raw("</td></tr>\n");
    }
    html.tableEnd();
    html.raw("<p>")
        .raw(l.fill(memory.fits ? MW_TR_NOOP("Report", "Peak: rank %1, %2 — every rank fits.")
                        : memory.tight
                        ? MW_TR_NOOP("Report",
                                     "Peak: rank %1, %2 — <b>tight</b>: it fits only if the allocator "
                                     "fragments less than the reserve assumes.")
                        : MW_TR_NOOP("Report", "Peak: rank %1, %2 — <b>does not fit</b>."),
                    {l.integer(memory.peakRank), l.bytes(memory.peakBytes)}))
        .raw("</p>\n");
}

void servingPerformance(Html& html, const ReportLanguage& l, const ServingPerformance& s)
{
    html.tableStart()
        .row({l.text(MW_TR_NOOP("Report", "Time to first token")), l.seconds(s.timeToFirstToken)})
        .row({l.text(MW_TR_NOOP("Report", "Inter-token latency")), l.seconds(s.interTokenLatency)})
        .row({l.text(MW_TR_NOOP("Report", "One request (prompt and output)")), l.seconds(s.requestSeconds)})
        .row({l.text(MW_TR_NOOP("Report", "Tokens per second, one replica")),
              l.count(s.replicaTokensPerSecond)})
        .row({l.text(MW_TR_NOOP("Report", "Tokens per second, the serving group")),
              l.count(s.groupTokensPerSecond)})
        .row({l.text(MW_TR_NOOP("Report", "Decode bound by")),
              s.decodeMemoryBound ? l.text(MW_TR_NOOP("Report", "memory"))
                                  : l.text(MW_TR_NOOP("Report", "compute"))})
        .tableEnd();
}

void performance(Html& html, const ReportLanguage& l, const Evaluation& e)
{
    html.section("performance", l.text(MW_TR_NOOP("Report", "Performance")));
    if (e.serving) {
        servingPerformance(html, l, *e.serving);
        return;
    }
    if (!e.performance) {
        html.raw("<p>")
            .text(l.text(MW_TR_NOOP("Report",
                                    "No step time: the design serves, has errors, or its pipeline is too "
                                    "large to simulate.")))
            .raw("</p>\n");
        return;
    }
    const Performance& p = *e.performance;
    html.tableStart()
        .row({l.text(MW_TR_NOOP("Report", "Step time")), l.seconds(p.stepSeconds)})
        .row({l.text(MW_TR_NOOP("Report", "  pipeline (schedule makespan)")), l.seconds(p.pipelineSeconds)})
        .row({l.text(MW_TR_NOOP("Report", "  exposed data-parallel synchronisation")),
              l.seconds(p.dataParallelSeconds)})
        .row({l.text(MW_TR_NOOP("Report", "  optimizer step")), l.seconds(p.optimizerSeconds)})
        .row({l.text(MW_TR_NOOP("Report", "Tokens per second")), l.count(p.tokensPerSecond)})
        .row({"MFU", l.percent(p.mfu)})
        .row({"HFU", l.percent(p.hfu)})
        .row({l.text(MW_TR_NOOP("Report", "Pipeline bubble")), l.percent(p.bubbleFraction)})
        .row({l.text(MW_TR_NOOP("Report", "Exposed all-reduce")), l.seconds(p.exposed.allReduce)})
        .row({l.text(MW_TR_NOOP("Report", "Exposed all-gather")), l.seconds(p.exposed.allGather)})
        .row({l.text(MW_TR_NOOP("Report", "Exposed reduce-scatter")), l.seconds(p.exposed.reduceScatter)})
        .row({l.text(MW_TR_NOOP("Report", "Exposed all-to-all")), l.seconds(p.exposed.allToAll)})
        .row({l.text(MW_TR_NOOP("Report", "Exposed point-to-point")), l.seconds(p.exposed.p2p)})
        .tableEnd();
    html.raw("<p>")
        .text(
            l.fill(MW_TR_NOOP("Report", "Compute at %1 of the GPUs' peak (the compute model's assumption)."),
                   {l.percent(p.computeEfficiency)}))
        .raw("</p>\n");
}

// The pinned layouts side by side, the design itself first: what a design review compares.
void candidates(Html& html, const ReportLanguage& l, const Design& design, const Evaluation& evaluation,
                const std::vector<ReportCandidate>& pinned)
{
    html.section("candidates", l.text(MW_TR_NOOP("Report", "Candidates side by side")));
    if (pinned.empty()) {
        html.raw("<p>")
            .text(l.text(MW_TR_NOOP(
                "Report",
                "No other layout pinned: pin candidates on the Performance tab to compare them here.")))
            .raw("</p>\n");
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
    line(l.text(MW_TR_NOOP("Report", "Degrees")), [&](const Design& d, const Evaluation&) {
        std::string text;
        for (Dim dim : kAllDims) {
            text += text.empty() ? "" : " × ";
            text += enumName(dim);
            text += ' ';
            text += l.integer(d.layout.degree(dim));
        }
        return text;
    });
    line(l.text(MW_TR_NOOP("Report", "GPUs")),
         [&](const Design&, const Evaluation& e) { return l.integer(e.gpusInService); });
    line(l.text(MW_TR_NOOP("Report", "Peak memory")), [&](const Design&, const Evaluation& e) {
        if (!e.memory)
            return std::string("—");
        return l.fill(e.memory->fits ? MW_TR_NOOP("Report", "%1 (fits)")
                                     : MW_TR_NOOP("Report", "%1 (does not fit)"),
                      {l.bytes(e.memory->peakBytes)});
    });
    auto perf = [](auto&& figure) {
        return [figure](const Design&, const Evaluation& e) {
            return e.performance ? figure(*e.performance) : std::string("—");
        };
    };
    line(l.text(MW_TR_NOOP("Report", "Step time")),
         perf([&](const Performance& p) { return l.seconds(p.stepSeconds); }));
    line(l.text(MW_TR_NOOP("Report", "Tokens per second")),
         perf([&](const Performance& p) { return l.count(p.tokensPerSecond); }));
    line("MFU", perf([&](const Performance& p) { return l.percent(p.mfu); }));
    line(l.text(MW_TR_NOOP("Report", "Pipeline bubble")),
         perf([&](const Performance& p) { return l.percent(p.bubbleFraction); }));
    line(l.text(MW_TR_NOOP("Report", "Exposed communication")),
         perf([&](const Performance& p) { return l.seconds(p.exposed.total()); }));
    html.tableEnd();
}

void record(Html& html, const ReportLanguage& l, const MeasuredRecord& record, const Design& design,
            const Evaluation& e)
{
    html.raw("<h3>").text(l.recordTitle(record)).raw("</h3>\n");
    // Which run this was: the identity of model, code, runtime and topology (docs/measured-records.md).
    const std::pair<const char*, const std::string*> identity[]{
        {MW_TR_NOOP("Report", "Model"), &record.identity.model},
        {MW_TR_NOOP("Report", "Code"), &record.identity.code},
        {MW_TR_NOOP("Report", "Runtime"), &record.identity.runtime},
        {MW_TR_NOOP("Report", "Topology"), &record.identity.topology}};
    std::string lines;
    for (const auto& [label, value] : identity) {
        if (value->empty())
            continue;
        lines += lines.empty() ? "<b>" : "<br><b>";
        lines += htmlEscape(l.text(label));
        lines += ":</b> ";
        lines += htmlEscape(*value);
    }
    if (!lines.empty())
        html.raw("<p>").raw(lines).raw("</p>\n");
    const RecordComparison comparison = compareRecord(record, design, e);
    for (const Diagnostic& warning : comparison.warnings)
        html.raw("<p><b>")
            .text(l.text(MW_TR_NOOP("Report", "Warning:")))
            .raw("</b> ")
            .text(l.diagnostic(warning))
            .raw("</p>\n");
    html.tableStart().row(
        {l.text(MW_TR_NOOP("Report", "Quantity")), l.text(MW_TR_NOOP("Report", "Predicted")),
         l.text(MW_TR_NOOP("Report", "Measured")), l.text(MW_TR_NOOP("Report", "Difference"))},
        true);
    for (const RecordComparisonRow& row : comparison.rows)
        html.row({l.recordQuantity(row),
                  row.predicted ? l.recordValue(*row.predicted, row.unit) : std::string("—"),
                  l.recordValue(*row.measured, row.unit), l.recordDifference(row)});
    html.tableEnd();
    if (record.parity && record.parity->withinTolerance)
        html.raw("<p>")
            .text(l.fill(*record.parity->withinTolerance
                             ? MW_TR_NOOP("Report", "Parity with %1: within tolerance.")
                             : MW_TR_NOOP("Report", "Parity with %1: outside tolerance."),
                         {record.parity->baseline}))
            .raw("</p>\n");
}

void records(Html& html, const ReportLanguage& l, const Design& design, const Evaluation& e)
{
    html.section("records", l.text(MW_TR_NOOP("Report", "Measured records")));
    if (design.records.empty()) {
        html.raw("<p>")
            .text(l.text(MW_TR_NOOP("Report",
                                    "None yet: meshwright-cli record add puts a run's measurements into "
                                    "the design, and they appear here beside the prediction.")))
            .raw("</p>\n");
        return;
    }
    for (const MeasuredRecord& r : design.records)
        record(html, l, r, design, e);
}

void launch(Html& html, const ReportLanguage& l, const Design& design, const Evaluation& e)
{
    html.section("launch", l.text(MW_TR_NOOP("Report", "Launch configurations")));
    html.raw("<p>")
        .text(l.text(MW_TR_NOOP(
            "Report",
            "Which frameworks can run this split (meshwright-cli export --format NAME writes each).")))
        .raw("</p>\n")
        .tableStart()
        .row({l.text(MW_TR_NOOP("Report", "Framework")), l.text(MW_TR_NOOP("Report", "Version")),
              l.text(MW_TR_NOOP("Report", "Result")), l.text(MW_TR_NOOP("Report", "Notes"))},
             true);
    for (LaunchTarget target : enumValues<LaunchTarget>()) {
        const LaunchConfig config = launchConfig(design, e, target);
        std::string notes;
        for (const Diagnostic& note : config.notes) {
            if (!notes.empty())
                notes += " ";
            notes += l.diagnostic(note);
        }
        html.row({config.tool, config.toolVersion,
                  config.ok() ? (config.notes.empty() ? l.text(MW_TR_NOOP("Report", "complete"))
                                                      : l.text(MW_TR_NOOP("Report", "with notes")))
                              : l.text(MW_TR_NOOP("Report", "cannot express")),
                  notes});
    }
    html.tableEnd();
}

void figures(Html& html, const ReportLanguage& l, const std::vector<ReportFigure>& figures)
{
    html.section("figures", l.text(MW_TR_NOOP("Report", "Figures")));
    if (figures.empty()) {
        html.raw("<p>")
            .text(l.text(MW_TR_NOOP("Report", "No figures were drawn for this report.")))
            .raw("</p>\n");
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

std::string designReportHtml(const Design& design, const Evaluation& evaluation,
                             const std::vector<ReportFigure>& figureList,
                             const std::vector<ReportCandidate>& pinned)
{
    return designReportHtml(design, evaluation, figureList, pinned, englishReport());
}

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
                             const std::vector<ReportCandidate>& pinned, const ReportLanguage& l)
{
    Html html;
    const std::string title
        = design.name.empty() ? l.text(MW_TR_NOOP("Report", "Untitled design")) : design.name;
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
    html.raw("<p><i>")
        .text(l.text(MW_TR_NOOP("Report",
                                "Design report written by Meshwright. Every figure comes from its model "
                                "of memory, communication and compute; measured runs can differ.")))
        .raw("</i></p>\n");
    summary(html, l, design, evaluation);
    diagnostics(html, l, evaluation);
    memory(html, l, evaluation);
    performance(html, l, evaluation);
    candidates(html, l, design, evaluation, pinned);
    records(html, l, design, evaluation);
    launch(html, l, design, evaluation);
    figures(html, l, figureList);
    html.raw("</body></html>\n");
    return html.take();
}

} // namespace core
