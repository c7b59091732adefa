// SPDX-License-Identifier: BSL-1.0
// Embedding precomputed counts: the tables are built by the compiler, so the
// binary holds constants and runs no search at all.
#include <nqueens/table.hpp>

#include <cstdio>

// The baked tables, n = 1 .. 12: all solutions, and the distinct ones (no
// two of them a rotation or reflection of each other).
constexpr auto totals = nqueens::counts_table();
constexpr auto distinct = nqueens::counts_table<nqueens::table_of::distinct>();

// A table of your own range, also a compile-time constant.
constexpr auto small = nqueens::make_table<4, 8>();
static_assert(small.back() == 92);

int main()
{
    for (std::size_t i = 0; i < totals.size(); ++i)
        std::printf("n = %2d: %llu solutions, %llu distinct\n", nqueens::table_first_n + static_cast<int>(i),
                    static_cast<unsigned long long>(totals[i]), static_cast<unsigned long long>(distinct[i]));
}
