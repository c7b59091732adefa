// SPDX-License-Identifier: BSL-1.0
// column_index: a dense numbering of the column sets of one size, for grouping half-boards.
#ifndef NQUEENS_DETAIL_JOIN_COLUMN_INDEX_HPP
#define NQUEENS_DETAIL_JOIN_COLUMN_INDEX_HPP

#include <nqueens/detail/join/helpers.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// A dense index for the column sets of one list: sets of `size` columns
// from `columns`, numbered by two table lookups (low and high halves).
struct column_index {
    std::uint32_t columns = 0;
    int split = 0;
    std::vector<std::uint32_t> low, high;
    std::uint32_t count = 0;  // number of sets

    constexpr void reset(std::uint32_t cols, int n, int size)
    {
        columns = cols;
        split = n / 2;
        const std::uint32_t lo_mask = cols & ((std::uint32_t{1} << split) - 1);
        const std::uint32_t hi_mask = cols >> split;
        const int lo_n = std::popcount(lo_mask);
        const int hi_n = std::popcount(hi_mask);
        // Within each half, a set's rank among the sets of its size. Only
        // the subsets of the mask are written and ever read: the rest of a
        // table (up to 2^16 entries at n = 32, per list of every part) is
        // left as it was.
        const auto ranks = [](std::uint32_t mask, std::vector<std::uint32_t>& out) {
            if (out.size() <= mask) resize_for_overwrite(out, static_cast<std::size_t>(mask) + 1);
            std::array<std::uint32_t, 33> seen{};
            for (std::uint32_t v = 0;; v = (v - mask) & mask) {
                out[v] = seen[static_cast<std::size_t>(std::popcount(v))]++;
                if (v == mask) break;
            }
        };
        ranks(lo_mask, low);
        ranks(hi_mask, high);
        // Sets with j low columns come after those with fewer; within them,
        // low rank major, high rank minor.
        std::array<std::uint64_t, 34> base{};
        std::array<std::uint64_t, 34> high_sets{};  // sets of size - j high columns
        std::uint64_t total = 0;
        for (int j = 0; j <= size; ++j) {
            base[static_cast<std::size_t>(j)] = total;
            if (j <= lo_n && size - j <= hi_n) {
                high_sets[static_cast<std::size_t>(j)] = choose(hi_n, size - j);
                total += choose(lo_n, j) * high_sets[static_cast<std::size_t>(j)];
            }
        }
        count = static_cast<std::uint32_t>(total);
        for (std::uint32_t v = 0;; v = (v - lo_mask) & lo_mask) {
            const int j = std::popcount(v);
            if (j <= size && size - j <= hi_n)
                low[v] = static_cast<std::uint32_t>(base[static_cast<std::size_t>(j)] +
                                                    low[v] * high_sets[static_cast<std::size_t>(j)]);
            if (v == lo_mask) break;
        }
    }

    constexpr std::uint32_t operator()(std::uint32_t set) const noexcept
    {
        return low[set & columns & ((std::uint32_t{1} << split) - 1)] + high[(set & columns) >> split];
    }
};

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_COLUMN_INDEX_HPP
