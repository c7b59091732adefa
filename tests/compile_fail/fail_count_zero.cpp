// SPDX-License-Identifier: BSL-1.0
// expect: nqueens: n must be between 1 and 32
#include <nqueens/nqueens.hpp>

static_assert(nqueens::count_queens<0>() == 1);
