// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The design's groups in the Collectives tab: one top-level item per dimension (TP, DP, CP, EP) whose
// groups talk, one child per group with its ranks, the links it crosses and the time of its collective;
// under DualPipe also the pairs of pipeline ranks that sum their stage copies (PP, comm/stagecopy.h).
// Choosing a row asks for that group to be played; marking a group from code does not.

#include "common/designsnapshot.h"
#include "design/layout.h"

#include <QGroupBox>
#include <QList>
#include <optional>
#include <utility>

class QTreeWidget;
class QTreeWidgetItem;

namespace core {
struct ClusterLinkSpecs;
}

namespace widgets {

class CollectiveGroupList : public QGroupBox
{
    Q_OBJECT

public:
    explicit CollectiveGroupList(QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }

    // Lists the groups of `snapshot`'s design, with `selected` marked.
    void fill(const DesignSnapshot& snapshot, std::optional<std::pair<core::Dim, int>> selected);
    // Marks the group's row, if it is listed, and scrolls to it.
    void mark(core::Dim dim, int groupIndex);
    void clearMark();

    void retranslate();

signals:
    // The user chose a group's row.
    void groupChosen(core::Dim dim, int groupIndex);

private:
    // The dimension's row with one child per group; nullptr when no group of it talks.
    static QTreeWidgetItem* dimensionItem(const DesignSnapshot& snapshot, const core::ClusterLinkSpecs& specs,
                                          core::Dim dim);
    // Whether the tree lists the rows of `tops` (the same groups, in the same order), only its texts may differ.
    bool sameRows(const QList<QTreeWidgetItem*>& tops) const;
    // Gives the listed rows the texts of `tops`; whether a column sized to its texts changed.
    bool takeTexts(const QList<QTreeWidgetItem*>& tops);
    // Sizes the group, links and time columns to their widest text.
    void fitColumns();
    // Gives the columns their room in the tree's width: group and time whole, the links as wide as fits
    // beside them and the rank lists (eliding, the tooltip says them whole), the rank lists the rest.
    void shareWidth();
    bool eventFilter(QObject* watched, QEvent* event) override;
    // The rows whose data name the group (none when it is not listed).
    QList<QTreeWidgetItem*> itemsOf(core::Dim dim, int groupIndex) const;

    bool m_marking = false; // the list or its selection is set from code: no groupChosen()
    QTreeWidget* m_tree = nullptr;
    int m_linksWidth = 0; // the links column's widest text
};

} // namespace widgets
