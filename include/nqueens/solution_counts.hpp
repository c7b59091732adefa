// SPDX-License-Identifier: BSL-1.0
// solution_counts: what every count gives back (the total, the distinct count, the queens placed).
#ifndef NQUEENS_SOLUTION_COUNTS_HPP
#define NQUEENS_SOLUTION_COUNTS_HPP

#include <cstdint>

namespace nqueens {

// The counts of one board size, of one sub-problem of it, or of several
// sub-problems added up. Every result nests it the same way, as `sum`:
// parallel_result::sum, run_record::sum, merged_counts::sum; a task's
// result (work_plan::run) and count_symmetric(n) are one.
struct solution_counts {
    std::uint64_t total = 0;     // solutions (OEIS A000170)
    std::uint64_t distinct = 0;  // classes under rotation and reflection (OEIS A002562); 0 where not counted
    std::uint64_t nodes = 0;     // queens placed by the search

    friend constexpr bool operator==(const solution_counts&, const solution_counts&) = default;
};

}  // namespace nqueens

#endif  // NQUEENS_SOLUTION_COUNTS_HPP
