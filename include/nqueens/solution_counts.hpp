// SPDX-License-Identifier: BSL-1.0
// solution_counts: what every count gives back (the total, the distinct count, the queens placed).
#ifndef NQUEENS_SOLUTION_COUNTS_HPP
#define NQUEENS_SOLUTION_COUNTS_HPP

#include <nqueens/count128.hpp>

namespace nqueens {

// The counts of one board size, of one sub-problem of it, or of several
// sub-problems added up. Every result nests it the same way, as `sum`:
// parallel_result::sum, run_record::sum, merged_counts::sum; a task's
// result (work_plan::run) and count_symmetric(n) are one. 128 bits each
// (count128), so that every n of the domain adds up: from n = 29 the total
// passes 2^64.
struct solution_counts {
    count128 total = 0;     // solutions (OEIS A000170)
    count128 distinct = 0;  // classes under rotation and reflection (OEIS A002562); 0 where not counted
    count128 nodes = 0;     // queens placed by the search

    // Adds `b` field by field; throws std::overflow_error rather than wrap.
    constexpr solution_counts& operator+=(const solution_counts& b)
    {
        total += b.total;
        distinct += b.distinct;
        nodes += b.nodes;
        return *this;
    }

    friend constexpr bool operator==(const solution_counts&, const solution_counts&) = default;
};

}  // namespace nqueens

#endif  // NQUEENS_SOLUTION_COUNTS_HPP
