// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The built-in presets (models, GPUs, links) and example designs, read once from the JSON compiled into
// the library. Lookups are by stable id.

#include "base/diagnostic.h"
#include "catalog/hardware.h"
#include "catalog/model.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

struct ExampleDesign
{
    std::string id; // file name without extension, e.g. "seed-70b-32k-512gpu"
    std::string title; // the design's "name"
    std::string text; // the JSON document
};

class Catalog
{
public:
    static const Catalog& builtin();

    const std::vector<ModelArchitecture>& models() const { return m_models; }
    const std::vector<GpuSpec>& gpus() const { return m_gpus; }
    const std::vector<LinkSpec>& links() const { return m_links; }
    const std::vector<ExampleDesign>& examples() const { return m_examples; }

    const ModelArchitecture* model(std::string_view id) const;
    const GpuSpec* gpu(std::string_view id) const;
    const LinkSpec* link(std::string_view id) const;
    const ExampleDesign* example(std::string_view id) const;

    // "a, b, c" lists for messages.
    std::string modelIds() const;
    std::string gpuIds() const;
    std::string linkIds() const;

    // This catalog with some links replaced (same id) or added: a design's calibrated links.
    Catalog withLinks(const std::vector<LinkSpec>& links) const;

    // Problems found while reading the built-in files; empty in a correct build (a test checks).
    const std::vector<Diagnostic>& problems() const { return m_problems; }

private:
    Catalog();
    std::vector<ModelArchitecture> m_models;
    std::vector<GpuSpec> m_gpus;
    std::vector<LinkSpec> m_links;
    std::vector<ExampleDesign> m_examples;
    std::vector<Diagnostic> m_problems;
};

// The design the application opens with: the "default" example.
inline constexpr std::string_view kDefaultExample = "default";

} // namespace core
