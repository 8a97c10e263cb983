// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Diagnostics of importing what a user brings from outside: a Hugging Face config.json, a launch
// configuration (core/launch/launchimport.h). Registered with
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

namespace core::diag {

// ---- Importing a launch configuration (core/launch/launchimport.h) -------------------------------------
// The path of each is where in the file: "line 12", or the JSON pointer of a DeepSpeed key.
inline constexpr DiagnosticKind kLaunchSyntax{
    "launch-syntax", Severity::Error, MW_TR_NOOP("Diagnostics", "This is not a readable %1 file: %2.")};
inline constexpr DiagnosticKind kLaunchEmpty{
    "launch-empty", Severity::Error, MW_TR_NOOP("Diagnostics", "The file holds no %1 configuration: %2.")};
inline constexpr DiagnosticKind kLaunchWorld{
    "launch-world", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The file starts %1 processes, but the cluster has %2 GPUs.")};
inline constexpr DiagnosticKind kLaunchDegrees{
    "launch-degrees", Severity::Error,
    MW_TR_NOOP("Diagnostics", "The degrees %1 need %2 GPUs, but the cluster has %3.")};
inline constexpr DiagnosticKind kLaunchCluster{
    "launch-cluster", Severity::Error,
    MW_TR_NOOP("Diagnostics",
               "The degrees %1 do not divide the cluster's %2 GPUs, so no data-parallel degree fills it.")};
inline constexpr DiagnosticKind kLaunchConflict{
    "launch-conflict", Severity::Error, MW_TR_NOOP("Diagnostics", "%1 = %2 conflicts with %3 = %4.")};
inline constexpr DiagnosticKind kLaunchUnsupported{
    "launch-unsupported", Severity::Error,
    MW_TR_NOOP("Diagnostics", "%1 = %2 cannot be imported: %3.")};
inline constexpr DiagnosticKind kLaunchModel{
    "launch-model", Severity::Warning,
    MW_TR_NOOP("Diagnostics", "The file's model %1 is not a built-in preset; the design keeps %2.")};
inline constexpr DiagnosticKind kLaunchApproximated{
    "launch-approximated", Severity::Warning, MW_TR_NOOP("Diagnostics", "%1 is read as %2: %3.")};

} // namespace core::diag
