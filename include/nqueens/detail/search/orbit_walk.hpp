// SPDX-License-Identifier: BSL-1.0
// The total by the 8-fold symmetry: walk a few images of each solution, weigh each by how many are walked.
#ifndef NQUEENS_DETAIL_SEARCH_ORBIT_WALK_HPP
#define NQUEENS_DETAIL_SEARCH_ORBIT_WALK_HPP

#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>

#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// The walk visits the boards of the symmetric search's two families
// (search/symmetric_search.hpp) without comparing any board with its images:
//
// - corner: every board walked stands for 8 (its class has 8 boards, and
//   the transpose rule leaves one of them on the walk);
// - edge: a board is walked once for each of its queens on an edge at the
//   smallest distance b1 from a corner: the rotation or reflection that
//   brings that queen to column b1 of row 0 maps the board onto the walk,
//   and no other does. With m such queens (1 to 4), each board walked
//   stands for 8 / m. Besides the row-0 queen, only three can be at that
//   distance (the others would attack it): the column-(n-1) queen in row b1,
//   the column-0 queen in row b2 = n-1-b1, and the row-(n-1) queen in
//   column n-1-b1. The walk counts them as it places those rows. (A board
//   that a rotation maps onto itself is walked fewer times, but its class
//   is smaller by the same factor, so 8 / m still holds.)
//
// The walk is written like the kernel, for the constant evaluators' costs,
// and cuts `left` to the board the same way (search/kernel.hpp says why).
// Its rules travel as scalars by value (`all`, and `half_turn`, column
// n-1-b1; the edge columns follow from `all`), not as a struct by
// reference: GCC 12 keeps about 32 bytes for every call that binds a
// reference, until the whole count is done (half of its memory at N = 14).
// Calls whose arguments are all values are ones GCC may cache, which costs
// more memory still: compile_time/count.hpp starts the walk deeper than GCC
// caches. A row is passed down only if it has an open square: GCC still
// keeps a little for every call (N = 14: 155 MB so, 219 MB with the calls
// that place nothing, a third of them).
//
// So the walk adds 24 / m per board (24 for the corner family), and the
// total is the sum over 3. It visits about 2.3 times fewer queens than the
// mirror-halved plain search, and the same kernel does the corner family's
// rows below a.
//
// Orders that place the border's queens, the middle rows or the row with the
// fewest open squares first were measured and place more queens, or cost
// more than they save (docs/design/compile-time.md, bench/border_first.cpp).

// 24 / m for a board with `ties` queens at distance b1 besides the first.
constexpr std::uint64_t edge_weight(int ties) noexcept
{
    return ties == 0 ? 24 : ties == 1 ? 12 : ties == 2 ? 8 : 6;
}

// 24 / m for a board whose last queen is `bit` and that has `Ties` queens at
// distance b1 besides the first and the last (see edge_bottom), or 0 if the
// last queen is nearer a corner than b1. `half_turn` is column n-1-b1: the
// last queen there is one more at distance b1; columns < b1 are those whose
// product with it is below the top column.
template <int Ties>
constexpr std::uint64_t edge_last(mask_t all, mask_t half_turn, mask_t bit) noexcept
{
    if (bit > half_turn || std::uint64_t{bit} * half_turn < (all ^ (all >> 1))) return 0;
    return bit == half_turn ? edge_weight(Ties + 1) : edge_weight(Ties);
}

