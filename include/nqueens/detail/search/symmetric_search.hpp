// SPDX-License-Identifier: BSL-1.0
// The 8-fold symmetric search: one representative per class of solutions, weighted by the class size.
#ifndef NQUEENS_DETAIL_SEARCH_SYMMETRIC_SEARCH_HPP
#define NQUEENS_DETAIL_SEARCH_SYMMETRIC_SEARCH_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/symmetric_tasks.hpp>

#include <array>
#include <bit>
#include <cstdint>

namespace nqueens::detail {

// What a search found: representatives by class size (1 only for n = 1),
// and the queens placed on the way.
struct sym_tally {
    std::uint64_t orbits1 = 0;
    std::uint64_t orbits2 = 0;
    std::uint64_t orbits4 = 0;
    std::uint64_t orbits8 = 0;
    std::uint64_t nodes = 0;

    constexpr std::uint64_t distinct() const
    {
        return checked_add(checked_add(orbits1, orbits2), checked_add(orbits4, orbits8));
    }
    constexpr std::uint64_t total() const
    {
        return checked_add(checked_add(orbits1, checked_mul(2, orbits2)),
                           checked_add(checked_mul(4, orbits4), checked_mul(8, orbits8)));
    }
    constexpr sym_tally& operator+=(const sym_tally& o) noexcept
    {
        orbits1 += o.orbits1;
        orbits2 += o.orbits2;
        orbits4 += o.orbits4;
        orbits8 += o.orbits8;
        nodes += o.nodes;
        return *this;
    }
};

// For a full board of the edge family (rows[y] = column bit of row y): 0 if
// a rotation of it is lexicographically smaller, else the size of its class.
constexpr int edge_orbit(int n, const mask_t* rows) noexcept
{
    std::array<int, max_n> col{};
    std::array<int, max_n> row_of{};
    for (int y = 0; y < n; ++y) {
        col[static_cast<std::size_t>(y)] = bit_index(rows[y]);
        row_of[static_cast<std::size_t>(col[static_cast<std::size_t>(y)])] = y;
    }
    // Rotation by 90 degrees maps (y, c) to (c, n-1-y); by 180 to
    // (n-1-y, n-1-c); by 270 to (n-1-c, y). image(i) is the column of row i.
    const auto compare = [&](auto image) {
        for (int i = 0; i < n; ++i) {
            const int a = image(i);
            const int b = col[static_cast<std::size_t>(i)];
            if (a != b) return a < b ? -1 : 1;
        }
        return 0;
    };
    const int r90 = compare([&](int i) { return n - 1 - row_of[static_cast<std::size_t>(i)]; });
    if (r90 < 0) return 0;
    if (r90 == 0) return 2;  // then the 180 and 270 images equal it too
    const int r180 = compare([&](int i) { return n - 1 - col[static_cast<std::size_t>(n - 1 - i)]; });
    if (r180 < 0) return 0;
    const int r270 = compare([&](int i) { return row_of[static_cast<std::size_t>(n - 1 - i)]; });
    if (r270 < 0) return 0;
    return r180 == 0 ? 4 : 8;
}

struct never_stop {
    constexpr bool operator()() const noexcept { return false; }
};

// How many nodes pass between two calls of the search's stop predicate: a
// few milliseconds of work.
inline constexpr std::uint64_t stop_check_interval = std::uint64_t{1} << 20;

// edge_orbit for a leaf of the edge family's search. A rotation's first
// queen is never nearer its corner than b1 there (the rules keep every edge
// queen at distance >= b1), so a rotation whose first queen is farther is
// larger and needs no comparison: usually none is left.
constexpr int edge_leaf_orbit(int n, int b1, const mask_t* rows) noexcept
{
    const mask_t top = mask_t{1} << (n - 1);
    int row_of_first = -1;  // the queen in column 0
    int row_of_last = -1;   // the queen in column n - 1
    for (int y = b1; y <= n - 1 - b1; ++y) {
        if (rows[y] == 1) row_of_first = y;
        if (rows[y] == top) row_of_last = y;
    }
    const bool tie90 = row_of_first == n - 1 - b1;
    const bool tie180 = rows[n - 1] == (top >> b1);
    const bool tie270 = row_of_last == b1;
    if (!tie90 && !tie180 && !tie270) return 8;
    return edge_orbit(n, rows);
}

// Adds the representatives below task `t` to `out`: an iterative DFS with an
// explicit stack, one entry per row. The last two rows are not pushed: they
// have at most two open columns between them and are tried in place.
// Returns false, with `out` partly updated, if `should_stop()` said so (it
// is asked every stop_check_interval nodes).
template <class StopFn = never_stop>
constexpr bool search_symmetric(const sym_task& t, sym_tally& out, StopFn&& should_stop = {})
{
    const sym_rule& s = t.rule;
    const int n = s.n;
    if (s.family == sym_family::single) {
        ++out.orbits1;
        ++out.nodes;
        return true;
    }
    const int last_row = n - 1;
    const bool corner = s.family == sym_family::corner;

    // The squares each row may use before attacks: the rule's masks.
    std::array<mask_t, max_n> row_open{};
    for (int y = 0; y < n; ++y) {
        mask_t m = s.all;
        if (y < s.b1) m &= ~s.early;
        if (y == last_row) m &= ~s.last;
        row_open[static_cast<std::size_t>(y)] = m;
    }
    const auto open_at = [&](int y, mask_t c, mask_t l, mask_t r) {
        mask_t open = row_open[static_cast<std::size_t>(y)] & ~(c | l | r);
        if (y == s.b2) {
            const mask_t used = c & s.side;
            if (used == 0) return mask_t{0};
            if (used != s.side) open &= s.side;
        }
        return open;
    };

    std::array<mask_t, max_n> rows{};
    std::array<mask_t, max_n> cols{};
    std::array<mask_t, max_n> left{};
    std::array<mask_t, max_n> right{};
    std::array<mask_t, max_n> open{};
    for (int y = 0; y < t.row; ++y) rows[static_cast<std::size_t>(y)] = t.queens[static_cast<std::size_t>(y)];

    std::uint64_t nodes = 0;
    std::uint64_t next_check = stop_check_interval;
    sym_tally found{};
    // The last row of a board whose rows above are in `rows`: a leaf if open.
    const auto leaf = [&](mask_t c, mask_t l, mask_t r) {
        const mask_t q = row_open[static_cast<std::size_t>(last_row)] & ~(c | l | r);
        if (q == 0) return;
        ++nodes;
        if (corner) {
            ++found.orbits8;
            return;
        }
        rows[static_cast<std::size_t>(last_row)] = q;
        switch (edge_leaf_orbit(n, s.b1, rows.data())) {
            case 2:
                ++found.orbits2;
                break;
            case 4:
                ++found.orbits4;
                break;
            case 8:
                ++found.orbits8;
                break;
            default:
                break;
        }
    };

    const int top = t.row;
    std::size_t y = static_cast<std::size_t>(top);
    open[y] = open_at(top, t.cols, t.left, t.right);
    cols[y] = t.cols;
    left[y] = t.left;
    right[y] = t.right;
    for (;;) {
        if (open[y] == 0) {
            if (y == static_cast<std::size_t>(top)) break;
            --y;
            continue;
        }
        const mask_t bit = lowest_bit(open[y]);
        open[y] ^= bit;
        rows[y] = bit;
        ++nodes;
        const mask_t c = cols[y] | bit;
        const mask_t l = (left[y] | bit) << 1;
        const mask_t r = (right[y] | bit) >> 1;
        const int below = static_cast<int>(y) + 1;
        if (below == last_row) {
            leaf(c, l, r);
        } else if (below + 1 == last_row) {
            for (mask_t two = open_at(below, c, l, r); two != 0; two &= two - 1) {
                const mask_t b = lowest_bit(two);
                rows[static_cast<std::size_t>(below)] = b;
                ++nodes;
                leaf(c | b, (l | b) << 1, (r | b) >> 1);
            }
        } else {
            ++y;
            open[y] = open_at(below, c, l, r);
            cols[y] = c;
            left[y] = l;
            right[y] = r;
            continue;
        }
        if (nodes >= next_check) {
            next_check = nodes + stop_check_interval;
            if (should_stop()) {
                found.nodes = nodes;
                out += found;
                return false;
            }
        }
    }
    found.nodes = nodes;
    out += found;
    return true;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_SYMMETRIC_SEARCH_HPP
