// SPDX-License-Identifier: BSL-1.0
// The compile-time tables built through Boost.Hana.
#include "support/oeis.hpp"

#include <nqueens/table.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace {

using nqueens::table_of;

template <table_of Of>
constexpr bool table_matches_oeis()
{
    constexpr auto table = nqueens::counts_table<Of>();
    for (std::size_t i = 0; i < table.size(); ++i) {
        const int n = nqueens::table_first_n + static_cast<int>(i);
        if (table[i] != (Of == table_of::totals ? nqueens::test::total(n) : nqueens::test::distinct(n)))
            return false;
    }
    return true;
}

}  // namespace

// Both whole tables are constants: no run-time work produced them.
static_assert(nqueens::counts_table().size() == 12);
static_assert(nqueens::counts_table<table_of::distinct>().size() == 12);
static_assert(table_matches_oeis<table_of::totals>());
static_assert(table_matches_oeis<table_of::distinct>());
static_assert(nqueens::make_table<4, 6>() == std::array<std::uint64_t, 3>{2, 10, 4});
static_assert(nqueens::make_table<4, 6, table_of::distinct>() == std::array<std::uint64_t, 3>{1, 2, 1});

TEST_CASE("counts_table holds the totals and the distinct counts for n = 1..12", "[table]")
{
    STATIC_REQUIRE(nqueens::table_first_n == 1);
    STATIC_REQUIRE(nqueens::table_last_n == 12);
    constexpr auto totals = nqueens::counts_table();
    constexpr auto distinct = nqueens::counts_table<table_of::distinct>();
    for (std::size_t i = 0; i < totals.size(); ++i) {
        const int n = static_cast<int>(i) + 1;
        INFO("n = " << n);
        CHECK(totals[i] == nqueens::test::total(n));
        CHECK(distinct[i] == nqueens::test::distinct(n));
    }
}
