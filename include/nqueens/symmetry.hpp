// count_both: totals and classes under rotation and reflection (OEIS A000170, A002562) from one symmetric
// search.
#ifndef NQUEENS_SYMMETRY_HPP
#define NQUEENS_SYMMETRY_HPP

#include <nqueens/detail/symmetric_search.hpp>
#include <nqueens/domain.hpp>

#include <cstdint>

namespace nqueens {

// Both counts of one board size: all solutions, and the distinct ones (two
// solutions are the same when a rotation or reflection of the board maps one
// onto the other).
struct counts {
    std::uint64_t total = 0;
    std::uint64_t distinct = 0;

    friend constexpr bool operator==(const counts&, const counts&) = default;
};

// Both counts from one search that visits one representative of each class
// of solutions and weighs it by the size of its class (2, 4 or 8).
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise
// and std::overflow_error rather than wrap. Cost: single-threaded, about as
// many queens placed as count_queens(n) (whose walk visits the same boards
// without comparing them), so about the same time; usable in a constant
// expression with the compilers' default limits up to n = 10 on Clang 14
// and n = 11 on GCC 12. count_distinct(n) (count.hpp) gives the distinct
// count by Burnside's lemma instead, at the cost of count_queens(n).
// nqueens::count (engine.hpp) runs this search on all cores for
// count_mode::with_distinct.
//
//     static_assert(nqueens::count_both(8) == nqueens::counts{92, 12});
constexpr counts count_both(int n)
{
    check_domain(n);
    detail::sym_tally tally{};
    detail::for_each_sym_task(n, 2, [&](const detail::sym_task& t) { detail::search_symmetric(t, tally); });
    return {tally.total(), tally.distinct()};
}

}  // namespace nqueens

#endif  // NQUEENS_SYMMETRY_HPP
