// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// JSON form of the preset types: model architectures, GPUs and links. Presets live in
// resources/presets/*.json; a design may also carry a full architecture or a preset with overrides.

#include "catalog/hardware.h"
#include "base/jsonreader.h"
#include "catalog/model.h"

namespace core {

// Reads the fields present in `value` over `model` (so a preset can be overridden field by field).
// With `complete` set, the fields every architecture needs must be present.
void readModel(const Json& value, const std::string& pointer, ReadContext& context, ModelArchitecture& model,
               bool complete);
// The fields written only when set (mtpLayers, slidingWindow) are written always with `everyField`.
Json modelToJson(const ModelArchitecture& model, bool everyField = false);
// The keys of `model` that differ from `base` (for "preset + overrides").
Json modelOverrides(const ModelArchitecture& model, const ModelArchitecture& base);

void readGpu(const Json& value, const std::string& pointer, ReadContext& context, GpuSpec& gpu);
Json gpuToJson(const GpuSpec& gpu);
void readLink(const Json& value, const std::string& pointer, ReadContext& context, LinkSpec& link);
Json linkToJson(const LinkSpec& link);

} // namespace core
