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
//
// Tops shared by the completions of a band (join_layout::shared_tops) obey
// only its first `rows` rows; their keys also hold, from bit key_bits()
// up, the diagonals that a queen of the other rows could share with them
// and the key leaves out (a diagonal that leaves the board before it
// reaches the bottom half), so that `band_row_bits` says which tops a
// completion keeps. 12 such bits at n = 25, 16 at n = 28.
struct top_rules {
    join_layout layout{};
    std::uint32_t free = 0;
    std::array<std::uint32_t, 16> attacked{};
    std::array<std::array<diagonal_key, 32>, 16> bits{};
    // The extra bit of each sum and difference diagonal (0: none), and how
    // many such diagonals there are (those past bit 63 get none: a cut that
    // shares tops must have key_bits() + extra_bits <= 64, which the tests
    // check for every n that does).
    std::array<diagonal_key, 64> extra_sum{}, extra_difference{};
    int extra_bits = 0;

    constexpr top_rules(const join_layout& cut, const band_columns& band)
        : top_rules(cut, band, cut.band_rows)
    {
    }

    constexpr top_rules(const join_layout& cut, const band_columns& band, int rows) : layout(cut)
    {
        free = rows_free_columns(layout, band, rows);
        int next = layout.key_bits();
        for (int d = 0; d < 2 * layout.n - 1 && rows < layout.band_rows; ++d) {
            if (d >= layout.low && d < layout.low + layout.width) continue;  // in the key
            for (int i = rows; i < layout.band_rows; ++i) {
                // Row band_row(i) meets sum diagonal d at column d - row,
                // difference diagonal d at column d + row - (n - 1).
                const int row = layout.band_row(i);
                const auto give = [&](diagonal_key& bit) {
                    if (bit != 0) return;
                    if (next < 64) bit = diagonal_key{1} << next;
                    ++next;
                };
                if (d - row >= 0 && d - row < layout.n) give(extra_sum[static_cast<std::size_t>(d)]);
                const int c = d + row - (layout.n - 1);
                if (c >= 0 && c < layout.n) give(extra_difference[static_cast<std::size_t>(d)]);
            }
        }
        extra_bits = next - layout.key_bits();
        for (int i = 0; i < rows; ++i) {
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
                key |= extra_sum[static_cast<std::size_t>(sum_diagonal(r, c))] |
                       extra_difference[static_cast<std::size_t>(difference_diagonal(layout.n, r, c))];
                bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = key;
            }
        }
    }

    // The key bits of a top that shares a diagonal with a queen in column c
    // of band row i (i >= the rows these rules obey): a completion keeps the
    // tops whose keys hold none of its queens' bits.
    constexpr diagonal_key band_row_bits(int i, int c) const noexcept
    {
        const int sum = sum_diagonal(layout.band_row(i), c);
        const int difference = difference_diagonal(layout.n, layout.band_row(i), c);
        diagonal_key key =
            extra_sum[static_cast<std::size_t>(sum)] | extra_difference[static_cast<std::size_t>(difference)];
        if (sum >= layout.low && sum < layout.low + layout.width)
            key |= diagonal_key{1} << (sum - layout.low);
        if (difference >= layout.low && difference < layout.low + layout.width)
            key |= diagonal_key{1} << (layout.width + difference - layout.low);
        return key;
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
