// SPDX-License-Identifier: BSL-1.0
// A run-time count for a bigger board, with the error for a board out of range.
#include <nqueens/count.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

int main(int argc, char** argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 15;
    try {
        const auto start = std::chrono::steady_clock::now();
        const auto total = nqueens::count_queens(n);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        std::printf("n = %d: %llu solutions in %.3f s\n", n, static_cast<unsigned long long>(total),
                    took.count());
    } catch (const std::domain_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
}
