// SPDX-License-Identifier: BSL-1.0
// The join's lists by a search of the top's rows: the builder for many lead columns (n >= 19).
#ifndef NQUEENS_DETAIL_JOIN_LISTS_FROM_ROWS_HPP
#define NQUEENS_DETAIL_JOIN_LISTS_FROM_ROWS_HPP

#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/top_list.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

// The call per placement inlined into the row search where the compiler
// can be told to (GCC, Clang): 4 % of a list's build time, measured at n = 23.
#if defined(__GNUC__)
#define NQUEENS_DETAIL_INLINE __attribute__((always_inline))
#else
#define NQUEENS_DETAIL_INLINE
#endif

namespace nqueens::detail {

// Where a task fixes many lead columns (n >= 19), its lists are short next
// to the quarter tables they would be paired from (their blocks take the
// lead columns freely; the list's tops take exactly `taken`): the lists are
// then built by searching the rows with the lead columns placed first.

// Calls f(columns, key) for every top placement whose lead columns are
// exactly `taken`, until f returns false; returns the queens placed. The
// lead columns are placed first, column by column, then the remaining rows
// top down.
template <class F>
constexpr std::uint64_t for_each_top(const top_rules& rules, std::uint32_t lead, std::uint32_t taken, F&& f)
{
    const join_layout& layout = rules.layout;
    using state = top_rules::placed_queens;
    std::uint64_t placed = 0;
    bool stopped = false;
    // The rows the lead columns left open, top down: the band and the lead
    // queens attack them through `blocked`, the queens placed here through
    // the diagonal masks shifted row to row.
    const auto rows_phase = [&](const state& s0) {
        std::array<int, 16> order{};
        std::array<std::uint32_t, 16> blocked{};
        // A row that the band and the lead queens leave no column in ends
        // the walk before it starts.
        const std::uint32_t columns = rules.free & ~lead;
        std::size_t count = 0;
        for (int r = 0; r < layout.top; ++r) {
            if ((s0.rows >> r & 1) != 0) continue;
            order[count] = r;
            blocked[count] = ~rules.open(r, ~std::uint32_t{0}, s0.cols, s0.sums, s0.differences);
            if ((columns & ~blocked[count++]) == 0) return;
        }
        if (count == 0) {
            stopped = !f(s0.cols, s0.key);
            return;
        }
        // Rows 0 .. count - 3 of `order` by a recursive walk that returns
        // the queens it placed (kept out of memory, where the list's stores
        // could alias them); the last two rows in two plain loops, where most
        // of the walk's steps are.
        const auto walk = [&](const auto& self, std::size_t i, std::uint32_t cols, std::uint32_t left,
                              std::uint32_t right, diagonal_key key) -> std::uint64_t {
            const auto& row_bits = rules.bits[static_cast<std::size_t>(order[i])];
            std::uint32_t choices = columns & ~(cols | left | right | blocked[i]);
            std::uint64_t nodes = static_cast<std::uint64_t>(std::popcount(choices));
            if (i + 1 == count) {
                for (; choices != 0 && !stopped; choices &= choices - 1) {
                    const std::uint32_t bit = choices & (~choices + 1);
                    stopped = !f(cols | bit, key | row_bits[static_cast<std::size_t>(std::countr_zero(bit))]);
                }
                return nodes;
            }
            const int gap = order[i + 1] - order[i];
            if (i + 2 == count) {
                const auto& last_bits = rules.bits[static_cast<std::size_t>(order[i + 1])];
                for (; choices != 0 && !stopped; choices &= choices - 1) {
                    const std::uint32_t bit = choices & (~choices + 1);
                    const std::uint32_t at = cols | bit;
                    const diagonal_key with = key | row_bits[static_cast<std::size_t>(std::countr_zero(bit))];
                    std::uint32_t last =
                        columns & ~(at | (left | bit) << gap | (right | bit) >> gap | blocked[i + 1]);
                    nodes += static_cast<std::uint64_t>(std::popcount(last));
                    for (; last != 0 && !stopped; last &= last - 1) {
                        const std::uint32_t low = last & (~last + 1);
                        stopped =
                            !f(at | low, with | last_bits[static_cast<std::size_t>(std::countr_zero(low))]);
                    }
                }
                return nodes;
            }
            for (; choices != 0 && !stopped; choices &= choices - 1) {
                const std::uint32_t bit = choices & (~choices + 1);
                nodes += self(self, i + 1, cols | bit, (left | bit) << gap, (right | bit) >> gap,
                              key | row_bits[static_cast<std::size_t>(std::countr_zero(bit))]);
            }
            return nodes;
        };
        placed += walk(walk, 0, s0.cols, 0, 0, s0.key);
    };
    // Each lead column in `taken` gets a queen in some open row. The open
    // rows of a column are a bit mask: the band's attacks on each column,
    // and the difference diagonals numbered r - c + n - 1 (`rising`), so
    // that both families shift into row order.
    std::array<std::uint32_t, 32> band_rows{};  // bit r: the band attacks (r, c)
    for (int r = 0; r < layout.top; ++r)
        for (std::uint32_t a = rules.attacked[static_cast<std::size_t>(r)]; a != 0; a &= a - 1)
            band_rows[static_cast<std::size_t>(std::countr_zero(a))] |= std::uint32_t{1} << r;
    const std::uint32_t all_rows = (std::uint32_t{1} << layout.top) - 1;
    const auto lead_phase = [&](const auto& self, const state& s, std::uint64_t rising,
                                std::uint32_t todo) -> void {
        if (todo == 0) {
            rows_phase(s);
            return;
        }
        const int c = std::countr_zero(todo);
        std::uint32_t open = all_rows & ~(s.rows | band_rows[static_cast<std::size_t>(c)] |
                                          static_cast<std::uint32_t>(s.sums >> c) |
                                          static_cast<std::uint32_t>(rising >> (layout.n - 1 - c)));
        for (; open != 0 && !stopped; open &= open - 1) {
            const int r = std::countr_zero(open);
            ++placed;
            self(self, rules.place(s, r, c), rising | std::uint64_t{1} << (r - c + layout.n - 1),
                 todo & (todo - 1));
        }
    };
    if (layout.top == 0) {
        if (taken == 0) f(std::uint32_t{0}, diagonal_key{0});
        return 0;
    }
    lead_phase(lead_phase, state{}, 0, taken);
    return placed;
}

// What a list needs while it is built, kept between tasks: each
// placement's group, each group's next free slot, and a copy of the keys
// for lists of at most about `copied_keys` placements (0: none, which the
// tests use to reach the in-place grouping with small n).
struct row_scratch {
    std::size_t copied_keys = std::size_t{1} << 21;
    std::vector<std::uint32_t> groups;
    std::vector<std::uint32_t> next;
    std::vector<diagonal_key> keys;
};

// Builds the same list as build_top_list (join/lists/from_quarters.hpp), but by searching
// the top's rows and grouping the tops by a counting sort; with
// `name_groups`, also records each group's column set. Adds the queens
// placed to `placed`; returns false if stop() said yes (polled every 2^16
// placements). A list of at most about scratch.copied_keys placements is
// copied into its groups (fast); a longer one is grouped in place, each
// placement swapped into its group's next slot, so that a list needs 12
// bytes a placement while it is built and 8 after, whatever its length.
template <class Stop>
constexpr bool build_top_list_by_rows(const top_rules& rules, std::uint32_t lead, std::uint32_t taken,
                                      bool name_groups, top_list& out, row_scratch& scratch,
                                      std::uint64_t& placed, Stop&& stop)
{
    const std::uint32_t columns = rules.free & ~lead;
    out.index.reset(columns, rules.layout.n, rules.layout.top - std::popcount(taken));
    const std::size_t groups = out.index.count;
    out.set_of.assign(name_groups ? groups : 0, 0);
    out.keys.clear();
    scratch.keys.clear();
    scratch.groups.clear();
    // The keys go to the scratch copy until they outnumber copied_keys, then
    // to the list itself.
    std::vector<diagonal_key>* unsorted = scratch.copied_keys == 0 ? &out.keys : &scratch.keys;
    bool stopped = false;
    placed +=
        for_each_top(rules, lead, taken, [&](std::uint32_t cols, diagonal_key key) NQUEENS_DETAIL_INLINE {
            const std::uint32_t g = out.index(cols);
            unsorted->push_back(key);
            scratch.groups.push_back(g);
            if (name_groups) out.set_of[g] = cols;
            if (scratch.groups.size() % 65536 == 0) {
                if (unsorted != &out.keys && scratch.groups.size() >= scratch.copied_keys) {
                    out.keys.assign(scratch.keys.begin(), scratch.keys.end());
                    unsorted = &out.keys;
                }
                stopped = stop();
            }
            return !stopped;
        });
    if (stopped) return false;
    out.start.assign(groups + 1, 0);
    for (const std::uint32_t g : scratch.groups) ++out.start[g + 1];
    for (std::size_t g = 0; g < groups; ++g) out.start[g + 1] += out.start[g];
    scratch.next.assign(out.start.begin(), out.start.end() - 1);
    std::vector<diagonal_key>& keys = out.keys;
    std::vector<std::uint32_t>& group_of = scratch.groups;
    if (unsorted != &out.keys) {
        resize_for_overwrite(keys, scratch.keys.size());
        for (std::size_t i = 0; i < scratch.keys.size(); ++i)
            keys[scratch.next[group_of[i]]++] = scratch.keys[i];
        return true;
    }
    for (std::uint32_t g = 0; g < groups; ++g) {
        // Slots before next[g] hold group g; the one at next[g] is swapped
        // to its own group's next slot until a placement of group g is there.
        for (std::uint32_t i = scratch.next[g]; i < out.start[g + 1]; i = scratch.next[g]) {
            const std::uint32_t home = group_of[i];
            if (home == g) {
                ++scratch.next[g];
                continue;
            }
            const std::uint32_t j = scratch.next[home]++;
            const diagonal_key key = keys[i];
            keys[i] = keys[j];
            keys[j] = key;
            group_of[i] = group_of[j];
            group_of[j] = home;
        }
    }
    return true;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LISTS_FROM_ROWS_HPP
