// SPDX-License-Identifier: BSL-1.0
// count_queens(n) at run time: OEIS values, the domain and its error.
#include "support/oeis.hpp"

#include <nqueens/count.hpp>
#include <nqueens/count_symmetric.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

TEST_CASE("count_queens(n) at run time equals OEIS A000170 for n = 1..16", "[count][runtime]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        CHECK(nqueens::count_queens(n) == nqueens::test::total(n));
    }
}

TEST_CASE("count_distinct(n) at run time equals OEIS A002562 for n = 1..14", "[count][distinct][runtime]")
{
    for (int n = 1; n <= 14; ++n) {
        INFO("n = " << n);
        CHECK(nqueens::count_distinct(n) == nqueens::test::distinct(n));
    }
}

TEST_CASE("Burnside's lemma turns OEIS A000170 into A002562 for n = 1..21", "[count][distinct]")
{
    // Only the boards fixed by a half turn and a quarter turn are counted
    // here; the totals are OEIS's, so this reaches n beyond what a test
    // can count in full.
    for (int n = 1; n <= 21; ++n) {
        INFO("n = " << n);
        const auto half = nqueens::detail::fixed_by_half_turn(n);
        const auto quarter = nqueens::detail::fixed_by_quarter_turn(n);
        CHECK(quarter <= half);  // a board a quarter turn fixes, a half turn fixes too
        CHECK(nqueens::detail::distinct_from(n, nqueens::test::total(n), half, quarter) ==
              nqueens::test::distinct(n));
    }
    // Known values: the 8 x 8 board has 4 solutions a half turn maps onto
    // themselves and none for a quarter turn; n = 4 has 2 for both.
    CHECK(nqueens::detail::fixed_by_half_turn(8) == 4);
    CHECK(nqueens::detail::fixed_by_quarter_turn(8) == 0);
    CHECK(nqueens::detail::fixed_by_quarter_turn(4) == 2);
}

TEST_CASE("count_distinct(n) rejects n outside 1..32 with the domain sentence", "[count][distinct][domain]")
{
    for (const int n : {0, 33}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(nqueens::count_distinct(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
    }
}

TEST_CASE("count_queens(n) rejects n outside 1..32 with the domain sentence", "[count][domain]")
{
    for (const int n : {0, -1, 33, 1000}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(nqueens::count_queens(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
    }
    CHECK(std::string(nqueens::domain_message) == "nqueens: n must be between 1 and 32");
    CHECK_NOTHROW(nqueens::check_domain(1));
    CHECK_NOTHROW(nqueens::check_domain(32));
}

TEST_CASE("the one-thread counts refuse n >= 29, whose total passes 64 bits, at once", "[count][domain]")
{
    const auto too_wide = Catch::Matchers::Message(
        "nqueens: the total of n >= 29 (about 3e19) does not fit in 64 "
        "bits: count it with parallel_count (128-bit sums)");
    for (const int n : {29, 30, 32}) {
        INFO("n = " << n);
        // Each would take millions of core-hours before failing: they must throw before any search.
        CHECK_THROWS_MATCHES(nqueens::count_queens(n), std::overflow_error, too_wide);
        CHECK_THROWS_MATCHES(nqueens::count_distinct(n), std::overflow_error, too_wide);
        CHECK_THROWS_MATCHES(nqueens::count_symmetric(n), std::overflow_error, too_wide);
    }
    CHECK_NOTHROW(nqueens::check_fits_64_bits(nqueens::max_n_64_bits));
    // The known totals grow by less than 11x an n up to n = 27, so n = 28 fits with room to spare.
    CHECK(nqueens::test::total(27) < (~std::uint64_t{0}) / 11);
}

TEST_CASE("the weighted walk gives the total from the tasks of every split", "[count][split]")
{
    // Depth 2 is what count_queens(n) uses, deeper splits what the compiler
    // and big n use: every one must add up to the same total.
    for (int n = 1; n <= 12; ++n) {
        for (int depth = 2; depth <= nqueens::detail::max_prefix; ++depth) {
            std::uint64_t thrice = 0;
            nqueens::detail::for_each_sym_task(n, depth, [&](const nqueens::detail::sym_task& t) {
                thrice += nqueens::detail::orbit_walk(t);
            });
            INFO("n = " << n << ", depth = " << depth);
            CHECK(thrice % 3 == 0);
            CHECK(thrice / 3 == nqueens::test::total(n));
        }
    }
}

TEST_CASE("the weighted walk places fewer queens than the plain search", "[count][nodes]")
{
    // The plain kernel from the empty 12 x 12 board places 856,188 queens,
    // twice the 428,094 that mirror-halving counters report; the walk of
    // count_queens(12) places 198,894 (besides its tasks' first rows).
    std::uint64_t plain = 0;
    CHECK(nqueens::detail::search(nqueens::detail::full_mask(12), 0, 0, 0, plain) == 14200);
    CHECK(plain == 856188);
    std::uint64_t walked = 0;
    nqueens::detail::for_each_sym_task(
        12, 2, [&](const nqueens::detail::sym_task& t) { nqueens::detail::orbit_walk(t, walked); });
    CHECK(walked == 198894);
}

// The queens the walk of count_queens(n) places below its tasks' first two
// rows, n = 0..14, as counted before the walk took its rules by value and
// stopped calling for rows with no open square: the walk changed its shape,
// not the boards it visits.
constexpr std::array<std::uint64_t, 15> walk_queens = {0,   0,    0,    0,     2,      9,       29,     127,
                                                       487, 1995, 8411, 39548, 198894, 1066400, 6107614};

constexpr std::uint64_t walked_queens(int n)
{
    std::uint64_t walked = 0;
    nqueens::detail::for_each_sym_task(
        n, 2, [&](const nqueens::detail::sym_task& t) { nqueens::detail::orbit_walk(t, walked); });
    return walked;
}

static_assert(walked_queens(4) == walk_queens[4] && walked_queens(7) == walk_queens[7] &&
              walked_queens(8) == walk_queens[8]);

TEST_CASE("the weighted walk places the same queens as before, n = 1..14", "[count][nodes]")
{
    for (int n = 1; n <= 14; ++n) {
        INFO("n = " << n);
        CHECK(walked_queens(n) == walk_queens[static_cast<std::size_t>(n)]);
    }
}

TEST_CASE("a complete board has exactly one completion", "[count][kernel]")
{
    using namespace nqueens::detail;
    // 4 queens at columns 1, 3, 0, 2.
    partial p{};
    for (const int col : {1, 3, 0, 2}) p = p.place(mask_t{1} << col);
    CHECK(count_completions(4, p).solutions == 1);
    // A dead end: column 0 then column 1 on a 4 x 4 board.
    const partial dead = partial{}.place(1).place(2);
    CHECK(count_completions(4, dead).solutions == 0);
}
