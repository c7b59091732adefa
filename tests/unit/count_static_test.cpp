// SPDX-License-Identifier: BSL-1.0
// count_queens and count_distinct answered by the compiler: pages of static_asserts, n = 1..12.
#include "support/oeis.hpp"

#include <nqueens/count.hpp>

#include <catch2/catch.hpp>

using nqueens::count_distinct;
using nqueens::count_queens;
using nqueens::test::distinct;
using nqueens::test::total;

static_assert(count_queens<1>() == total(1));
static_assert(count_queens<2>() == total(2));
static_assert(count_queens<3>() == total(3));
static_assert(count_queens<4>() == total(4));
static_assert(count_queens<5>() == total(5));
static_assert(count_queens<6>() == total(6));
static_assert(count_queens<7>() == total(7));
static_assert(count_queens<8>() == total(8));
static_assert(count_queens<9>() == total(9));
static_assert(count_queens<10>() == total(10));
static_assert(count_queens<11>() == total(11));
static_assert(count_queens<12>() == total(12));

static_assert(count_distinct<1>() == distinct(1));
static_assert(count_distinct<2>() == distinct(2));
static_assert(count_distinct<3>() == distinct(3));
static_assert(count_distinct<4>() == distinct(4));
static_assert(count_distinct<5>() == distinct(5));
static_assert(count_distinct<6>() == distinct(6));
static_assert(count_distinct<7>() == distinct(7));
static_assert(count_distinct<8>() == distinct(8));
static_assert(count_distinct<9>() == distinct(9));
static_assert(count_distinct<10>() == distinct(10));
static_assert(count_distinct<11>() == distinct(11));
static_assert(count_distinct<12>() == distinct(12));

// The run-time signature in a constant expression, while one evaluation fits
// the compiler's default budget.
static_assert(count_queens(1) == total(1));
static_assert(count_queens(4) == total(4));
static_assert(count_queens(8) == total(8));
static_assert(count_queens(10) == total(10));
static_assert(count_queens(11) == total(11));  // the largest n one evaluation fits on both compilers
static_assert(count_distinct(8) == distinct(8));
static_assert(count_distinct(10) == distinct(10));

// The template form is a constant wherever it is used, even as an array bound.
static_assert(sizeof(char[count_queens<6>()]) == 4);

TEST_CASE("count_queens<N>() is a compile-time constant equal to OEIS A000170", "[count][static]")
{
    STATIC_REQUIRE(count_queens<8>() == 92);
    STATIC_REQUIRE(count_queens<12>() == 14200);
    constexpr auto eleven = count_queens<11>();
    CHECK(eleven == total(11));
}
