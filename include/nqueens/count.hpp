// SPDX-License-Identifier: BSL-1.0
// count_queens and count_distinct: all solutions of the n-queens problem (OEIS A000170), and the distinct
// ones (A002562).
#ifndef NQUEENS_COUNT_HPP
#define NQUEENS_COUNT_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/compile_time/count.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/domain.hpp>

#include <cstdint>
#include <stdexcept>

namespace nqueens {

// The number of ways to place n non-attacking queens on an n x n board.
//
// One search over the board's 8 symmetries (detail/search/orbit_walk.hpp): it walks
// a few images of each solution, never all 8, and weighs each board it
// completes by how many images of it the walk meets. Single-threaded; about
// 200,000 queens placed at n = 12, growing about 6x per extra row (a few
// seconds at n = 16); for big n use nqueens::parallel_count (runtime/engine.hpp),
// which runs on every core.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise,
// and std::overflow_error at once for n > max_n_64_bits (the total would not
// fit; on one thread such a count takes millions of core-hours in any case:
// use parallel_count, whose sums are 128-bit). The tasks are added with
// checks, and at n = 28 (where the total nears 2^64) they are small enough
// that no task's own sum can wrap. Usable in a constant expression while one
// evaluation stays inside the compiler's budget (n <= 11 on Clang 14, n <= 12
// on GCC 12 with default limits); past that use count_queens<N>().
//
//     constexpr auto eight = nqueens::count_queens(8);  // 92
//     auto sixteen = nqueens::count_queens(16);         // 14772512
constexpr std::uint64_t count_queens(int n)
{
    check_domain(n);
    check_fits_64_bits(n);
    std::uint64_t thrice = 0;  // the walk's weights are 3 times the solutions they stand for
    const int depth = n >= 28 ? detail::max_prefix : 2;
    detail::for_each_sym_task(n, depth, [&](const detail::sym_task& t) {
        thrice = detail::checked_add(thrice, detail::orbit_walk(t));
    });
    return thrice / 3;
}

// The same count, always answered by the compiler: the result is a constant
// even where it is used at run time. The compiler runs the walk above on
// the same tasks, split deeper, each a constant evaluation of its own.
//
// Requires 1 <= N <= 32 (a static_assert says so otherwise). Compiles with
// the compilers' default limits: seconds up to N = 13, tens of seconds for
// N = 14, minutes (and on GCC over a gigabyte) for N = 15; each further N
// costs about 5 to 7 times more (measured figures: docs/benchmarks.md).
// Also under Clang 19's -fexperimental-new-constant-interpreter, faster
// than Clang 14 (docs/benchmarks.md, "Compile time"). Nothing is computed unless the
// function is used.
//
//     static_assert(nqueens::count_queens<8>() == 92);
template <int N>
constexpr std::uint64_t count_queens() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens: n must be between 1 and 32");
    if constexpr (N >= min_n && N <= max_n)
        return detail::compile_time_count<N>;
    else
        return 0;
}

// The number of distinct solutions: classes of solutions under the 8
// rotations and reflections of the board (OEIS A002562).
//
// Burnside's lemma gives it from count_queens(n) and the solutions that a
// half turn or a quarter turn of the board leaves unchanged; those are
// counted by a search over half the rows, whose cost is negligible next to
// the total (a tenth of a second at n = 20). So it costs what count_queens(n)
// costs, with the same errors (n >= 29 at once) and limits in a constant expression.
//
//     static_assert(nqueens::count_distinct(8) == 12);
constexpr std::uint64_t count_distinct(int n)
{
    check_domain(n);
    return detail::distinct_by_burnside(n, count_queens(n));
}

// The distinct count, answered by the compiler from count_queens<N>() and
// the same two small searches: count_queens<N>() plus a second or two at
// N = 13, and only the searches once the total is computed in the same
// translation unit.
//
// Requires 1 <= N <= 32 (a static_assert says so otherwise).
//
//     static_assert(nqueens::count_distinct<8>() == 12);
template <int N>
constexpr std::uint64_t count_distinct() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens: n must be between 1 and 32");
    if constexpr (N >= min_n && N <= max_n)
        return detail::compile_time_distinct<N>;
    else
        return 0;
}

}  // namespace nqueens

#endif  // NQUEENS_COUNT_HPP
