// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A built-in example as the window opens it, and `meshwright --pin DESIGN`: the design to pin as a candidate
// on the Performance tab, named by a design file or by an example's id, so that a screenshot can show
// candidates side by side.

#include "design/design.h"

#include <QString>
#include <optional>
#include <string_view>

namespace app {

// The built-in example `id`, titled in the user's language as File ▸ Open Example titles it; empty for no
// such example.
std::optional<core::Design> exampleInLanguage(std::string_view id);

// The design in the file `name`, or else the built-in example of that id (titled in the user's language, as
// File ▸ Open Example titles it). Empty with `error` set when it is neither.
std::optional<core::Design> designToPin(const QString& name, QString* error);

} // namespace app
