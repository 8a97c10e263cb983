// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the kernel and layer suites share (tst_hardware, tst_kernelmodel, tst_layerkernels, tst_moecosts,
// tst_trainingfp8): a built-in GPU preset by id, and one of a layer's GEMMs by name.

#include "catalog/catalog.h"
#include "pipeline/layerkernels.h"

#include <QtGlobal>
#include <string>
#include <string_view>

namespace testing {

inline const core::GpuSpec& gpu(const char* id)
{
    const core::GpuSpec* spec = core::Catalog::builtin().gpu(id);
    if (!spec)
        qFatal("no GPU preset %s", id);
    return *spec;
}

inline const core::LayerGemm& gemm(const core::LayerKernels& k, std::string_view name)
{
    for (const core::LayerGemm& g : k.gemms)
        if (g.name == name)
            return g;
    qFatal("no GEMM %s", std::string(name).c_str());
}

} // namespace testing
