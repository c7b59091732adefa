// SPDX-License-Identifier: BSL-1.0
// is_solution: an independent check that a board's queens do not attack each other.
#ifndef NQUEENS_VERIFY_HPP
#define NQUEENS_VERIFY_HPP

#include <nqueens/board.hpp>
#include <nqueens/domain.hpp>

namespace nqueens {

// Whether b is a solution: 1 <= b.size() <= 32, every column inside the board
// (0 <= b[row] < b.size()), and no two queens in the same column or on the same
// diagonal. Deliberately not the search's bitmasks: it compares every pair of
// queens, so that it can check the search.
//
// Valid for any board; never throws (the empty board is not a solution).
// Cost: O(n^2), about 500 comparisons for n = 32.
//
//     static_assert(nqueens::is_solution(nqueens::board{1, 3, 0, 2}));
//     static_assert(!nqueens::is_solution(nqueens::board{0, 2, 1, 3}));  // rows 1 and 2 on a diagonal
constexpr bool is_solution(const board& b) noexcept
{
    const int n = b.size();
    if (!in_domain(n)) return false;
    for (int i = 0; i < n; ++i) {
        if (b[i] >= n) return false;
        for (int j = i + 1; j < n; ++j) {
            const int dc = b[j] - b[i];
            if (dc == 0 || dc == j - i || dc == i - j) return false;
        }
    }
    return true;
}

}  // namespace nqueens

#endif  // NQUEENS_VERIFY_HPP
