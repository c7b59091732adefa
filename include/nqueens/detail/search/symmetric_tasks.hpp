// SPDX-License-Identifier: BSL-1.0
// The 8-fold symmetric search's families, pruning rules and sub-problems (tasks split after a prefix of
// rows).
#ifndef NQUEENS_DETAIL_SEARCH_SYMMETRIC_TASKS_HPP
#define NQUEENS_DETAIL_SEARCH_SYMMETRIC_TASKS_HPP

#include <nqueens/detail/search/kernel.hpp>

#include <array>
#include <bit>
#include <cstdint>

namespace nqueens::detail {

// A board is read as its rows top to bottom, each the column of its queen;
// the representative of a class is its lexicographically smallest image under
// the 8 rotations and reflections. Every solution (n > 1) has one queen on
// each edge, so the smallest image has its first queen either in the corner
// or at distance b1 from it, with every other edge queen at distance >= b1
// from its nearest corner. The search walks only boards that satisfy this:
// about 4.5 times fewer queens than the plain search, 2.3 times fewer than
// the plain search halved by the mirror (n = 10..15).
//
// corner: a queen at (0, 0). The only other image keeping it there is the
//   transpose, which swaps "column of the row-1 queen" (a) and "row of the
//   column-1 queen"; keep a below it by keeping column 1 empty in rows < a.
//   The opposite corner is on the queen's diagonal, the other two share its
//   row or column: no rotation maps the board to itself, its class has 8.
// edge: no corner queen, first queen at column b1 with b1 < n - 1 - b1 (for
//   odd n the middle column cannot hold it: the four edge queens would sit at
//   the edge midpoints, two of which share a diagonal). Reflections cannot
//   tie with the board itself (a reflected first queen would attack the
//   original), so only the three rotations are compared at the leaf.
// single: n = 1, whose one solution is its own class.
enum class sym_family : std::uint8_t { corner, edge, single };

// The pruning rules of one family and first-row choice. b1 is the column of
// the row-1 queen for `corner`, the column of the row-0 queen for `edge`.
struct sym_rule {
    sym_family family = sym_family::single;
    int n = 1;
    int b1 = 0;
    int b2 = -1;       // edge: the last row that may hold an edge-column queen
    mask_t all = 1;    // the board's columns
    mask_t early = 0;  // columns closed in rows < b1
    mask_t side = 0;   // edge: both edge columns
    mask_t last = 0;   // columns closed in the last row

    // The columns open in row y, given the columns in use above it and the
    // squares not attacked (`free`).
    constexpr mask_t allowed(int y, mask_t cols, mask_t free) const noexcept
    {
        if (y < b1) {
            free &= ~early;
        } else if (y == b2) {
            // Rows below b2 are too close to a bottom corner for an edge
            // column, so both edge columns must be filled by this row.
            const mask_t used = cols & side;
            if (used == 0) return 0;
            if (used != side) free &= side;
        }
        if (y == n - 1) free &= ~last;
        return free;
    }
};

constexpr sym_rule corner_rule(int n, int a) noexcept
{
    sym_rule s{};
    s.family = sym_family::corner;
    s.n = n;
    s.b1 = a;
    s.all = full_mask(n);
    s.early = mask_t{2};
    return s;
}

constexpr sym_rule edge_rule(int n, int b1) noexcept
{
    sym_rule s{};
    s.family = sym_family::edge;
    s.n = n;
    s.b1 = b1;
    s.b2 = n - 1 - b1;
    s.all = full_mask(n);
    s.side = mask_t{1} | (mask_t{1} << (n - 1));
    s.early = s.side;
    const mask_t low = (mask_t{1} << b1) - 1;
    s.last = low | (low << (n - b1));
    return s;
}

// The longest prefix a task may carry: the engine splits at depth <= 4, the
// compile-time count at <= 5, count_queens(n) at 6 from n = 28.
inline constexpr int max_prefix = 6;

// A sub-problem of the symmetric search: the first `row` rows placed.
struct sym_task {
    sym_rule rule{};
    int row = 0;
    mask_t cols = 0;
    mask_t left = 0;
    mask_t right = 0;
    std::array<mask_t, max_prefix> queens{};  // column bit of each placed row

    constexpr sym_task place(mask_t bit) const noexcept
    {
        sym_task t = *this;
        if (row < max_prefix) t.queens[static_cast<std::size_t>(row)] = bit;
        t.row = row + 1;
        t.cols = cols | bit;
        t.left = (left | bit) << 1;
        t.right = (right | bit) >> 1;
        return t;
    }

    constexpr mask_t open() const noexcept
    {
        return rule.allowed(row, cols, rule.all & ~(cols | left | right));
    }
};

template <class F>
constexpr void extend_sym_task(const sym_task& t, int depth, F& f)
{
    if (t.row == depth) {
        f(t);
        return;
    }
    for (mask_t open = t.open(); open != 0; open &= open - 1)
        extend_sym_task(t.place(lowest_bit(open)), depth, f);
}

// Calls f(sym_task) for every sub-problem of the symmetric search of an
// n x n board split after `depth` rows (clamped to [2, min(n - 2, max_prefix)]),
// in an order fixed by n and depth: corner family by a, then edge family by
// b1, each in the order of the plain search. n = 1 gives one `single` task,
// n = 2 and 3 give none.
template <class F>
constexpr void for_each_sym_task(int n, int depth, F&& f)
{
    if (n == 1) {
        f(sym_task{});
        return;
    }
    if (n < 4) return;
    const int hi = n - 2 < max_prefix ? n - 2 : max_prefix;
    depth = depth < 2 ? 2 : (depth > hi ? hi : depth);
    for (int a = 2; a <= n - 2; ++a) {
        sym_task t{};
        t.rule = corner_rule(n, a);
        extend_sym_task(t.place(mask_t{1}).place(mask_t{1} << a), depth, f);
    }
    for (int b1 = 1; b1 < n - 1 - b1; ++b1) {
        sym_task t{};
        t.rule = edge_rule(n, b1);
        extend_sym_task(t.place(mask_t{1} << b1), depth, f);
    }
}

// The number of placements of the next `rows` rows below t: a cheap estimate
// of the task's cost, to start the largest tasks first.
constexpr std::uint64_t sym_task_breadth(const sym_task& t, int rows)
{
    if (rows == 0 || t.row >= t.rule.n - 1) return 1;
    std::uint64_t k = 0;
    for (mask_t open = t.open(); open != 0; open &= open - 1)
        k += sym_task_breadth(t.place(lowest_bit(open)), rows - 1);
    return k;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_SYMMETRIC_TASKS_HPP
