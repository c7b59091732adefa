// SPDX-License-Identifier: BSL-1.0
// images, canonical_form, is_canonical, class_size: checked against the symmetries written as maps of
// squares.
#include "support/failures.hpp"
#include "support/oeis.hpp"

#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using nqueens::board;

static_assert(nqueens::images(board{1, 3, 0, 2})[1] == board{2, 0, 3, 1});
static_assert(nqueens::canonical_form(board{2, 0, 3, 1}) == board{1, 3, 0, 2});
static_assert(nqueens::is_canonical(board{1, 3, 0, 2}) && !nqueens::is_canonical(board{2, 0, 3, 1}));
static_assert(nqueens::class_size(board{1, 3, 0, 2}) == 2);
static_assert(nqueens::class_size(board{0}) == 1);
static_assert(nqueens::class_size(board{0, 4, 7, 5, 2, 6, 1, 3}) == 8);

namespace {

// The symmetry k of images(), as a map of the square (row r, column c) of
// an n x n board, row 0 on top: the order canonical.hpp documents.
std::pair<int, int> map_square(int k, int n, int r, int c)
{
    const int rr = n - 1 - r;
    const int cc = n - 1 - c;
    switch (k) {
        case 0:
            return {r, c};  // identity
        case 1:
            return {r, cc};  // left-right mirror
        case 2:
            return {rr, c};  // top-bottom mirror
        case 3:
            return {rr, cc};  // half turn
        case 4:
            return {c, r};  // transpose
        case 5:
            return {cc, rr};  // anti-transpose
        case 6:
            return {c, rr};  // quarter turn, clockwise
        default:
            return {cc, r};  // three quarter turns
    }
}

board map_board(int k, const board& b)
{
    const int n = b.size();
    std::vector<int> col(static_cast<std::size_t>(n), -1);
    for (int r = 0; r < n; ++r) {
        const auto [to_r, to_c] = map_square(k, n, r, b[r]);
        col[static_cast<std::size_t>(to_r)] = to_c;
    }
    board out;
    for (const int c : col) out.push_back(c);
    return out;
}

// Every permutation of 0..n-1 for n = 1..7, then every solution for n = 8..10.
std::vector<board> test_boards()
{
    std::vector<board> out;
    for (int n = 1; n <= 7; ++n) {
        std::vector<int> p(static_cast<std::size_t>(n));
        std::iota(p.begin(), p.end(), 0);
        do {
            board b;
            for (const int c : p) b.push_back(c);
            out.push_back(b);
        } while (std::next_permutation(p.begin(), p.end()));
    }
    for (int n = 8; n <= 10; ++n) nqueens::for_each_solution(n, [&](const board& b) { out.push_back(b); });
    return out;
}

}  // namespace

TEST_CASE("images() gives the 8 symmetries of the square, in the documented order", "[canonical]")
{
    for (const board& b : test_boards()) {
        const auto im = nqueens::images(b);
        int wrong = -1;
        for (int k = 0; k < 8 && wrong < 0; ++k)
            if (im[static_cast<std::size_t>(k)] != map_board(k, b)) wrong = k;
        if (wrong >= 0) FAIL_CHECK("board of size " << b.size() << ": image " << wrong << " is wrong");
    }
}

