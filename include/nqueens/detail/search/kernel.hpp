// SPDX-License-Identifier: BSL-1.0
// The constexpr kernel: a recursive bitmask depth-first search that every driver calls.
#ifndef NQUEENS_DETAIL_SEARCH_KERNEL_HPP
#define NQUEENS_DETAIL_SEARCH_KERNEL_HPP

#include <nqueens/domain.hpp>

#include <bit>
#include <cstdint>

namespace nqueens::detail {

using mask_t = std::uint32_t;

constexpr mask_t full_mask(int n) noexcept
{
    return n >= 32 ? ~mask_t{0} : (mask_t{1} << n) - 1;
}

constexpr mask_t lowest_bit(mask_t x) noexcept
{
    return x & (0u - x);
}

// The index of the lowest set bit of x (x != 0). Not std::countr_zero: in
// libstdc++ 12 it declares `using __gnu_cxx::__int_traits;` in its body, and
// Clang 19's -fexperimental-new-constant-interpreter rejects any constexpr
// function whose body holds a using-declaration, using-directive or
// namespace alias (tests/unit/detail/search/new_interpreter_test.cpp).
constexpr int bit_index(mask_t x) noexcept
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    return std::countr_zero(x);
#endif
}

// Queens in rows [0, row), kept as the squares of row `row` they attack:
// `cols` by column, `left` along the diagonal that moves one column up per row,
// `right` along the one that moves one column down. Bits shifted off the board
// do no harm: a diagonal that leaves the board attacks nothing more, and
// free() keeps the board's columns only.
struct partial {
    int row = 0;
    mask_t cols = 0;
    mask_t left = 0;
    mask_t right = 0;

    constexpr mask_t free(mask_t all) const noexcept { return all & ~(cols | left | right); }

    constexpr partial place(mask_t bit) const noexcept
    {
        return {row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1};
    }

    friend constexpr bool operator==(const partial&, const partial&) = default;
};

struct search_result {
    std::uint64_t solutions = 0;
    std::uint64_t nodes = 0;  // queens placed
};

// The search itself: the number of ways to fill the rows below a partial board
// whose occupied columns, diagonals and full-board mask are given. Plain
// recursion: it costs fewer of the constant evaluator's steps than an
// explicit stack (about half, Clang 14) and runs as fast at run time. Each
// call places three rows: GCC keeps a few dozen bytes of every call until
// the whole count is done, and both evaluators charge more for a call than
// for a row placed inside one (no slower at run time).
//
// Written for the constant evaluators, which charge for every name read,
// operator and local, and most for a call (Clang 14: a call with four
// arguments costs about as much as twenty operators): the node counter is
// an optional trailing argument, so that the compile-time path neither
// passes nor updates it; `while (free)` with `free ^= bit` and const locals
// cost less than a `for` with `free &= free - 1` or locals assigned in place. `left` is cut to the board on
// each call's first row, so it carries at most one bit past the board into a call: GCC keeps every distinct
// integer it computes for the rest of the translation unit, and masks that keep all their off-board bits are
// ever new values (about an eighth of its memory at N = 14).
template <class... Nodes>
constexpr std::uint64_t search(mask_t all, mask_t cols, mask_t left, mask_t right, Nodes&... nodes) noexcept
{
    static_assert(sizeof...(Nodes) <= 1, "search takes at most one node counter");
    std::uint64_t solutions = 0;
    mask_t free = all & ~(cols | left | right);
    while (free) {
        const mask_t bit = free & (0u - free);  // lowest_bit(), spelled out: a call costs Clang 14 steps
        free ^= bit;
        (++nodes, ...);
        const mask_t c1 = cols | bit;
        if (c1 == all) {
            ++solutions;
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
                ++solutions;
                continue;
            }
            const mask_t l2 = ((l1 | bit1) << 1) & all, r2 = (r1 | bit1) >> 1;
            mask_t free2 = all & ~(c2 | l2 | r2);
            while (free2) {
                const mask_t bit2 = free2 & (0u - free2);
                free2 ^= bit2;
                (++nodes, ...);
                if ((c2 | bit2) == all)
                    ++solutions;
                else
                    solutions += search(all, c2 | bit2, (l2 | bit2) << 1, (r2 | bit2) >> 1, nodes...);
            }
        }
    }
    return solutions;
}

// Counts the ways to complete `p` to a full n x n solution (1 if p is full).
template <bool CountNodes = false>
constexpr search_result count_completions(int n, partial p) noexcept
{
    const mask_t all = full_mask(n);
    search_result r{};
    if (p.cols == all)
        r.solutions = 1;
    else if constexpr (CountNodes)
        r.solutions = search(all, p.cols, p.left, p.right, r.nodes);
    else
        r.solutions = search(all, p.cols, p.left, p.right);
    return r;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_KERNEL_HPP
