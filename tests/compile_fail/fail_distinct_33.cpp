// SPDX-License-Identifier: BSL-1.0
// expect: nqueens: n must be between 1 and 32
#include <nqueens/nqueens.hpp>

constexpr auto too_big = nqueens::count_distinct<33>();
