// is_solution, board and the symmetries of canonical.hpp.
#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>

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

static_assert(board{1, 3, 0, 2}.size() == 4 && board{1, 3, 0, 2}[1] == 3);
static_assert(board{0} < board{0, 0} && board{0, 5} < board{1} && board{} < board{0});

static_assert(nqueens::images(board{1, 3, 0, 2})[1] == board{2, 0, 3, 1});
static_assert(nqueens::canonical_form(board{2, 0, 3, 1}) == board{1, 3, 0, 2});
static_assert(nqueens::is_canonical(board{1, 3, 0, 2}) && !nqueens::is_canonical(board{2, 0, 3, 1}));
static_assert(nqueens::class_size(board{1, 3, 0, 2}) == 2);
static_assert(nqueens::class_size(board{0}) == 1);
static_assert(nqueens::class_size(board{0, 4, 7, 5, 2, 6, 1, 3}) == 8);

TEST_CASE("is_solution accepts solutions and rejects attacks, stray columns and bad sizes", "[verify]")
{
    CHECK(is_solution(board{2, 4, 1, 3, 0}));
    CHECK_FALSE(is_solution(board{2, 4, 1, 3, 0, 5}));  // rows 3 and 5 on a diagonal
    CHECK_FALSE(is_solution(board{0, 0}));
    CHECK_FALSE(is_solution(board{3, 1}));  // column 3 on a 2 x 2 board

    board full;
    for (int r = 0; r < 32; ++r) full.push_back((2 * r) % 32);
    CHECK_FALSE(is_solution(full));
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

TEST_CASE("a board refuses more than 32 rows and columns outside 0..31", "[verify]")
{
    board b;
    for (int r = 0; r < 32; ++r) b.push_back(r);
    CHECK_THROWS_AS(b.push_back(0), std::length_error);
    CHECK_THROWS_AS(board({0, 32}), std::out_of_range);
    CHECK_THROWS_AS(board({-1}), std::out_of_range);
    CHECK_THROWS_AS(b.set(32, 0), std::out_of_range);
    b.pop_back();
    CHECK(b.size() == 31);
    CHECK(b == board(b));
}

TEST_CASE("the symmetry functions refuse a board that is not a permutation", "[verify]")
{
    CHECK_THROWS_AS(nqueens::images(board{0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(nqueens::canonical_form(board{0, 2}), std::invalid_argument);
    CHECK_THROWS_AS(nqueens::is_canonical(board{1, 1}), std::invalid_argument);
}
