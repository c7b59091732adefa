// SPDX-License-Identifier: BSL-1.0
// constexpr recursion at work: the count is a constant, so it can size an
// array or be a template argument, like any literal.
#include <nqueens/count.hpp>

#include <array>
#include <cstdio>

// One slot per solution of the 6 x 6 board: an array bound from a search.
std::array<int, nqueens::count_queens<6>()> slots{};

// A template argument from a search.
template <unsigned long long Count>
struct solutions_of_seven {
    static constexpr unsigned long long value = Count;
};
using seven = solutions_of_seven<nqueens::count_queens<7>()>;

// The run-time signature works in constant expressions too (small n).
constexpr auto five = nqueens::count_queens(5);

int main()
{
    std::printf("6 x 6: %zu solutions, 7 x 7: %llu, 5 x 5: %llu\n", slots.size(), seven::value,
                static_cast<unsigned long long>(five));
    return slots.size() == 4 && seven::value == 40 && five == 10 ? 0 : 1;
}
