// SPDX-License-Identifier: BSL-1.0
// Compiled under a constant-evaluation budget of 10,000 steps: including the
// front header must evaluate no count (one table would need millions).
#include <nqueens/nqueens.hpp>

int main() {}
