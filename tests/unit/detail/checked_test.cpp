// SPDX-License-Identifier: BSL-1.0
// detail/checked.hpp: the overflow guards at the 2^64 edge, and the sums that use them.
#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace {

namespace d = nqueens::detail;
using u64 = std::uint64_t;
constexpr u64 max = std::numeric_limits<u64>::max();  // 2^64 - 1
constexpr u64 half = u64{1} << 63;                    // 2^63
constexpr u64 two32 = u64{1} << 32;

// Just below the edge: the exact results, also in constant expressions.
static_assert(d::checked_add(max - 1, 1) == max);
static_assert(d::checked_add(half, half - 1) == max);
static_assert(d::checked_add(max, 0) == max && d::checked_add(0, max) == max);
static_assert(d::checked_mul(two32 - 1, two32 + 1) == max);
static_assert(d::checked_mul(max / 3, 3) == max);
static_assert(d::checked_mul(2, half - 1) == max - 1);
static_assert(d::checked_mul(max, 1) == max && d::checked_mul(1, max) == max);
static_assert(d::checked_mul(0, max) == 0 && d::checked_mul(max, 0) == 0);

const auto overflow = Catch::Matchers::Message("nqueens: the count does not fit in 64 bits");

}  // namespace

TEST_CASE("checked_add returns sums up to 2^64 - 1 and throws from 2^64 on", "[checked]")
{
    CHECK(d::checked_add(max - 1, 1) == max);
    CHECK(d::checked_add(1, max - 1) == max);
    CHECK(d::checked_add(half, half - 1) == max);
    CHECK_THROWS_MATCHES(d::checked_add(max, 1), std::overflow_error, overflow);
    CHECK_THROWS_MATCHES(d::checked_add(1, max), std::overflow_error, overflow);
    CHECK_THROWS_MATCHES(d::checked_add(half, half), std::overflow_error, overflow);  // exactly 2^64
    CHECK_THROWS_AS(d::checked_add(max, max), std::overflow_error);
}

TEST_CASE("checked_mul returns products up to 2^64 - 1 and throws from 2^64 on", "[checked]")
{
    CHECK(d::checked_mul(two32 - 1, two32 + 1) == max);
    CHECK(d::checked_mul(two32, two32 - 1) == max - two32 + 1);
    CHECK(d::checked_mul(max / 3, 3) == max);
    CHECK(d::checked_mul(8, (u64{1} << 61) - 1) == max - 7);
    CHECK_THROWS_MATCHES(d::checked_mul(two32, two32), std::overflow_error, overflow);  // exactly 2^64
    CHECK_THROWS_MATCHES(d::checked_mul(2, half), std::overflow_error, overflow);
    CHECK_THROWS_MATCHES(d::checked_mul(half, 2), std::overflow_error, overflow);
    CHECK_THROWS_AS(d::checked_mul(max / 3 + 1, 3), std::overflow_error);
    CHECK_THROWS_AS(d::checked_mul(max, max), std::overflow_error);
}

TEST_CASE("the symmetric search's sums and Burnside's count throw rather than wrap", "[checked]")
{
    d::sym_tally t{};
    t.orbits8 = (u64{1} << 61) - 1;
    t.orbits1 = 7;
    CHECK(t.total() == max);
    t.orbits1 = 8;  // 8 (2^61 - 1) + 8 = 2^64
    CHECK_THROWS_MATCHES(t.total(), std::overflow_error, overflow);

    d::sym_tally u{};
    u.orbits2 = half;  // 2 * 2^63 = 2^64
    CHECK(u.distinct() == half);
    CHECK_THROWS_AS(u.total(), std::overflow_error);

    CHECK(d::distinct_from(8, max - 2, 0, 1) == max / 8);
    CHECK_THROWS_AS(d::distinct_from(8, max - 1, 0, 1), std::overflow_error);
    CHECK_THROWS_AS(d::distinct_from(8, 0, 0, half), std::overflow_error);
}
