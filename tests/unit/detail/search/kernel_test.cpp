// SPDX-License-Identifier: BSL-1.0
// The board masks of every search for every n from 1 to 32, and the kernel completing known boards.
#include "support/failures.hpp"

#include <nqueens/board.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/search/enumerate.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace {

namespace d = nqueens::detail;

// The mask of columns [lo, hi], built one bit at a time.
d::mask_t columns(int lo, int hi)
{
    d::mask_t m = 0;
    for (int c = lo; c <= hi; ++c) m |= d::mask_t{1} << c;
    return m;
}

}  // namespace

static_assert(d::full_mask(1) == 1 && d::full_mask(8) == 0xff && d::full_mask(31) == 0x7fffffff &&
              d::full_mask(32) == 0xffffffff);

TEST_CASE("full_mask(n) is columns 0..n-1 for every n from 1 to 32", "[search]")
{
    for (int n = 1; n <= 32; ++n) {
        INFO("n = " << n);
        CHECK(d::full_mask(n) == columns(0, n - 1));
        CHECK(std::popcount(d::full_mask(n)) == n);
    }
}

TEST_CASE("the symmetric search's rules use the board's columns for every n from 4 to 32", "[search]")
{
    for (int n = 4; n <= 32; ++n) {
        INFO("n = " << n);
        for (int a = 2; a <= n - 2; ++a) {
            const d::sym_rule s = d::corner_rule(n, a);
            CHECK(s.all == d::full_mask(n));
            CHECK(s.early == columns(1, 1));
        }
        for (int b1 = 1; b1 < n - 1 - b1; ++b1) {
            INFO("b1 = " << b1);
            const d::sym_rule s = d::edge_rule(n, b1);
            CHECK(s.all == d::full_mask(n));
            CHECK(s.side == (columns(0, 0) | columns(n - 1, n - 1)));
            CHECK(s.early == s.side);
            CHECK(s.last == (columns(0, b1 - 1) | columns(n - b1, n - 1)));
            CHECK(s.b2 == n - 1 - b1);
        }
        // Every task's placed columns and open squares lie on the board.
        std::uint64_t outside = 0;
        std::uint64_t tasks = 0;
        d::for_each_sym_task(n, 3, [&](const d::sym_task& t) {
            ++tasks;
            outside += ((t.cols | t.open()) & ~d::full_mask(n)) != 0 ? 1 : 0;
            outside += std::popcount(t.cols) == t.row ? 0 : 1;
        });
        CHECK(tasks > 0);
        CHECK(outside == 0);
    }
}

TEST_CASE("the join's layout and the invariant search's rows use the board's columns", "[search]")
{
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        CHECK(layout.all_columns == d::full_mask(n));
        CHECK(layout.top * 2 + layout.band_rows == n);
        CHECK(layout.key_bits() <= 64);
        const d::band_columns band{0, n - 1, 0, 0};
        CHECK(d::band_free_columns(layout, band) ==
              (layout.band_rows >= 2 ? columns(1, n - 2) : columns(1, n - 1)));
    }
    for (int n = 1; n <= 32; ++n) {
        INFO("n = " << n);
        d::free_board empty{};
        empty.n = n;
        for (int r = 0; r < n; ++r) CHECK(empty.open_in_row(r) == d::full_mask(n));
        // A queen in the corner closes its column and diagonal in every row.
        d::free_board one = empty;
        REQUIRE(one.place(0, 0));
        for (int r = 1; r < n; ++r)
            CHECK(one.open_in_row(r) == (d::full_mask(n) & ~columns(0, 0) & ~columns(r, r)));
    }
}

TEST_CASE("the kernel completes the last rows of a known solution for every n from 1 to 32", "[search]")
{
    for (int n = 1; n <= 32; ++n) {
        INFO("n = " << n);
        const auto known = nqueens::first_solution(n);
        if (!known) {
            CHECK(d::count_completions(n, d::partial{}).solutions == 0);
            continue;
        }
        // The first rows of the known solution, as masks and as a board; the
        // search fills the last (up to) 6 rows.
        const int given = n > 6 ? n - 6 : 0;
        d::prefix pre{};
        for (int r = 0; r < given; ++r) {
            const d::mask_t bit = d::mask_t{1} << (*known)[r];
            REQUIRE((pre.masks.free(d::full_mask(n)) & bit) != 0);
            pre.masks = pre.masks.place(bit);
            pre.rows.push_back((*known)[r]);
        }
        std::vector<nqueens::board> found;
        auto keep = [&](const nqueens::board& b) { found.push_back(b); };
        d::enumerate_completions(n, pre, keep);
        const d::search_result counted = d::count_completions<true>(n, pre.masks);
        CHECK(counted.solutions == found.size());
        CHECK(counted.nodes >= static_cast<std::uint64_t>(n - given));
        CHECK(std::find(found.begin(), found.end(), *known) != found.end());
        nqueens::test::failures bad;
        for (const nqueens::board& b : found)
            bad.check(b.size() == n && nqueens::is_solution(b), nqueens::render_columns(b),
                      " is no solution");
        NQUEENS_CHECK_NO_FAILURES(bad);
    }
}
