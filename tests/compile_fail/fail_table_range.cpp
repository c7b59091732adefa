// SPDX-License-Identifier: BSL-1.0
// expect: nqueens::make_table<First, Last>\(\) requires 1 <= First <= Last <= 32
#include <nqueens/table.hpp>

constexpr auto backwards = nqueens::make_table<5, 4>();
