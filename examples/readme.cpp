// SPDX-License-Identifier: BSL-1.0
#include <nqueens/nqueens.hpp>

#include <cstdio>

static_assert(nqueens::count_queens<8>() == 92);  // answered by the compiler

int main()
{
    auto big = nqueens::count_queens(16);  // the same code, at run time
    std::printf("%llu\n", static_cast<unsigned long long>(big));
}
