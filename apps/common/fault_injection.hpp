// SPDX-License-Identifier: BSL-1.0
// Test hooks that inject faults (a wrong, slow or frozen rank, a thread that cannot start, a held task,
// a death while taking a lock, another default cut, inflated task counts, a bug in one route): compiled into
// the test builds of the programs only (NQUEENS_FAULT_INJECTION).
#ifndef NQUEENS_APPS_COMMON_FAULT_INJECTION_HPP
#define NQUEENS_APPS_COMMON_FAULT_INJECTION_HPP

#include <nqueens/detail/cuts.hpp>
#include <nqueens/runtime/parallel_options.hpp>
#include <nqueens/runtime/plan.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace nqueens::app {

// The faults a test asked for, from NQUEENS_TEST_* environment variables.
struct fault_hooks {
    std::optional<int> slow_rank;                // NQUEENS_TEST_SLOW_RANK: 2 s more on its first task
    std::optional<int> wrong_rank;               // NQUEENS_TEST_WRONG_RANK: one solution too many in its
                                                 // first result
    std::optional<int> freeze_rank;              // NQUEENS_TEST_FREEZE_RANK: SIGSTOP after its first report
                                                 // of results
    bool freeze_on_parts = false;                // NQUEENS_TEST_FREEZE_ON_PARTS=1: instead after its first
                                                 // report of parts of a task it does not finish
                                                 // (mid-task)
    std::optional<unsigned> thread_start_fails;  // NQUEENS_TEST_THREAD_START_FAILS: thread K fails (EAGAIN)
    std::optional<double> lease_floor;           // NQUEENS_TEST_LEASE_FLOOR: seconds, instead of 60
    bool die_in_lock = false;                    // NQUEENS_TEST_DIE_IN_LOCK=1: SIGKILL once the lock file is
                                                 // written under its temporary name, before it is linked
    std::optional<std::size_t> hold_task;        // NQUEENS_TEST_HOLD_TASK: the K-th finished task (1-based)
                                                 // of `count` is held until a stop, then dropped
    std::optional<std::size_t> hold_part;        // NQUEENS_TEST_HOLD_PART: the same for the K-th part counted
                                                 // of a task left unfinished
    std::optional<unsigned> start_delay_ms;      // NQUEENS_TEST_START_DELAY_MS: nqueens's main waits that
                                                 // long first (a signal then comes "at start")
    std::optional<plan_cut> cut;                 // NQUEENS_TEST_CUT=B,TB,K,K1,S: the join cut a new run takes
                                                 // (as another version's default would be)
    std::uint64_t task_offset = 0;               // NQUEENS_TEST_TASK_OFFSET: added to the total of every task
                                                 // finished (a small n whose sums pass 2^64, as n >= 29's do)
    std::uint64_t sliced_fault = 0;              // NQUEENS_TEST_SLICED_FAULT: added to every result of the
                                                 // sliced pair count, which only the fast route runs
                                                 // (detail::planted_sliced_fault): a deterministic bug
    std::optional<count_route> recheck_route;    // NQUEENS_TEST_RECHECK_ROUTE=fast|check: the route rechecks
                                                 // take (by default check: the fast route, as rechecks
                                                 // once were, is the control that misses a route's bug)
};

#ifdef NQUEENS_FAULT_INJECTION
// Reads the variables once (usage_error, exit 2, for a value that is not a
// whole number in range: " 1x" is refused, not read as 1).
void load_fault_hooks();
// What load_fault_hooks() read.
const fault_hooks& faults();
// Wraps o's on_task_done and on_parts_done as hold_task and hold_part ask
// (nqueens count's engine, and a counting rank's of nqueens-mpi).
void hold_as_hooked(parallel_options& o);
#else
// Release builds: no hook, and no trace of one in the binary.
inline void load_fault_hooks() {}
constexpr fault_hooks faults()
{
    return {};
}
inline void hold_as_hooked(parallel_options&) {}
#endif

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_FAULT_INJECTION_HPP
