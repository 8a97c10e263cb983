// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/torchtitanstages.h"

#include "base/diagnostic.h"

#include <algorithm>
#include <charconv>
#include <cstddef>

namespace core::launch {

TitanSplit torchtitanGeneratedSplit(int chunks, int layers, int inputWeight, int outputWeight)
{
    TitanSplit split;
    if (chunks < 1 || layers < 0)
        return {{}, MW_TR_NOOP("DiagnosticArguments", "no model chunk to split the layers into")};
    if (chunks == 1)
        return {{layers}, {}};
    const int effective = layers + inputWeight + outputWeight;
    const int each = effective / chunks;
    const int extra = effective % chunks;
    if (chunks > effective || each == 0 || inputWeight > each || outputWeight > each)
        return {{},
                phraseArgument(MW_TR_NOOP("DiagnosticArguments",
                                          "torchtitan cannot deal %1 layers, the embedding and the output "
                                          "counted in, over %2 chunks"),
                               {std::to_string(effective), std::to_string(chunks)})};
    int next = 0; // the next layer to deal, as generate_llm_fqn_per_model_part counts them
    for (int chunk = 0; chunk < chunks; ++chunk) {
        int take = each + (chunk < extra ? 1 : 0);
        if (chunk == 0)
            take -= inputWeight;
        else if (chunk == chunks - 1)
            take -= outputWeight;
        const int dealt = std::max(0, std::min(take, layers - next));
        split.layers.push_back(dealt);
        next += dealt;
    }
    return split;
}

int torchtitanChunksPerRank(std::string_view schedule)
{
    return schedule == "1F1B" || schedule == "GPipe" ? 1 : 2;
}

namespace {

// The quoted strings of one inner list, "[" already read; false when the list is not closed.
bool readNames(std::string_view text, std::size_t& at, std::vector<std::string>& names)
{
    while (at < text.size()) {
        const char c = text[at];
        if (c == ']') {
            ++at;
            return true;
        }
        if (c == '"' || c == '\'') {
            const std::size_t close = text.find(c, at + 1);
            if (close == std::string_view::npos)
                return false;
            names.emplace_back(text.substr(at + 1, close - at - 1));
            at = close + 1;
        } else if (c == ',' || c == ' ' || c == '\t') {
            ++at;
        } else {
            return false;
        }
    }
    return false;
}

} // namespace

TitanSplit torchtitanModuleSplit(std::string_view array, int layers)
{
    const auto problem = [](const char* reason) { return TitanSplit{{}, reason}; };
    std::vector<std::vector<std::string>> chunks;
    std::size_t at = array.find('[');
    if (at == std::string_view::npos)
        return problem(MW_TR_NOOP("DiagnosticArguments", "it is not a list of lists of module names"));
    ++at;
    while (at < array.size()) {
        const char c = array[at];
        if (c == '[') {
            ++at;
            chunks.emplace_back();
            if (!readNames(array, at, chunks.back()))
                return problem(
                    MW_TR_NOOP("DiagnosticArguments", "it is not a list of lists of module names"));
        } else if (c == ']') {
            break;
        } else if (c == ',' || c == ' ' || c == '\t') {
            ++at;
        } else {
            return problem(MW_TR_NOOP("DiagnosticArguments", "it is not a list of lists of module names"));
        }
    }
    if (chunks.empty())
        return problem(MW_TR_NOOP("DiagnosticArguments", "it is not a list of lists of module names"));
    TitanSplit split;
    int next = 0;
    bool embedding = false, output = false;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        int count = 0;
        for (const std::string& name : chunks[i]) {
            if (name == "tok_embeddings") {
                embedding = embedding || i == 0;
                if (i != 0)
                    return problem(MW_TR_NOOP("DiagnosticArguments",
                                              "the design holds tok_embeddings in the first chunk and norm "
                                              "and output in the last"));
            } else if (name == "norm" || name == "output") {
                output = output || i + 1 == chunks.size();
                if (i + 1 != chunks.size())
                    return problem(MW_TR_NOOP("DiagnosticArguments",
                                              "the design holds tok_embeddings in the first chunk and norm "
                                              "and output in the last"));
            } else if (name.starts_with("layers.")) {
                int index = -1;
                const std::string_view digits = std::string_view(name).substr(7);
                const auto [end, error]
                    = std::from_chars(digits.data(), digits.data() + digits.size(), index);
                if (error != std::errc{} || end != digits.data() + digits.size() || index != next)
                    return problem(
                        MW_TR_NOOP("DiagnosticArguments", "its layers do not run 0, 1, 2 … in order"));
                ++next;
                ++count;
            } else {
                return problem(MW_TR_NOOP("DiagnosticArguments",
                                          "it names a module other than tok_embeddings, layers.N, norm and "
                                          "output"));
            }
        }
        split.layers.push_back(count);
    }
    if (next != layers)
        return problem(MW_TR_NOOP("DiagnosticArguments", "its layers are not the model's"));
    if (!embedding || !output)
        return problem(MW_TR_NOOP("DiagnosticArguments",
                                  "the design holds tok_embeddings in the first chunk and norm and output in "
                                  "the last"));
    return split;
}

std::string torchtitanModuleArray(const std::vector<int>& layersPerChunk)
{
    std::string out = "[";
    int next = 0;
    for (std::size_t i = 0; i < layersPerChunk.size(); ++i) {
        std::string chunk;
        const auto add
            = [&](const std::string& name) { chunk += (chunk.empty() ? "\"" : ", \"") + name + "\""; };
        if (i == 0)
            add("tok_embeddings");
        for (int k = 0; k < layersPerChunk[i]; ++k)
            add("layers." + std::to_string(next++));
        if (i + 1 == layersPerChunk.size()) {
            add("norm");
            add("output");
        }
        out += (i == 0 ? "[" : ", [") + chunk + "]";
    }
    return out + "]";
}

} // namespace core::launch
