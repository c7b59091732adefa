// SPDX-License-Identifier: BSL-1.0
// Rank 0's view of the tasks of nqueens-mpi: which are still to hand out, and which rank holds which.
#ifndef NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP
#define NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP

#include "common/run_record_keeper.hpp"

#include <nqueens/runtime/engine.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace nqueens::app::mpi {

// The tasks of a run that `keeper` still wants, handed out largest estimate
// first; the tasks of written-off ranks go out again before them; once none
// is left, an idle rank gets the oldest task still out with another rank to
// rerun (each such task once).
class task_board {
public:
    // `plan` and `keeper` must outlive the board.
    task_board(const work_plan& plan, const run_record_keeper& keeper);

    // The tasks this run counts.
    std::span<const std::size_t> tasks() const noexcept { return todo_; }

    // Appends up to `want` task ids for `rank` to `reply`.
    void hand_out(int rank, std::size_t want, std::vector<std::uint64_t>& reply);
    // `rank` reported task `id`; std::runtime_error if there is no such task.
    void reported(int rank, std::size_t id);
    // `rank` was written off: its unfinished tasks go out again, first.
    // Returns how many.
    std::size_t write_off(int rank);

private:
    const run_record_keeper& keeper_;
    std::vector<std::size_t> todo_;  // largest estimate first
    std::size_t next_ = 0;           // todo_[next_] is the next new task
    std::vector<int> holder_;        // the rank a task was last handed to, or -1
    std::vector<int> checker_;       // the idle rank rerunning it, or -1
    std::deque<std::size_t> out_;    // tasks handed out, oldest first
    std::deque<std::size_t> again_;  // the tasks of written-off ranks
};

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP
