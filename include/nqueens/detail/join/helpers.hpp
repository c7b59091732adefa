// SPDX-License-Identifier: BSL-1.0
// Small helpers of the join: binomial coefficients, the first columns of a set, vectors sized for
// overwriting.
#ifndef NQUEENS_DETAIL_JOIN_HELPERS_HPP
#define NQUEENS_DETAIL_JOIN_HELPERS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// v.resize(size), which Clang 14 cannot evaluate for libstdc++'s vector of
// integers; assign() (slower: it writes every element) works everywhere.
template <class T, class Allocator>
constexpr void resize_for_overwrite(std::vector<T, Allocator>& v, std::size_t size)
{
    if (std::is_constant_evaluated())
        v.assign(size, T{});
    else
        v.resize(size);
}

// The number of ways to choose r of m things (0 when r is out of range), by
// one short product (cheaper in constant evaluation than a whole Pascal
// triangle). Exact for m <= 32: each step's product c * (m - r + i) is
// i * C(m - r + i, i) < 2^35 before the division, which leaves no remainder.
constexpr std::uint64_t choose(int m, int r) noexcept
{
    if (r < 0 || r > m) return 0;
    std::uint64_t ways = 1;
    for (int i = 1; i <= r; ++i)
        ways = ways * static_cast<std::uint64_t>(m - r + i) / static_cast<std::uint64_t>(i);
    return ways;
}

// The first `count` of the free columns.
constexpr std::uint32_t first_columns(std::uint32_t free, int count) noexcept
{
    std::uint32_t first = 0;
    for (int i = 0; i < count && free != 0; ++i) {
        first |= free & (~free + 1);
        free &= free - 1;
    }
    return first;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_HELPERS_HPP
