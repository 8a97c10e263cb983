// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipeline/pipelinetimeline.h"

#include "base/diagnostickinds.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace core {

namespace {

using K = PipelineOpKind;
constexpr double kNotDone = -1; // times are never negative
// An order with more mistakes than this is reported by its first ones only.
constexpr std::size_t kMaxOrderDiagnostics = 8;

std::string str(std::int64_t v)
{
    return std::to_string(v);
}

std::string label(K kind, int microBatch, int stage)
{
    PipelineOp op;
    op.kind = kind;
    op.microBatch = microBatch;
    op.stage = stage;
    return opLabel(op, true);
}

// Per stage and micro-batch, which parts of the work an order runs.
enum Part : std::uint8_t {
    kForward = 1,
    kInputGrad = 2, // a full backward or its input-gradient half
    kSplit = 4, // the input gradient ran as I, so a W must follow
    kWeightGrad = 8,
};

class OrderChecker
{
public:
    OrderChecker(const ScheduleSpec& spec)
        : m_spec(spec)
        , m_stages(stageCount(spec))
        , m_parts(static_cast<std::size_t>(m_stages) * static_cast<std::size_t>(spec.microBatches), 0)
    { }

    std::vector<Diagnostic> check(const std::vector<std::vector<PipelineOp>>& order)
    {
        for (std::size_t r = 0; r < order.size() && !full(); ++r)
            for (const PipelineOp& op : order[r]) {
                if (full())
                    break;
                const int rank = static_cast<int>(r);
                if (op.kind == K::ForwardBackward) {
                    if (place(rank, op, op.stage, op.microBatch)
                        && place(rank, op, op.backwardStage, op.backwardMicroBatch)) {
                        mark(rank, op, op.stage, op.microBatch, kForward);
                        mark(rank, op, op.backwardStage, op.backwardMicroBatch, kInputGrad);
                    }
                } else if (place(rank, op, op.stage, op.microBatch)) {
                    mark(rank, op, op.stage, op.microBatch, partOf(op.kind));
                }
            }
        if (!m_out.empty())
            return std::move(m_out);
        for (int s = 0; s < m_stages && !full(); ++s)
            for (int j = 0; j < m_spec.microBatches && !full(); ++j) {
                if (!stageRunsMicroBatch(m_spec, s, j))
                    continue;
                const std::uint8_t parts = m_parts[index(s, j)];
                if (!(parts & kForward))
                    missing(K::Forward, j, s);
                if (!(parts & kInputGrad))
                    missing(K::Backward, j, s);
                else if ((parts & kSplit) && !(parts & kWeightGrad))
                    missing(K::BackwardWeight, j, s);
                else if (!(parts & kSplit) && (parts & kWeightGrad))
                    // A full backward has computed the weight gradient already.
                    m_out.push_back(
                        makeDiagnostic(diag::kScheduleOpRepeated, std::string(schedulepath::kSchedule),
                                       {str(rankOfStage(m_spec, s)), label(K::BackwardWeight, j, s)}));
            }
        return std::move(m_out);
    }

private:
    static std::uint8_t partOf(K kind)
    {
        switch (kind) {
        case K::Forward:
            return kForward;
        case K::Backward:
            return kInputGrad;
        case K::BackwardInput:
            return kInputGrad | kSplit;
        case K::BackwardWeight:
            return kWeightGrad;
        case K::ForwardBackward:
            break;
        }
        return 0;
    }

    bool full() const { return m_out.size() >= kMaxOrderDiagnostics; }
    std::size_t index(int stage, int microBatch) const
    {
        return static_cast<std::size_t>(stage) * static_cast<std::size_t>(m_spec.microBatches)
            + static_cast<std::size_t>(microBatch);
    }

    bool place(int rank, const PipelineOp& op, int stage, int microBatch)
    {
        const std::string path(schedulepath::kSchedule);
        if (stage < 0 || stage >= m_stages || microBatch < 0 || microBatch >= m_spec.microBatches
            || !stageRunsMicroBatch(m_spec, stage, microBatch)) {
            m_out.push_back(
                makeDiagnostic(diag::kScheduleOpOutOfRange, path,
                               {str(rank), opLabel(op, true), str(m_stages), str(m_spec.microBatches)}));
            return false;
        }
        if (const int owner = rankOfStage(m_spec, stage); owner != rank) {
            m_out.push_back(makeDiagnostic(diag::kScheduleOpMisplaced, path,
                                           {str(rank), opLabel(op, true), str(stage), str(owner)}));
            return false;
        }
        return true;
    }

