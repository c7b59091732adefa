// SPDX-License-Identifier: BSL-1.0
// count_symmetric: the total and the distinct count (OEIS A000170, A002562) from one 8-fold symmetric search.
#ifndef NQUEENS_COUNT_SYMMETRIC_HPP
#define NQUEENS_COUNT_SYMMETRIC_HPP

#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/solution_counts.hpp>

namespace nqueens {

// Both counts of one board size from one search that visits one
// representative of each class of solutions (two solutions are the same
// when a rotation or reflection of the board maps one onto the other) and
// weighs it by the size of its class (2, 4 or 8). The tests use it to
// cross-check count_queens(n) and count_distinct(n) (count.hpp), which get
// the same numbers by another route; parallel_count (runtime/engine.hpp) runs it on
// all cores for n < 6.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise,
// std::overflow_error at once for n > max_n_64_bits (it counts in 64 bits),
// and std::overflow_error rather than wrap. Cost: single-threaded, about as
// many queens placed as count_queens(n) (whose walk visits the same boards
// without comparing them with their images), so about the same time; usable
// in a constant expression with the compilers' default limits up to n = 10
// on Clang 14 and n = 11 on GCC 12.
//
//     static_assert(nqueens::count_symmetric(8).distinct == 12);
constexpr solution_counts count_symmetric(int n)
{
    check_domain(n);
    check_fits_64_bits(n);
    detail::sym_tally tally{};
    detail::for_each_sym_task(n, 2, [&](const detail::sym_task& t) { detail::search_symmetric(t, tally); });
    return {tally.total(), tally.distinct(), tally.nodes};
}

}  // namespace nqueens

#endif  // NQUEENS_COUNT_SYMMETRIC_HPP
