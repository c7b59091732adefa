// SPDX-License-Identifier: BSL-1.0
// The join's halves: the rules a top placement of one band obeys and the key it meets a bottom with.
#ifndef NQUEENS_DETAIL_JOIN_TOP_RULES_HPP
#define NQUEENS_DETAIL_JOIN_TOP_RULES_HPP

#include <nqueens/detail/join/layout.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// The diagonals a top placement could share with a bottom one: of each
// family, only the 2t - 1 from layout.low on (top queens reach up to
// n + t - 2, bottom queens down to n - t). Bit i is sum diagonal low + i,
// bit width + i difference diagonal low + i.
using diagonal_key = std::uint64_t;

// The key of a top placement y as it meets a top x turned upside down: the
// flip makes y's difference diagonals sum diagonals and the other way
// round, so x and the turned y fit iff key(x) & turned_key(key(y)) == 0.
constexpr diagonal_key turned_key(diagonal_key key, int width) noexcept
{
    const diagonal_key half = (diagonal_key{1} << width) - 1;
    return (key >> width) | ((key & half) << width);
}

// The rules for the top placements under one band: free columns, the
// squares the band attacks row by row, and each square's key bits.
struct top_rules {
    join_layout layout{};
    std::uint32_t free = 0;
    std::array<std::uint32_t, 16> attacked{};
    std::array<std::array<diagonal_key, 32>, 16> bits{};

    constexpr top_rules(const join_layout& cut, const band_columns& band) : layout(cut)
    {
        free = band_free_columns(layout, band);
        for (int i = 0; i < layout.band; ++i) {
            const int band_row = layout.band_row(i);
            const int c = band[static_cast<std::size_t>(i)];
            for (int r = 0; r < layout.top; ++r) {
                const int dist = band_row - r;
                if (c - dist >= 0) attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c - dist);
                if (c + dist < layout.n)
                    attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c + dist);
            }
        }
        for (int r = 0; r < layout.top; ++r) {
            for (int c = 0; c < layout.n; ++c) {
                diagonal_key key = 0;
                const int sum = sum_diagonal(r, c) - layout.low;
                const int difference = difference_diagonal(layout.n, r, c) - layout.low;
                if (sum >= 0 && sum < layout.width) key |= diagonal_key{1} << sum;
                if (difference >= 0 && difference < layout.width)
                    key |= diagonal_key{1} << (layout.width + difference);
                bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = key;
            }
        }
    }

    // The squares of row r, among `columns`, that neither the band nor the
    // queens already placed attack: `cols` their columns, `sums` and
    // `differences` their diagonals as bit masks (bit sum_diagonal(r, c) and
    // bit difference_diagonal(n, r, c)).
    constexpr std::uint32_t open(int r, std::uint32_t columns, std::uint32_t cols, std::uint64_t sums,
                                 std::uint64_t differences) const noexcept
    {
        return columns &
               ~(cols | attacked[static_cast<std::size_t>(r)] | static_cast<std::uint32_t>(sums >> r) |
                 static_cast<std::uint32_t>(differences >> difference_diagonal(layout.n, r, 0)));
    }

    // The same queens with one more at (r, c).
    struct placed_queens {
        std::uint32_t rows = 0;
        std::uint32_t cols = 0;
        std::uint64_t sums = 0;
        std::uint64_t differences = 0;
        diagonal_key key = 0;
    };
    constexpr placed_queens place(const placed_queens& s, int r, int c) const noexcept
    {
        return placed_queens{s.rows | std::uint32_t{1} << r, s.cols | std::uint32_t{1} << c,
                             s.sums | std::uint64_t{1} << sum_diagonal(r, c),
                             s.differences | std::uint64_t{1} << difference_diagonal(layout.n, r, c),
                             s.key | bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]};
    }
};

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TOP_RULES_HPP
