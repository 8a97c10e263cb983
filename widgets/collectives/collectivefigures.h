// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the shown collective costs, in the Collectives tab's side column: its time (and how it splits into
// latency, transfer and reduction), the algorithm and bus bandwidth side by side as nccl-tests reports
// them, why the two differ, and, for a group of the design, what crossing the fabric costs it.

#include "comm/collectivecost.h"

#include <QGroupBox>

class QLabel;

namespace core {
struct GroupCollective;
}

namespace widgets {

// A word-wrapped rich-text label whose text can be selected and copied, as the side column's texts are.
QLabel* makeFigureLabel(QWidget* parent);

class CollectiveFigures : public QGroupBox
{
    Q_OBJECT

public:
    explicit CollectiveFigures(QWidget* parent = nullptr);

    // `seconds`: the time shown (the animated steps' sum, or the cost model's); `animatedSteps`: how many
    // steps were priced one by one (0: none animated); `group`: the design's group being played, if any.
    void showCost(const core::CollectiveSpec& spec, const core::CollectiveLinks& links,
                  const core::CollectiveCost& cost, double seconds, int animatedSteps,
                  const core::GroupCollective* group);
    // Time, algorithm bandwidth, bus bandwidth and why they differ, as plain text.
    QString text() const;

    void retranslate();

private:
    void showTime(const core::CollectiveCost& cost, double seconds, int animatedSteps);
    void showBandwidths(const core::CollectiveSpec& spec, double seconds);
    void showWhy(core::CollectiveOp op, double slowestBandwidth);
    void showComparison(const core::CollectiveSpec& spec, const core::GroupCollective& group,
                        bool crossesFabric, double seconds);

    QLabel* m_timeText = nullptr;
    QLabel* m_bandwidthText = nullptr;
    QLabel* m_whyText = nullptr;
    QLabel* m_compareText = nullptr;
};

} // namespace widgets
