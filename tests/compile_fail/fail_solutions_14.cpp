// SPDX-License-Identifier: BSL-1.0
// expect: nqueens::solutions<N>.. is baked only up to N = 13
#include <nqueens/nqueens.hpp>

constexpr auto too_many = nqueens::solutions<14>().size();
