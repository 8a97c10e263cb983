// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The row above the animation that chooses the collective: the operation, its algorithm, the ranks, the
// chunks and the message, and a button back to these own values while a group of the design plays.
// Setting a value from code emits changed() like an edit does; the panel decides whether to rebuild.

#include "comm/collective.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace core {
struct GroupCollective;
}

namespace widgets {

class CollectiveControls : public QWidget
{
    Q_OBJECT

public:
    explicit CollectiveControls(QWidget* parent = nullptr);

    core::CollectiveOp op() const;
    core::CollectiveAlgorithm algorithm() const;
    int ranks() const;
    int chunks() const; // 0 = one per rank
    double bytes() const;

    // The operation; its algorithms are listed anew, keeping the chosen one where the operation has it.
    void setOp(core::CollectiveOp op);
    // An algorithm that is not one of the operation's is listed anyway, so that the core's diagnostic
    // explains why it cannot run.
    void setAlgorithm(core::CollectiveAlgorithm algorithm);
    void setRanks(int ranks);
    void setChunks(int chunks);
    void setBytes(double bytes);
    // A group of the design fixes the ranks and the message (op, algorithm and chunks stay free: the same
    // group can run another algorithm); null gives them back.
    void showGroup(const core::GroupCollective* group);

    void retranslate();

signals:
    // Any value changed (the algorithms are listed anew before an operation's change is reported).
    void changed();
    void ownValuesRequested();

private:
    void fillAlgorithms();

    bool m_filling = false; // the algorithm list is being refilled: no changed() per item
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
};

} // namespace widgets
