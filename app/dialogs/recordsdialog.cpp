// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/recordsdialog.h"

#include "base/jsonparse.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "diagnostics/diagnostictext.h"
#include "dialogs/recordform.h"
#include "document/document.h"
#include "evaluate.h"

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace app {

using widgets::qs;

RecordsDialog::RecordsDialog(Document* document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("Measured Records"));
    m_records = new QComboBox(this);
    m_compared = new QComboBox(this);
    auto* comparedLabel = new QLabel(tr("The &views compare the prediction with:"), this);
    comparedLabel->setBuddy(m_compared);
    m_identity = new QLabel(this);
    m_identity->setWordWrap(true);
    m_identity->setTextFormat(Qt::RichText);
    m_table = new QTableWidget(0, 4, this);
    m_table->setHorizontalHeaderLabels({tr("Quantity"), tr("Predicted"), tr("Measured"), tr("Difference")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setMinimumSize(720, 420);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* create = buttons->addButton(tr("&New Record…"), QDialogButtonBox::ActionRole);
    QPushButton* import = buttons->addButton(tr("&Import Record…"), QDialogButtonBox::ActionRole);
    m_remove = buttons->addButton(tr("&Remove Record"), QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_records);
    layout->addWidget(m_identity);
    auto* comparedRow = new QHBoxLayout;
    comparedRow->addWidget(comparedLabel);
    comparedRow->addWidget(m_compared, 1);
    layout->addLayout(comparedRow);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);

    connect(m_records, &QComboBox::currentIndexChanged, this, &RecordsDialog::showRecord);
    // The first entry is "the newest"; entry i + 1 is record i.
    connect(m_compared, &QComboBox::activated, this, [this](int entry) {
        m_document->chooseComparedRecord(entry > 0 ? std::optional<int>(entry - 1) : std::nullopt);
    });
    connect(create, &QPushButton::clicked, this, &RecordsDialog::newRecordDialog);
    connect(import, &QPushButton::clicked, this, &RecordsDialog::importDialog);
    connect(m_remove, &QPushButton::clicked, this, &RecordsDialog::removeShownRecord);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_document, &Document::changed, this, &RecordsDialog::refresh);
    refresh();
}

void RecordsDialog::refresh()
{
    const int shown = m_records->currentIndex();
    const QSignalBlocker blocker(m_records);
    m_records->clear();
    m_compared->clear();
    m_compared->addItem(tr("The newest record (by date)"));
    for (const core::MeasuredRecord& record : m_document->design().records) {
        m_records->addItem(record.name.empty() ? tr("Unnamed record") : qs(record.name));
        m_compared->addItem(widgets::recordTitle(record));
    }
    if (m_records->count() > 0)
        m_records->setCurrentIndex(std::clamp(shown, 0, m_records->count() - 1));
    const std::optional<int> compared = m_document->design().comparedRecord;
    m_compared->setCurrentIndex(compared ? *compared + 1 : 0);
    m_compared->setEnabled(m_records->count() > 1);
    showRecord();
}

void RecordsDialog::showRecord()
{
    const int index = m_records->currentIndex();
    const auto& records = m_document->design().records;
    m_remove->setEnabled(index >= 0);
    m_table->setRowCount(0);
    if (index < 0 || index >= int(records.size())) {
        m_identity->setText(
            tr("No measured records yet: import a record file (\"meshwright.record\") written "
               "from a real run of this layout."));
        return;
    }
    const core::MeasuredRecord& record = records[std::size_t(index)];
    QStringList identity;
    for (const std::string& part : {record.date, record.identity.model, record.identity.code,
                                    record.identity.runtime, record.identity.topology})
        if (!part.empty())
            identity << qs(part).toHtmlEscaped();
    const widgets::DesignSnapshot& snapshot = m_document->snapshot();
    const core::RecordComparison comparison
        = core::compareRecord(record, *snapshot.design, *snapshot.evaluation);
    QString text = identity.join(QStringLiteral(" · "));
    for (const QString& warning : widgets::recordWarnings(comparison))
        text += QStringLiteral("<br><b>%1</b> %2").arg(tr("Warning:"), warning.toHtmlEscaped());
    m_identity->setText(text);
    m_table->setRowCount(int(comparison.rows.size()));
    for (int i = 0; i < int(comparison.rows.size()); ++i) {
        const core::RecordComparisonRow& row = comparison.rows[std::size_t(i)];
        const QString cells[]{
            widgets::recordQuantityText(row),
            row.predicted ? widgets::recordValueText(*row.predicted, row.unit) : QStringLiteral("—"),
            widgets::recordValueText(*row.measured, row.unit), widgets::recordDifferenceText(row)};
        for (int column = 0; column < 4; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, column, item);
        }
    }
}

QString RecordsDialog::headerText() const
{
    return m_identity->text();
}

