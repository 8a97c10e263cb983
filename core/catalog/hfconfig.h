// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A model architecture from a Hugging Face config.json (transformers' PretrainedConfig subclasses:
// LlamaConfig, MistralConfig, Qwen2Config, Qwen3Config, Qwen3MoeConfig, MixtralConfig, DeepseekV3Config,
// GptOssConfig). The design keeps the architecture, not the file. A field that changes what Meshwright
// computes but that it cannot model becomes a warning naming the field and what Meshwright does instead,
// and an entry of the model's notModelled list; an unknown architecture is an error.

#include "base/diagnostic.h"
#include "base/jsonreader.h"
#include "catalog/model.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace core {

struct HfImportResult
{
    std::optional<ModelArchitecture> model;
    std::vector<Diagnostic> diagnostics; // located by the JSON pointer of the field
};

// True for a document that is a Hugging Face config (it names "architectures" or "model_type") rather than
// a Meshwright model object.
bool isHfConfig(const Json& document);

HfImportResult modelFromHfConfig(const Json& config);
HfImportResult importHfConfig(std::string_view text);

// The phrases an imported config's features that are not modelled are told in (the model's notModelled
// entries read "feature (instead)", each a phrase filled with its numbers, %1 …): marked for translation in
// the context "DiagnosticArguments", for the GUI to translate a saved model's entries.
std::span<const char* const> hfNotModelledPhrases();

// The architectures modelFromHfConfig reads, as config.json names them.
std::vector<std::string_view> hfArchitectures();

} // namespace core