    void mark(int rank, const PipelineOp& op, int stage, int microBatch, std::uint8_t part)
    {
        std::uint8_t& parts = m_parts[index(stage, microBatch)];
        if (parts & part & ~kSplit) {
            m_out.push_back(makeDiagnostic(diag::kScheduleOpRepeated, std::string(schedulepath::kSchedule),
                                           {str(rank), opLabel(op, true)}));
            return;
        }
        parts |= part;
    }

    void missing(K kind, int microBatch, int stage)
    {
        m_out.push_back(makeDiagnostic(diag::kScheduleOpMissing, std::string(schedulepath::kSchedule),
                                       {label(kind, microBatch, stage)}));
    }

    const ScheduleSpec& m_spec;
    int m_stages;
    std::vector<std::uint8_t> m_parts;
    std::vector<Diagnostic> m_out;
};

// List scheduling (pipelinetimeline.h): each rank runs its ops in order, each as soon as the rank is free and
// the op's dependencies have ended. A rank that waits is woken when a neighbouring stage finishes something,
// so the whole run is linear in the number of ops.
class ListScheduler
{
public:
    ListScheduler(const ScheduleSpec& spec, std::vector<std::vector<PipelineOp>>& order)
        : m_spec(spec)
        , m_order(order)
        , m_stages(stageCount(spec))
        , m_forwardEnd(static_cast<std::size_t>(m_stages) * static_cast<std::size_t>(spec.microBatches),
                       kNotDone)
        , m_inputGradEnd(m_forwardEnd.size(), kNotDone)
    {
        m_rankOfStage.reserve(static_cast<std::size_t>(m_stages));
        for (int s = 0; s < m_stages; ++s)
            m_rankOfStage.push_back(rankOfStage(spec, s));
    }

    // Returns a schedule-deadlock diagnostic for each rank that can never go on: together they show the
    // cycle of waits.
    std::vector<Diagnostic> run()
    {
        const std::size_t p = m_order.size();
        std::vector<std::size_t> next(p, 0);
        std::vector<double> rankFree(p, 0.0);
        std::vector<char> queued(p, 1);
        std::vector<int> work;
        work.reserve(p);
        for (std::size_t r = p; r-- > 0;)
            work.push_back(static_cast<int>(r));
        auto wake = [&](int stage) {
            if (stage < 0 || stage >= m_stages)
                return;
            const int r = m_rankOfStage[static_cast<std::size_t>(stage)];
            if (!queued[static_cast<std::size_t>(r)]) {
                queued[static_cast<std::size_t>(r)] = 1;
                work.push_back(r);
            }
        };
        while (!work.empty()) {
            const int r = work.back();
            work.pop_back();
            const std::size_t ru = static_cast<std::size_t>(r);
            queued[ru] = 0;
            std::vector<PipelineOp>& ops = m_order[ru];
            for (std::size_t& i = next[ru]; i < ops.size(); ++i) {
                PipelineOp& op = ops[i];
                double start = rankFree[ru];
                if (!ready(op, r, start, nullptr))
                    break;
                op.start = start;
                op.end = start + opDuration(m_spec, op);
                rankFree[ru] = op.end;
                finish(op);
                wake(op.stage + 1);
                wake(op.stage - 1);
                if (op.kind == K::ForwardBackward) {
                    wake(op.backwardStage + 1);
                    wake(op.backwardStage - 1);
                }
            }
        }
        std::vector<Diagnostic> out;
        for (std::size_t r = 0; r < p; ++r) {
            if (next[r] == m_order[r].size())
                continue;
            const PipelineOp& op = m_order[r][next[r]];
            double ignored = 0;
            std::string waitsFor;
            ready(op, static_cast<int>(r), ignored, &waitsFor);
            out.push_back(makeDiagnostic(diag::kScheduleDeadlock, std::string(schedulepath::kSchedule),
                                         {str(static_cast<std::int64_t>(r)), opLabel(op, true), waitsFor}));
            if (out.size() >= kMaxOrderDiagnostics)
                break;
        }
        return out;
    }

private:
    std::size_t index(int stage, int microBatch) const
    {
        return static_cast<std::size_t>(stage) * static_cast<std::size_t>(m_spec.microBatches)
            + static_cast<std::size_t>(microBatch);
    }

    // Raises `start` to when the dependency's result (of `stage`) is available on `rank` for the op of
    // `consumer`; false if it has not run. Crossing ranks costs the latency and the boundary's transfer.
    bool after(const std::vector<double>& ends, K kind, int stage, int microBatch, int rank, int consumer,
               double& start, std::string* waitsFor) const
    {
        const double end = ends[index(stage, microBatch)];
        if (end == kNotDone) {
            if (waitsFor)
                *waitsFor = label(kind, microBatch, stage);
            return false;
        }
        double arrival = end;
        if (m_rankOfStage[static_cast<std::size_t>(stage)] != rank) {
            arrival += m_spec.p2pLatency;
            const std::size_t boundary = static_cast<std::size_t>(std::min(stage, consumer));
            if (stage != consumer && boundary < m_spec.boundaryTransfer.size())
                arrival += m_spec.boundaryTransfer[boundary];
        }
        start = std::max(start, arrival);
        return true;
    }

