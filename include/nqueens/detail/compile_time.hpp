// The compile-time driver: one count as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/search.hpp>
#include <nqueens/detail/split.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace nqueens::detail {

// Every constant evaluation has its own budget (GCC 12: 33,554,432 operations
// and 262,144 iterations per loop; Clang 14: 1,048,576 steps), so the count is
// split by its first rows into parts small enough for one evaluation each:
// at most about 43,000 queens per part up to n = 15.
constexpr int compile_time_depth(int n) noexcept
{
    return n <= 10 ? 1 : n <= 13 ? 2 : n == 14 ? 3 : 4;
}

template <int N>
constexpr auto make_compile_time_split()
{
    std::array<subproblem, count_subproblems(N, compile_time_depth(N))> parts{};
    std::size_t i = 0;
    for_each_subproblem(N, compile_time_depth(N), [&](const subproblem& s) { parts[i++] = s; });
    return parts;
}

template <int N>
inline constexpr auto compile_time_split = make_compile_time_split<N>();

// One variable per part: each initializer is a constant evaluation of its own.
template <int N, std::size_t I>
inline constexpr std::uint64_t compile_time_part =
    compile_time_split<N>[I].weight* count_completions(N, compile_time_split<N>[I].board).solutions;

// Summed through an array, not a fold: Clang 14 caps a fold at 256 terms.
template <int N, std::size_t... I>
constexpr std::uint64_t sum_compile_time_parts(std::index_sequence<I...>)
{
    constexpr std::uint64_t parts[] = {std::uint64_t{0}, compile_time_part<N, I>...};
    std::uint64_t total = 0;
    for (const std::uint64_t part : parts) total = checked_add(total, part);
    return total;
}

template <int N>
inline constexpr std::uint64_t compile_time_count =
    sum_compile_time_parts<N>(std::make_index_sequence<compile_time_split<N>.size()>{});

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COMPILE_TIME_HPP
