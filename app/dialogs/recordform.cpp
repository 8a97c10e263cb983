// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/recordform.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "common/qtconvert.h"
#include "diagnostics/diagnostictext.h"
#include "memory/memorytext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QVBoxLayout>

namespace app {

using widgets::qs;

namespace {

enum Kind { Text, Count, Number };

constexpr const char* kWithinTolerancePointer = "/parity/withinTolerance";

// A number as the user's language writes it, or as JSON does ("29,2" in German, "29.2" everywhere).
std::optional<double> parseNumber(const QString& text)
{
    bool ok = false;
    const double value = QLocale().toDouble(text, &ok);
    if (ok)
        return value;
    const double plain = QLocale::c().toDouble(text, &ok);
    return ok ? std::optional<double>(plain) : std::nullopt;
}

std::optional<qint64> parseCount(const QString& text)
{
    bool ok = false;
    const qint64 value = QLocale().toLongLong(text, &ok);
    if (ok)
        return value;
    const qint64 plain = QLocale::c().toLongLong(text, &ok);
    return ok ? std::optional<qint64>(plain) : std::nullopt;
}

} // namespace

// One field: where its value goes in the record document, its label and unit, and the factor from the
// unit shown to the file's (GB to bytes, % to a fraction, ms to seconds).
struct RecordForm::Entry
{
    const char* pointer;
    QString label;
    QString unit;
    int kind = Number;
    double scale = 1;
};

RecordForm::RecordForm(QWidget* parent)
    : QWidget(parent)
{
    const QString seconds = tr("s");
    const QString perStep = tr("s per step");
    const QString gb = tr("GB");
    const QString sequences = tr("sequences");
    std::vector<Entry> memory{{"/peakMemory/total", tr("Total"), gb, Number, 1e9}};
    // The record's pointers are static strings: one per category, kept here for the life of the program.
    static const std::vector<std::string> categoryPointers = [] {
        std::vector<std::string> pointers;
        for (core::MemoryCategory category : core::enumValues<core::MemoryCategory>())
            pointers.push_back("/peakMemory/" + std::string(core::enumName(category)));
        return pointers;
    }();
    for (core::MemoryCategory category : core::enumValues<core::MemoryCategory>())
        memory.push_back({categoryPointers[std::size_t(category)].c_str(),
                          tr("of which %1").arg(widgets::categoryName(category)), gb, Number, 1e9});

    // The reference article's list of what to record for every candidate layout, in its order
    // (docs/measured-records.md).
    struct Section
    {
        QString title;
        int column;
        std::vector<Entry> entries;
    };
    const std::vector<Section> sections{
        {tr("Run"),
         0,
         {{"/name", tr("Name"), QString(), Text},
          {"/date", tr("Date"), tr("YYYY-MM-DD"), Text},
          {"/notes", tr("Notes"), QString(), Text}}},
        {tr("Identity"),
         0,
         {{"/identity/model", tr("Model"), QString(), Text},
          {"/identity/code", tr("Code version"), QString(), Text},
          {"/identity/runtime", tr("Runtime"), QString(), Text},
          {"/identity/topology", tr("Topology"), QString(), Text}}},
        {tr("Batch"),
         0,
         {{"/batch/globalBatch", tr("Global batch"), sequences, Count},
          {"/batch/microBatch", tr("Local batch (micro-batch)"), sequences, Count},
          {"/batch/sequenceLength", tr("Sequence length"), tr("tokens"), Count}}},
        {tr("Peak memory of the fullest GPU"), 1, memory},
        {tr("Throughput"),
         0,
         {{"/throughput/stepSeconds", tr("Step time"), seconds},
          {"/throughput/tokensPerSecond", tr("Useful tokens per second"), tr("tokens/s")},
          {"/throughput/mfu", tr("MFU"), tr("%"), Number, 0.01}}},
        {tr("Serving latency"),
         0,
         {{"/latency/timeToFirstToken", tr("Time to first token"), tr("ms"), Number, 1e-3},
          {"/latency/interToken", tr("Inter-token latency"), tr("ms"), Number, 1e-3}}},
        {tr("Visible communication"),
         1,
         {{"/visibleCommunication/allReduce", tr("All-reduce"), perStep},
          {"/visibleCommunication/allGather", tr("All-gather"), perStep},
          {"/visibleCommunication/reduceScatter", tr("Reduce-scatter"), perStep},
          {"/visibleCommunication/allToAll", tr("All-to-all"), perStep},
          {"/visibleCommunication/p2p", tr("Point-to-point"), perStep}}},
        {tr("Stalls and restarts"),
         1,
         {{"/inputStallSeconds", tr("Input stalls"), perStep},
          {"/checkpointSeconds", tr("Checkpoint time"), tr("s per checkpoint")},
          {"/restarts", tr("Restarts"), QString(), Count}}},
        {tr("Parity with the baseline"),
         1,
         {{"/parity/baseline", tr("Baseline run"), QString(), Text},
          {"/parity/metric", tr("Metric"), tr("e.g. loss"), Text},
          {"/parity/difference", tr("Difference (metric − baseline)"), QString()}}},
    };
    // Two columns of sections of about equal height; the long memory list heads the right one.
    auto* columns = new QHBoxLayout(this);
    columns->setContentsMargins(0, 0, 0, 0);
    QVBoxLayout* column[2]{new QVBoxLayout, new QVBoxLayout};
    for (const Section& section : sections) {
        auto* box = new QGroupBox(section.title, this);
        auto* form = new QFormLayout(box);
        for (const Entry& entry : section.entries)
            addEntry(form, entry);
        if (&section == &sections.back()) {
            m_withinTolerance = new QComboBox(box);
            m_withinTolerance->setObjectName(QLatin1String(kWithinTolerancePointer));
            m_withinTolerance->addItems({tr("not judged"), tr("yes"), tr("no")});
            form->addRow(tr("Within tolerance"), m_withinTolerance);
        }
        column[section.column]->addWidget(box);
    }
    for (QVBoxLayout* c : column) {
        c->addStretch(1);
        columns->addLayout(c, 1);
    }
}

void RecordForm::addEntry(QFormLayout* form, const Entry& entry)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(QLatin1String(entry.pointer));
    if (entry.kind != Text)
        edit->setPlaceholderText(tr("not measured"));
    QWidget* field = edit;
    if (!entry.unit.isEmpty()) {
        field = new QWidget(this);
        auto* row = new QHBoxLayout(field);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(edit, 1);
        row->addWidget(new QLabel(entry.unit, field));
    }
    form->addRow(entry.label, field);
    m_rows.push_back({entry.pointer, entry.label, entry.kind, entry.scale, entry.unit, edit});
}

