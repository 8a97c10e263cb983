// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/schedulereport.h"

#include "base/units.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <optional>

namespace cli {

using namespace core;

namespace {

bool splits(Schedule kind)
{
    return kind == Schedule::ZbH1 || kind == Schedule::ZbV || kind == Schedule::DualPipeV
        || kind == Schedule::DualPipe;
}

int defaultVirtualStages(Schedule kind)
{
    return kind == Schedule::Interleaved || kind == Schedule::ZbV || kind == Schedule::DualPipeV
            || kind == Schedule::DualPipe
        ? 2
        : 1;
}

int wholeNumber(Arguments& args, const std::string& flag)
{
    return static_cast<int>(
        args.integer(flag, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

// "F3", "B0", "I2", "W7"; an overlapped pair "F3B1". A rank's later model chunks in lower case ("f3"),
// so that the two passes of an interleaved or V-shaped schedule read apart.
std::string chartLabel(const PipelineOp& op)
{
    auto letter
        = [](char upper, int chunk) { return chunk > 0 ? static_cast<char>(upper - 'A' + 'a') : upper; };
    std::string label(1, letter(enumName(op.kind).front(), op.chunk));
    label += std::to_string(op.microBatch);
    if (op.kind == PipelineOpKind::ForwardBackward) {
        label += letter('B', op.backwardChunk);
        label += std::to_string(op.backwardMicroBatch);
    }
    return label;
}

char fillOf(PipelineOpKind kind)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return '-';
    case PipelineOpKind::Backward:
    case PipelineOpKind::BackwardInput:
        return '=';
    case PipelineOpKind::BackwardWeight:
        return '~';
    case PipelineOpKind::ForwardBackward:
        return '#';
    }
    return '-';
}

// 1, 2, 5, 10, 20, 50, … : the smallest at least `minimum`.
double niceStep(double minimum)
{
    if (!(minimum > 0) || !std::isfinite(minimum))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(minimum)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * magnitude >= minimum)
            return factor * magnitude;
    return 10 * magnitude;
}

std::string percent(double fraction)
{
    return formatNumber(100 * fraction) + " %";
}

} // namespace

ScheduleSpec readScheduleFlags(Arguments& args, bool& json)
{
    ScheduleSpec spec;
    std::optional<int> virtualStages;
    std::optional<double> weightGrad;
    bool stages = false;
    bool microBatches = false;
    spec.kind = Schedule::OneFOneB;
    while (!args.atEnd()) {
        const std::string arg = args.next();
        if (arg == "--json") {
            json = true;
        } else if (arg == "--kind") {
            const std::string name = args.value(arg);
            const auto kind = enumFromName<Schedule>(name);
            if (!kind)
                throw UsageError(
                    "--kind must be one of gpipe, 1f1b, interleaved, zb-h1, zb-v, dualpipev, dualpipe, not '" + name
                    + "'");
            spec.kind = *kind;
        } else if (arg == "--stages") {
            spec.ranks = wholeNumber(args, arg);
            stages = true;
        } else if (arg == "--micro-batches") {
            spec.microBatches = wholeNumber(args, arg);
            microBatches = true;
        } else if (arg == "--virtual-stages") {
            virtualStages = wholeNumber(args, arg);
        } else if (arg == "--group-size") {
            spec.microBatchGroupSize = wholeNumber(args, arg);
        } else if (arg == "--forward") {
            spec.forward = args.number(arg);
        } else if (arg == "--backward") {
            spec.backward = args.number(arg);
        } else if (arg == "--weight-grad") {
            weightGrad = args.number(arg);
        } else if (arg == "--p2p-latency") {
            spec.p2pLatency = args.number(arg);
        } else {
            throw UsageError("schedule: unknown argument '" + arg + "'");
        }
    }
    if (!stages)
        throw UsageError("schedule needs --stages P");
    if (!microBatches)
        throw UsageError("schedule needs --micro-batches M");
    spec.virtualStages = virtualStages.value_or(defaultVirtualStages(spec.kind));
    if (weightGrad) {
        spec.weightGrad = *weightGrad; // --backward is the input-gradient part alone
    } else if (splits(spec.kind)) {
        // The split schedules need a W: half of the backward, as when T_B = T_W (the zero-bubble paper's
        // balanced case, Qi et al., ICLR 2024, §2).
        spec.weightGrad = spec.backward / 2;
        spec.backward /= 2;
    }
    return spec;
}

void pointAtScheduleFlags(std::vector<Diagnostic>& diagnostics)
{
    static const std::vector<std::pair<std::string_view, std::string_view>> flags{
        {schedulepath::kRanks, "--stages"},
        {schedulepath::kMicroBatches, "--micro-batches"},
        {schedulepath::kVirtualStages, "--virtual-stages"},
        {schedulepath::kGroupSize, "--group-size"},
        {schedulepath::kSchedule, "--kind"},
        {"/schedule/forward", "--forward"},
        {"/schedule/backward", "--backward"},
        {"/schedule/weightGrad", "--weight-grad"},
        {"/schedule/p2pLatency", "--p2p-latency"},
    };
    for (Diagnostic& d : diagnostics)
        for (const auto& [pointer, flag] : flags)
            if (d.path == pointer) {
                d.path = flag;
                break;
            }
}

std::string scheduleFlagsHelp()
{
    return "Schedule flags (meshwright-cli schedule):\n"
           "  --kind gpipe|1f1b|interleaved|zb-h1|zb-v|dualpipev|dualpipe   (default 1f1b)\n"
           "  --stages P              pipeline ranks\n"
           "  --micro-batches M       micro-batches per step\n"
           "  --virtual-stages V      model chunks per rank (default 2 for interleaved, zb-v, dualpipev, "
           "dualpipe; else 1)\n"
           "  --group-size N          interleaved: Megatron's micro-batch group size (default P)\n"
           "  --forward T             time of one whole stage's forward for one micro-batch (default 1)\n"
           "  --backward T            its backward (default 2); with --weight-grad the input-gradient part\n"
           "  --weight-grad T         the weight-gradient part (zb-h1, zb-v, dualpipev, dualpipe run it as W);\n"
           "                          without it those schedules split --backward in half\n"
           "  --p2p-latency T         added when an activation or gradient crosses ranks (default 0)\n"
           "  With V virtual stages each chunk takes 1/V of these times. Times are abstract units.\n";
}

void writeScheduleReport(std::ostream& out, const ScheduleSpec& spec, const PipelineTimeline& timeline,
                         int width)
{
    out << enumName(spec.kind) << " schedule: " << spec.ranks << (spec.ranks == 1 ? " stage" : " stages")
        << ", " << spec.microBatches << (spec.microBatches == 1 ? " micro-batch" : " micro-batches");
    if (spec.virtualStages > 1)
        out << ", " << spec.virtualStages << " virtual stages per rank";
    out << "\nTimes per stage and micro-batch: forward " << formatNumber(spec.forward, 4) << ", backward "
        << formatNumber(spec.backward + (splits(spec.kind) ? 0 : spec.weightGrad), 4);
    if (splits(spec.kind))
        out << " (input gradient) + " << formatNumber(spec.weightGrad, 4) << " (weight gradient)";
    if (spec.p2pLatency > 0)
        out << ", p2p latency " << formatNumber(spec.p2pLatency, 4);
    out << " (abstract units)\n\n";
    if (timeline.ranks.empty())
        return;

    // Columns per time unit: wide enough for the longest label on the shortest operation, within `width`.
    double origin = std::numeric_limits<double>::infinity();
    double shortest = std::numeric_limits<double>::infinity();
    std::size_t longestLabel = 1;
    for (const RankTimeline& rank : timeline.ranks)
        for (const PipelineOp& op : rank.ops) {
            origin = std::min(origin, op.start);
            if (op.end > op.start)
                shortest = std::min(shortest, op.end - op.start);
            longestLabel = std::max(longestLabel, chartLabel(op).size());
        }
    if (!std::isfinite(origin))
        origin = 0;
    const std::string prefix = "rank ";
    const int rankDigits = static_cast<int>(std::to_string(timeline.ranks.size() - 1).size());
    const int margin = static_cast<int>(prefix.size()) + rankDigits + 2;
    const int room = std::max(20, width - margin - 1);
    double scale = std::isfinite(shortest) ? static_cast<double>(longestLabel) / shortest : 1;
    if (timeline.makespan > 0 && timeline.makespan * scale > room)
        scale = room / timeline.makespan;
    const int columns = std::max(1, static_cast<int>(std::ceil(timeline.makespan * scale - 1e-9)));
    auto column = [&](double t) { return static_cast<int>(std::lround((t - origin) * scale)); };

    // Ruler: a tick every `step` units, at least 8 columns apart.
    const double step = niceStep(8 / scale);
    std::string ticks(static_cast<std::size_t>(columns + 8), ' ');
    std::string marks(static_cast<std::size_t>(columns + 1), ' ');
    // Counted in ticks, not summed in time: a step too small to change t (or a NaN) must not loop for ever.
    const bool rulerFits = std::isfinite(step) && step > 0 && std::isfinite(timeline.makespan);
    for (int tick = 0; rulerFits && tick <= columns && tick * step <= timeline.makespan + 1e-9; ++tick) {
        const double t = tick * step;
        const int c = column(origin + t);
        if (c > columns)
            break;
        marks[static_cast<std::size_t>(c)] = '|';
        const std::string text = formatNumber(t, 4);
        for (std::size_t i = 0; i < text.size() && static_cast<std::size_t>(c) + i < ticks.size(); ++i)
            ticks[static_cast<std::size_t>(c) + i] = text[i];
    }
    for (std::string* line : {&ticks, &marks})
        while (!line->empty() && line->back() == ' ')
            line->pop_back();
    out << std::string(static_cast<std::size_t>(margin), ' ') << ticks << "\n";
    out << std::string(static_cast<std::size_t>(margin), ' ') << marks << "\n";

    for (std::size_t r = 0; r < timeline.ranks.size(); ++r) {
        std::string row(static_cast<std::size_t>(columns), '.');
        for (const PipelineOp& op : timeline.ranks[r].ops) {
            if (!(op.end > op.start))
                continue;
            int c0 = std::clamp(column(op.start), 0, columns - 1);
            const int c1 = std::clamp(std::max(column(op.end), c0 + 1), 1, columns);
            const std::string label = chartLabel(op);
            const std::size_t cells = static_cast<std::size_t>(c1 - c0);
            const std::string text = label.size() <= cells ? label : label.substr(0, 1);
            for (std::size_t i = 0; i < cells; ++i)
                row[static_cast<std::size_t>(c0) + i] = i < text.size() ? text[i] : fillOf(op.kind);
        }
        out << prefix << std::setw(rankDigits) << r << " |" << row << "|\n";
    }
    out << "\n  F forward, B backward, I input-gradient backward, W weight-gradient backward";
    if (spec.kind == Schedule::DualPipeV || spec.kind == Schedule::DualPipe)
        out << ", FxBy an overlapped pair";
    if (spec.virtualStages > 1)
        out << ";\n  lower case: the rank's later model chunks (the order below names each stage)";
    out << "; '.' idle\n\nOrder per rank\n";
    const bool withStage = spec.virtualStages > 1;
    for (std::size_t r = 0; r < timeline.ranks.size(); ++r)
        out << "  " << prefix << std::setw(rankDigits) << r << ": "
            << opLabels(timeline.ranks[r].ops, withStage) << "\n";

    out << "\nMakespan " << formatNumber(timeline.makespan, 6) << "\n";
    out << "Bubble   " << percent(timeline.bubbleFraction) << " idle share of " << spec.ranks << " ranks × "
        << formatNumber(timeline.makespan, 6) << " (global)";
    // The closed form where it holds: even stages, no latency, GPipe/1F1B ((p−1)/(m+p−1), GPipe §2.3 and the
    // reference article's «Pipeline Parallelism») and interleaved (Narayanan et al., SC 2021, §2.2.2).
    const bool ideal = spec.stageScale.empty() && spec.p2pLatency == 0;
    if (ideal && (spec.kind == Schedule::GPipe || spec.kind == Schedule::OneFOneB))
        out << "; (p−1)/(m+p−1) = " << spec.ranks - 1 << "/" << spec.microBatches + spec.ranks - 1;
    else if (ideal && spec.kind == Schedule::Interleaved)
        out << "; (p−1)/(v·m+p−1) = " << spec.ranks - 1 << "/"
            << std::int64_t{spec.virtualStages} * spec.microBatches + spec.ranks - 1;
    out << "\n         longest idle inside one rank's span: " << formatNumber(timeline.maxStageBubble, 6)
        << " (per-stage bubble, as the zero-bubble papers measure it)\n";
    out << "Idle per rank  ";
    for (std::size_t r = 0; r < timeline.ranks.size(); ++r)
        out << (r ? ", " : "") << formatNumber(timeline.ranks[r].bubble(), 6);
    out << "\nPeak in flight ";
    for (std::size_t r = 0; r < timeline.ranks.size(); ++r)
        out << (r ? ", " : "") << timeline.ranks[r].peakInFlight;
    out << (spec.virtualStages > 1 ? " chunk micro-batches per rank" : " micro-batches per rank") << "\n";
    // A split backward keeps what W needs until W: that is what the memory model holds.
    const bool split = std::any_of(timeline.ranks.begin(), timeline.ranks.end(), [](const RankTimeline& r) {
        return r.peakInFlightToWeightGrad != r.peakInFlight;
    });
    if (split) {
        out << "Held until W   ";
        for (std::size_t r = 0; r < timeline.ranks.size(); ++r)
            out << (r ? ", " : "") << timeline.ranks[r].peakInFlightToWeightGrad;
        out << " (what the activation memory counts)\n";
    }
}

} // namespace cli
