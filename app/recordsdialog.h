#pragma once

// The design's measured records beside the prediction (issue 8): import a record file, see each measured
// quantity with the predicted value and the difference, remove a record. Adding and removing are undoable
// edits of the document; the table follows every change of the design.

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace app {

class Document;

class RecordsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RecordsDialog(Document* document, QWidget* parent = nullptr);

    // Reads a "meshwright.record" file and adds it to the design; false with `error` saying why.
    bool importRecord(const QString& path, QString* error);
    // Adds a record typed as JSON (the record document's form); false with `error` listing the problems.
    bool addRecordFromText(const QString& json, QString* error);
    // The JSON a new record starts from: the design's batch and topology, the rest for the user to fill in.
    QString newRecordTemplate() const;
    void removeShownRecord();

    QComboBox* recordChooser() const { return m_records; }
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
    QLabel* m_identity = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace app
