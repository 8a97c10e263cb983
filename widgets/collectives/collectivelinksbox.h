// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The links a collective runs on, in the Collectives tab's side column: α and bandwidth inside a node, the
// ranks per node, and α and bandwidth between nodes (shown only when the ranks are split into nodes). A
// group of the design brings its own links: the editable ones make way for a description of the real ones.

#include "comm/collectivecost.h"

#include <QGroupBox>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace core {
struct GroupCollective;
}

namespace widgets {

class CollectiveLinksBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit CollectiveLinksBox(QWidget* parent = nullptr);

    // The own links, from the values shown.
    core::CollectiveLinks links() const;
    int ranksPerNode() const; // 0 = all in one node

    // Seconds per message and bytes per second.
    void setValues(double alpha, double bandwidth, int ranksPerNode, double interAlpha,
                   double interBandwidth);
    // A group's links, shown as its description (`group` null: the own values again).
    void showGroup(const core::GroupCollective* group);
    // The description of a group's links, set anew when the panel's words change.
    void describeGroup(const core::GroupCollective& group);

    void retranslate();

signals:
    // α or a bandwidth changed.
    void changed();
    // The ranks per node changed; the rows shown already follow (the side column's height changes).
    void nodesChanged();

private:
    void showRows();

    bool m_own = true; // no group plays: the values are editable
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
};

} // namespace widgets