QLineEdit* RecordForm::field(const QString& pointer) const
{
    for (const Row& row : m_rows)
        if (qs(row.pointer) == pointer)
            return row.edit;
    return nullptr;
}

void RecordForm::setRecord(const core::MeasuredRecord& record)
{
    const core::Json json = core::recordToJson(record);
    for (const Row& row : m_rows) {
        const core::Json::json_pointer pointer(row.pointer);
        QString text;
        if (json.contains(pointer)) {
            const core::Json& value = json.at(pointer);
            if (value.is_string())
                text = qs(value.get<std::string>());
            else if (value.is_number_integer())
                text = QLocale().toString(value.get<qint64>());
            else if (value.is_number())
                text = QLocale().toString(value.get<double>() / row.scale, 'g', 12);
        }
        row.edit->setText(text);
        markProblem(row.edit, false);
    }
    const core::Json::json_pointer within(kWithinTolerancePointer);
    m_withinTolerance->setCurrentIndex(
        json.contains(within) && json.at(within).is_boolean() ? (json.at(within).get<bool>() ? 1 : 2) : 0);
}

const RecordForm::Row* RecordForm::rowAt(const std::string& pointer) const
{
    for (const Row& row : m_rows)
        if (row.pointer == pointer)
            return &row;
    return nullptr;
}

// Core's message for a field, named by its label. A range is given in the unit the field shows (core's
// "between 0 and 1" for an MFU the form takes in percent reads "between 0 and 100 %").
QString RecordForm::problemText(const core::Diagnostic& d) const
{
    const Row* row = rowAt(d.path);
    if (!row)
        return tr("%1: %2").arg(qs(d.path), widgets::diagnosticMessage(d));
    if (d.code == core::diag::kValueRange.code && d.args.size() == 4) {
        const auto shown = [&](const std::string& value) {
            bool ok = false;
            const double number = qs(value).toDouble(&ok);
            return ok ? QLocale().toString(number / row->scale, 'g', 12) : qs(value);
        };
        return tr("%1 must be between %2 and %3 %4; it is %5 %4.")
            .arg(row->label, shown(d.args[1]), shown(d.args[2]), row->unit, shown(d.args[3]));
    }
    return tr("%1: %2").arg(row->label, widgets::diagnosticMessage(d));
}

void RecordForm::markProblem(QLineEdit* edit, bool bad)
{
    edit->setStyleSheet(bad ? QStringLiteral("QLineEdit { border: 2px solid #c0392b; }") : QString());
}

std::optional<core::MeasuredRecord> RecordForm::record(QString* error)
{
    core::Json document = {{"format", core::kRecordFormat}, {"version", core::kRecordVersion}};
    QStringList problems;
    QLineEdit* firstBad = nullptr;
    auto problem = [&](QLineEdit* edit, const QString& text) {
        problems << text;
        markProblem(edit, true);
        if (!firstBad)
            firstBad = edit;
    };
    for (const Row& row : m_rows) {
        markProblem(row.edit, false);
        const QString text = row.edit->text().trimmed();
        if (text.isEmpty())
            continue;
        const core::Json::json_pointer pointer(row.pointer);
        if (row.kind == Text) {
            document[pointer] = text.toStdString();
        } else if (row.kind == Count) {
            if (const std::optional<qint64> count = parseCount(text))
                document[pointer] = *count;
            else
                problem(row.edit, tr("%1: “%2” is not a whole number.").arg(row.label, text));
        } else if (const std::optional<double> number = parseNumber(text)) {
            document[pointer] = *number * row.scale;
        } else {
            problem(row.edit, tr("%1: “%2” is not a number.").arg(row.label, text));
        }
    }
    if (m_withinTolerance->currentIndex() > 0)
        document[core::Json::json_pointer(kWithinTolerancePointer)] = m_withinTolerance->currentIndex() == 1;
    std::optional<core::MeasuredRecord> result;
    if (problems.isEmpty()) {
        // Ranges (an MFU above 100 %, a negative time) are core's, as for a record file.
        core::RecordLoadResult loaded = core::loadRecord(core::jsonText(document, -1));
        for (const core::Diagnostic& d : loaded.diagnostics)
            if (d.isError())
                problem(field(qs(d.path)) ? field(qs(d.path)) : m_rows.front().edit, problemText(d));
        result = std::move(loaded.record);
    }
    if (firstBad)
        firstBad->setFocus();
    *error = problems.join(QLatin1Char('\n'));
    return result;
}

} // namespace app
