// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/performancepanel.h"

#include "base/sizelimits.h"
#include "base/units.h"
#include "common/catalogtext.h"
#include "common/choicetext.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "design/designio.h"
#include "design/layoutarithmetic.h"
#include "performance/candidatetext.h"
#include "performance/layoutcomparison.h"
#include "performance/recipetext.h"
#include "performance/resultcolumns.h"
#include "performance/scalingplot.h"

#include <QCheckBox>
#include <QEvent>
#include <QEventLoop>
#include <QFontMetrics>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <array>
#include <cmath>
#include <limits>

namespace widgets {

namespace {

// The role the result table sorts by: the number behind the text a cell shows.
constexpr int kSortRole = Qt::UserRole + 1;

// The reference article's two 70B layouts, the first pair a design review compares.
constexpr const char* kReferencePair[] = {"seed-70b-32k-512gpu", "seed-70b-32k-512gpu-alt"};

QString seconds(double s)
{
    return secondsText(s);
}

QString percent(double share)
{
    return percentText(share);
}

// The rows of the comparison, in the order a design review reads them.
enum class Row {
    Model,
    Gpus,
    Layout,
    Settings,
    PeakMemory,
    Step,
    Tokens,
    Mfu,
    Bubble,
    AllReduce,
    AllGather,
    ReduceScatter,
    AllToAll,
    P2p,
    DataParallel,
    Optimizer,
    FirstToken,
    InterToken,
    Count
};

} // namespace

PerformancePanel::PerformancePanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_pages = new QTabWidget(this);
    layout->addWidget(m_pages);

    // Object names for `meshwright --tab performance:search` (MainWindow::showTab).
    auto* candidates = new QWidget(m_pages);
    candidates->setObjectName(QStringLiteral("candidates"));
    auto* candidatesLayout = new QVBoxLayout(candidates);
    auto* candidateBar = new QHBoxLayout;
    m_candidatesTitle = new QLabel(candidates);
    m_pinButton = new QPushButton(candidates);
    m_seedPairButton = new QPushButton(candidates);
    m_clearButton = new QPushButton(candidates);
    m_candidatesTitle->setWordWrap(true); // the window's minimum width is not this label's to set
    candidateBar->addWidget(m_candidatesTitle, 1);
    candidateBar->addWidget(m_pinButton);
    candidateBar->addWidget(m_seedPairButton);
    candidateBar->addWidget(m_clearButton);
    candidatesLayout->addLayout(candidateBar);
    m_table = new QTableWidget(static_cast<int>(Row::Count), 0, candidates);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    wrapStretchedHeaders(m_table); // a design's name may be longer than its column
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    candidatesLayout->addWidget(m_table, 1);
    // Below the table: whether the model decides between the two fastest (candidatetext.h).
    m_comparison = new QLabel(candidates);
    m_comparison->setObjectName(QStringLiteral("candidatesComparison"));
    m_comparison->setWordWrap(true);
    candidatesLayout->addWidget(m_comparison);
    // Before anything is pinned, the page says how to pin instead of showing an empty table.
    m_emptyHint = new QLabel(candidates);
    m_emptyHint->setObjectName(QStringLiteral("candidatesEmpty"));
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setAlignment(Qt::AlignCenter);
    m_emptyHint->setMargin(24);
    candidatesLayout->addWidget(m_emptyHint, 1);
    m_pages->addTab(candidates, QString());