bool RecordsDialog::importRecord(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    // The bytes as they are: a byte that is not UTF-8 is reported with its offset by the loader, not
    // replaced on the way by QString.
    if (!addRecordFromUtf8(file.readAll().toStdString(), error)) {
        *error = tr("%1 is not a readable record:\n%2").arg(path, *error);
        return false;
    }
    return true;
}

bool RecordsDialog::addRecordFromText(const QString& json, QString* error)
{
    return addRecordFromUtf8(json.toStdString(), error);
}

bool RecordsDialog::addRecordFromUtf8(const std::string& json, QString* error)
{
    const core::RecordLoadResult loaded = core::loadRecord(json);
    if (!loaded.record) {
        QStringList messages;
        for (const core::Diagnostic& d : loaded.diagnostics)
            messages << (d.path.empty() ? QString() : widgets::qs(d.path) + QStringLiteral(": "))
                    + widgets::diagnosticMessage(d);
        *error = messages.join(QLatin1Char('\n'));
        return false;
    }
    addRecord(*loaded.record);
    return true;
}

void RecordsDialog::addRecord(const core::MeasuredRecord& record)
{
    std::vector<core::MeasuredRecord> records = m_document->design().records;
    records.push_back(record);
    m_document->editRecords(std::move(records), tr("Add measured record %1").arg(qs(record.name)));
    m_records->setCurrentIndex(m_records->count() - 1);
}

void RecordsDialog::removeShownRecord()
{
    const int index = m_records->currentIndex();
    std::vector<core::MeasuredRecord> records = m_document->design().records;
    if (index < 0 || index >= int(records.size()))
        return;
    const QString name = qs(records[std::size_t(index)].name);
    records.erase(records.begin() + index);
    // The compared record keeps its place among the others; the removed one leaves the newest compared.
    std::optional<int> compared = m_document->design().comparedRecord;
    if (compared && *compared == index)
        compared.reset();
    else if (compared && *compared > index)
        --*compared;
    m_document->editRecords(std::move(records), compared, tr("Remove measured record %1").arg(name));
}

core::MeasuredRecord RecordsDialog::newRecordStart() const
{
    const core::Design& design = m_document->design();
    core::MeasuredRecord record;
    record.name = design.name;
    record.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    record.globalBatch = design.workload.globalBatch;
    record.microBatch = design.layout.microBatch;
    record.sequenceLength = design.workload.sequenceLength;
    return record;
}

QString RecordsDialog::newRecordTemplate() const
{
    core::Json json = core::Json::parse(core::saveRecord(newRecordStart()));
    // The measurements stay empty: a record holds what was measured, never a prediction.
    json["throughput"] = core::Json::object();
    json["peakMemory"] = core::Json::object();
    json["visibleCommunication"] = core::Json::object();
    return qs(core::jsonText(json));
}

void RecordsDialog::newRecordDialog()
{
    NewRecordDialog dialog(this);
    dialog.exec();
}

NewRecordDialog::NewRecordDialog(RecordsDialog* records)
    : QDialog(records)
    , m_records(records)
{
    setWindowTitle(tr("New Measured Record"));
    m_form = new RecordForm(this);
    m_form->setRecord(records->newRecordStart());
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_form);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);

    auto* jsonPage = new QWidget(this);
    auto* help = new QLabel(tr("Paste a record document (\"meshwright.record\", as a training job writes "
                               "it); the README lists every field."),
                            jsonPage);
    help->setWordWrap(true);
    m_json = new QPlainTextEdit(records->newRecordTemplate(), jsonPage);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* jsonLayout = new QVBoxLayout(jsonPage);
    jsonLayout->addWidget(help);
    jsonLayout->addWidget(m_json, 1);

    m_ways = new QTabWidget(this);
    m_ways->addTab(m_scroll, tr("&Fields"));
    m_ways->addTab(jsonPage, tr("Paste &JSON"));
    m_problems = new QLabel(this);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c0392b"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_ways, 1);
    layout->addWidget(m_problems);
    layout->addWidget(buttons);
    resize(940, 720);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, &NewRecordDialog::submit);
}

QString NewRecordDialog::problemText() const
{
    return m_problems->text();
}

void NewRecordDialog::submit()
{
    QString error;
    bool added = false;
    if (m_ways->currentIndex() == 0) {
        if (const std::optional<core::MeasuredRecord> record = m_form->record(&error)) {
            m_records->addRecord(*record);
            added = true;
        } else if (QWidget* bad = m_form->focusWidget()) {
            m_scroll->ensureWidgetVisible(bad); // the first field in question
        }
    } else {
        added = m_records->addRecordFromText(m_json->toPlainText(), &error);
    }
    m_problems->setText(error);
    if (added)
        accept();
}

void RecordsDialog::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Measured Record"), QString(),
                                                      tr("Meshwright records (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!importRecord(path, &error))
        QMessageBox::warning(this, tr("Cannot Import the Record"), error);
}

} // namespace app
