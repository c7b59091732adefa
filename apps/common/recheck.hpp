// SPDX-License-Identifier: BSL-1.0
// Recounting a sample of the tasks of record files, to catch damaged or forged counts.
#ifndef NQUEENS_APPS_COMMON_RECHECK_HPP
#define NQUEENS_APPS_COMMON_RECHECK_HPP

#include "common/arguments.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <cstddef>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>

namespace nqueens::app {

// Recounts `k` tasks drawn at random from each of `records` (all of a
// record's tasks if it has no more), on all cores, by the check route
// (count_route::check, which shares no pair count with the fast route that
// counts take), and throws usage_error
// (prefix, then "'NAME' fails the recheck: task ...") naming the first file
// whose recounted task differs from what it says. Else marks the tasks
// recounted as checked by that route in `records` (mark_checked) and
// returns how many there were. No task may be in two records
// (merge_records' checks).
// Cost: those tasks' share of a full count, times the check route's
// (several times the fast route's: docs/benchmarks.md).
// A stop request on `stop` ends it early with recheck_stopped.
std::size_t recheck_records(std::span<run_record> records, std::span<const std::string> names,
                            const work_plan& plan, std::size_t k, const std::string& prefix,
                            std::stop_token stop = {});

// The route every recheck takes: count_route::check (in test builds,
// NQUEENS_TEST_RECHECK_ROUTE may say fast, the control that misses a bug
// of the fast route).
count_route recheck_route();

// recheck_records was stopped (a signal) before it finished.
struct recheck_stopped : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RECHECK_HPP
