// SPDX-License-Identifier: BSL-1.0
// count_queens<13>() and count_distinct<13>() answered by the compiler under
// default limits, in a translation unit of their own: the slowest file to
// compile (seconds).
#include "support/oeis.hpp"

#include <nqueens/count.hpp>

#include <catch2/catch.hpp>

static_assert(nqueens::count_queens<13>() == nqueens::test::total(13));
static_assert(nqueens::count_distinct<13>() == nqueens::test::distinct(13));

TEST_CASE("count_queens<13>() and count_distinct<13>(), answered by the compiler, equal the run-time counts",
          "[count][static]")
{
    constexpr auto total = nqueens::count_queens<13>();
    constexpr auto distinct = nqueens::count_distinct<13>();
    volatile int n = 13;  // not a constant: counted at run time
    CHECK(nqueens::count_queens(n) == total);
    CHECK(nqueens::count_distinct(n) == distinct);
}
