// SPDX-License-Identifier: BSL-1.0
// The most tasks begun, and ranges of their parts, that a run record holds.
#ifndef NQUEENS_DETAIL_RECORD_LIMITS_HPP
#define NQUEENS_DETAIL_RECORD_LIMITS_HPP

#include <cstddef>

namespace nqueens {

// A count has no more tasks begun than threads (at most 4096), each as a
// few ranges of parts, and finishes them first when it resumes; a record
// with more is damaged. With the largest plan's finished tasks, a record
// at these limits stays under the 64 MiB the programs read.
inline constexpr std::size_t max_partial_tasks = 8192;
inline constexpr std::size_t max_partial_ranges = 65536;

}  // namespace nqueens

#endif  // NQUEENS_DETAIL_RECORD_LIMITS_HPP
