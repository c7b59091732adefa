// SPDX-License-Identifier: BSL-1.0
// count_symmetric: the 8-fold symmetric search against OEIS, count_distinct(n) and the canonical forms of
// every solution.
#include "support/failures.hpp"
#include "support/oeis.hpp"

#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/count.hpp>
#include <nqueens/count_symmetric.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

namespace {

using nqueens::count_symmetric;
using nqueens::test::distinct;
using nqueens::test::total;

// The two counts, whatever the number of queens the search placed.
constexpr bool gives(const nqueens::solution_counts& c, std::uint64_t want_total, std::uint64_t want_distinct)
{
    return c.total == want_total && c.distinct == want_distinct;
}

// The symmetric search as a constant expression, against the plain one.
static_assert(gives(count_symmetric(1), 1, 1));
static_assert(gives(count_symmetric(2), 0, 0));
static_assert(gives(count_symmetric(3), 0, 0));
static_assert(gives(count_symmetric(4), 2, 1));
static_assert(gives(count_symmetric(5), 10, 2));
static_assert(gives(count_symmetric(6), 4, 1));
static_assert(gives(count_symmetric(7), 40, 6));
static_assert(gives(count_symmetric(8), 92, 12));
static_assert(count_symmetric(8).total == nqueens::count_queens(8));
static_assert(nqueens::count_distinct(8) == 12);

}  // namespace

TEST_CASE("count_symmetric(n) equals OEIS A000170 and A002562 for n = 1..15", "[symmetry]")
{
    for (int n = 1; n <= 15; ++n) {
        INFO("n = " << n);
        const nqueens::solution_counts c = count_symmetric(n);
        CHECK(c.total == total(n));
        CHECK(c.distinct == distinct(n));
        CHECK(nqueens::count_distinct(n) == distinct(n));
    }
}

TEST_CASE("count_symmetric(n).total equals the plain search count_queens(n) for n = 1..13", "[symmetry]")
{
    for (int n = 1; n <= 13; ++n) {
        INFO("n = " << n);
        CHECK(count_symmetric(n).total == nqueens::count_queens(n));
    }
}

