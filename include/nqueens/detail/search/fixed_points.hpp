// SPDX-License-Identifier: BSL-1.0
// Burnside's lemma: the distinct count from the total and the solutions a half or quarter turn maps onto
// themselves.
#ifndef NQUEENS_DETAIL_SEARCH_FIXED_POINTS_HPP
#define NQUEENS_DETAIL_SEARCH_FIXED_POINTS_HPP

#include <nqueens/count128.hpp>
#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <bit>
#include <cstdint>

namespace nqueens::detail {

// A partial board on which queens are placed anywhere, not row by row:
// rows, columns and both diagonals in use. Diagonal r + c is bit r + c of
// `sums`; diagonal c - r is bit c - r + n - 1 of `diffs` (2n - 1 <= 63 bits).
struct free_board {
    int n = 0;
    mask_t rows = 0;
    mask_t cols = 0;
    std::uint64_t sums = 0;
    std::uint64_t diffs = 0;

    // Places a queen at (r, c); false, leaving the board unusable, if a
    // queen already there or on its row, column or a diagonal attacks it.
    constexpr bool place(int r, int c) noexcept
    {
        const mask_t row = mask_t{1} << r;
        const mask_t col = mask_t{1} << c;
        const std::uint64_t sum = std::uint64_t{1} << (r + c);
        const std::uint64_t diff = std::uint64_t{1} << (c - r + n - 1);
        if ((rows & row) != 0 || (cols & col) != 0 || (sums & sum) != 0 || (diffs & diff) != 0) return false;
        rows |= row;
        cols |= col;
        sums |= sum;
        diffs |= diff;
        return true;
    }

    // The columns of row r that no queen attacks.
    constexpr mask_t open_in_row(int r) const noexcept
    {
        const mask_t by_sum = static_cast<mask_t>(sums >> r);
        const mask_t by_diff = static_cast<mask_t>(diffs >> (n - 1 - r));
        return full_mask(n) & ~(cols | by_sum | by_diff);
    }
};

// Completes `b` in every way that the rotation by `quarters` quarter turns
// (1 or 2) maps onto itself: the first empty row gets a queen, and with it
// every image of that queen under the rotation (4 queens for a quarter turn,
// 2 for a half turn), all at once. Returns the number of full boards.
constexpr std::uint64_t count_invariant_from(const free_board& b, int quarters) noexcept
{
    const int n = b.n;
    if (b.rows == full_mask(n)) return 1;
    const int r = bit_index(~b.rows);
    std::uint64_t found = 0;
    for (mask_t open = b.open_in_row(r); open != 0; open &= open - 1) {
        free_board next = b;
        int y = r;
        int x = bit_index(open);
        bool fits = next.place(y, x);
        // The images of (y, x) under the rotation, until back at (r, c).
        for (int image = 1; fits && image < 4 / quarters; ++image) {
            for (int q = 0; q < quarters; ++q) {
                const int turned = x;  // a quarter turn: (y, x) -> (x, n - 1 - y)
                x = n - 1 - y;
                y = turned;
            }
            fits = next.place(y, x);
        }
        if (fits) found += count_invariant_from(next, quarters);
    }
    return found;
}

// The number of solutions of the n x n board that a rotation by `quarters`
// quarter turns (1 or 2) leaves unchanged. On an odd board such a solution
// has a queen in the centre (the middle row's queen is its own image); a
// quarter turn leaves none unchanged unless n % 4 is 0 or 1, since the other
// queens come in fours. Cost: a search over about half (half turn) or a
// quarter (quarter turn) of the rows, tiny next to the full count.
constexpr std::uint64_t count_fixed_by_turn(int n, int quarters) noexcept
{
    if (quarters == 1 && n % 4 > 1) return 0;
    free_board b{};
    b.n = n;
    if (n % 2 == 1 && !b.place(n / 2, n / 2)) return 0;
    return count_invariant_from(b, quarters);
}

// The solutions that a half turn (two quarter turns) of the board maps onto themselves.
constexpr std::uint64_t fixed_by_half_turn(int n) noexcept
{
    return count_fixed_by_turn(n, 2);
}

// The solutions that a quarter turn of the board maps onto themselves.
constexpr std::uint64_t fixed_by_quarter_turn(int n) noexcept
{
    return count_fixed_by_turn(n, 1);
}

// Burnside's lemma on the 8 symmetries of the square: the classes of
// solutions are the average number of solutions each symmetry fixes. The
// four reflections fix none for n > 1 (a queen and its mirror image would
// share a row, a column or a diagonal), the half turn fixes `half`, each
// quarter turn `quarter`, the identity all `total`.
// Throws std::overflow_error rather than wrap.
constexpr std::uint64_t distinct_from(int n, std::uint64_t total, std::uint64_t half, std::uint64_t quarter)
{
    if (n == 1) return total;
    return checked_add(total, checked_add(half, checked_mul(2, quarter))) / 8;
}

// The distinct count of the n x n board (OEIS A002562) from its total (A000170), by Burnside's lemma.
// Cost: the two searches for the boards a turn fixes, tiny next to the total.
constexpr std::uint64_t distinct_by_burnside(int n, std::uint64_t total)
{
    return distinct_from(n, total, fixed_by_half_turn(n), fixed_by_quarter_turn(n));
}

// The same for a total past 2^64 (n >= 29).
constexpr count128 distinct_by_burnside(int n, count128 total)
{
    if (n == 1) return total;
    return (total + fixed_by_half_turn(n) + count128{fixed_by_quarter_turn(n)} * 2u).divided_by(8).quotient;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_FIXED_POINTS_HPP
