// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "performance/search.h"

#include <QString>

#include <vector>

namespace widgets {

// A search candidate's recipe in the window's language: each sentence translated (context "Recipes", marked
// in core/performance/searchspace.cpp), whole numbers grouped as the language writes them, link names as
// their presets name them.
QString recipeText(const std::vector<core::RecipeSentence>& sentences);

} // namespace widgets
