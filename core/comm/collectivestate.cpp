// SPDX-License-Identifier: GPL-3.0-or-later
// What every rank's buffer holds during a collective (collective.h): CollectiveState, one bit per
// contributing rank and the block of their input for each rank and chunk slot; and simulateCollective,
// the same trace on numbers.
#include "comm/collective.h"

#include <algorithm>
#include <bit>

namespace core {

CollectiveState::CollectiveState(int ranks, int chunks)
    : m_ranks(std::max(ranks, 0))
    , m_chunks(std::max(chunks, 0))
    , m_words((m_ranks + 63) / 64)
{
    const std::size_t slots = static_cast<std::size_t>(m_ranks) * static_cast<std::size_t>(m_chunks);
    m_bits.assign(slots * static_cast<std::size_t>(m_words), 0);
    m_blocks.assign(slots, -1);
}

std::size_t CollectiveState::index(int rank, int slot) const
{
    return static_cast<std::size_t>(rank) * static_cast<std::size_t>(m_chunks)
        + static_cast<std::size_t>(slot);
}

bool CollectiveState::holds(int rank, int slot, int contributor) const
{
    if (rank < 0 || rank >= m_ranks || slot < 0 || slot >= m_chunks || contributor < 0
        || contributor >= m_ranks)
        return false;
    const std::size_t word
        = index(rank, slot) * static_cast<std::size_t>(m_words) + static_cast<std::size_t>(contributor / 64);
    return (m_bits[word] >> (contributor % 64)) & 1U;
}

int CollectiveState::contributorCount(int rank, int slot) const
{
    if (rank < 0 || rank >= m_ranks || slot < 0 || slot >= m_chunks)
        return 0;
    const std::size_t base = index(rank, slot) * static_cast<std::size_t>(m_words);
    int count = 0;
    for (int w = 0; w < m_words; ++w)
        count += std::popcount(m_bits[base + static_cast<std::size_t>(w)]);
    return count;
}

std::vector<int> CollectiveState::contributors(int rank, int slot) const
{
    std::vector<int> out;
    for (int c = 0; c < m_ranks; ++c)
        if (holds(rank, slot, c))
            out.push_back(c);
    return out;
}

int CollectiveState::block(int rank, int slot) const
{
    if (rank < 0 || rank >= m_ranks || slot < 0 || slot >= m_chunks)
        return -1;
    return m_blocks[index(rank, slot)];
}

void CollectiveState::setSingle(int rank, int slot, int contributor, int block)
{
    clear(rank, slot);
    const std::size_t i = index(rank, slot);
    m_bits[i * static_cast<std::size_t>(m_words) + static_cast<std::size_t>(contributor / 64)]
        |= std::uint64_t{1} << (contributor % 64);
    m_blocks[i] = block;
}

void CollectiveState::clear(int rank, int slot)
{
    const std::size_t i = index(rank, slot);
    std::fill_n(m_bits.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(m_words)), m_words,
                0);
    m_blocks[i] = -1;
}

void CollectiveState::addFrom(int rank, int slot, const CollectiveState& source, int sourceRank,
                              int sourceSlot)
{
    const std::size_t to = index(rank, slot);
    const std::size_t from = source.index(sourceRank, sourceSlot);
    for (std::size_t w = 0; w < static_cast<std::size_t>(m_words); ++w)
        m_bits[to * static_cast<std::size_t>(m_words) + w]
            |= source.m_bits[from * static_cast<std::size_t>(m_words) + w];
    if (m_blocks[to] < 0)
        m_blocks[to] = source.m_blocks[from];
}

void CollectiveState::copyFrom(int rank, int slot, const CollectiveState& source, int sourceRank,
                               int sourceSlot)
{
    const std::size_t to = index(rank, slot);
    const std::size_t from = source.index(sourceRank, sourceSlot);
    for (std::size_t w = 0; w < static_cast<std::size_t>(m_words); ++w)
        m_bits[to * static_cast<std::size_t>(m_words) + w]
            = source.m_bits[from * static_cast<std::size_t>(m_words) + w];
    m_blocks[to] = source.m_blocks[from];
}

std::vector<RankBuffers> simulateCollective(const CollectiveTrace& trace, const RankBuffers& input)
{
    std::vector<RankBuffers> out;
    const int n = trace.initial.ranks();
    const int chunks = trace.initial.chunks();
    if (!trace.valid() || static_cast<int>(input.size()) != n)
        return out;
    for (const std::vector<double>& buffer : input)
        if (static_cast<int>(buffer.size()) != chunks)
            return out;
    RankBuffers current = input;
    for (const CollectiveStep& step : trace.steps) {
        RankBuffers next = current;
        const RankBuffers& source = trace.sendsReadInput ? input : current;
        for (const CollectiveSend& s : step.sends) {
            const double value = source[static_cast<std::size_t>(s.from)][static_cast<std::size_t>(s.chunk)];
            double& target = next[static_cast<std::size_t>(s.to)][static_cast<std::size_t>(s.toChunk)];
            target = s.reduces ? target + value : value;
        }
        current = next;
        out.push_back(std::move(next));
    }
    return out;
}

} // namespace core
