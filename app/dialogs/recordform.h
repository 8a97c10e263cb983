// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A measured record typed into labelled fields: the reference article's list (docs/measured-records.md) —
// identity, batch, peak memory by category, throughput and MFU, serving latency, visible time per collective,
// input stalls, checkpoint time, restarts, parity — each with its unit, an empty field for what was not
// measured. The form builds the record document and reads it with core::loadRecord, so a record typed here is
// checked exactly as a file is; each problem names the field it is in.

#include "design/measuredrecord.h"

#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QFormLayout;
class QLineEdit;

namespace app {

class RecordForm : public QWidget
{
    Q_OBJECT

public:
    explicit RecordForm(QWidget* parent = nullptr);

    // Fills the fields from `record` (the new record's start: the design's batch and today's date).
    void setRecord(const core::MeasuredRecord& record);
    // The record the fields describe; nullopt with `error` naming each field that is not a value or out of
    // range (the fields keep what was typed, the first bad one gets the focus).
    std::optional<core::MeasuredRecord> record(QString* error);
    // The field of a record quantity by its pointer in the record document ("/throughput/stepSeconds").
    QLineEdit* field(const QString& pointer) const;

private:
    struct Entry;
    void addEntry(QFormLayout* form, const Entry& entry);
    QString problemText(const core::Diagnostic& diagnostic) const;
    void markProblem(QLineEdit* edit, bool bad);

    struct Row
    {
        std::string pointer;
        QString label;
        int kind = 0;
        double scale = 1;
        QString unit;
        QLineEdit* edit = nullptr;
    };
    const Row* rowAt(const std::string& pointer) const;
    std::vector<Row> m_rows;
    QComboBox* m_withinTolerance = nullptr;
};

} // namespace app
