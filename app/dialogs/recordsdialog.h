// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design's measured records beside the prediction: import a record file or type one, see each
// measured quantity with the predicted value and the difference, remove a record, and choose which record
// the views compare with. Each of these is an undoable edit of the document; the dialog follows every
// change of the design.

#include "design/measuredrecord.h"

#include <QDialog>
#include <string>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTableWidget;
class QTabWidget;

namespace app {

class Document;
class RecordForm;

class RecordsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RecordsDialog(Document* document, QWidget* parent = nullptr);

    // Reads a "meshwright.record" file and adds it to the design; false with `error` saying why.
    bool importRecord(const QString& path, QString* error);
    // Adds a record typed as JSON (the record document's form); false with `error` listing the problems.
    bool addRecordFromText(const QString& json, QString* error);
    bool addRecordFromUtf8(const std::string& json, QString* error);
    // Adds `record` to the design as one undo step and shows it.
    void addRecord(const core::MeasuredRecord& record);
    // What a new record starts from: the design's name and batch and today's date, nothing measured.
    core::MeasuredRecord newRecordStart() const;
    // The same as the JSON a pasted record starts from, the measurements' objects there to fill in.
    QString newRecordTemplate() const;
    void removeShownRecord();

    QComboBox* recordChooser() const { return m_records; }
    // Which record the views compare with: entry 0 the newest, entry i + 1 record i.
    QComboBox* comparedChooser() const { return m_compared; }
    QTableWidget* table() const { return m_table; }
    // The shown record's identity and the comparison's warnings, for tests.
    QString headerText() const;

private:
    void refresh();
    void showRecord();
    void importDialog();
    void newRecordDialog();

    Document* m_document;
    QComboBox* m_records = nullptr;
    QComboBox* m_compared = nullptr;
    QLabel* m_identity = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_remove = nullptr;
};

// File ▸ Export ▸ Measured Records… ▸ New Record…: the record's fields in a form, or its JSON pasted as the
// second way. OK adds it; on any problem the dialog stays open with everything typed and says where.
class NewRecordDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewRecordDialog(RecordsDialog* records);

    RecordForm* form() const { return m_form; }
    QPlainTextEdit* jsonEditor() const { return m_json; }
    QTabWidget* ways() const { return m_ways; }
    QString problemText() const;
    // What OK does: adds the record of the shown tab and closes, or shows the problems and stays.
    void submit();

private:
    RecordsDialog* m_records;
    QTabWidget* m_ways = nullptr;
    QScrollArea* m_scroll = nullptr;
    RecordForm* m_form = nullptr;
    QPlainTextEdit* m_json = nullptr;
    QLabel* m_problems = nullptr;
};

} // namespace app
