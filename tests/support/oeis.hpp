// SPDX-License-Identifier: BSL-1.0
// Known answers from OEIS, the truth the tests check the library against.
#ifndef NQUEENS_TESTS_SUPPORT_OEIS_HPP
#define NQUEENS_TESTS_SUPPORT_OEIS_HPP

#include "count_text.hpp"

#include <array>
#include <cstdint>

namespace nqueens::test {

// clang-format off
// OEIS A000170: solutions of the n-queens problem; element i is n = i + 1.
inline constexpr std::array<std::uint64_t, 27> a000170 = {
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
    14772512, 95815104, 666090624, 4968057848, 39029188884, 314666222712,
    2691008701644, 24233937684440, 227514171973736, 2207893435808352,
    22317699616364044, 234907967154122528};

// OEIS A002562: solutions distinct up to rotation and reflection; element i is n = i + 1.
inline constexpr std::array<std::uint64_t, 27> a002562 = {
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
    11977939, 83263591, 621012754, 4878666808, 39333324973, 336376244042,
    3029242658210, 28439272956934, 275986683743434, 2789712466510289,
    29363495934315694};

// clang-format on

constexpr std::uint64_t total(int n)
{
    return a000170[static_cast<std::size_t>(n - 1)];
}
constexpr std::uint64_t distinct(int n)
{
    return a002562[static_cast<std::size_t>(n - 1)];
}

}  // namespace nqueens::test

#endif  // NQUEENS_TESTS_SUPPORT_OEIS_HPP
