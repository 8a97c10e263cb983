// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Collectives tab: choose an operation, an algorithm, 2–16 ranks, the chunks and the message, or pick
// a TP, DP, CP or EP group of the current design, and step through its collective (CollectiveView) with
// the time of every step, the algorithm and bus bandwidth side by side, and a caption that says what moves
// in each step. It reads the design and never changes it.

#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "common/designsnapshot.h"
#include "comm/groupcollective.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace widgets {

class CollectiveView;
struct CollectiveScene;

class CollectivePanel : public QWidget
{
    Q_OBJECT

public:
    // The animation draws at most this many ranks (issue 5: 2–16); larger groups show their cost only.
    static constexpr int kMaxAnimatedRanks = 16;
    static constexpr int kMaxChunks = 64;

    explicit CollectivePanel(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);

    CollectiveView* view() const { return m_view; }
    // The collective shown, its links and its cost.
    const core::CollectiveSpec& spec() const { return m_spec; }
    const core::CollectiveLinks& links() const { return m_links; }
    const core::CollectiveCost& cost() const { return m_cost; }
    const core::CollectiveTrace* trace() const { return m_trace.get(); }
    // The time shown: the sum of the animated steps' times, or the cost model's when nothing is animated.
    double timeSeconds() const { return m_seconds; }
    // The design's group being played, if any.
    std::optional<std::pair<core::Dim, int>> selectedGroup() const;

    // Own values (leaves a chosen group). Chunks 0 = one per rank.
    void setCollective(core::CollectiveOp op, core::CollectiveAlgorithm algorithm, int ranks, int chunks = 0);
    void setMessageBytes(double bytes);
    // Seconds per message and bytes per second, inside a node and (with ranks per node) between nodes.
    void setLinks(double alpha, double bandwidth, int ranksPerNode = 0, double interAlpha = 10e-6,
                  double interBandwidth = 50e9);

    // The sentence above the animation: what the shown step moves, or the state before and after.
    QString captionText() const;
    // Time, algorithm bandwidth, bus bandwidth and why they differ, as plain text.
    QString figuresText() const;
    // The group list: one top-level item per dimension, one child per group.
    QTreeWidget* groupTree() const { return m_groupTree; }

public slots:
    // Plays group `groupIndex` of `dim` (TP, DP, CP or EP) on its GPUs with its message and links; false
    // (and nothing changes) when the design has no such group or it cannot be played.
    bool selectGroup(core::Dim dim, int groupIndex);
    // Back to the values in the controls.
    void useOwnValues();

signals:
    // A group of the design is being played (for views that highlight it).
    void groupSelected(core::Dim dim, int groupIndex);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void retranslate();
    void fillAlgorithms();
    void rebuild();
    void rebuildGroupTree();
    void updateFigures();
    void updateTransport();
    void updateCaption();
    void syncControlsToGroup();
    void updateLinkControls();
    void fitSideColumn();
    QString rankName(int position) const;
    void labelColumns(CollectiveScene& scene) const;
    QString groupItemText(const core::GroupCollective& group) const;
    QString messageExplanation(const core::GroupMessage& message) const;

    DesignSnapshot m_snapshot;
    std::optional<core::GroupCollective> m_group;
    core::CollectiveSpec m_spec;
    core::CollectiveLinks m_links;
    core::CollectiveCost m_cost;
    std::shared_ptr<const core::CollectiveTrace> m_trace;
    std::vector<double> m_stepSeconds;
    double m_seconds = 0;
    bool m_updating = false; // controls are being set from code: no rebuild per control

    CollectiveView* m_view = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_opLabel = nullptr;
    QComboBox* m_opBox = nullptr;
    QLabel* m_algorithmLabel = nullptr;
    QComboBox* m_algorithmBox = nullptr;
    QLabel* m_ranksLabel = nullptr;
    QSpinBox* m_ranksBox = nullptr;
    QLabel* m_chunksLabel = nullptr;
    QSpinBox* m_chunksBox = nullptr;
    QLabel* m_bytesLabel = nullptr;
    QDoubleSpinBox* m_bytesBox = nullptr;
    QComboBox* m_bytesUnitBox = nullptr;
    QPushButton* m_ownValuesButton = nullptr;

    QScrollArea* m_sideScroll = nullptr;
    QGroupBox* m_groupsBox = nullptr;
    QTreeWidget* m_groupTree = nullptr;
    QGroupBox* m_linksBox = nullptr;
    QLabel* m_intraLabel = nullptr;
    QLabel* m_alphaLabel = nullptr;
    QDoubleSpinBox* m_alphaBox = nullptr;
    QLabel* m_bandwidthLabel = nullptr;
    QDoubleSpinBox* m_bandwidthBox = nullptr;
    QLabel* m_ranksPerNodeLabel = nullptr;
    QSpinBox* m_ranksPerNodeBox = nullptr;
    QLabel* m_interLabel = nullptr;
    QLabel* m_interAlphaLabel = nullptr;
    QDoubleSpinBox* m_interAlphaBox = nullptr;
    QLabel* m_interBandwidthLabel = nullptr;
    QDoubleSpinBox* m_interBandwidthBox = nullptr;
    QLabel* m_groupLinks = nullptr;
    QGroupBox* m_costBox = nullptr;
    QLabel* m_timeText = nullptr;
    QLabel* m_bandwidthText = nullptr;
    QLabel* m_whyText = nullptr;
    QLabel* m_compareText = nullptr;

    QPushButton* m_restartButton = nullptr;
    QPushButton* m_backButton = nullptr;
    QPushButton* m_playButton = nullptr;
    QPushButton* m_forwardButton = nullptr;
    QLabel* m_speedLabel = nullptr;
    QComboBox* m_speedBox = nullptr;
};

} // namespace widgets
