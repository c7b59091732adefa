// SPDX-License-Identifier: BSL-1.0
// A program outside the project that uses the installed or embedded library.
#include <nqueens/nqueens.hpp>

#include <cstdio>

static_assert(nqueens::count_queens<8>() == 92);

int main()
{
    const auto ten = nqueens::count_queens(10);
    constexpr auto table = nqueens::counts_table();
    std::printf("count_queens(10) = %llu, table[11] = %llu\n", static_cast<unsigned long long>(ten),
                static_cast<unsigned long long>(table[11]));
    return ten == 724 && table[11] == 14200 ? 0 : 1;
}