    auto* search = new QWidget(m_pages);
    search->setObjectName(QStringLiteral("search"));
    auto* searchLayout = new QVBoxLayout(search);
    auto* searchBar = new QHBoxLayout;
    m_searchTitle = new QLabel(search);
    m_searchButton = new QPushButton(search);
    m_cancelButton = new QPushButton(search);
    m_tryFp8 = new QCheckBox(search);
    m_tryOffload = new QCheckBox(search);
    m_applyButton = new QPushButton(search);
    m_progress = new QProgressBar(search);
    // Shown while a search runs: idle and empty, it looked like a text field to type into.
    m_progress->setVisible(false);
    m_searchStatus = new QLabel(search);
    m_searchStatus->setObjectName(QStringLiteral("searchStatus"));
    m_searchStatus->setWordWrap(true);
    m_progress->setVisible(false);
    m_cancelButton->setEnabled(false);
    m_applyButton->setEnabled(false);
    searchBar->addWidget(m_searchTitle);
    searchBar->addWidget(m_searchButton);
    searchBar->addWidget(m_cancelButton);
    searchBar->addWidget(m_tryFp8);
    searchBar->addWidget(m_tryOffload);
    searchBar->addWidget(m_progress, 1);
    searchBar->addStretch(1); // keeps the row together while the progress bar is hidden
    searchBar->addWidget(m_applyButton);
    searchLayout->addLayout(searchBar);
    searchLayout->addWidget(m_searchStatus);
    m_model = new QStandardItemModel(this);
    m_model->setSortRole(kSortRole);
    m_results = new QTableView(search);
    m_results->setModel(m_model);
    m_results->setSortingEnabled(true);
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_results->verticalHeader()->hide();
    m_results->viewport()->installEventFilter(this);
    // The sorted column makes room for its arrow (fitResultColumns).
    connect(m_results->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this] { fitResultColumns(); });
    // Rows as tall as their text: at 1366 × 768 the page showed 12 rows of 500 with the default height.
    m_results->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_results->verticalHeader()->setDefaultSectionSize(m_results->fontMetrics().height() + 6);
    searchLayout->addWidget(m_results, 1);
    m_pages->addTab(search, QString());
    m_scaling = new ScalingPlot(m_pages);
    m_scaling->setObjectName(QStringLiteral("scaling"));
    m_pages->addTab(m_scaling, QString());

    connect(m_pinButton, &QPushButton::clicked, this, &PerformancePanel::pinCurrent);
    connect(m_seedPairButton, &QPushButton::clicked, this, [this] {
        for (const char* id : kReferencePair)
            if (std::optional<core::Design> design = core::exampleDesign(id)) {
                design->name = ss(presetName(design->name)); // titled in the language, as the menu does
                pin(*design);
            }
    });
    connect(m_clearButton, &QPushButton::clicked, this, [this] {
        m_candidates.clear();
        rebuildTable();
    });
    connect(m_searchButton, &QPushButton::clicked, this, &PerformancePanel::startSearch);
    connect(m_cancelButton, &QPushButton::clicked, this, &PerformancePanel::cancelSearch);
    connect(m_applyButton, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_results->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyResult(rows.front().row());
    });
    connect(m_results, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { applyResult(index.row()); });
    retranslate();
}

PerformancePanel::~PerformancePanel()
{
    if (m_worker) {
        *m_cancel = true;
        m_worker->wait();
        delete m_worker;
    }
}

void PerformancePanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_scaling->setSnapshot(snapshot);
    m_searchButton->setEnabled(!m_worker && !snapshot.isNull());
}

void PerformancePanel::pin(const core::Design& design)
{
    Candidate c;
    c.snapshot.design = std::make_shared<const core::Design>(design);
    c.snapshot.evaluation = std::make_shared<const core::Evaluation>(core::evaluate(design));
    m_candidates.push_back(std::move(c));
    rebuildTable();
}

std::vector<DesignSnapshot> PerformancePanel::candidates() const
{
    std::vector<DesignSnapshot> out;
    for (const Candidate& c : m_candidates)
        out.push_back(c.snapshot);
    return out;
}

void PerformancePanel::pinCurrent()
{
    if (!m_snapshot.isNull())
        m_candidates.push_back({m_snapshot});
    rebuildTable();
}

void PerformancePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PerformancePanel::retranslate()
{
    m_pages->setTabText(0, tr("Candidates"));
    m_pages->setTabText(1, tr("Mesh search"));
    m_pages->setTabText(2, tr("Scaling"));
    m_candidatesTitle->setText(
        tr("<b>Candidates side by side</b> — pin layouts to compare fit, step time, MFU "
           "and the communication that stays visible"));
    m_pinButton->setText(tr("Pin current design"));
    m_seedPairButton->setText(tr("Pin the reference article's two 70B layouts"));
    m_clearButton->setText(tr("Clear"));
    m_emptyHint->setText(
        tr("No candidates yet. Press <b>Pin current design</b> to keep the layout you are editing here, change "
           "it and pin again to compare the two; or pin the reference article's two 70B layouts. A result "
           "of the Mesh search applied to the design can be pinned the same way."));
    m_searchTitle->setText(tr("<b>Mesh search</b>"));
    m_searchButton->setText(tr("Search every layout"));
    m_cancelButton->setText(tr("Cancel"));
    m_tryFp8->setText(tr("Also FP8"));
    m_tryFp8->setToolTip(tr("Also try FP8 GEMMs (Transformer Engine, torchao float8) where every GPU has FP8 "
                            "tensor cores."));
    m_tryOffload->setText(tr("Also CPU offload"));
    m_tryOffload->setToolTip(
        tr("Also try the optimizer states (and with ZeRO-3 the parameters) in host "
           "memory, where the framework can offload them; the CPU steps the optimizer."));
    m_applyButton->setText(tr("Apply selected layout"));
    if (!m_worker && m_result.enumerated == 0) // before the first search: what it does, instead of nothing
        m_searchStatus->setText(tr(
            "<b>Search every layout</b> lists every split of this model on this cluster that fits in memory, "
            "fastest first. <b>Also FP8</b> and <b>Also CPU offload</b> try those as well. Double-click a "
            "row to apply it (one undo step)."));
    updateResultHeaders();
    rebuildTable();
}

void PerformancePanel::updateResultHeaders()
{
    // A serving search ranks by the group's throughput; its "step" is one token of every sequence.
    const bool serving = m_searchedDesign.workload.mode == core::Mode::Serving;
    // A translation may put a soft hyphen (U+00AD) into a long word, where its header can break
    // (resultcolumns.h): "Spitzen\u00adspeicher (GB)".
    QStringList labels{tr("#"),
                       tr("TP"),
                       tr("PP"),
                       tr("DP"),
                       tr("CP"),
                       tr("EP"),
                       tr("ZeRO"),
                       tr("Micro-batch"),
                       tr("Schedule"),
                       tr("Recompute"),
                       serving ? tr("Inter-token (s)") : tr("Step (s)"),
                       tr("Tokens/s"),
                       serving ? tr("First token (s)") : tr("MFU (%)"),
                       tr("Bubble (%)"),
                       tr("Visible comm. (s)"),
                       tr("Peak memory (GB)"),
                       tr("Why this placement")};
    m_resultLabels = labels;
    m_model->setHorizontalHeaderLabels(labels);
    // What a short header means, on hovering it: the table is read by people new to the terms.
    const std::array<std::pair<int, QString>, 9> explained{{
        {6,
         tr("ZeRO stage: 0 replicates the model states, 1 shards the optimizer, 2 also the gradients, "
            "3 (FSDP) also the weights")},
        {7, tr("Sequences per micro-batch on each pipeline")},
        {9, tr("Which activations are computed again in the backward pass instead of kept")},
        {10,
         serving ? tr("Seconds between two tokens of one sequence")
                 : tr("Seconds per training step (one global batch)")},
        {12,
         serving ? tr("Seconds until a request's first token")
                 : tr("Model FLOPs utilisation: the share of the GPUs' peak the model's own FLOPs use")},
        {13, tr("Share of the step that pipeline stages wait idle")},
        {14, tr("Communication per step that is not hidden behind computation")},
        {15, tr("Memory of the fullest GPU in GB of 10⁹ bytes: a GPU sold as 80 GB holds 80 GiB, 85.9 GB")},
        {16, tr("Why the degrees sit where they do; hover over a row to read it whole")},
    }};
    for (int column = 0; column < labels.size(); ++column) // unexplained: the header's text
        m_model->horizontalHeaderItem(column)->setToolTip(QString(labels[column]).remove(QChar(0x00AD)));
    for (const auto& [column, text] : explained)
        m_model->horizontalHeaderItem(column)->setToolTip(text);
    // Before the first search the headers alone set the widths, so that none is cut ("Recompute").
    fitResultColumns();
}

