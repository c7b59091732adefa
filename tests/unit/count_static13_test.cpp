// SPDX-License-Identifier: BSL-1.0
// count_queens<13>() and count_distinct<13>() answered by the compiler under
// default limits, in a translation unit of their own: the slowest file to
// compile (seconds).
#include "support/oeis.hpp"

#include <nqueens/count.hpp>

#include <catch2/catch.hpp>

static_assert(nqueens::count_queens<13>() == nqueens::test::total(13));
static_assert(nqueens::count_distinct<13>() == nqueens::test::distinct(13));

TEST_CASE("count_queens<13>() and count_distinct<13>() compile with default limits", "[count][static]")
{
    STATIC_REQUIRE(nqueens::count_queens<13>() == 73712);
    STATIC_REQUIRE(nqueens::count_distinct<13>() == 9233);
}
