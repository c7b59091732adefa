// count_both: the 8-fold symmetric search against OEIS, the weighted walk and count_distinct(n).
#include "oeis.hpp"

#include <nqueens/count.hpp>
#include <nqueens/detail/symmetric_search.hpp>
#include <nqueens/symmetry.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>

namespace {

using nqueens::count_both;
using nqueens::counts;
using nqueens::test::distinct;
using nqueens::test::total;

// The symmetric search as a constant expression, against the plain one.
static_assert(count_both(1) == counts{1, 1});
static_assert(count_both(2) == counts{0, 0});
static_assert(count_both(3) == counts{0, 0});
static_assert(count_both(4) == counts{2, 1});
static_assert(count_both(5) == counts{10, 2});
static_assert(count_both(6) == counts{4, 1});
static_assert(count_both(7) == counts{40, 6});
static_assert(count_both(8) == counts{92, 12});
static_assert(count_both(8).total == nqueens::count_queens(8));
static_assert(nqueens::count_distinct(8) == 12);

}  // namespace

TEST_CASE("count_both(n) equals OEIS A000170 and A002562 for n = 1..15", "[symmetry]")
{
    for (int n = 1; n <= 15; ++n) {
        INFO("n = " << n);
        const counts c = count_both(n);
        CHECK(c.total == total(n));
        CHECK(c.distinct == distinct(n));
        CHECK(nqueens::count_distinct(n) == distinct(n));
    }
}

TEST_CASE("count_both(n).total equals the plain search count_queens(n) for n = 1..13", "[symmetry]")
{
    for (int n = 1; n <= 13; ++n) {
        INFO("n = " << n);
        CHECK(count_both(n).total == nqueens::count_queens(n));
    }
}

TEST_CASE("count_both(n) rejects n outside 1..32 with the domain sentence", "[symmetry][domain]")
{
    for (const int n : {0, -1, 33}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(count_both(n), std::domain_error,
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

TEST_CASE("only boards symmetric under a quarter turn form classes of 2", "[symmetry]")
{
    using namespace nqueens::detail;
    // n = 4: {1, 3, 0, 2} is its own quarter turn, so its class has 2 boards.
    const mask_t rows[] = {1u << 1, 1u << 3, 1u << 0, 1u << 2};
    CHECK(edge_orbit(4, rows) == 2);
    // n = 5: {1, 3, 0, 2, 4} is not canonical ({0, 2, 4, 1, 3} is in its class).
    const mask_t five[] = {1u << 1, 1u << 3, 1u << 0, 1u << 2, 1u << 4};
    CHECK(edge_orbit(5, five) == 0);
}