void PerformancePanel::fitResultColumns()
{
    widgets::fitResultColumns(m_results, m_resultLabels);
}

bool PerformancePanel::eventFilter(QObject* watched, QEvent* event)
{
    // The headers break over three lines only where two do not fit: the viewport's width decides.
    if (watched == m_results->viewport() && event->type() == QEvent::Resize)
        fitResultColumns();
    return QWidget::eventFilter(watched, event);
}

void PerformancePanel::rebuildTable()
{
    m_table->setVisible(!m_candidates.empty());
    m_emptyHint->setVisible(m_candidates.empty());
    static const std::array<const char*, static_cast<std::size_t>(Row::Count)> kRowNames{
        QT_TR_NOOP("Model"),
        QT_TR_NOOP("GPUs"),
        QT_TR_NOOP("Degrees"),
        QT_TR_NOOP("Sharding, schedule, recomputation"),
        QT_TR_NOOP("Peak memory (of capacity)"),
        QT_TR_NOOP("Step time"),
        QT_TR_NOOP("Tokens per second"),
        QT_TR_NOOP("MFU (HFU)"),
        QT_TR_NOOP("Pipeline bubble"),
        QT_TR_NOOP("Visible all-reduce"),
        QT_TR_NOOP("Visible all-gather"),
        QT_TR_NOOP("Visible reduce-scatter"),
        QT_TR_NOOP("Visible all-to-all"),
        QT_TR_NOOP("Visible point-to-point"),
        QT_TR_NOOP("Data-parallel sync after the pipeline"),
        QT_TR_NOOP("Optimizer step"),
        QT_TR_NOOP("Time to first token"),
        QT_TR_NOOP("Inter-token latency")};
    QStringList rows;
    for (const char* name : kRowNames)
        rows << tr(name);
    // A column per candidate, and beside a candidate that carries a measured record, the one it compares
    // with.
    int columns = 0;
    for (const Candidate& c : m_candidates)
        columns += c.snapshot.design->records.empty() ? 1 : 2;
    m_table->setColumnCount(columns);
    m_table->setVerticalHeaderLabels(rows);
    // The fastest step among the candidates is marked.
    double fastest = std::numeric_limits<double>::infinity();
    for (const Candidate& c : m_candidates)
        if (c.snapshot.evaluation->performance)
            fastest = std::min(fastest, c.snapshot.evaluation->performance->stepSeconds);
    QStringList headers;
    int column = 0;
    for (const Candidate& candidate : m_candidates) {
        const core::Design& d = *candidate.snapshot.design;
        const core::Evaluation& e = *candidate.snapshot.evaluation;
        headers << qs(d.name);
        auto set = [&](Row row, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            m_table->setItem(static_cast<int>(row), column, item);
            return item;
        };
        set(Row::Model, qs(d.model.name));
        set(Row::Gpus, integerText(e.gpusInService));
        set(Row::Layout, layoutLabel(d.layout));
        set(Row::Settings, settingsLabel(d.layout));
        if (e.memory) {
            const double capacity = e.memory->roleOf(e.memory->peakRank).capacityBytes;
            QTableWidgetItem* item = set(Row::PeakMemory,
                                         tr("%1 of %2 — %3")
                                             .arg(bytesText(e.memory->peakBytes), bytesText(capacity),
                                                  e.memory->fits        ? tr("fits")
                                                      : e.memory->tight ? tr("tight")
                                                                        : tr("does not fit")));
            if (!e.memory->fits)
                item->setForeground(e.memory->tight ? palette::tightCapacity : palette::overCapacity);
        } else {
            set(Row::PeakMemory, tr("not evaluated (errors)"));
        }
        const QString none = QStringLiteral("—");
        for (Row row : {Row::Step, Row::Tokens, Row::Mfu, Row::Bubble, Row::AllReduce, Row::AllGather,
                        Row::ReduceScatter, Row::AllToAll, Row::P2p, Row::DataParallel, Row::Optimizer,
                        Row::FirstToken, Row::InterToken})
            set(row, none);
        if (const std::optional<core::Performance>& p = e.performance) {
            QTableWidgetItem* step = set(Row::Step, seconds(p->stepSeconds));
            if (m_candidates.size() > 1 && p->stepSeconds == fastest) {
                QFont bold = step->font();
                bold.setBold(true);
                step->setFont(bold);
                step->setText(tr("%1 (fastest)").arg(seconds(p->stepSeconds)));
            }
            set(Row::Tokens, countText(p->tokensPerSecond));
            set(Row::Mfu, tr("%1 (%2)").arg(percent(p->mfu), percent(p->hfu)));
            set(Row::Bubble, percent(p->bubbleFraction));
            set(Row::AllReduce, seconds(p->exposed.allReduce));
            set(Row::AllGather, seconds(p->exposed.allGather));
            set(Row::ReduceScatter, seconds(p->exposed.reduceScatter));
            set(Row::AllToAll, seconds(p->exposed.allToAll));
            set(Row::P2p, seconds(p->exposed.p2p));
            set(Row::DataParallel, seconds(p->dataParallelSeconds));
            set(Row::Optimizer, seconds(p->optimizerSeconds));
        }
        if (const std::optional<core::ServingPerformance>& s = e.serving) {
            set(Row::Tokens, countText(s->groupTokensPerSecond));
            set(Row::FirstToken, seconds(s->timeToFirstToken));
            set(Row::InterToken, seconds(s->interTokenLatency));
        }
        ++column;
        if (!d.records.empty()) {
            headers << tr("%1 — measured").arg(qs(d.name));
            fillMeasuredColumn(column, shownRecord(candidate.snapshot));
            ++column;
        }
    }
    m_table->setHorizontalHeaderLabels(headers);
    m_clearButton->setEnabled(!m_candidates.empty());
    m_comparison->setText(candidateComparisonText(candidates()));
    m_comparison->setVisible(!m_comparison->text().isEmpty());
}

