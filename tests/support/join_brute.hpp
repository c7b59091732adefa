// SPDX-License-Identifier: BSL-1.0
// Helpers of the join's tests: top placements by brute force and their keys, written apart from the join.
#ifndef NQUEENS_TESTS_SUPPORT_JOIN_BRUTE_HPP
#define NQUEENS_TESTS_SUPPORT_JOIN_BRUTE_HPP

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace nqueens::test {

namespace d = nqueens::detail;

// A random key for `layout`'s width: each family of diagonals takes 1 to
// max(top rows, 1) of its diagonals (drawn with repeats), so that some pairs
// of such keys fit and most do not.
template <class Random>
d::diagonal_key random_key(const d::join_layout& layout, Random& random)
{
    d::diagonal_key key = 0;
    for (int family = 0; family < 2; ++family) {
        const auto count = 1 + random() % static_cast<std::uint64_t>(layout.top > 0 ? layout.top : 1);
        for (std::uint64_t i = 0; i < count; ++i)
            key |= d::diagonal_key{1}
                   << (family * layout.width +
                       static_cast<int>(random() % static_cast<std::uint64_t>(layout.width)));
    }
    return key;
}

// The key of a top placement as join/top_rules.hpp defines it, written out
// here apart from it: the diagonals r + c and c - r + n - 1 that a bottom
// queen could share, bit r + c - low (low half) and width + c - r + n - 1 - low
// (high half).
using queen = std::pair<int, int>;

inline d::diagonal_key key_of(const d::join_layout& layout, const queen* first, const queen* last)
{
    d::diagonal_key key = 0;
    for (; first != last; ++first) {
        const auto [r, c] = *first;
        const int sum = r + c - layout.low;
        const int difference = c - r + layout.n - 1 - layout.low;
        if (sum >= 0 && sum < layout.width) key |= d::diagonal_key{1} << sum;
        if (difference >= 0 && difference < layout.width)
            key |= d::diagonal_key{1} << (layout.width + difference);
    }
    return key;
}

// Independent of the join: places layout.top queens in rows 0.. with plain
// pairwise checks, next to the band's queens (already in `queens`), and
// calls f(first, last, columns) with the queens of every placement whose
// lead columns are `taken`.
template <class F>
inline void brute_tops(const d::join_layout& layout, std::uint32_t lead, std::uint32_t taken,
                       std::vector<queen>& queens, F&& f)
{
    const int r = static_cast<int>(queens.size()) - layout.band_rows;
    if (r == layout.top) {
        std::uint32_t cols = 0;
        for (std::size_t i = static_cast<std::size_t>(layout.band_rows); i < queens.size(); ++i)
            cols |= 1u << queens[i].second;
        if ((cols & lead) == taken) f(queens.data() + layout.band_rows, queens.data() + queens.size(), cols);
        return;
    }
    for (int c = 0; c < layout.n; ++c) {
        bool ok = true;
        for (const auto& [qr, qc] : queens) ok = ok && qc != c && qr - qc != r - c && qr + qc != r + c;
        if (!ok) continue;
        queens.emplace_back(r, c);
        brute_tops(layout, lead, taken, queens, f);
        queens.pop_back();
    }
}

inline std::vector<queen> band_queens(const d::join_layout& layout, const d::band_columns& band)
{
    std::vector<queen> queens;
    for (int i = 0; i < layout.band_rows; ++i)
        queens.emplace_back(layout.band_row(i), band[static_cast<std::size_t>(i)]);
    return queens;
}

}  // namespace nqueens::test

#endif  // NQUEENS_TESTS_SUPPORT_JOIN_BRUTE_HPP
