// SPDX-License-Identifier: BSL-1.0
// Quarter tables: the placements of one block of a top's rows, bucketed by column set.
#ifndef NQUEENS_DETAIL_JOIN_LISTS_QUARTER_TABLES_HPP
#define NQUEENS_DETAIL_JOIN_LISTS_QUARTER_TABLES_HPP

#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// A top placement (t rows) is an upper block, rows 0 .. split - 1, and a
// lower block, rows split .. t - 1, on disjoint columns (join/lists/from_quarters.hpp
// pairs them). A block remembers the diagonals it could share with the
// other block as its meet mask: upper queens reach sum diagonals up to
// split + n - 2 and lower queens from split; upper difference diagonals
// start at n - split and lower ones end at 2n - 2 - split. So n - 1 of each
// family can be shared: bit sum - split (0 .. n - 2) and bit
// n - 1 + difference - (n - split) (n - 1 .. 2n - 3). Two blocks fit iff
// their meet masks are disjoint.
constexpr std::uint64_t meet_bits(int n, int split, int r, int c) noexcept
{
    std::uint64_t bits = 0;
    const int sum = sum_diagonal(r, c) - split;
    const int difference = difference_diagonal(n, r, c) - (n - split);
    if (sum >= 0 && sum <= n - 2) bits |= std::uint64_t{1} << sum;
    if (difference >= 0 && difference <= n - 2) bits |= std::uint64_t{1} << (n - 1 + difference);
    return bits;
}

// One placement of a block: its meet mask and its part of the key.
struct quarter_part {
    std::uint64_t meet = 0;
    diagonal_key key = 0;
};

// The placements of one block of rows, bucket b (a column set, numbered by
// `index`) holding parts[start[b] .. start[b + 1]). The tables hold tens of
// thousands of parts where the lists they make hold up to millions.
struct quarter_table {
    column_index index;
    std::vector<std::uint32_t> start;
    std::vector<quarter_part> parts;
    std::vector<quarter_part> unsorted;  // the parts in the order found (and room after them)
    std::vector<std::uint32_t> bucket_of;
};

// Fills `table` with the placements of rows first .. last - 1 on `columns`
// that the band allows (one queen a row, none attacking another), for a
// split at row `split`; returns the queens placed.
constexpr std::uint64_t build_quarter_table(const top_rules& rules, int first, int last, int split,
                                            std::uint32_t columns, quarter_table& table)
{
    const int n = rules.layout.n;
    table.index.reset(columns, n, last - first);
    const std::size_t buckets = table.index.count;
    // The bucket sizes are counted (in start[b + 1]) as the placements are
    // found; these go to index `found` of vectors that only grow, kept
    // between calls, so that no part pays for push_back's size and capacity.
    table.start.assign(buckets + 1, 0);
    std::size_t found = 0;
    const auto make_room = [&](std::size_t more) {
        if (found + more <= table.unsorted.size()) return;
        const std::size_t size = std::max(found + more, 2 * table.unsorted.size());
        if (std::is_constant_evaluated()) {
            // Clang 14 cannot evaluate libstdc++'s resize() of a vector of integers.
            while (table.unsorted.size() < size) table.unsorted.push_back(quarter_part{});
            while (table.bucket_of.size() < size) table.bucket_of.push_back(0);
        } else {
            table.unsorted.resize(size);
            table.bucket_of.resize(size);
        }
    };
    const auto keep = [&](quarter_part part, std::uint32_t b) {
        table.unsorted[found] = part;
        table.bucket_of[found] = b;
        ++table.start[b + 1];
        ++found;
    };
    std::uint64_t placed = 0;
    // Each square's meet bits and key bits together, row by row.
    std::array<std::array<quarter_part, 32>, 16> square{};
    for (int r = first; r < last; ++r)
        for (int c = 0; c < n; ++c)
            square[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
                quarter_part{meet_bits(n, split, r, c),
                             rules.bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]};
    const auto walk = [&](const auto& self, int r, std::uint32_t cols, std::uint64_t sums,
                          std::uint64_t differences, quarter_part part) -> void {
        if (r == last) {
            make_room(1);
            keep(part, table.index(cols));
            return;
        }
        std::uint32_t open = rules.open(r, columns, cols, sums, differences);
        if (r == last - 1) {
            // The last row's queens, most of the placements, without a call each.
            placed += static_cast<std::uint64_t>(std::popcount(open));
            make_room(static_cast<std::size_t>(std::popcount(open)));
            for (; open != 0; open &= open - 1) {
                const int c = std::countr_zero(open);
                const quarter_part& here = square[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
                keep(quarter_part{part.meet | here.meet, part.key | here.key},
                     table.index(cols | std::uint32_t{1} << c));
            }
            return;
        }
        for (; open != 0; open &= open - 1) {
            const int c = std::countr_zero(open);
            ++placed;
            const quarter_part& here = square[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            self(self, r + 1, cols | std::uint32_t{1} << c, sums | std::uint64_t{1} << sum_diagonal(r, c),
                 differences | std::uint64_t{1} << difference_diagonal(n, r, c),
                 quarter_part{part.meet | here.meet, part.key | here.key});
        }
    };
    walk(walk, first, 0, 0, 0, quarter_part{});
    // A counting sort by bucket.
    for (std::size_t b = 0; b < buckets; ++b) table.start[b + 1] += table.start[b];
    resize_for_overwrite(table.parts, found);
    for (std::size_t i = 0; i < found; ++i) {
        const std::uint32_t b = table.bucket_of[i];
        table.parts[table.start[b]++] = table.unsorted[i];
    }
    // start[b] moved to where bucket b + 1 starts: move it back.
    for (std::size_t b = buckets; b > 0; --b) table.start[b] = table.start[b - 1];
    table.start[0] = 0;
    return placed;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LISTS_QUARTER_TABLES_HPP
