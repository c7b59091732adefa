// SPDX-License-Identifier: BSL-1.0
// One machine's count from parsed arguments to the printed result: `nqueens count`, and `nqueens-mpi` on one
// rank.
#ifndef NQUEENS_APPS_COMMON_LOCAL_COUNT_HPP
#define NQUEENS_APPS_COMMON_LOCAL_COUNT_HPP

#include "common/count_args.hpp"
#include "common/signals.hpp"

#include <optional>

namespace nqueens::app {

// Builds the plan once, runs it with parallel_count() on c.threads threads
// (the progress line, and the record files of c.records through a
// run_record_session), then prints the result (`ranks` is shown when set).
// With `signals`, SIGINT/SIGTERM/SIGHUP stop the count even without a
// checkpoint. Returns the exit status.
int count_on_this_machine(const count_args& c, stop_on_signals* signals = nullptr,
                          std::optional<int> ranks = std::nullopt);

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_LOCAL_COUNT_HPP