TEST_CASE("the images form a group: closed, with the identity and inverses, the same table for every board",
          "[canonical]")
{
    // compose[i][j]: the image j of image i, read off a board whose 8 images differ.
    const board generic{0, 4, 7, 5, 2, 6, 1, 3};
    const auto gen = nqueens::images(generic);
    std::array<std::array<std::size_t, 8>, 8> compose{};
    for (std::size_t i = 0; i < 8; ++i) {
        const auto twice = nqueens::images(gen[i]);
        for (std::size_t j = 0; j < 8; ++j) {
            const auto at = std::find(gen.begin(), gen.end(), twice[j]);
            REQUIRE(at != gen.end());
            compose[i][j] = static_cast<std::size_t>(at - gen.begin());
        }
    }
    for (std::size_t i = 0; i < 8; ++i) {
        CHECK(compose[0][i] == i);
        CHECK(compose[i][0] == i);
        CHECK(std::count(compose[i].begin(), compose[i].end(), std::size_t{0}) == 1);  // one inverse
    }
    CHECK(compose[1][1] == 0);  // mirrors and transposes are involutions
    CHECK(compose[2][2] == 0);
    CHECK(compose[4][4] == 0);
    CHECK(compose[5][5] == 0);
    CHECK(compose[6][6] == 3);  // two quarter turns are a half turn
    CHECK(compose[6][3] == 7);
    CHECK(compose[6][7] == 0);
    CHECK(compose[3][3] == 0);

    std::size_t broken = 0;
    for (const board& b : test_boards()) {
        const auto im = nqueens::images(b);
        for (std::size_t i = 0; i < 8; ++i) {
            const auto twice = nqueens::images(im[i]);
            for (std::size_t j = 0; j < 8; ++j) broken += twice[j] == im[compose[i][j]] ? 0 : 1;
        }
    }
    CHECK(broken == 0);
}

TEST_CASE("canonical_form is the smallest image, shared by all 8 images, and idempotent", "[canonical]")
{
    nqueens::test::failures wrong;
    for (const board& b : test_boards()) {
        const auto im = nqueens::images(b);
        const board c = nqueens::canonical_form(b);
        const std::string name = nqueens::render_columns(b);
        wrong.check(c == *std::min_element(im.begin(), im.end()), name, ": not the smallest image");
        wrong.check(nqueens::canonical_form(c) == c, name, ": canonical_form not idempotent");
        for (const board& x : im)
            wrong.check(nqueens::canonical_form(x) == c, name, ": image ", nqueens::render_columns(x),
                        " has another canonical form");
        wrong.check(nqueens::is_canonical(b) == (c == b), name, ": is_canonical wrong");
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
}

TEST_CASE("class_size is 8 over the symmetries that fix the board", "[canonical]")
{
    nqueens::test::failures wrong;
    std::array<std::size_t, 9> sizes{};
    for (const board& b : test_boards()) {
        const auto im = nqueens::images(b);
        const auto fixing = std::count(im.begin(), im.end(), b);
        const int size = nqueens::class_size(b);
        wrong.check(
            size * fixing == 8 && size == static_cast<int>(std::set<board>(im.begin(), im.end()).size()),
            nqueens::render_columns(b), ": class_size ", size, ", fixed by ", fixing);
        ++sizes[static_cast<std::size_t>(size)];
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    // Every size occurs: 1 (n = 1), 2 (the quarter-turn boards), 4 and 8.
    CHECK(sizes[1] == 1);
    CHECK(sizes[2] > 0);
    CHECK(sizes[4] > 0);
    CHECK(sizes[8] > 0);
}

TEST_CASE("the classes of the solutions add up to OEIS A000170, one per A002562, for n = 1..11",
          "[canonical]")
{
    for (int n = 1; n <= 11; ++n) {
        INFO("n = " << n);
        std::set<board> forms;
        std::uint64_t canonical = 0;
        std::uint64_t sum = 0;
        nqueens::for_each_solution(n, [&](const board& b) {
            forms.insert(nqueens::canonical_form(b));
            if (nqueens::is_canonical(b)) {
                ++canonical;
                sum += static_cast<std::uint64_t>(nqueens::class_size(b));
            }
        });
        CHECK(forms.size() == nqueens::test::distinct(n));
        CHECK(canonical == nqueens::test::distinct(n));
        CHECK(sum == nqueens::test::total(n));
    }
}

TEST_CASE("the symmetry functions refuse a board that is not a permutation", "[canonical]")
{
    CHECK_THROWS_AS(nqueens::images(board{0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(nqueens::images(board{0, 2}), std::invalid_argument);  // column 2 on a 2 x 2 board
    CHECK_THROWS_AS(nqueens::canonical_form(board{0, 2}), std::invalid_argument);
    CHECK_THROWS_AS(nqueens::is_canonical(board{1, 1}), std::invalid_argument);
    CHECK_THROWS_AS(nqueens::class_size(board{2, 0, 2}), std::invalid_argument);
    CHECK_NOTHROW(nqueens::images(board{}));
}
