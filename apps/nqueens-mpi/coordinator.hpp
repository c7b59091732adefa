// SPDX-License-Identifier: BSL-1.0
// Rank 0 of nqueens-mpi when other ranks count: the task queue, the record, the leases.
#ifndef NQUEENS_APPS_NQUEENS_MPI_COORDINATOR_HPP
#define NQUEENS_APPS_NQUEENS_MPI_COORDINATOR_HPP

#include "common/count_args.hpp"
#include "common/run_record_keeper.hpp"
#include "common/signals.hpp"

#include <nqueens/runtime/engine.hpp>

#include <optional>

namespace nqueens::app::mpi {

// Rank 0 with helpers: hands out the unfinished ids of the slice, largest
// estimate first (with the parts counted of those begun), gives what comes
// back to `keeper` (the checkpoint: the tasks finished, and the parts
// counted of those a rank holds) and prints the result. Each rank's first task and about 1 in 256 after it
// (task_board's checks) are counted again by the check route
// (count_route::check), by another rank where there is one; once none is left to hand out, an idle rank
// reruns the oldest task still out with another rank (once per task). The first result counts, and a second
// that differs is an error naming the task. A rank silent for its lease (--lease S, or 4 times the longest
// task so far and at least 60 s) is written off: the tasks it held are handed out again, first, and the count
// ends without it; one that reports again counts again. Once every task and check is in, only ranks heard
// from in the last 3 s are waited for. A rank written off or not waited for never reaches MPI_Finalize: the
// job is aborted after the result, with status 0. Before any MPI_Abort the keeper is destroyed, so that its
// lock files go. Returns the exit status.
int run_coordinator(const count_args& s, const work_plan& plan, std::optional<run_record_keeper>& keeper,
                    stop_on_signals& signals, int ranks);

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_COORDINATOR_HPP