    bool forwardReady(int stage, int microBatch, int rank, double& start, std::string* waitsFor) const
    {
        return isEntryStage(m_spec, stage)
            || after(m_forwardEnd, K::Forward, stage - 1, microBatch, rank, stage, start, waitsFor);
    }

    bool backwardReady(int stage, int microBatch, int rank, double& start, std::string* waitsFor) const
    {
        if (!after(m_forwardEnd, K::Forward, stage, microBatch, rank, stage, start, waitsFor))
            return false;
        return isExitStage(m_spec, stage)
            || after(m_inputGradEnd, K::Backward, stage + 1, microBatch, rank, stage, start, waitsFor);
    }

    bool ready(const PipelineOp& op, int rank, double& start, std::string* waitsFor) const
    {
        switch (op.kind) {
        case K::Forward:
            return forwardReady(op.stage, op.microBatch, rank, start, waitsFor);
        case K::Backward:
        case K::BackwardInput:
            return backwardReady(op.stage, op.microBatch, rank, start, waitsFor);
        case K::BackwardWeight:
            return after(m_inputGradEnd, K::BackwardInput, op.stage, op.microBatch, rank, op.stage, start,
                         waitsFor);
        case K::ForwardBackward:
            return forwardReady(op.stage, op.microBatch, rank, start, waitsFor)
                && backwardReady(op.backwardStage, op.backwardMicroBatch, rank, start, waitsFor);
        }
        return false;
    }

    void finish(const PipelineOp& op)
    {
        switch (op.kind) {
        case K::Forward:
            m_forwardEnd[index(op.stage, op.microBatch)] = op.end;
            break;
        case K::Backward:
        case K::BackwardInput:
            m_inputGradEnd[index(op.stage, op.microBatch)] = op.end;
            break;
        case K::BackwardWeight:
            break;
        case K::ForwardBackward:
            m_forwardEnd[index(op.stage, op.microBatch)] = op.end;
            m_inputGradEnd[index(op.backwardStage, op.backwardMicroBatch)] = op.end;
            break;
        }
    }

    const ScheduleSpec& m_spec;
    std::vector<std::vector<PipelineOp>>& m_order;
    int m_stages;
    std::vector<int> m_rankOfStage;
    std::vector<double> m_forwardEnd;
    std::vector<double> m_inputGradEnd; // full backward or I
};

void summarise(RankTimeline& rank)
{
    int held = 0; // forward ran, input gradient not yet
    int heldToWeight = 0; // forward ran, weight gradient not yet
    rank.busy = 0;
    rank.firstStart = rank.ops.empty() ? 0 : rank.ops.front().start;
    rank.lastEnd = rank.ops.empty() ? 0 : rank.ops.back().end;
    for (const PipelineOp& op : rank.ops) {
        rank.busy += op.end - op.start;
        switch (op.kind) {
        case K::Forward:
            ++held;
            ++heldToWeight;
            break;
        case K::Backward:
            --held;
            --heldToWeight;
            break;
        case K::BackwardInput:
            --held;
            break;
        case K::BackwardWeight:
            --heldToWeight;
            break;
        case K::ForwardBackward:
            // The pair's forward builds its activations while its backward still holds the other
            // chunk's: both count at the peak (DualPipe README, "PP+1" activations).
            rank.peakInFlight = std::max(rank.peakInFlight, held + 1);
            rank.peakInFlightToWeightGrad = std::max(rank.peakInFlightToWeightGrad, heldToWeight + 1);
            break;
        }
        rank.peakInFlight = std::max(rank.peakInFlight, held);
        rank.peakInFlightToWeightGrad = std::max(rank.peakInFlightToWeightGrad, heldToWeight);
    }
}

Json opToJson(std::string_view kind, int microBatch, int stage, const PipelineOp& op)
{
    return {
        {"kind", kind}, {"microBatch", microBatch}, {"stage", stage}, {"start", op.start}, {"end", op.end}};
}

} // namespace

