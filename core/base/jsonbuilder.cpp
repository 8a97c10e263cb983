// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsonbuilder.h"

#include "base/sizelimits.h"

#include <utility>

namespace core {

JsonBuilder::JsonBuilder(Json& root)
    : m_root(root)
{ }

bool JsonBuilder::key(string_t& name)
{
    Level& level = m_levels.back();
    auto& members = level.container->get_ref<Json::object_t&>();
    // ordered_map is a vector of pairs: appending to it keeps the order and costs O(1).
    auto& pairs = static_cast<Json::object_t::Container&>(members);
    constexpr std::size_t kIndexFrom = 16;
    std::optional<std::size_t> existing;
    if (pairs.size() < kIndexFrom) {
        for (std::size_t i = 0; i < pairs.size(); ++i)
            if (pairs[i].first == name)
                existing = i;
    } else {
        if (level.index.empty()) // built once, when the object reaches kIndexFrom keys
            for (std::size_t i = 0; i < pairs.size(); ++i)
                level.index.emplace(pairs[i].first, i);
        if (const auto it = level.index.find(name); it != level.index.end())
            existing = it->second;
        else
            level.index.emplace(name, pairs.size());
    }
    if (existing) {
        m_slot = &pairs[*existing].second;
        *m_slot = nullptr;
        return true;
    }
    pairs.emplace_back(std::move(name), nullptr);
    m_slot = &pairs.back().second;
    return true;
}

bool JsonBuilder::parse_error(std::size_t position, const std::string&,
                              const nlohmann::detail::exception& error)
{
    m_errorPosition = position;
    m_errorId = error.id;
    m_errorWhat = error.what();
    return false;
}

// Where the next value goes: the root, the end of the open array, or the slot of the last key.
Json* JsonBuilder::place()
{
    if (m_levels.empty())
        return &m_root;
    Json* top = m_levels.back().container;
    if (top->is_array()) {
        top->get_ref<Json::array_t&>().emplace_back(nullptr);
        return &top->get_ref<Json::array_t&>().back();
    }
    return m_slot;
}

bool JsonBuilder::put(Json value)
{
    *place() = std::move(value);
    return true;
}

bool JsonBuilder::open(Json container)
{
    if (static_cast<int>(m_levels.size()) >= limits::kMaxJsonDepth) {
        m_tooDeep = true;
        return false;
    }
    Json* where = place();
    *where = std::move(container);
    m_levels.push_back({where, {}});
    return true;
}

bool JsonBuilder::close()
{
    m_levels.pop_back();
    return true;
}

} // namespace core
