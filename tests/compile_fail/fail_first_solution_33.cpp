// SPDX-License-Identifier: BSL-1.0
// expect: nqueens::first_solution<N>.. requires 1 <= N <= 32
#include <nqueens/nqueens.hpp>

constexpr auto too_big = nqueens::first_solution<33>();
