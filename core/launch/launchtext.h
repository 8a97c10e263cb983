// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the launch-configuration writers (launchconfig.h): the facts every target needs about the
// design's ranks and nodes, quoting for shell and YAML, the header comment, and notes. Internal to core.

#include "launch/launchconfig.h"
#include "design/layout.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace core::launch {

struct LaunchContext
{
    const Design& design;
    const Evaluation& evaluation;
    std::int64_t world = 0;
    int nodes = 0; // nodes that run at least one rank
    int processesPerNode = 0; // ranks on the fullest node
    bool evenNodes = true; // every used node runs the same number of ranks
    int fewestPerNode = 0;
    bool nodeMajor = true; // rank r runs on the (r / processesPerNode)-th used node, as launchers number them
    std::int64_t microBatches = 1; // per pipeline and optimizer step: the gradient-accumulation steps
    HuggingFaceNames names{};
};

LaunchContext makeContext(const Design& design, const Evaluation& evaluation);

std::string number(std::int64_t value);
// A word the shell reads back unchanged: bare when it is plain, in single quotes otherwise. "${NAME}"
// placeholders stay in double quotes so that the shell expands them.
std::string shellWord(std::string_view word);
// A YAML plain scalar when that reads back as the same string, a single-quoted one otherwise.
std::string yamlScalar(std::string_view text);

// Adds a note whose first argument is the tool's name.
void addNote(LaunchConfig& config, const DiagnosticKind& kind, std::string path,
             std::vector<std::string> args = {});

// The notes of a training tool without Megatron-Core's activation offloading, 16-bit optimizer moments and
// multi-token prediction (DeepSpeed, Accelerate, torchtitan), for each the design uses.
void noteMegatronOnlyFeatures(LaunchConfig& config, const Design& design);

// The comment block at the top of every text: what it is, for which design, from which documented flags of
// which version, the placeholders to fill in, and every note. Lines without the comment marker.
std::vector<std::string> headerLines(const LaunchConfig& config, const LaunchContext& context,
                                     std::string_view what, const std::vector<std::string>& extra = {});
std::string commentBlock(const std::vector<std::string>& lines);

// A command written one flag per line with backslash continuations, as the tools' own examples do.
class ShellCommand
{
public:
    explicit ShellCommand(std::string program)
        : m_program(std::move(program))
    { }
    ShellCommand& flag(std::string name);
    ShellCommand& flag(std::string name, std::string_view value);
    ShellCommand& flag(std::string name, std::int64_t value);
    ShellCommand& word(std::string_view value); // a positional word
    std::string text() const;

private:
    std::string m_program;
    std::vector<std::string> m_lines;
};

// "TP=8 PP=4 CP=4 EP=1 DP=4, ZeRO-1", for header comments.
std::string degreesSummary(const Design& design);

// "tp, pp, zeroStage": the design fields among `dims` (and the ZeRO stage) that differ from 1 (and 0), for
// notes that name what a file cannot carry.
std::string layoutFieldsInUse(const ParallelLayout& layout, std::initializer_list<Dim> dims, bool zeroStage);

// The order with the dimensions of degree 1 left out ("tp-dp"), since their place changes no group.
std::string orderOfActiveDims(const ParallelLayout& layout, const std::vector<Dim>& order);

// Notes every launcher that numbers ranks node by node shares (torchrun, and the tools started like it).
void noteNodeShape(LaunchConfig& config, const LaunchContext& context);

// The writers, one file each. They receive a config with tool, version, syntax and file name set, add their
// notes, and write the text unless a note is an error.
void writeTorchrun(LaunchConfig& config, const LaunchContext& context);
void writeAccelerate(LaunchConfig& config, const LaunchContext& context);
void writeDeepSpeed(LaunchConfig& config, const LaunchContext& context);
void writeMegatron(LaunchConfig& config, const LaunchContext& context);
void writeVllm(LaunchConfig& config, const LaunchContext& context);
void writeSglang(LaunchConfig& config, const LaunchContext& context);
void writeTorchtitan(LaunchConfig& config, const LaunchContext& context);

// The port the launchers' examples use for the rendezvous (torch.distributed.run docs).
inline constexpr int kRendezvousPort = 29500;

} // namespace core::launch