// Rows b2+1 .. n-1 (only b1 rows), from a row whose open squares `free` are
// not empty: the plain search, every board weighted by its ties; two rows a
// call (three measured no cheaper here).
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_bottom(mask_t all, mask_t half_turn, mask_t cols, mask_t left, mask_t right,
                                    mask_t free, Nodes&... nodes)
{
    std::uint64_t sum = 0;
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        const mask_t c1 = cols | bit;
        if (c1 == all) {
            sum += edge_last<Ties>(all, half_turn, bit);
            continue;
        }
        const mask_t l1 = ((left | bit) << 1) & all, r1 = (right | bit) >> 1;
        mask_t free1 = all & ~(c1 | l1 | r1);
        while (free1) {
            const mask_t bit1 = free1 & (0u - free1);
            free1 ^= bit1;
            (++nodes, ...);
            const mask_t c2 = c1 | bit1;
            if (c2 == all) {
                sum += edge_last<Ties>(all, half_turn, bit1);
                continue;
            }
            const mask_t l2 = ((l1 | bit1) << 1) & all, r2 = (r1 | bit1) >> 1;
            const mask_t free2 = all & ~(c2 | l2 | r2);
            if (free2) sum += edge_bottom<Ties>(all, half_turn, c2, l2, r2, free2, nodes...);
        }
    }
    return sum;
}

// Row b2, whose open squares are `free`: both edge columns are filled by
// this row (below it an edge queen would be nearer a bottom corner than b1).
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_row_b2(mask_t all, mask_t half_turn, mask_t cols, mask_t left, mask_t right,
                                    mask_t free, Nodes&... nodes)
{
    const mask_t side = (all ^ (all >> 1)) | 1;
    const mask_t used = cols & side;
    if (used == 0) return 0;
    if (used != side) free &= side;
    std::uint64_t sum = 0;
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        const mask_t c1 = cols | bit, l1 = ((left | bit) << 1) & all, r1 = (right | bit) >> 1;
        const mask_t free1 = all & ~(c1 | l1 | r1);
        if (free1 == 0) continue;
        if (bit == 1)  // the column-0 queen in row b2
            sum += edge_bottom<Ties + 1>(all, half_turn, c1, l1, r1, free1, nodes...);
        else
            sum += edge_bottom<Ties>(all, half_turn, c1, l1, r1, free1, nodes...);
    }
    return sum;
}

// Rows b1+1 .. b2 from a row `to_b2` rows above row b2, a multiple of 3,
// whose open squares are `free`: three rows a call (a call costs both
// evaluators more than a row placed inside it; see search/kernel.hpp), and
// a call only for a row with an open square.
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_middle_thirds(mask_t all, mask_t half_turn, int to_b2, mask_t cols, mask_t left,
                                           mask_t right, mask_t free, Nodes&... nodes)
{
    if (to_b2 == 0) return edge_row_b2<Ties>(all, half_turn, cols, left, right, free, nodes...);
    std::uint64_t sum = 0;
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        const mask_t c1 = cols | bit, l1 = ((left | bit) << 1) & all, r1 = (right | bit) >> 1;
        mask_t free1 = all & ~(c1 | l1 | r1);
        while (free1) {
            const mask_t bit1 = free1 & (0u - free1);
            free1 ^= bit1;
            (++nodes, ...);
            const mask_t c2 = c1 | bit1, l2 = ((l1 | bit1) << 1) & all, r2 = (r1 | bit1) >> 1;
            mask_t free2 = all & ~(c2 | l2 | r2);
            while (free2) {
                const mask_t bit2 = free2 & (0u - free2);
                free2 ^= bit2;
                (++nodes, ...);
                const mask_t c3 = c2 | bit2, l3 = ((l2 | bit2) << 1) & all, r3 = (r2 | bit2) >> 1;
                const mask_t free3 = all & ~(c3 | l3 | r3);
                if (free3)
                    sum += edge_middle_thirds<Ties>(all, half_turn, to_b2 - 3, c3, l3, r3, free3, nodes...);
            }
        }
    }
    return sum;
}

// Rows b1+1 .. b2, `to_b2` rows above row b2: one row a call until the rows
// left are a multiple of 3 (near the top, where rows are narrow), then
// edge_middle_thirds.
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_middle(mask_t all, mask_t half_turn, int to_b2, mask_t cols, mask_t left,
                                    mask_t right, Nodes&... nodes)
{
    mask_t free = all & ~(cols | left | right);
    if (to_b2 % 3 == 0)
        return edge_middle_thirds<Ties>(all, half_turn, to_b2, cols, left, right, free, nodes...);
    std::uint64_t sum = 0;
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        sum += edge_middle<Ties>(all, half_turn, to_b2 - 1, cols | bit, ((left | bit) << 1) & all,
                                 (right | bit) >> 1, nodes...);
    }
    return sum;
}

