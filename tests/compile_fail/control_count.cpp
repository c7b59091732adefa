// SPDX-License-Identifier: BSL-1.0
// The control case: what the failing cases get wrong, done right, with nothing
// but -std=c++20 and the include paths.
#include <nqueens/nqueens.hpp>

static_assert(nqueens::count_queens<8>() == 92);
static_assert(nqueens::count_queens<13>() == 73712);
