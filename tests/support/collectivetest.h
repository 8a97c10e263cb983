// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the collective suites share (tst_collectives, tst_collectivecost): a CollectiveSpec from its numbers,
// relative comparison and its message, diagnostics as text, and the links of the worked cases.

#include "base/diagnostic.h"
#include "comm/collective.h"
#include "comm/collectivecost.h"

#include <QByteArray>
#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

namespace testing::collectives {

using namespace core;

inline CollectiveSpec makeSpec(CollectiveOp op, CollectiveAlgorithm algorithm, int ranks, double bytes = 1e9,
                               int chunks = 0, int ranksPerNode = 0)
{
    CollectiveSpec spec;
    spec.op = op;
    spec.algorithm = algorithm;
    spec.ranks = ranks;
    spec.bytes = bytes;
    spec.chunks = chunks;
    spec.ranksPerNode = ranksPerNode;
    return spec;
}

inline bool near(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::max(std::abs(actual), std::abs(expected));
}

inline QByteArray describe(double actual, double expected)
{
    return QByteArray::number(actual, 'g', 12) + " vs expected " + QByteArray::number(expected, 'g', 12);
}

inline QByteArray codes(const std::vector<Diagnostic>& diagnostics)
{
    QByteArray out;
    for (const Diagnostic& d : diagnostics)
        out += QByteArray::fromStdString(d.code + " (" + d.message() + "); ");
    return out;
}

inline CollectiveLinks oneLink(double alpha, double bandwidth)
{
    CollectiveLinks links;
    links.intraNode = linkCost(alpha, bandwidth);
    links.interNode = links.intraNode;
    return links;
}

// Case 17: NVLink-class inside nodes, a 50 GB/s per-GPU fabric between them.
inline CollectiveLinks twoTierLinks()
{
    CollectiveLinks links;
    links.intraNode = linkCost(2e-6, 300e9);
    links.interNode = linkCost(10e-6, 50e9);
    return links;
}

inline double sum(const std::vector<double>& values)
{
    double total = 0;
    for (double v : values)
        total += v;
    return total;
}

inline bool hasCode(const std::vector<Diagnostic>& diagnostics, std::string_view code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [code](const Diagnostic& d) { return d.code == code; });
}

} // namespace testing::collectives
