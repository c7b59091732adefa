// SPDX-License-Identifier: BSL-1.0
// A counting rank of nqueens-mpi: counts the tasks rank 0 sends on threads and reports them.
#ifndef NQUEENS_APPS_NQUEENS_MPI_WORKER_HPP
#define NQUEENS_APPS_NQUEENS_MPI_WORKER_HPP

#include "common/signals.hpp"

#include <nqueens/runtime/engine.hpp>

#include <stop_token>

namespace nqueens::app::mpi {

// A counting rank: `threads.threads` threads of the engine (parallel_count
// with a task source) run the ids rank 0 sends; the main thread alone talks
// to rank 0, asking for more while the local queue runs low and sending
// each result back (a task finished, or parts of one not finished) within
// half a second, with the rank's thread choice.
// Stopped by `stop` (a signal `signals` caught), it sends what it finished
// with flag_stopped, and rank 0 saves the checkpoint and aborts the job.
// Returns the rank's exit status: 0 once it said goodbye, 1 if it could not
// start its threads (rank 0 was told), else 128 + signal.
int run_worker(const work_plan& plan, const detail::thread_choice& threads, int rank, std::stop_token stop,
               const stop_on_signals& signals);

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_WORKER_HPP
