// SPDX-License-Identifier: BSL-1.0
// expect: nqueens::distinct_solutions<N>.. requires 1 <= N <= 32
#include <nqueens/nqueens.hpp>

constexpr auto empty = nqueens::distinct_solutions<0>().size();
