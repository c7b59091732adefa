// SPDX-License-Identifier: BSL-1.0
// expect: nqueens::solutions<N>.. requires 1 <= N <= 32
#include <nqueens/nqueens.hpp>

constexpr auto too_big = nqueens::solutions<33>().size();
