// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivetext.h"

#include "base/units.h"
#include "common/qtconvert.h"

#include <QCoreApplication>

namespace widgets {

QString collectiveOpText(core::CollectiveOp op)
{
    switch (op) {
    case core::CollectiveOp::AllReduce:
        return QCoreApplication::translate("Collectives", "All-Reduce");
    case core::CollectiveOp::AllGather:
        return QCoreApplication::translate("Collectives", "All-Gather");
    case core::CollectiveOp::ReduceScatter:
        return QCoreApplication::translate("Collectives", "Reduce-Scatter");
    case core::CollectiveOp::AllToAll:
        return QCoreApplication::translate("Collectives", "All-to-All");
    case core::CollectiveOp::SendRecv:
        return QCoreApplication::translate("Collectives", "Point-to-Point");
    }
    return {};
}

QString collectiveAlgorithmText(core::CollectiveOp op, core::CollectiveAlgorithm algorithm)
{
    switch (algorithm) {
    case core::CollectiveAlgorithm::Ring:
        return op == core::CollectiveOp::SendRecv
            ? QCoreApplication::translate("Collectives", "Ring shift (every rank to the next)")
            : QCoreApplication::translate("Collectives", "Ring");
    case core::CollectiveAlgorithm::Tree:
        return QCoreApplication::translate("Collectives", "Double binary tree");
    case core::CollectiveAlgorithm::Pairwise:
        return QCoreApplication::translate("Collectives", "Pairwise exchange");
    case core::CollectiveAlgorithm::Hierarchical:
        return QCoreApplication::translate("Collectives", "Hierarchical (in nodes, across, in nodes)");
    case core::CollectiveAlgorithm::Direct:
        return QCoreApplication::translate("Collectives", "Direct (rank 0 to rank 1)");
    }
    return {};
}

QString collectivePhaseText(core::CollectivePhase phase)
{
    switch (phase) {
    case core::CollectivePhase::ReduceScatter:
        return QCoreApplication::translate("Collectives", "Reduce-Scatter");
    case core::CollectivePhase::AllGather:
        return QCoreApplication::translate("Collectives", "All-Gather");
    case core::CollectivePhase::TreeReduce:
        return QCoreApplication::translate("Collectives", "reduce up the trees");
    case core::CollectivePhase::TreeBroadcast:
        return QCoreApplication::translate("Collectives", "broadcast down the trees");
    case core::CollectivePhase::TreeReduceBroadcast:
        return QCoreApplication::translate("Collectives", "reduce up and broadcast down");
    case core::CollectivePhase::Exchange:
        return QCoreApplication::translate("Collectives", "exchange");
    case core::CollectivePhase::Send:
        return QCoreApplication::translate("Collectives", "send");
    case core::CollectivePhase::IntraReduceScatter:
        return QCoreApplication::translate("Collectives", "Reduce-Scatter inside each node");
    case core::CollectivePhase::InterReduceScatter:
        return QCoreApplication::translate("Collectives", "Reduce-Scatter across nodes");
    case core::CollectivePhase::InterAllGather:
        return QCoreApplication::translate("Collectives", "All-Gather across nodes");
    case core::CollectivePhase::IntraAllGather:
        return QCoreApplication::translate("Collectives", "All-Gather inside each node");
    }
    return {};
}

bool isReduction(core::CollectiveOp op)
{
    return op == core::CollectiveOp::AllReduce || op == core::CollectiveOp::ReduceScatter;
}

} // namespace widgets
