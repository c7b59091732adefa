// SPDX-License-Identifier: BSL-1.0
// Embedding the boards themselves: the compiler finds all 92 solutions for the
// 8 x 8 board, so the program holds them as constants and searches nothing.
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>

#include <cstdio>

// A reference to a constexpr std::array<nqueens::board, 92>.
constexpr const auto& eight = nqueens::solutions<8>();
static_assert(eight.size() == 92);

// Questions about the table can be answered by the compiler too.
constexpr int in_corner = [] {
    int k = 0;
    for (const nqueens::board& b : eight) k += b[0] == 0 ? 1 : 0;
    return k;
}();
static_assert(in_corner == 4);

int main()
{
    std::printf("%zu solutions, %d with a queen in the top-left corner\n", eight.size(), in_corner);
    std::printf("the first:\n");
    std::fputs(nqueens::render_board(eight.front()).c_str(), stdout);

    std::printf("the %zu distinct ones, as 1-based columns:\n", nqueens::distinct_solutions<8>().size());
    for (const nqueens::board& b : nqueens::distinct_solutions<8>())
        std::printf("%s\n", nqueens::render_columns(b).c_str());
}
