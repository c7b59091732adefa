// SPDX-License-Identifier: BSL-1.0
// Every core at run time: parallel_count with a progress callback, and the distinct count beside the total.
#include <nqueens/runtime/engine.hpp>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

int main(int argc, char** argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 14;
    nqueens::parallel_options options;  // every member is optional
    options.mode = nqueens::count_mode::with_distinct;
    options.on_progress = [](const nqueens::progress& p) {  // about 10 times a second, and at the end
        std::fprintf(stderr, "\r%3.0f %% of the tasks' work", 100 * p.fraction);
    };
    try {
        const nqueens::parallel_result r = nqueens::parallel_count(n, options);
        std::fprintf(stderr, "\n");
        // Sums are 128 bits (count128): from n = 29 the total passes 2^64.
        std::printf("n = %d: %s solutions, %s distinct, on %u threads\n", n, to_string(r.sum.total).c_str(),
                    to_string(r.sum.distinct).c_str(), r.threads);
    } catch (const std::domain_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
}
