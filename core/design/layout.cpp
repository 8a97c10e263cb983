// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/layout.h"

#include <algorithm>
#include <limits>

namespace core {

std::int64_t ParallelLayout::worldSize() const
{
    // Each degree is at most 65,536 (limits::kMaxDegree), so four of them can pass 2^63: the product
    // saturates at the largest int64 instead of overflowing, and validation calls it too large.
    std::int64_t world = 1;
    auto times = [&world](int degree) {
        if (__builtin_mul_overflow(world, std::int64_t{degree}, &world))
            world = std::numeric_limits<std::int64_t>::max();
    };
    times(dp());
    times(tp());
    times(pp());
    times(cp());
    if (expertMode == ExpertMode::Separate)
        times(ep());
    return world;
}

std::int64_t ParallelLayout::batchReplicas() const
{
    return expertMode == ExpertMode::Separate ? std::int64_t{dp()} * ep() : std::int64_t{dp()};
}

std::string orderToString(const std::vector<Dim>& order)
{
    std::string text;
    for (Dim dim : order) {
        if (!text.empty())
            text += '-';
        text += enumName(dim);
    }
    return text;
}

std::optional<std::vector<Dim>> parseOrder(std::string_view text)
{
    std::vector<Dim> order;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('-', start);
        if (end == std::string_view::npos)
            end = text.size();
        const auto dim = enumFromName<Dim>(text.substr(start, end - start));
        if (!dim || std::find(order.begin(), order.end(), *dim) != order.end())
            return std::nullopt;
        order.push_back(*dim);
        start = end + 1;
    }
    // A dimension left out goes after the last of the dimensions that precede it in the default order,
    // so "tp-dp-pp" becomes "tp-cp-ep-dp-pp" and "dp-tp" becomes "dp-tp-cp-ep-pp".
    for (std::size_t i = 0; i < kDefaultOrder.size(); ++i) {
        const Dim missing = kDefaultOrder[i];
        if (std::find(order.begin(), order.end(), missing) != order.end())
            continue;
        std::size_t insertAt = 0;
        for (std::size_t j = 0; j < i; ++j) {
            const auto found = std::find(order.begin(), order.end(), kDefaultOrder[j]);
            if (found != order.end())
                insertAt = std::max(insertAt, static_cast<std::size_t>(found - order.begin()) + 1);
        }
        order.insert(order.begin() + static_cast<std::ptrdiff_t>(insertAt), missing);
    }
    return order;
}

} // namespace core
