// SPDX-License-Identifier: BSL-1.0
// Overflow-checked arithmetic for totals, usable in constant expressions.
#ifndef NQUEENS_DETAIL_CHECKED_HPP
#define NQUEENS_DETAIL_CHECKED_HPP

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace nqueens::detail {

inline constexpr const char* overflow_message = "nqueens: the count does not fit in 64 bits";

constexpr std::uint64_t checked_add(std::uint64_t a, std::uint64_t b)
{
    if (b > std::numeric_limits<std::uint64_t>::max() - a) throw std::overflow_error(overflow_message);
    return a + b;
}

constexpr std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b)
{
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
        throw std::overflow_error(overflow_message);
    return a * b;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_CHECKED_HPP
