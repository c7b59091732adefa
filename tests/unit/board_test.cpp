// SPDX-License-Identifier: BSL-1.0
// board: construction, access, the 32-row and 32-column limits, equality and order.
#include <nqueens/board.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <vector>

using nqueens::board;

// The layout board.hpp promises: 32 columns of one byte and the size.
static_assert(sizeof(board) == 33);
static_assert(std::is_trivially_copyable_v<board>);

static_assert(board{}.empty() && board{}.size() == 0);
static_assert(board{1, 3, 0, 2}.size() == 4 && board{1, 3, 0, 2}[1] == 3 && board{1, 3, 0, 2}[3] == 2);
static_assert(board{0} < board{0, 0} && board{0, 5} < board{1} && board{} < board{0});
static_assert(board{1, 3, 0, 2} == board{1, 3, 0, 2} && board{1, 3, 0, 2} != board{1, 3, 0});

namespace {

// Every board of 0..3 rows over columns 0..2, in no particular order.
std::vector<board> small_boards()
{
    std::vector<board> out{board{}};
    for (std::size_t first = 0; first < out.size(); ++first) {
        if (out[first].size() == 3) continue;
        for (int c = 0; c < 3; ++c) {
            board b = out[first];
            b.push_back(c);
            out.push_back(b);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("a board holds the columns it is given, row by row", "[board]")
{
    board b;
    for (int r = 0; r < 32; ++r) b.push_back((5 * r + 3) % 32);
    REQUIRE(b.size() == 32);
    for (int r = 0; r < 32; ++r) CHECK(b[r] == (5 * r + 3) % 32);
    CHECK(std::vector<int>(b.begin(), b.end()).size() == 32);
    b.set(7, 31);
    CHECK(b[7] == 31);
    CHECK(b[6] == (5 * 6 + 3) % 32);
    CHECK(b[8] == (5 * 8 + 3) % 32);
    b.pop_back();
    CHECK(b.size() == 31);
    CHECK(b[30] == (5 * 30 + 3) % 32);
}

TEST_CASE("a board refuses more than 32 rows, columns outside 0..31 and rows it does not have", "[board]")
{
    board b;
    for (int r = 0; r < 32; ++r) b.push_back(r);
    CHECK_THROWS_AS(b.push_back(0), std::length_error);
    CHECK(b.size() == 32);
    CHECK_THROWS_AS(board({0, 32}), std::out_of_range);
    CHECK_THROWS_AS(board({-1}), std::out_of_range);
    CHECK_THROWS_AS(b.set(32, 0), std::out_of_range);
    CHECK_THROWS_AS(b.set(-1, 0), std::out_of_range);
    CHECK_THROWS_AS(b.set(0, 32), std::out_of_range);
    CHECK(b[0] == 0);
    b.pop_back();
    CHECK_THROWS_AS(b.set(31, 0), std::out_of_range);
    CHECK_NOTHROW(b.push_back(31));
}

TEST_CASE("boards are equal exactly when their rows are, whatever rows they once had", "[board]")
{
    const std::vector<board> all = small_boards();
    REQUIRE(all.size() == 1 + 3 + 9 + 27);
    for (const board& a : all) {
        for (const board& b : all) {
            const bool same = std::equal(a.begin(), a.end(), b.begin(), b.end());
            CHECK((a == b) == same);
        }
    }
    // A row removed and put back with another column: only the used rows count.
    board a{2, 1, 0};
    a.pop_back();
    CHECK(a == board{2, 1});
    a.push_back(2);
    CHECK(a == board{2, 1, 2});
    CHECK(a != board{2, 1, 0});
}

TEST_CASE("boards order lexicographically by column, a prefix first", "[board]")
{
    const std::vector<board> all = small_boards();
    for (const board& a : all) {
        for (const board& b : all) {
            const bool less = std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
            const bool greater = std::lexicographical_compare(b.begin(), b.end(), a.begin(), a.end());
            CHECK((a < b) == less);
            CHECK((a > b) == greater);
            CHECK(((a <=> b) == 0) == (a == b));
        }
    }
}
