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

// The largest n whose total fits in 64 bits, by the growth of the known
// totals (about 11x an n from n = 25 on): Q(28) about 2.6 * 10^18, under
// 2^64 (about 1.8 * 10^19), and Q(29) about 3 * 10^19. The one-thread
// counts (count_queens(n), count_distinct(n), count_symmetric(n)) count in
// 64 bits; parallel_count's sums (count128) hold every n.
inline constexpr int max_n_64_bits = 28;

// What the one-thread counts throw for n > max_n_64_bits.
inline constexpr const char* fits_64_bits_message =
    "nqueens: the total of n >= 29 (about 3e19) does not fit in 64 bits: count it with parallel_count "
    "(128-bit sums)";

// Throws std::overflow_error(fits_64_bits_message) if n > max_n_64_bits: at
// once, rather than after the millions of core-hours such a count takes.
constexpr void check_fits_64_bits(int n)
{
    if (n > max_n_64_bits) throw std::overflow_error(fits_64_bits_message);
}

}  // namespace nqueens

#endif  // NQUEENS_DOMAIN_HPP
