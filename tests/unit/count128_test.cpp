// SPDX-License-Identifier: BSL-1.0
#include <nqueens/count128.hpp>
#include <nqueens/detail/search/fixed_points.hpp>

#include "support/count_text.hpp"
#include "support/oeis.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace {

using nqueens::count128;
constexpr std::uint64_t max64 = std::numeric_limits<std::uint64_t>::max();

}  // namespace

TEST_CASE("count128 adds with a carry into the high half", "[count128]")
{
    count128 a = max64;
    CHECK(a.fits_64());
    a += 1;
    CHECK_FALSE(a.fits_64());
    CHECK(a == count128{1, 0});
    CHECK(a + max64 == count128{1, max64});
    CHECK(count128{1, max64} + 1 == count128{2, 0});
    CHECK(count128{3, 5} + count128{4, 7} == count128{7, 12});
    CHECK_THROWS_AS(a.to_u64(), std::overflow_error);
    CHECK(count128{92}.to_u64() == 92);
    // 2^128 - 1 plus anything does not fit.
    const count128 top{max64, max64};
    CHECK_THROWS_AS(top + 1, std::overflow_error);
    CHECK_THROWS_AS(count128(max64, 0) + count128(1, 0), std::overflow_error);
    CHECK_NOTHROW(count128(max64 - 1, max64) + count128(1, 0));
}

TEST_CASE("count128 orders, multiplies and divides as whole numbers", "[count128]")
{
    CHECK(count128{0, max64} < count128{1, 0});
    CHECK(count128{2, 0} > count128{1, max64});
    CHECK(count128{5} == 5);
    CHECK(count128{max64} * 2u == count128{1, max64 - 1});
    CHECK(count128{1, 0} * 10u == count128{10, 0});
    CHECK_THROWS_AS(count128(max64 / 3 + 1, 0) * 3u, std::overflow_error);
    const count128::division d = count128{1, 0}.divided_by(10);  // 2^64 = 10 * 1844674407370955161 + 6
    CHECK(d.quotient == count128{1844674407370955161u});
    CHECK(d.remainder == 6);
    const count128 big{12345, 6789};
    const count128::division e = big.divided_by(1000003u);
    CHECK(e.quotient * 1000003u + e.remainder == big);
    CHECK(count128{1, 0}.to_double() == 18446744073709551616.0);
}

TEST_CASE("count128 writes and reads its decimal digits", "[count128]")
{
    CHECK(to_string(count128{}) == "0");
    CHECK(to_string(count128{92}) == "92");
    CHECK(to_string(count128{max64}) == "18446744073709551615");
    CHECK(to_string(count128{1, 0}) == "18446744073709551616");
    CHECK(to_string(count128{max64, max64}) == "340282366920938463463374607431768211455");
    for (const count128 v : {count128{}, count128{7}, count128{max64}, count128{1, 0},
                             count128{0x1234, 0x5678}, count128{max64, max64}}) {
        const auto back = nqueens::count128_from_decimal(to_string(v));
        REQUIRE(back);
        CHECK(*back == v);
    }
    using nqueens::count128_from_decimal;
    CHECK_FALSE(count128_from_decimal(""));
    CHECK_FALSE(count128_from_decimal("012"));
    CHECK_FALSE(count128_from_decimal("-1"));
    CHECK_FALSE(count128_from_decimal("1e3"));
    CHECK_FALSE(count128_from_decimal(" 1"));
    CHECK_FALSE(count128_from_decimal("340282366920938463463374607431768211456"));  // 2^128
    CHECK_FALSE(count128_from_decimal("999999999999999999999999999999999999999"));
    CHECK(count128_from_decimal("0") == count128{});
    static_assert(*nqueens::count128_from_decimal("18446744073709551616") == count128{1, 0});
}

TEST_CASE("Burnside's lemma on a total past 2^64 agrees with 64 bits below it", "[count128]")
{
    namespace d = nqueens::detail;
    for (int n = 1; n <= 14; ++n)
        CHECK(d::distinct_by_burnside(n, count128{nqueens::test::total(n)}) ==
              d::distinct_by_burnside(n, nqueens::test::total(n)));
    // A made-up total of n = 12 shifted by 8 * 2^64 gives a distinct count shifted by 2^64.
    const count128 shifted = count128{nqueens::test::total(12)} + count128{8, 0};
    CHECK(d::distinct_by_burnside(12, shifted) == count128{nqueens::test::distinct(12)} + count128{1, 0});
}
