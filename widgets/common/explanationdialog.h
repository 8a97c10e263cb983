// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a number comes from: its formula, its inputs with their values, and its source.

#include "base/explanation.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace widgets {

// A text of an explanation in the chosen language: the core marks its fixed texts (formulas, inputs, notes)
// with MW_TR_NOOP in the context "Explanations". A text the core builds from marked parts (a sum of terms,
// sentences, "words: formula") is translated part by part: it is cut after "; ", ": ", ". " and around
// " + ", and the longest runs of parts that have a translation are replaced. Parts without one (a number, a
// framework's name, a formula) stay as the core wrote them.
QString explanationText(const std::string& text);

class ExplanationDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExplanationDialog(QWidget* parent = nullptr);

    void showExplanation(const QString& title, double value, const core::Explanation& explanation); // bytes
    void showExplanation(const QString& title, const QString& valueText, const core::Explanation& explanation);
    QString formulaText() const;

private:
    QLabel* m_value = nullptr;
    QLabel* m_formula = nullptr;
    QTableWidget* m_inputs = nullptr;
    QLabel* m_source = nullptr;
    QLabel* m_note = nullptr;
};

} // namespace widgets
