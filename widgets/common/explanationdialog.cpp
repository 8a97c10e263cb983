// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/explanationdialog.h"

#include "base/units.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>
#include <optional>

namespace widgets {

namespace {
// The translation of `text`, or nothing when the catalogue has none (English has none: its texts are the
// core's).
std::optional<QString> translated(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    QString result = QCoreApplication::translate("Explanations", utf8.constData());
    if (result == text)
        return std::nullopt;
    return result;
}
} // namespace

QString explanationText(const std::string& text)
{
    if (text.empty())
        return {};
    const QString whole = QString::fromStdString(text);
    if (const auto t = translated(whole))
        return *t;
    // Parts and the separators after them.
    static const QRegularExpression separator(QStringLiteral("(; |: |(?<=\\.) | \\+ )"));
    QStringList parts, separators;
    int from = 0;
    for (QRegularExpressionMatchIterator it = separator.globalMatch(whole); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        parts << whole.mid(from, m.capturedStart() - from);
        separators << m.captured();
        from = m.capturedEnd();
    }
    parts << whole.mid(from);
    separators << QString();
    QString out;
    for (int i = 0; i < parts.size();) {
        int next = i + 1;
        QString piece = parts[i];
        // The longest run parts[i..j] that the catalogue knows.
        QString run;
        for (int j = i; j < parts.size(); ++j) {
            run += parts[j];
            if (const auto t = translated(run)) {
                piece = *t;
                next = j + 1;
            }
            run += separators[j];
        }
        out += piece + separators[next - 1];
        i = next;
    }
    return out;
}

namespace {
QString valueWithUnit(const core::ExplanationInput& input)
{
    if (input.unit == "bytes")
        return bytesText(input.value);
    const QString number = std::abs(input.value) >= 1e5 ? countText(input.value) : numberText(input.value, 4);
    return input.unit.empty() ? number : number + QLatin1Char(' ') + qs(input.unit);
}
} // namespace

ExplanationDialog::ExplanationDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_value = new QLabel(this);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_value->setFont(big);
    layout->addWidget(m_value);
    m_formula = new QLabel(this);
    m_formula->setWordWrap(true);
    m_formula->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_formula);
    m_inputs = new QTableWidget(0, 2, this);
    m_inputs->horizontalHeader()->setStretchLastSection(true);
    m_inputs->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_inputs->verticalHeader()->hide();
    m_inputs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_inputs, 1);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_source = new QLabel(this);
    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_source);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 420);
}

void ExplanationDialog::showExplanation(const QString& title, double value, const core::Explanation& e)
{
    showExplanation(title, bytesText(value), e);
}

void ExplanationDialog::showExplanation(const QString& title, const QString& valueText, const core::Explanation& e)
{
    setWindowTitle(title);
    m_value->setText(QStringLiteral("%1 = %2").arg(title, valueText));
    m_formula->setText(explanationText(e.formula));
    m_inputs->setHorizontalHeaderLabels({tr("Input"), tr("Value")});
    m_inputs->setRowCount(static_cast<int>(e.inputs.size()));
    for (std::size_t i = 0; i < e.inputs.size(); ++i) {
        m_inputs->setItem(static_cast<int>(i), 0, new QTableWidgetItem(explanationText(e.inputs[i].name)));
        m_inputs->setItem(static_cast<int>(i), 1, new QTableWidgetItem(valueWithUnit(e.inputs[i])));
    }
    m_note->setText(explanationText(e.note));
    m_note->setVisible(!e.note.empty());
    m_source->setText(tr("Source: %1").arg(qs(e.source)));
}

QString ExplanationDialog::formulaText() const
{
    return m_formula->text();
}

} // namespace widgets
