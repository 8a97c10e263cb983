// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comm/collective.h"

namespace core {

// Communication that stays visible (on the critical path), by collective kind: the reference article's list
// of what to record ("sichtbare Zeit in All-Reduce-, All-Gather-, Reduce-Scatter-, All-to-All- und
// Point-to-Point-Operationen"). Seconds.
struct ExposedCommunication
{
    double allReduce = 0;
    double allGather = 0;
    double reduceScatter = 0;
    double allToAll = 0;
    double p2p = 0;
    double total() const { return allReduce + allGather + reduceScatter + allToAll + p2p; }

    void add(CollectiveOp op, double seconds)
    {
        switch (op) {
        case CollectiveOp::AllReduce:
            allReduce += seconds;
            break;
        case CollectiveOp::AllGather:
            allGather += seconds;
            break;
        case CollectiveOp::ReduceScatter:
            reduceScatter += seconds;
            break;
        case CollectiveOp::AllToAll:
            allToAll += seconds;
            break;
        case CollectiveOp::SendRecv:
            p2p += seconds;
            break;
        }
    }
    void add(const ExposedCommunication& other, double times = 1)
    {
        allReduce += times * other.allReduce;
        allGather += times * other.allGather;
        reduceScatter += times * other.reduceScatter;
        allToAll += times * other.allToAll;
        p2p += times * other.p2p;
    }
    bool operator==(const ExposedCommunication&) const = default;
};

} // namespace core
