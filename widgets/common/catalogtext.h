// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The built-in presets' names in the user's language. Most are proper nouns and stay as written
// ("H100 SXM5 80 GB", "NVLink 4 + NVSwitch", "Llama 3.1 70B"); the words that describe in the others ("no
// NVLink", "per GPU", "at 400 GB/s") and the example designs' titles are translated. The presets live in
// JSON (resources/presets/, resources/examples/), which lupdate does not read: catalogtext.cpp lists the
// names that hold such words, and a name it does not list (a custom link, a model imported from Hugging Face)
// shows as written.

#include <QString>
#include <string>

namespace widgets {

// `name`, a preset's or an example's English name (or a feature a preset model has that Meshwright does not
// model), in the user's language.
QString presetName(const std::string& name);
// A feature a model has that Meshwright does not model (ModelArchitecture::notModelled) in the user's
// language: a preset model's from the list above, one imported from a Hugging Face config from the phrases
// it was told in (core::hfNotModelledPhrases: "feature (instead)", numbers kept); anything else as written.
QString featureText(const std::string& feature);

} // namespace widgets
