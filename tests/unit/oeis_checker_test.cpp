// SPDX-License-Identifier: BSL-1.0
// An independent checker: every permutation, pairwise diagonal test; no bitmasks.
#include "support/oeis.hpp"

#include <nqueens/count.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace {

// Queens in distinct rows and columns by construction (a permutation), so
// only the diagonals need checking, pair by pair.
std::uint64_t brute_force_count(int n)
{
    std::vector<int> cols(static_cast<std::size_t>(n));
    std::iota(cols.begin(), cols.end(), 0);
    std::uint64_t count = 0;
    do {
        bool ok = true;
        for (int a = 0; a < n && ok; ++a)
            for (int b = a + 1; b < n && ok; ++b)
                ok = std::abs(cols[static_cast<std::size_t>(a)] - cols[static_cast<std::size_t>(b)]) != b - a;
        if (ok) ++count;
    } while (std::next_permutation(cols.begin(), cols.end()));
    return count;
}

}  // namespace

TEST_CASE("a brute-force permutation checker agrees with the kernel for n = 1..10", "[count][checker]")
{
    for (int n = 1; n <= 10; ++n) {
        INFO("n = " << n);
        const auto brute = brute_force_count(n);
        CHECK(brute == nqueens::test::total(n));
        CHECK(nqueens::count_queens(n) == brute);
    }
}
