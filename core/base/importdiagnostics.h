// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Diagnostics of importing what a user brings from outside: a Hugging Face config.json. Registered with
// every other kind in diagnostickinds.cpp (allKinds), listed in the README.

#include "base/diagnostic.h"

namespace core::diag {

inline constexpr DiagnosticKind kHfArchitecture{
    "hf-architecture", Severity::Error,
    MW_TR_NOOP("Diagnostics", "Architecture %1 is not one Meshwright can import; it reads %2.")};
inline constexpr DiagnosticKind kHfNotModelled{
    "hf-not-modelled", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "The config's %1 is not modelled: %2.")};

} // namespace core::diag