// The record's figures against this candidate's prediction, each with the difference; "—" where the run
// measured nothing.
void PerformancePanel::fillMeasuredColumn(int column, const ShownRecord& shown)
{
    static constexpr std::pair<Row, const char*> kMeasured[]{{Row::PeakMemory, "peakMemory.total"},
                                                             {Row::Step, "stepSeconds"},
                                                             {Row::Tokens, "tokensPerSecond"},
                                                             {Row::Mfu, "mfu"},
                                                             {Row::AllReduce, "visible.allReduce"},
                                                             {Row::AllGather, "visible.allGather"},
                                                             {Row::ReduceScatter, "visible.reduceScatter"},
                                                             {Row::AllToAll, "visible.allToAll"},
                                                             {Row::P2p, "visible.p2p"},
                                                             {Row::FirstToken, "timeToFirstToken"},
                                                             {Row::InterToken, "interToken"}};
    for (int row = 0; row < static_cast<int>(Row::Count); ++row)
        m_table->setItem(row, column, new QTableWidgetItem(QStringLiteral("—")));
    m_table->item(static_cast<int>(Row::Model), column)->setText(recordTitle(*shown.record));
    for (const auto& [row, quantity] : kMeasured)
        if (const core::RecordComparisonRow* measured = shown.comparison.find(quantity))
            m_table->item(static_cast<int>(row), column)->setText(measuredWithDifference(*measured));
    const QStringList warnings = recordWarnings(shown.comparison);
    if (!warnings.isEmpty()) {
        QTableWidgetItem* model = m_table->item(static_cast<int>(Row::Model), column);
        model->setText(model->text() + QStringLiteral(" ⚠"));
        model->setToolTip(warnings.join(QLatin1Char('\n')));
    }
}

