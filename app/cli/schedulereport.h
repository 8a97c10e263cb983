// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `meshwright-cli schedule`: a pipeline schedule with abstract durations, as a text Gantt chart with
// each rank's order and its bubble, or as the JSON of scheduleToJson (the "schedule" of evaluate --json).

#include "cli/arguments.h"
#include "pipeline/pipelinetimeline.h"

#include <ostream>

namespace cli {

// Reads the verb's flags into a spec; throws UsageError for a flag it does not know or a value it cannot
// read. Counts and durations are passed on as given: checkSchedule() judges them.
core::ScheduleSpec readScheduleFlags(Arguments& args, bool& json);
std::string scheduleFlagsHelp();
// The schedule's diagnostics point into a design document (/layout/pp, /workload/globalBatch …); the verb
// has none, so they are re-pointed at the flags that set the values ("--stages", "--micro-batches" …).
void pointAtScheduleFlags(std::vector<core::Diagnostic>& diagnostics);

// A chart at most `width` characters wide: one line per rank, each operation as its label ("F3", "B0")
// padded to its duration, idle time as '.'; then every rank's order, the makespan, both bubble measures
// and the peak micro-batches in flight.
void writeScheduleReport(std::ostream& out, const core::ScheduleSpec& spec,
                         const core::PipelineTimeline& timeline, int width = 120);

} // namespace cli
