// SPDX-License-Identifier: BSL-1.0
// The same budget with the table used: this must fail, which shows that the
// budget is small enough to catch a count evaluated on include.
#include <nqueens/nqueens.hpp>

constexpr auto table = nqueens::counts_table();

int main() {}