void PerformancePanel::startSearch()
{
    if (m_worker || m_snapshot.isNull())
        return;
    m_searchedDesign = *m_snapshot.design;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto result = std::make_shared<core::SearchResult>();
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    const core::Design design = m_searchedDesign;
    core::SearchSpace space;
    if (m_tryFp8->isChecked())
        space.precisions = {design.workload.precision, core::Precision::Fp8};
    if (m_tryOffload->isChecked())
        space.offloads = {core::Offload::None, core::Offload::Cpu, core::Offload::CpuParameters};
    if (space.precisions.size() == 2 && space.precisions.front() == core::Precision::Fp8)
        space.precisions.pop_back();
    QPointer<PerformancePanel> self(this);
    m_worker = QThread::create([design, space, cancel, result, self] {
        // The window tries at most what one search may (base/sizelimits.h) and says so when the space
        // is larger, where the command line refuses and asks for --limit.
        core::SearchOptions options;
        options.limit = core::limits::kMaxSearchCombinations;
        *result = core::searchMeshes(design, space, options, [cancel, self](int done, int total) {
            // Queued to the panel's thread; the panel waits for this thread before it goes away.
            QMetaObject::invokeMethod(
                self.data(),
                [self, done, total] {
                    if (self) {
                        self->m_progress->setMaximum(total);
                        self->m_progress->setValue(done);
                    }
                },
                Qt::QueuedConnection);
            return !cancel->load();
        });
    });
    connect(m_worker, &QThread::finished, this, [this, result] { finishSearch(result); });
    m_searchButton->setEnabled(false);
    m_cancelButton->setEnabled(true);
    m_applyButton->setEnabled(false);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_searchStatus->setText(tr("Searching the layouts of %1 on %2 GPUs…")
                                .arg(qs(design.model.name))
                                .arg(design.cluster.inServiceGpuCount()));
    m_worker->start();
}

bool PerformancePanel::searchToCompletion()
{
    if (m_snapshot.isNull())
        return false;
    QEventLoop loop;
    connect(this, &PerformancePanel::searchFinished, &loop, &QEventLoop::quit);
    startSearch();
    if (m_worker)
        loop.exec();
    return true;
}

void PerformancePanel::cancelSearch()
{
    if (m_cancel)
        *m_cancel = true;
}

void PerformancePanel::finishSearch(std::shared_ptr<core::SearchResult> result)
{
    m_worker->deleteLater();
    m_worker = nullptr;
    m_result = std::move(*result);
    m_progress->setVisible(false); // the status line says how it ended; a full bar said nothing more
    m_searchStatus->setWordWrap(true);
    m_cancelButton->setEnabled(false);
    m_searchButton->setEnabled(!m_snapshot.isNull());
    QString status = tr("%1 combinations: %2 invalid, %3 do not fit, %4 fit.")
                         .arg(integerText(m_result.enumerated), integerText(m_result.invalid),
                              integerText(m_result.notFitting),
                              integerText(static_cast<long long>(m_result.candidates.size())));
    if (m_result.limited)
        status = tr("The space holds %1 combinations; the first %2 were tried. ")
                     .arg(countText(static_cast<double>(m_result.combinations)))
                     .arg(countText(static_cast<double>(core::limits::kMaxSearchCombinations)))
            + status;
    if (m_result.cancelled)
        status = tr("Cancelled. ") + status;
    if (!m_result.diagnostics.empty())
        status = tr("No layout can fix the design's errors (see Diagnostics).");
    else if (m_result.candidates.empty() && !m_result.cancelled)
        status += QLatin1Char(' ')
            + tr("No layout fits: add GPUs, take GPUs with more memory, or shorten the "
                 "sequence or the batch.");
    else if (!m_result.candidates.empty()) {
        status += QLatin1Char(' ') + tr("Double-click a row to apply it (one undo step).");
        // What the model cannot tell apart (performance/layoutcomparison.h).
        if (const core::SearchTies ties = core::searchTies(m_searchedDesign, m_result); ties.undecided > 0)
            status += QLatin1Char(' ')
                + tr("%n more layout(s) run within %1 of the fastest: published pairs of such layouts missed "
                     "the model's ratio by as much, so measure them before choosing.",
                     nullptr, ties.undecided)
                      .arg(percentText(ties.tolerance, 0));
    }
    m_searchStatus->setText(status);
    fillResults();
    emit searchFinished();
}