double opDuration(const ScheduleSpec& spec, const PipelineOp& op)
{
    const double v = spec.virtualStages > 0 ? spec.virtualStages : 1;
    auto scale = [&](int stage) {
        if (spec.stageScale.empty() || stage < 0 || static_cast<std::size_t>(stage) >= spec.stageScale.size())
            return 1.0;
        return spec.stageScale[static_cast<std::size_t>(stage)];
    };
    const double fullBackward = spec.backward + spec.weightGrad;
    switch (op.kind) {
    case K::Forward:
        return spec.forward / v * scale(op.stage);
    case K::Backward:
        return fullBackward / v * scale(op.stage);
    case K::BackwardInput:
        return spec.backward / v * scale(op.stage);
    case K::BackwardWeight:
        return spec.weightGrad / v * scale(op.stage);
    case K::ForwardBackward: {
        const double halves = spec.forward / v * scale(op.stage) + fullBackward / v * scale(op.backwardStage);
        if (spec.forwardBackward > 0)
            return halves * spec.forwardBackward / (spec.forward + fullBackward);
        return halves;
    }
    }
    return 0;
}

PipelineTimeline simulateOrder(const ScheduleSpec& spec, std::vector<std::vector<PipelineOp>> order)
{
    PipelineTimeline timeline;
    timeline.diagnostics = checkSchedule(spec);
    if (!timeline.valid())
        return timeline;
    // Ops listed for ranks the pipeline does not have are reported as misplaced; missing ranks run nothing.
    std::vector<Diagnostic> problems = OrderChecker(spec).check(order);
    if (problems.empty())
        problems = ListScheduler(spec, order).run();
    if (!problems.empty()) {
        timeline.diagnostics.insert(timeline.diagnostics.end(), problems.begin(), problems.end());
        return timeline;
    }

    order.resize(static_cast<std::size_t>(spec.ranks));
    timeline.ranks.resize(order.size());
    double earliest = std::numeric_limits<double>::infinity();
    double latest = 0;
    double busy = 0;
    for (std::size_t r = 0; r < order.size(); ++r) {
        RankTimeline& rank = timeline.ranks[r];
        rank.ops = std::move(order[r]);
        summarise(rank);
        if (!rank.ops.empty()) {
            earliest = std::min(earliest, rank.firstStart);
            latest = std::max(latest, rank.lastEnd);
        }
        busy += rank.busy;
        timeline.maxStageBubble = std::max(timeline.maxStageBubble, rank.bubble());
    }
    timeline.makespan = std::isfinite(earliest) ? latest - earliest : 0;
    const double capacity = timeline.makespan * static_cast<double>(spec.ranks);
    timeline.bubbleFraction = capacity > 0 ? (capacity - busy) / capacity : 0;
    return timeline;
}

PipelineTimeline simulateSchedule(const ScheduleSpec& spec)
{
    PipelineTimeline timeline;
    timeline.diagnostics = checkSchedule(spec);
    if (!timeline.valid())
        return timeline;
    return simulateOrder(spec, scheduleOrder(spec));
}

Json scheduleToJson(const PipelineTimeline& timeline, const ScheduleSpec& spec)
{
    Json out = Json::object();
    out["kind"] = enumName(spec.kind);
    out["stages"] = spec.ranks;
    out["microBatches"] = spec.microBatches;
    out["virtualStages"] = spec.virtualStages;
    out["makespanSeconds"] = timeline.makespan;
    out["bubbleFraction"] = timeline.bubbleFraction;
    out["maxStageBubbleSeconds"] = timeline.maxStageBubble;
    Json perRank = Json::array();
    for (std::size_t r = 0; r < timeline.ranks.size(); ++r) {
        const RankTimeline& rank = timeline.ranks[r];
        Json ops = Json::array();
        for (const PipelineOp& op : rank.ops) {
            switch (op.kind) {
            case K::Forward:
                ops.push_back(opToJson("F", op.microBatch, op.stage, op));
                break;
            case K::Backward:
            case K::BackwardInput:
                ops.push_back(opToJson("B", op.microBatch, op.stage, op));
                break;
            case K::BackwardWeight:
                ops.push_back(opToJson("W", op.microBatch, op.stage, op));
                break;
            case K::ForwardBackward: {
                Json forward = opToJson("F", op.microBatch, op.stage, op);
                Json backward = opToJson("B", op.backwardMicroBatch, op.backwardStage, op);
                forward["overlapped"] = true;
                backward["overlapped"] = true;
                ops.push_back(std::move(forward));
                ops.push_back(std::move(backward));
                break;
            }
            }
        }
        perRank.push_back({{"rank", r},
                           {"peakInFlight", rank.peakInFlight},
                           {"peakInFlightToWeightGrad", rank.peakInFlightToWeightGrad},
                           {"busySeconds", rank.busy},
                           {"ops", std::move(ops)}});
    }
    out["perRank"] = std::move(perRank);
    return out;
}

} // namespace core