TEST_CASE("count_symmetric(n) rejects n outside 1..32 with the domain sentence", "[symmetry][domain]")
{
    for (const int n : {0, -1, 33}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(count_symmetric(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
        CHECK_THROWS_AS(nqueens::count_distinct(n), std::domain_error);
    }
}

TEST_CASE("every split depth of the symmetric search gives the same classes", "[symmetry][split]")
{
    using namespace nqueens::detail;
    for (int n = 4; n <= 12; ++n) {
        sym_tally reference{};
        for_each_sym_task(n, 2, [&](const sym_task& t) { search_symmetric(t, reference); });
        for (int depth = 3; depth <= max_prefix; ++depth) {
            sym_tally tally{};
            for_each_sym_task(n, depth, [&](const sym_task& t) { search_symmetric(t, tally); });
            INFO("n = " << n << ", depth = " << depth);
            CHECK(tally.total() == total(n));
            CHECK(tally.distinct() == distinct(n));
            CHECK(tally.orbits2 == reference.orbits2);
            CHECK(tally.orbits4 == reference.orbits4);
            CHECK(tally.orbits8 == reference.orbits8);
        }
    }
}

namespace {

// The solutions of n, each with its canonical form and images.
template <class F>
void for_each_solution_images(int n, F&& f)
{
    nqueens::for_each_solution(n, [&](const nqueens::board& b) { f(b, nqueens::images(b)); });
}

std::vector<nqueens::detail::mask_t> row_bits(const nqueens::board& b)
{
    std::vector<nqueens::detail::mask_t> rows;
    for (const int c : b) rows.push_back(nqueens::detail::mask_t{1} << c);
    return rows;
}

}  // namespace

TEST_CASE(
    "a class has 2 solutions exactly when a quarter turn fixes them, 4 when only a half turn does, "
    "n = 2..11",
    "[symmetry]")
{
    for (int n = 2; n <= 11; ++n) {
        nqueens::test::failures wrong;
        std::array<std::uint64_t, 9> sizes{};
        for_each_solution_images(n, [&](const nqueens::board& b, const auto& im) {
            // images(): 1, 2, 4, 5 are the reflections, 3 the half turn, 6 and 7 the quarter turns.
            const bool reflected = im[1] == b || im[2] == b || im[4] == b || im[5] == b;
            const bool quarter = im[6] == b;
            const bool half = im[3] == b;
            const int size = nqueens::class_size(b);
            const int expected = quarter ? 2 : (half ? 4 : 8);
            wrong.check(!reflected && (im[7] == b) == quarter && size == expected, nqueens::render_columns(b),
                        ": class size ", size, ", reflected ", reflected, ", quarter ", quarter, ", half ",
                        half);
            ++sizes[static_cast<std::size_t>(size)];
        });
        INFO("n = " << n);
        NQUEENS_CHECK_NO_FAILURES(wrong);
        if (n == 4) CHECK(sizes[2] == 2);  // {1, 3, 0, 2} and its mirror image
    }
}

TEST_CASE("edge_orbit is 0 where a rotation is smaller, else the class size, for every solution, n = 4..11",
          "[symmetry]")
{
    using nqueens::detail::edge_orbit;
    for (int n = 4; n <= 11; ++n) {
        nqueens::test::failures wrong;
        std::uint64_t zero = 0;
        for_each_solution_images(n, [&](const nqueens::board& b, const auto& im) {
            const bool rotation_smaller = im[3] < b || im[6] < b || im[7] < b;
            const int expected = rotation_smaller ? 0 : nqueens::class_size(b);
            const auto rows = row_bits(b);
            const int got = edge_orbit(n, rows.data());
            wrong.check(got == expected, nqueens::render_columns(b), ": edge_orbit ", got, ", want ",
                        expected);
            zero += expected == 0 ? 1 : 0;
        });
        INFO("n = " << n);
        NQUEENS_CHECK_NO_FAILURES(wrong);
        if (n > 4) CHECK(zero > 0);  // n = 4: both solutions are their own quarter turns
    }
}

TEST_CASE("the symmetric search finds the classes of 2, 4 and 8 that the canonical forms give, n = 4..11",
          "[symmetry]")
{
    using namespace nqueens::detail;
    for (int n = 4; n <= 11; ++n) {
        std::set<nqueens::board> forms;
        std::array<std::uint64_t, 9> by_size{};
        std::uint64_t corner = 0;
        std::uint64_t wide = 0;
        std::uint64_t reflection_fixes = 0;
        for_each_solution_images(n, [&](const nqueens::board& b, const auto& im) {
            for (const std::size_t k : {1u, 2u, 4u, 5u}) reflection_fixes += im[k] == b ? 1 : 0;
            const nqueens::board c = nqueens::canonical_form(b);
            if (!forms.insert(c).second) return;
            ++by_size[static_cast<std::size_t>(nqueens::class_size(b))];
            // search/symmetric_search.hpp: a class with a corner queen has 8 boards; the
            // smallest image starts in the corner or at b1 with b1 < n - 1 - b1.
            if (c[0] == 0 && nqueens::class_size(b) != 8) ++corner;
            if (c[0] != 0 && 2 * c[0] >= n - 1) ++wide;
        });
        sym_tally tally{};
        for_each_sym_task(n, 2, [&](const sym_task& t) { search_symmetric(t, tally); });
        INFO("n = " << n);
        CHECK(tally.orbits2 == by_size[2]);
        CHECK(tally.orbits4 == by_size[4]);
        CHECK(tally.orbits8 == by_size[8]);
        CHECK(forms.size() == distinct(n));
        CHECK(corner == 0);
        CHECK(wide == 0);
        CHECK(reflection_fixes == 0);
    }
}
