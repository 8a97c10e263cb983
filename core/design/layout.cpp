// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/layout.h"

#include <algorithm>

namespace core {

std::int64_t ParallelLayout::worldSize() const
{
    std::int64_t world = std::int64_t{dp()} * tp() * pp() * cp();
    if (expertMode == ExpertMode::Separate)
        world *= ep();
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
