// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Collectives tab: choose an operation, an algorithm, 2–16 ranks, the chunks and the message, or pick
// a TP, DP, CP or EP group of the current design, and step through its collective (CollectiveView) with
// the time of every step, the algorithm and bus bandwidth side by side, and a caption that says what moves
// in each step. It reads the design and never changes it.
//
// The panel composes its parts and wires them: the controls above the animation (collectivecontrols.h),
// the caption (collectivecaption.h), the view, the side column with the cost (collectivefigures.h), the
// design's groups (collectivegrouplist.h) and the links (collectivelinksbox.h), and the transport under
// the animation (collectivetransport.h). It holds what they show: the collective, its links, trace and
// cost, and the group being played.

#include "collectives/collectivescene.h"
#include "comm/collective.h"
#include "comm/collectivecost.h"
#include "comm/groupcollective.h"
#include "common/designsnapshot.h"
#include "common/rebuildwhenshown.h"

#include <QWidget>
#include <optional>

class QLabel;
class QScrollArea;
class QTreeWidget;

namespace widgets {

class CollectiveControls;
class CollectiveFigures;
class CollectiveGroupList;
class CollectiveLinksBox;
class CollectiveTransport;
class CollectiveView;

class CollectivePanel : public QWidget
{
    Q_OBJECT

public:
    // The animation draws at most this many ranks; larger groups show their cost only.
    static constexpr int kMaxAnimatedRanks = widgets::kMaxAnimatedRanks;
    static constexpr int kMaxChunks = kMaxAnimatedChunks;

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
    QTreeWidget* groupTree() const; // up to date, also while the tab is hidden

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
    void buildParts();
    QWidget* buildSideColumn();
    void addShortcuts();
    void retranslate();
    void rebuild();
    void rebuildTrace(CollectiveScene& scene);
    void rebuildGroupTree();
    void updateFigures();
    void updateCaption();
    void syncControlsToGroup();
    void fitSideColumn();
    void labelColumns(CollectiveScene& scene) const;

    DesignSnapshot m_snapshot;
    std::optional<core::GroupCollective> m_group;
    core::CollectiveSpec m_spec;
    core::CollectiveLinks m_links;
    core::CollectiveCost m_cost;
    std::shared_ptr<const core::CollectiveTrace> m_trace;
    std::vector<double> m_stepSeconds;
    double m_seconds = 0;
    bool m_updating = false; // controls are being set from code: no rebuild per control
    // The list of every group is the tab's costliest part (about a quarter of an edit at 512 GPUs,
    // tests/app/window/tst_redrawbenchmark.cpp): while the tab is hidden it waits until shown or asked for.
    RebuildWhenShown* m_groupTreeRebuild = nullptr;

    CollectiveControls* m_controls = nullptr;
    QLabel* m_caption = nullptr;
    CollectiveView* m_view = nullptr;
    QScrollArea* m_sideScroll = nullptr;
    CollectiveFigures* m_figures = nullptr;
    CollectiveGroupList* m_groupList = nullptr;
    CollectiveLinksBox* m_linksBox = nullptr;
    CollectiveTransport* m_transport = nullptr;
};

} // namespace widgets
