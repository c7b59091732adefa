// SPDX-License-Identifier: BSL-1.0
// The seed method, the baseline of bench/runtime.sh: a plain recursive bitmask
// search, first row halved by mirror symmetry, one thread. Deliberately not
// the library's code, so that the library's changes cannot move the baseline.
//
// usage: seed_reference N      prints {"n":N,"total":...,"seconds":...,"nodes":...}
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

std::uint64_t nodes = 0;

std::uint64_t complete(std::uint32_t all, std::uint32_t cols, std::uint32_t left, std::uint32_t right)
{
    if (cols == all) return 1;
    std::uint64_t solutions = 0;
    for (std::uint32_t free = all & ~(cols | left | right); free != 0; free &= free - 1) {
        const std::uint32_t bit = free & (0u - free);
        ++nodes;
        solutions += complete(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return solutions;
}

}  // namespace

int main(int argc, char** argv)
{
    const int n = argc == 2 ? std::atoi(argv[1]) : 0;
    if (n < 1 || n > 31) {
        std::fprintf(stderr, "usage: seed_reference N   (1 <= N <= 31)\n");
        return 2;
    }
    const std::uint32_t all = (std::uint32_t{1} << n) - 1;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    for (int col = 0; col < n / 2; ++col) {
        const std::uint32_t bit = std::uint32_t{1} << col;
        ++nodes;
        total += 2 * complete(all, bit, bit << 1, bit >> 1);
    }
    if (n % 2 == 1) {
        const std::uint32_t bit = std::uint32_t{1} << (n / 2);
        ++nodes;
        total += complete(all, bit, bit << 1, bit >> 1);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("{\"n\":%d,\"total\":%llu,\"seconds\":%.3f,\"nodes\":%llu}\n", n,
                static_cast<unsigned long long>(total), seconds, static_cast<unsigned long long>(nodes));
    return 0;
}
