// Embedding precomputed counts: the table is built by the compiler, so the
// binary holds twelve constants and runs no search at all.
#include <nqueens/table.hpp>

#include <cstdio>

// A table of your own range, also a compile-time constant.
constexpr auto small = nqueens::make_table<4, 8>();
static_assert(small.back() == 92);

int main()
{
    for (std::size_t i = 0; i < nqueens::counts_table.size(); ++i)
        std::printf("n = %2d: %llu\n", nqueens::table_first_n + static_cast<int>(i),
                    static_cast<unsigned long long>(nqueens::counts_table[i]));
}
