// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/catalogtext.h"

#include <QCoreApplication>

namespace widgets {

namespace {

// For lupdate: each entry is a name of resources/presets/links.json, a "name" of resources/examples/*.json or
// a "notModelled" feature of resources/presets/models.json, word for word. tst_language fails when a built-in
// name with a descriptive (lower-case) word is missing here, so that a preset added or renamed in the JSON is
// not left English in another language.
[[maybe_unused]] constexpr const char* kDescriptiveNames[] = {
    QT_TRANSLATE_NOOP("Catalog", "NVLink 4 at 400 GB/s (H800) + NVSwitch"),
    QT_TRANSLATE_NOOP("Catalog", "PCIe 4.0 x16 (no NVLink)"),
    QT_TRANSLATE_NOOP("Catalog", "PCIe 5.0 x16 (no NVLink)"),
    QT_TRANSLATE_NOOP("Catalog", "InfiniBand HDR, 200 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("Catalog", "InfiniBand NDR, 400 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("Catalog", "InfiniBand XDR, 800 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("Catalog", "RoCE, 400 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("Catalog", "Ethernet (TCP), 100 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("Catalog", "Llama 3.1 70B on 4 × 8 H100"),
    QT_TRANSLATE_NOOP("Catalog", "Llama 3.1 8B, FSDP on one node of 8 GPUs"),
    QT_TRANSLATE_NOOP("Catalog", "Llama 3.1 405B on 2 × GB200 NVL72"),
    QT_TRANSLATE_NOOP("Catalog", "Mixtral 8x7B with expert parallelism, 4 × 8 GPUs"),
    QT_TRANSLATE_NOOP("Catalog", "Dense 70B, 32K context, 64 × 8 GPUs: the reference article's layout"),
    QT_TRANSLATE_NOOP("Catalog", "Dense 70B, 32K context, 64 × 8 GPUs: the deeper pipeline"),
    QT_TRANSLATE_NOOP("Catalog", "Serving Llama 3.1 70B on one node of 8 GPUs"),
    QT_TRANSLATE_NOOP("Catalog", "Teaching: four GPUs"),
    // The models' features Meshwright does not model (resources/presets/models.json "notModelled"), which
    // the diagnostic model-feature-unmodelled names.
    QT_TRANSLATE_NOOP("Catalog", "sliding-window attention (disabled in the released config)"),
    QT_TRANSLATE_NOOP("Catalog", "alternating dense and locally banded sparse attention (counted as dense)"),
    QT_TRANSLATE_NOOP("Catalog", "multi-token prediction module (one extra layer, about 14B parameters)"),
    QT_TRANSLATE_NOOP("Catalog", "node-limited routing (at most 4 nodes per token)"),
};

} // namespace

QString presetName(const std::string& name)
{
    return QCoreApplication::translate("Catalog", name.c_str());
}

} // namespace widgets