void PerformancePanel::fillResults()
{
    m_model->removeRows(0, m_model->rowCount());
    updateResultHeaders();
    m_results->setSortingEnabled(false);
    // The first 500 are plenty to read; the count above says how many fit.
    const std::size_t shown = std::min<std::size_t>(m_result.candidates.size(), 500);
    for (std::size_t i = 0; i < shown; ++i) {
        const core::SearchCandidate& c = m_result.candidates[i];
        const core::ParallelLayout& l = c.layout;
        // Shown as every view writes numbers ("3.45 M", "2,41" in German), sorted by value; a column keeps
        // its decimals ("16.110" under "15.709", not "16.11"), so that its digits line up and compare.
        auto number = [](double value, int decimals = 0) {
            auto* item = new QStandardItem(
                std::fabs(value) >= 1e5 ? countText(value) : QLocale().toString(value, 'f', decimals));
            item->setData(value, kSortRole);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            return item;
        };
        auto text = [](const QString& value) {
            auto* item = new QStandardItem(value);
            item->setData(value, kSortRole);
            return item;
        };
        QList<QStandardItem*> row{
            number(static_cast<double>(i + 1)),
            number(l.tp()),
            number(l.pp()),
            number(l.dp()),
            number(l.cp()),
            number(l.ep()),
            number(l.zeroStage),
            number(l.microBatch),
            text(scheduleName(l.schedule)
                 + (l.virtualStages > 1 ? QStringLiteral(" ×%1").arg(l.virtualStages) : QString())),
            text(recomputeWord(l.recompute)),
            number(std::round(c.stepSeconds * 1000) / 1000, 3),
            number(std::round(c.tokensPerSecond)),
            c.timeToFirstToken > 0 ? number(std::round(c.timeToFirstToken * 1000) / 1000, 3)
                                   : number(std::round(c.mfu * 1000) / 10, 1),
            number(std::round(c.bubbleFraction * 1000) / 10, 1),
            number(std::round(c.exposed.total() * 1000) / 1000, 3),
            number(std::round(c.peakBytes / 1e8) / 10, 1),
            text(recipeText(c.recipeSentences))};
        row.front()->setData(static_cast<int>(i), Qt::UserRole);
        for (QStandardItem* item : row) // the last column is often cut: the reason on the whole row
            item->setToolTip(row.back()->text());
        m_model->appendRow(row);
    }
    m_results->setSortingEnabled(true);
    m_results->sortByColumn(0, Qt::AscendingOrder);
    fitResultColumns();
    m_applyButton->setEnabled(shown > 0);
    if (shown > 0)
        m_results->selectRow(0);
}

QString PerformancePanel::recomputeWord(core::Recompute recompute)
{
    // Under the "Recompute" header one word says it, and the Schedule and later columns stay in view.
    switch (recompute) {
    case core::Recompute::None:
        return tr("none");
    case core::Recompute::Selective:
        return tr("selective");
    case core::Recompute::Full:
        return tr("full");
    }
    return {};
}

void PerformancePanel::applyResult(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const int index = m_model->item(row, 0)->data(Qt::UserRole).toInt();
    if (index < 0 || static_cast<std::size_t>(index) >= m_result.candidates.size())
        return;
    std::vector<FieldEdit> edits;
    for (const auto& [field, value] :
         core::candidateFieldEdits(m_result.candidates[static_cast<std::size_t>(index)]))
        edits.push_back({field, value});
    emit fieldsEdited(edits);
}

} // namespace widgets
