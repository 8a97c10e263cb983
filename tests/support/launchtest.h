// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the launch-file suites share (tst_launchimport, tst_launchroundtrips): the export target that writes
// what an import format reads.

#include "launch/launchconfig.h"
#include "launch/launchimport.h"

namespace testing {

inline core::LaunchTarget targetOf(core::LaunchFormat format)
{
    switch (format) {
    case core::LaunchFormat::Megatron:
        return core::LaunchTarget::Megatron;
    case core::LaunchFormat::Accelerate:
        return core::LaunchTarget::Accelerate;
    case core::LaunchFormat::DeepSpeed:
        return core::LaunchTarget::DeepSpeed;
    case core::LaunchFormat::Vllm:
        return core::LaunchTarget::Vllm;
    case core::LaunchFormat::Sglang:
        return core::LaunchTarget::Sglang;
    case core::LaunchFormat::Torchtitan:
        return core::LaunchTarget::Torchtitan;
    }
    return core::LaunchTarget::Torchrun;
}

} // namespace testing
