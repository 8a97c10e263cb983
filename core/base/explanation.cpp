// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/explanation.h"

namespace core {

Json explanationToJson(const Explanation& e)
{
    Json inputs = Json::array();
    for (const ExplanationInput& i : e.inputs)
        inputs.push_back({{"name", i.name}, {"value", i.value}, {"unit", i.unit}});
    Json out = {{"formula", e.formula}, {"inputs", std::move(inputs)}, {"source", e.source}};
    if (!e.note.empty())
        out["note"] = e.note;
    return out;
}

} // namespace core