// Rows 1 .. b1, `to_b1` rows above row b1: edge columns closed above row b1.
// `b1_to_b2` is b2 - b1.
template <class... Nodes>
constexpr std::uint64_t edge_top(mask_t all, mask_t half_turn, int to_b1, int b1_to_b2, mask_t cols,
                                 mask_t left, mask_t right, Nodes&... nodes)
{
    std::uint64_t sum = 0;
    const mask_t top = all ^ (all >> 1);
    mask_t free = all & ~(cols | left | right);
    if (to_b1 > 0) {
        free &= ~(top | 1);
        while (free) {
            const mask_t bit = free & (0u - free);
            free ^= bit;
            (++nodes, ...);
            sum += edge_top(all, half_turn, to_b1 - 1, b1_to_b2, cols | bit, ((left | bit) << 1) & all,
                            (right | bit) >> 1, nodes...);
        }
        return sum;
    }
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        if (bit == top)  // the column-(n-1) queen in row b1
            sum += edge_middle<1>(all, half_turn, b1_to_b2 - 1, cols | bit, ((left | bit) << 1) & all,
                                  (right | bit) >> 1, nodes...);
        else
            sum += edge_middle<0>(all, half_turn, b1_to_b2 - 1, cols | bit, ((left | bit) << 1) & all,
                                  (right | bit) >> 1, nodes...);
    }
    return sum;
}

// The corner family below its prefix: column 1 stays empty in the `to_a`
// rows above row a, then the plain kernel.
template <class... Nodes>
constexpr std::uint64_t corner_rows(mask_t all, int to_a, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    if (to_a == 0) return search(all, cols, left, right, nodes...);
    std::uint64_t boards = 0;
    mask_t free = all & ~(cols | left | right | mask_t{2});
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        boards +=
            corner_rows(all, to_a - 1, cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1, nodes...);
    }
    return boards;
}

// Three times the solutions that the boards below task `t` stand for (see
// above), and the queens placed if a counter is passed. t is a task of
// for_each_sym_task: its prefix obeys the family's rules already.
template <class... Nodes>
constexpr std::uint64_t orbit_walk(const sym_task& t, Nodes&... nodes)
{
    const sym_rule& s = t.rule;
    if (s.family == sym_family::single) return 3;
    if (s.family == sym_family::corner) {
        const int to_a = s.b1 > t.row ? s.b1 - t.row : 0;
        return 24 * corner_rows(s.all, to_a, t.cols, t.left, t.right, nodes...);
    }
    const mask_t all = s.all, half_turn = (all ^ (all >> 1)) >> s.b1;
    const auto queen = [&](int row) { return t.queens[static_cast<std::size_t>(row)]; };
    if (t.row <= s.b1)
        return edge_top(all, half_turn, s.b1 - t.row, s.b2 - s.b1, t.cols, t.left, t.right, nodes...);
    const bool tie_b1 = queen(s.b1) == (all ^ (all >> 1));
    if (t.row <= s.b2) {
        const int to_b2 = s.b2 - t.row;
        return tie_b1 ? edge_middle<1>(all, half_turn, to_b2, t.cols, t.left, t.right, nodes...)
                      : edge_middle<0>(all, half_turn, to_b2, t.cols, t.left, t.right, nodes...);
    }
    const int ties = (tie_b1 ? 1 : 0) + (queen(s.b2) == 1 ? 1 : 0);
    const mask_t free = all & ~(t.cols | t.left | t.right);
    if (free == 0) return 0;
    return ties == 0   ? edge_bottom<0>(all, half_turn, t.cols, t.left, t.right, free, nodes...)
           : ties == 1 ? edge_bottom<1>(all, half_turn, t.cols, t.left, t.right, free, nodes...)
                       : edge_bottom<2>(all, half_turn, t.cols, t.left, t.right, free, nodes...);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_ORBIT_WALK_HPP
