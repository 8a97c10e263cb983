// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The timeline of a pipeline schedule: the per-rank orders of pipelineschedule.h timed by list
// scheduling. An operation starts when the previous operation on its rank has ended and every operation
// it depends on has ended (plus the point-to-point latency and the boundary's transfer time,
// ScheduleSpec::boundaryTransfer, when that operation ran on another rank):
//   F(s,j) needs F(s−1,j);  B/I(s,j) needs F(s,j) and the input gradient of stage s+1, B/I(s+1,j);
//   W(s,j) needs I(s,j).  W is no one's dependency: that is what lets the zero-bubble schedules fill
// their bubbles with it. This is the dependency model of torch's _simulate_comms_compute and of the
// sail-sg zb.py graph.

#include "base/jsonreader.h"
#include "pipeline/pipelineschedule.h"

#include <vector>

namespace core {

struct RankTimeline
{
    std::vector<PipelineOp> ops; // in the order the rank runs them, with start and end
    double busy = 0; // sum of the op durations
    double firstStart = 0;
    double lastEnd = 0;
    // Peak count of chunk activations whose forward has run and whose backward (the input-gradient part,
    // when split) has not, the "F→I" peak. GPipe m, 1F1B min(p−r, m), interleaved w_r + 1.
    int peakInFlight = 0;
    // The same, counted until the weight gradient has run: a split backward keeps what W needs (the linear
    // layers' inputs) until W. This is what the memory model holds (memory.cpp inFlightMicroBatches × v)
    // and where the activation curve peaks; without a split backward it equals peakInFlight.
    int peakInFlightToWeightGrad = 0;

    double span() const { return lastEnd - firstStart; }
    // Idle time between the rank's first start and last end: the per-stage bubble of the zero-bubble
    // papers (sail-sg zb.py "Longest stage time" minus the work).
    double bubble() const { return span() - busy; }
};

struct PipelineTimeline
{
    std::vector<RankTimeline> ranks;
    double makespan = 0; // latest end − earliest start
    // Global measure: idle share of p × makespan, (p·makespan − Σ busy) / (p·makespan). GPipe and 1F1B:
    // (p−1)/(m+p−1) (Huang et al. 2019 §2.3).
    double bubbleFraction = 0;
    double maxStageBubble = 0; // max over ranks of RankTimeline::bubble(), in time units
    std::vector<Diagnostic> diagnostics;

    bool valid() const { return !hasErrors(diagnostics); }
};

// Duration of one operation under the spec: the whole-stage time divided by v, times the stage's factor.
// A full backward takes backward + weightGrad; an overlapped pair forwardBackward (scaled by its stages'
// factors), or the sum of its halves when forwardBackward is 0.
double opDuration(const ScheduleSpec& spec, const PipelineOp& op);

// checkSchedule(), scheduleOrder() and the list-scheduling simulation. With errors, the timeline is empty
// and carries the diagnostics; warnings are kept alongside a full timeline.
PipelineTimeline simulateSchedule(const ScheduleSpec& spec);

// Times a given order (one op list per rank) under the spec's durations and stage placement, e.g. a
// hand-edited or externally generated schedule. The order is checked first: every op on the rank of its
// stage, each forward and backward once, each split backward's W once; an order that waits on itself is
// reported as schedule-deadlock rather than run.
PipelineTimeline simulateOrder(const ScheduleSpec& spec, std::vector<std::vector<PipelineOp>> order);

// The stable JSON of a timeline (`meshwright-cli schedule --json`, and "schedule" in `evaluate --json`):
// {"kind", "stages" (= p), "microBatches", "virtualStages", "makespanSeconds", "bubbleFraction",
//  "maxStageBubbleSeconds",
//  "perRank": [{"rank", "peakInFlight", "peakInFlightToWeightGrad", "busySeconds",
//               "ops": [{"kind": "F"|"B"|"W", "microBatch", "stage", "start", "end"}]}]}
// "B" is the input-gradient backward when a "W" of the same stage and micro-batch follows, else the full
// backward. An overlapped DualPipe pair is written as its "F" and its "B" with equal start and end and
// "overlapped": true on both. Times are in the unit of the durations ("Seconds" when they are seconds).
// Diagnostics are not part of it; the caller reports them.
Json scheduleToJson(const PipelineTimeline& timeline, const ScheduleSpec& spec);

} // namespace core
