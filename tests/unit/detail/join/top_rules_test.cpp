// SPDX-License-Identifier: BSL-1.0
// detail/join/top_rules.hpp: the diagonal keys of tops and turned tops, against brute force and is_solution.
#include "support/failures.hpp"
#include "support/join_brute.hpp"
#include "support/oeis.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/top_rules.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

namespace d = nqueens::detail;
using nqueens::test::band_queens;
using nqueens::test::brute_tops;
using nqueens::test::key_of;
using nqueens::test::queen;
using nqueens::test::total;

}  // namespace

TEST_CASE("a top and a turned-over top fit by the key rule exactly when they make a solution, n = 6..9",
          "[join]")
{
    // Every band (not only one per orbit), every top x of it and every top y
    // of the flipped band: x, the band and y upside down are a solution iff
    // their columns are disjoint and key(x) & turned_key(key(y)) == 0.
    for (int n = d::join_min_n; n <= 9; ++n) {
        const d::join_layout layout = d::make_join_layout(n);
        std::uint64_t solutions = 0;
        std::uint64_t disagree = 0;
        for (int c0 = 0; c0 < n; ++c0) {
            for (int c1 = 0; c1 < (layout.band_rows == 2 ? n : 1); ++c1) {
                const d::band_columns band{c0, c1};
                if (layout.band_rows == 2 && (c1 - c0 <= 1 && c0 - c1 <= 1)) continue;
                const d::band_columns flip = d::band_image(layout, band, false, true);
                struct top {
                    std::vector<queen> queens;
                    std::uint32_t cols;
                    d::diagonal_key key;
                };
                std::vector<top> xs, ys;
                const auto keep = [&](std::vector<top>& out) {
                    return [&](const queen* first, const queen* last, std::uint32_t cols) {
                        out.push_back(
                            top{std::vector<queen>(first, last), cols, key_of(layout, first, last)});
                    };
                };
                std::vector<queen> queens = band_queens(layout, band);
                brute_tops(layout, 0, 0, queens, keep(xs));
                queens = band_queens(layout, flip);
                brute_tops(layout, 0, 0, queens, keep(ys));
                for (const auto& [x, xcols, xkey] : xs) {
                    for (const auto& [y, ycols, ykey] : ys) {
                        nqueens::board b;
                        std::array<int, 32> col{};
                        for (const auto& [r, c] : x) col[static_cast<std::size_t>(r)] = c;
                        for (int i = 0; i < layout.band_rows; ++i)
                            col[static_cast<std::size_t>(layout.band_row(i))] =
                                band[static_cast<std::size_t>(i)];
                        for (const auto& [r, c] : y) col[static_cast<std::size_t>(n - 1 - r)] = c;
                        for (int r = 0; r < n; ++r) b.push_back(col[static_cast<std::size_t>(r)]);
                        const bool fit =
                            (xcols & ycols) == 0 && (xkey & d::turned_key(ykey, layout.width)) == 0;
                        const bool solved = nqueens::is_solution(b);
                        disagree += fit == solved ? 0 : 1;
                        solutions += solved ? 1 : 0;
                    }
                }
            }
        }
        INFO("n = " << n);
        CHECK(disagree == 0);
        CHECK(solutions == total(n));
    }
}

TEST_CASE("turned_key swaps the two families of a key", "[join]")
{
    for (const int width : {5, 15, 29}) {
        INFO("width = " << width);
        CHECK(d::turned_key(1, width) == d::diagonal_key{1} << width);
        CHECK(d::turned_key(d::diagonal_key{1} << (2 * width - 1), width) == d::diagonal_key{1}
                                                                                 << (width - 1));
        const d::diagonal_key k = 0x2d5a3c96f0e1ull & ((d::diagonal_key{1} << (2 * width)) - 1);
        CHECK(d::turned_key(d::turned_key(k, width), width) == k);
        CHECK(std::popcount(d::turned_key(k, width)) == std::popcount(k));
    }
}

TEST_CASE("a key bit is shared exactly when a top and a bottom queen share a diagonal, every n", "[join]")
{
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        CHECK(layout.key_bits() <= 64);
        const d::top_rules rules(layout, {0, layout.band_rows == 2 ? 2 : 0});
        nqueens::test::failures wrong;
        std::uint64_t shared = 0;
        for (int r = 0; r < layout.top; ++r) {
            for (int c = 0; c < n; ++c) {
                const d::diagonal_key key =
                    rules.bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
                wrong.check(key >> layout.key_bits() == 0, "key of (", r, ", ", c, ") past key_bits");
                // A bottom queen at (n - 1 - br, bc) is the turned top (br, bc).
                for (int br = 0; br < layout.top; ++br) {
                    for (int bc = 0; bc < n; ++bc) {
                        const int row = n - 1 - br;
                        const bool diagonal = r + c == row + bc || c - r == bc - row;
                        const d::diagonal_key bottom =
                            rules.bits[static_cast<std::size_t>(br)][static_cast<std::size_t>(bc)];
                        const bool keys_meet = (key & d::turned_key(bottom, layout.width)) != 0;
                        wrong.check(diagonal == keys_meet, "top (", r, ", ", c, "), bottom (", row, ", ", bc,
                                    "): diagonal ", diagonal, ", keys meet ", keys_meet);
                        shared += diagonal ? 1 : 0;
                    }
                }
            }
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(shared > 0);
    }
}

TEST_CASE("the keys of shared tops fit in 64 bits at every n that shares them", "[join]")
{
    // The key's bits and one for each diagonal of the rows a part places
    // that the key leaves out (top_rules); and a cut that shares tops where
    // they would not fit is one the tests would catch.
    std::size_t shared = 0;
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        const d::join_layout layout = d::make_join_layout(n);
        if (!layout.shared_tops) continue;
        ++shared;
        const d::top_rules rules(layout, d::band_columns{}, layout.task_band_rows);
        INFO("n = " << n << ": key bits " << layout.key_bits() << ", extra " << rules.extra_bits);
        CHECK(rules.extra_bits > 0);
        CHECK(layout.key_bits() + rules.extra_bits <= 64);
    }
    CHECK(shared == 2);
    // n = 32 with a band of 8 rows of which a task fixes 4 would not fit.
    const d::join_layout wide = d::make_join_layout(32, 8, 18, 0, 4, true);
    CHECK(wide.key_bits() + d::top_rules(wide, d::band_columns{}, 4).extra_bits > 64);
}
