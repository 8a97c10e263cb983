// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A diagnostic as JSON, as every command-line document that reports diagnostics writes it (the
// evaluation, the collective verb): {severity, code, message, path}.

#include "base/diagnostic.h"
#include "base/jsonreader.h"

namespace core {

Json diagnosticToJson(const Diagnostic& diagnostic);

} // namespace core
