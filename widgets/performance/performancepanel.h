// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design-review view, three pages: candidates pinned side by side — fit, step time, MFU,
// exposed communication by kind, bubble, and beside a candidate with a measured record what it measured —;
// the mesh search, run on a worker thread with progress and cancel, its results in a sortable table, applying
// a result as one undo step (fieldsEdited); and the strong and weak scaling of the current layout
// (ScalingPlot).

#include "common/designsnapshot.h"
#include "common/fieldedit.h"
#include "performance/search.h"

#include <QWidget>
#include <atomic>
#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QTableWidget;
class QTabWidget;
class QThread;

namespace widgets {

class ScalingPlot;
struct ShownRecord;

class PerformancePanel : public QWidget
{
    Q_OBJECT

public:
    explicit PerformancePanel(QWidget* parent = nullptr);
    ~PerformancePanel() override;

    void setSnapshot(const DesignSnapshot& snapshot);

    // Pins a design (evaluated here) as a candidate column.
    void pin(const core::Design& design);
    void pinCurrent();
    int candidateCount() const { return static_cast<int>(m_candidates.size()); }
    std::vector<DesignSnapshot> candidates() const;
    QTableWidget* candidatesTable() const { return m_table; }
    // Whether the model decides between the two fastest candidates; hidden with fewer than two.
    QLabel* candidatesComparison() const { return m_comparison; }

    void startSearch();
    void cancelSearch();
    // Runs the mesh search and returns once it has finished and its results are in the table (for
    // `meshwright --screenshot --search`, which pictures the results); false when there is no design to
    // search.
    bool searchToCompletion();
    bool isSearching() const { return m_worker != nullptr; }
    QTableView* resultsView() const { return m_results; }
    QTabWidget* pages() const { return m_pages; }
    ScalingPlot* scaling() const { return m_scaling; }
    const core::SearchResult& searchResult() const { return m_result; }
    // Applies the search result at `row` of the (sorted) results view.
    void applyResult(int row);

signals:
    void fieldsEdited(const std::vector<widgets::FieldEdit>& edits);
    void searchFinished();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Candidate
    {
        DesignSnapshot snapshot;
    };
    void retranslate();
    void rebuildTable();
    void fillMeasuredColumn(int column, const ShownRecord& shown);
    void updateResultHeaders();
    void finishSearch(std::shared_ptr<core::SearchResult> result);
    void fillResults();
    void fitResultColumns();
    static QString recomputeWord(core::Recompute recompute);

    DesignSnapshot m_snapshot;
    std::vector<Candidate> m_candidates;
    core::SearchResult m_result;
    QStringList m_resultLabels; // the result columns' headers, unbroken (resultcolumns.h)
    core::Design m_searchedDesign;

    QTabWidget* m_pages = nullptr;
    ScalingPlot* m_scaling = nullptr;
    QLabel* m_candidatesTitle = nullptr;
    QLabel* m_emptyHint = nullptr;
    QPushButton* m_pinButton = nullptr;
    QPushButton* m_seedPairButton = nullptr;
    QPushButton* m_clearButton = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_comparison = nullptr;

    QLabel* m_searchTitle = nullptr;
    QPushButton* m_searchButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    // What else the search may try: FP8 (where the GPUs have it) and CPU offload (where the framework can).
    QCheckBox* m_tryFp8 = nullptr;
    QCheckBox* m_tryOffload = nullptr;
    QPushButton* m_applyButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_searchStatus = nullptr;
    QTableView* m_results = nullptr;
    QStandardItemModel* m_model = nullptr;

    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace widgets
