// SPDX-License-Identifier: BSL-1.0
// is_solution: known solutions and non-solutions, and every board of small n against the search.
#include "support/oeis.hpp"

#include <nqueens/board.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <vector>

using nqueens::board;
using nqueens::is_solution;

static_assert(is_solution(board{0}));
static_assert(is_solution(board{1, 3, 0, 2}));
static_assert(is_solution(board{0, 4, 7, 5, 2, 6, 1, 3}));
static_assert(!is_solution(board{}));                        // no rows
static_assert(!is_solution(board{0, 1}));                    // diagonal
static_assert(!is_solution(board{1, 3, 1, 2}));              // same column
static_assert(!is_solution(board{0, 2, 1, 3}));              // anti-diagonal, rows 1 and 2
static_assert(!is_solution(board{1, 3, 0, 4}));              // column 4 on a 4 x 4 board
static_assert(!is_solution(board{0, 4, 7, 5, 2, 6, 3, 1}));  // rows 2 and 6 on a diagonal

TEST_CASE("is_solution accepts solutions and rejects attacks, stray columns and bad sizes", "[verify]")
{
    CHECK(is_solution(board{2, 4, 1, 3, 0}));
    CHECK_FALSE(is_solution(board{2, 4, 1, 3, 0, 5}));  // rows 3 and 5 on a diagonal
    CHECK_FALSE(is_solution(board{0, 0}));
    CHECK_FALSE(is_solution(board{3, 1}));  // column 3 on a 2 x 2 board

    board full;
    for (int r = 0; r < 32; ++r) full.push_back((2 * r) % 32);
    CHECK_FALSE(is_solution(full));

    // n = 32, by the explicit construction (no search): columns 1, 3, 5, ... in rows 0, 1, 2, ...
    // Swapping rows 0 and 1 puts rows 0 and 2 on a diagonal (columns 3 and 5).
    board big = *nqueens::first_solution(32);
    CHECK(is_solution(big));
    REQUIRE((big[0] == 1 && big[1] == 3 && big[2] == 5));
    big.set(0, 3);
    big.set(1, 1);
    CHECK_FALSE(is_solution(big));
}

TEST_CASE("is_solution checks every pair, as the search's bitmasks would", "[verify]")
{
    // Every way to move one queen of a solution breaks it.
    const board good{0, 4, 7, 5, 2, 6, 1, 3};
    for (int row = 0; row < good.size(); ++row) {
        for (int col = 0; col < good.size(); ++col) {
            if (col == good[row]) continue;
            board moved = good;
            moved.set(row, col);
            INFO("row " << row << " to column " << col);
            CHECK_FALSE(is_solution(moved));
        }
    }
}

TEST_CASE("is_solution accepts exactly OEIS A000170's count of the n^n boards, n = 1..6", "[verify]")
{
    // Every board of n rows with columns 0..n-1: repeated columns included.
    for (int n = 1; n <= 6; ++n) {
        std::vector<int> digits(static_cast<std::size_t>(n), 0);
        std::uint64_t accepted = 0;
        for (;;) {
            board b;
            for (const int c : digits) b.push_back(c);
            accepted += is_solution(b) ? 1 : 0;
            std::size_t i = 0;
            while (i < digits.size() && ++digits[i] == n) digits[i++] = 0;
            if (i == digits.size()) break;
        }
        INFO("n = " << n);
        CHECK(accepted == nqueens::test::total(n));
    }
}

TEST_CASE("is_solution accepts a permutation exactly when the search lists it, n = 1..8", "[verify]")
{
    for (int n = 1; n <= 8; ++n) {
        std::set<board> found;
        nqueens::for_each_solution(n, [&](const board& b) { found.insert(b); });
        std::vector<int> p(static_cast<std::size_t>(n));
        std::iota(p.begin(), p.end(), 0);
        std::uint64_t disagree = 0;
        do {
            board b;
            for (const int c : p) b.push_back(c);
            disagree += is_solution(b) == (found.count(b) == 1) ? 0 : 1;
        } while (std::next_permutation(p.begin(), p.end()));
        INFO("n = " << n);
        CHECK(found.size() == nqueens::test::total(n));
        CHECK(disagree == 0);
    }
}

TEST_CASE("is_solution rejects a solution with one queen moved off the board", "[verify]")
{
    for (int n = 4; n <= 8; ++n) {
        nqueens::for_each_solution(n, [&](const board& good) {
            for (int row = 0; row < n; ++row) {
                for (int col = n; col < board::max_size; ++col) {
                    board moved = good;
                    moved.set(row, col);
                    INFO("n = " << n << ", row " << row << " to column " << col);
                    CHECK_FALSE(is_solution(moved));
                }
            }
            return false;  // the first solution of each n
        });
    }
}
