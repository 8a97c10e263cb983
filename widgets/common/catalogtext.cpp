// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/catalogtext.h"

#include "catalog/hfconfig.h"
#include "common/filltext.h"
#include "common/qtconvert.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <optional>
#include <vector>

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
    QT_TRANSLATE_NOOP("Catalog", "alternating dense and locally banded sparse attention (counted as dense)"),
    QT_TRANSLATE_NOOP("Catalog", "attention sinks (one learned logit per head)"),
};

} // namespace

QString presetName(const std::string& name)
{
    return QCoreApplication::translate("Catalog", name.c_str());
}

namespace {

// A phrase as a pattern: its whole text with each %1 … a group that takes the number it was filled with.
struct PhrasePattern
{
    const char* phrase;
    QRegularExpression whole;
};

const std::vector<PhrasePattern>& phrasePatterns()
{
    static const std::vector<PhrasePattern> all = [] {
        std::vector<PhrasePattern> out;
        // escape() writes "%1" as "\%1" (every character but letters, digits and _).
        static const QRegularExpression placeholder(QStringLiteral(R"(\\?%[1-9])"));
        for (const char* phrase : core::hfNotModelledPhrases()) {
            QString pattern = QRegularExpression::escape(QString::fromUtf8(phrase));
            pattern.replace(placeholder, QStringLiteral("(.+?)"));
            out.push_back({phrase, QRegularExpression(QStringLiteral("^") + pattern + QStringLiteral("$"))});
        }
        return out;
    }();
    return all;
}

// `text` told in one of the phrases, translated with its numbers as they were.
std::optional<QString> translatedPhrase(const QString& text)
{
    for (const PhrasePattern& p : phrasePatterns()) {
        if (const QRegularExpressionMatch m = p.whole.match(text); m.hasMatch()) {
            std::vector<std::string> numbers;
            for (int i = 1; i <= m.lastCapturedIndex(); ++i)
                numbers.push_back(m.captured(i).toStdString());
            return fillArguments(QCoreApplication::translate("DiagnosticArguments", p.phrase), numbers,
                                 [](const std::string& arg) { return localizedNumberText(qs(arg)); });
        }
    }
    return std::nullopt;
}

} // namespace

QString featureText(const std::string& feature)
{
    const QString preset = presetName(feature);
    if (preset != qs(feature))
        return preset;
    // "feature (instead)": split before each " (" from the right until both halves are phrases.
    const QString text = qs(feature);
    if (!text.endsWith(QLatin1Char(')')))
        return text;
    for (qsizetype at = text.lastIndexOf(QStringLiteral(" (")); at > 0;
         at = text.lastIndexOf(QStringLiteral(" ("), at - 1)) {
        const std::optional<QString> what = translatedPhrase(text.left(at));
        const std::optional<QString> instead = translatedPhrase(text.mid(at + 2, text.size() - at - 3));
        if (what && instead)
            return *what + QStringLiteral(" (") + *instead + QLatin1Char(')');
    }
    return text;
}

} // namespace widgets
