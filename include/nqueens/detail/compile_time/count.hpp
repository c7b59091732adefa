// SPDX-License-Identifier: BSL-1.0
// The compile-time driver: one count as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_COUNT_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_COUNT_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace nqueens::detail {

// Every constant evaluation has its own budget (GCC 12: 33,554,432 operations
// and 262,144 iterations per loop; Clang 14: 1,048,576 steps), so the count is
// split into the symmetric search's tasks (its first rows), small enough for
// one evaluation each: at most about 25,000 queens per part up to n = 16.
constexpr int compile_time_depth(int n) noexcept
{
    return n <= 12 ? 2 : n <= 14 ? 3 : n == 15 ? 4 : 5;
}

// How many tasks the compile-time count of N has.
template <int N>
constexpr std::size_t compile_time_task_count()
{
    std::size_t size = 0;
    for_each_sym_task(N, compile_time_depth(N), [&](const sym_task&) { ++size; });
    return size;
}

template <int N>
constexpr auto make_compile_time_tasks()
{
    std::array<sym_task, compile_time_task_count<N>()> tasks{};
    std::size_t i = 0;
    // Copied field by field: Clang 19's experimental constant interpreter
    // (-fexperimental-new-constant-interpreter) rejects the defaulted copy
    // assignment of a struct that holds an array.
    for_each_sym_task(N, compile_time_depth(N), [&](const sym_task& t) {
        sym_task& slot = tasks[i++];
        slot.rule = t.rule;
        slot.row = t.row;
        slot.cols = t.cols;
        slot.left = t.left;
        slot.right = t.right;
        for (std::size_t q = 0; q < t.queens.size(); ++q) slot.queens[q] = t.queens[q];
    });
    return tasks;
}

template <int N>
inline constexpr auto compile_time_tasks = make_compile_time_tasks<N>();

// One variable per task: each initializer is a constant evaluation of its
// own. It holds three times the solutions the task stands for (search/orbit_walk.hpp).
// GCC 12 caches a constant call whose arguments are all constants (the
// walk's are) only while fewer than 8 calls are active (its default
// --param constexpr-cache-depth=8); a cached call keeps its arguments and
// result for the whole count (137 MB against 103 MB at N = 13, and slower,
// since the walk seldom meets the same rows twice). So each part starts the
// walk 8 calls deep.
constexpr std::uint64_t uncached_orbit_walk(const sym_task& t, int depth)
{
    return depth == 0 ? orbit_walk(t) : uncached_orbit_walk(t, depth - 1);
}

template <int N, std::size_t I>
inline constexpr std::uint64_t compile_time_part = uncached_orbit_walk(compile_time_tasks<N>[I], 8);

// Summed through an array, not a fold: Clang 14 caps a fold at 256 terms.
template <int N, std::size_t... I>
constexpr std::uint64_t sum_compile_time_parts(std::index_sequence<I...>)
{
    constexpr std::uint64_t parts[] = {std::uint64_t{0}, compile_time_part<N, I>...};
    std::uint64_t thrice = 0;
    for (const std::uint64_t part : parts) thrice = checked_add(thrice, part);
    return thrice / 3;
}

template <int N>
inline constexpr std::uint64_t compile_time_count =
    sum_compile_time_parts<N>(std::make_index_sequence<compile_time_tasks<N>.size()>{});

// The distinct count by Burnside's lemma: the total above, plus the boards a
// half turn and a quarter turn leave unchanged, each one small evaluation.
template <int N>
inline constexpr std::uint64_t compile_time_distinct = distinct_by_burnside(N, compile_time_count<N>);

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COMPILE_TIME_COUNT_HPP
