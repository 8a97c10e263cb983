// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The largest miss of the model's ratio in each kind of published pair a held-out test evaluated, to hold
// core::pairTolerance (performance/layoutcomparison.h) to it: every pair within its kind's tolerance, and
// the largest less than a point under it, so that the tolerance is what the pairs show, neither more nor
// less.

#include "performance/layoutcomparison.h"

#include <QTest>
#include <cmath>
#include <initializer_list>
#include <map>

namespace testing {

class PairMisses
{
public:
    // Checks one pair: its kind is known, and `error` (model's ratio / runs' ratio − 1) within the kind's
    // tolerance.
    void check(core::PairEvidence evidence, double error)
    {
        QVERIFY2(evidence != core::PairEvidence::None, "a published pair has evidence of its kind");
        QVERIFY2(std::abs(error) <= core::pairTolerance(evidence), qPrintable(QString::number(error)));
        double& largest = m_largest[evidence];
        largest = std::max(largest, std::abs(error));
    }

    // After every pair was checked: each kind's tolerance is its largest miss rounded up to a whole percent.
    void verifyTight(std::initializer_list<core::PairEvidence> kinds) const
    {
        for (core::PairEvidence kind : kinds) {
            const auto it = m_largest.find(kind);
            if (it == m_largest.end())
                QSKIP("the pairs' test function did not run before this one");
            QVERIFY2(it->second > core::pairTolerance(kind) - 0.01, qPrintable(QString::number(it->second)));
        }
    }

private:
    std::map<core::PairEvidence, double> m_largest;
};

} // namespace testing
