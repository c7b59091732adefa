// The compile-time table built through Boost.Hana.
#include "oeis.hpp"

#include <nqueens/table.hpp>

#include <catch2/catch.hpp>

#include <cstddef>

namespace {

constexpr bool table_matches_oeis()
{
    for (std::size_t i = 0; i < nqueens::counts_table.size(); ++i)
        if (nqueens::counts_table[i] != nqueens::test::total(nqueens::table_first_n + static_cast<int>(i)))
            return false;
    return true;
}

}  // namespace

// The whole table is a constant: no run-time work produced it.
static_assert(nqueens::counts_table.size() == 12);
static_assert(table_matches_oeis());
static_assert(nqueens::make_table<4, 6>() == std::array<std::uint64_t, 3>{2, 10, 4});

TEST_CASE("counts_table holds the counts for n = 1..12", "[table]")
{
    STATIC_REQUIRE(nqueens::table_first_n == 1);
    STATIC_REQUIRE(nqueens::table_last_n == 12);
    for (std::size_t i = 0; i < nqueens::counts_table.size(); ++i)
        CHECK(nqueens::counts_table[i] == nqueens::test::total(static_cast<int>(i) + 1));
}
