// SPDX-License-Identifier: BSL-1.0
// The board sizes the library accepts, and the error for the others.
#ifndef NQUEENS_DOMAIN_HPP
#define NQUEENS_DOMAIN_HPP

#include <stdexcept>

namespace nqueens {

// Smallest and largest board sizes: a board row is one 32-bit mask.
// n = 0 (the empty board) is outside the domain and rejected like n = 33.
inline constexpr int min_n = 1;
inline constexpr int max_n = 32;

constexpr bool in_domain(int n) noexcept
{
    return n >= min_n && n <= max_n;
}

// The sentence every API gives for a size outside [1, 32]; the compile-time
// forms spell the same words in their static_assert.
inline constexpr const char* domain_message = "nqueens: n must be between 1 and 32";

// Throws std::domain_error(domain_message) unless 1 <= n <= 32.
constexpr void check_domain(int n)
{
    if (!in_domain(n)) throw std::domain_error(domain_message);
}

}  // namespace nqueens

#endif  // NQUEENS_DOMAIN_HPP
