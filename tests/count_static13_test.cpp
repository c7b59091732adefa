// count_queens<13>() answered by the compiler under default limits (its own
// translation unit: at about 18 s it is the slowest file to compile).
#include "oeis.hpp"

#include <nqueens/count.hpp>

#include <catch2/catch.hpp>

static_assert(nqueens::count_queens<13>() == nqueens::test::total(13));

TEST_CASE("count_queens<13>() is 73712 and compiles with default limits", "[count][static]")
{
    STATIC_REQUIRE(nqueens::count_queens<13>() == 73712);
}
