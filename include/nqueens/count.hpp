// count_queens: the number of solutions of the n-queens problem (OEIS A000170).
#ifndef NQUEENS_COUNT_HPP
#define NQUEENS_COUNT_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/compile_time.hpp>
#include <nqueens/detail/search.hpp>
#include <nqueens/detail/split.hpp>
#include <nqueens/domain.hpp>

#include <cstdint>

namespace nqueens {

// The number of ways to place n non-attacking queens on an n x n board.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Usable in a constant expression while one evaluation stays inside the
// compiler's budget (n <= 10 on Clang 14, n <= 12 on GCC 12 with default
// limits); past that use count_queens<N>(). Cost: a single-threaded
// depth-first search of about 428,000 queen placements at n = 12, growing
// about 6x per extra row. Throws std::overflow_error rather than wrap: the
// parts are added with checks, and from n = 28 (where the total nears 2^64)
// the count is split into parts of at most about 10^-5 of it each, so no
// part's own counter can wrap.
//
//     constexpr auto eight = nqueens::count_queens(8);  // 92
//     auto sixteen = nqueens::count_queens(16);         // 14772512, a few seconds
constexpr std::uint64_t count_queens(int n)
{
    check_domain(n);
    std::uint64_t total = 0;
    const int depth = n >= 28 ? 4 : 1;
    detail::for_each_subproblem(n, depth, [&](const detail::subproblem& s) {
        const auto part = detail::count_completions(n, s.board).solutions;
        total = detail::checked_add(total, detail::checked_mul(s.weight, part));
    });
    return total;
}

// The same count, always answered by the compiler: the result is a constant
// even where it is used at run time.
//
// Requires 1 <= N <= 32 (a static_assert says so otherwise). Compiles with
// the compilers' default limits up to N = 14; bench/compile_time.sh measured
// about 18 s for N = 13 and 1.5 to 2 minutes for N = 14 (see the README).
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

}  // namespace nqueens

#endif  // NQUEENS_COUNT_HPP
