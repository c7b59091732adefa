// SPDX-License-Identifier: BSL-1.0
// parallel_options, parallel_result, progress: what parallel_count() takes, gives back and reports as it
// runs.
#ifndef NQUEENS_RUNTIME_PARALLEL_OPTIONS_HPP
#define NQUEENS_RUNTIME_PARALLEL_OPTIONS_HPP

#include <nqueens/runtime/plan.hpp>
#include <nqueens/solution_counts.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>

namespace nqueens {

// Why parallel_count() ran the threads it ran (parallel_result::limited_by).
enum class thread_limit {
    cores,   // one a core (std::thread::hardware_concurrency())
    asked,   // parallel_options::threads
    memory,  // fewer than the cores: no more fit in the memory budget
    tasks,   // fewer than asked or the cores: no more tasks than that
};

// Where a running parallel_count() stands, passed to parallel_options::on_progress.
struct progress {
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;  // the tasks this call runs (after `include`)
    std::size_t tasks_begun = 0;  // tasks with some parts counted, not finished
    // Of the work done, weighted by work_plan::estimate, counting the
    // running tasks by their time so far against what the finished ones
    // took per unit of estimate, and a task of hundreds of parts or more by
    // its time so far against what its first parts took (64 spread over
    // it, counted first); 1 at the end.
    double fraction = 0;
    double seconds = 0;       // since parallel_count() started
    double eta_seconds = -1;  // estimated seconds left; negative while unknown
    unsigned threads = 0;     // the worker threads of the count
    thread_limit limited_by = thread_limit::cores;
};

// How parallel_count() runs. Every member is optional.
struct parallel_options {
    // 0: std::thread::hardware_concurrency(), but no more than fit in
    // `memory_budget` by work_plan::threads_within (a few hundred MB a
    // thread from n = 20 on). A number here
    // is taken as it is.
    unsigned threads = 0;
    // Bytes the count may use when `threads` is 0; 0 takes it from the
    // machine: memory_budget(read_machine_memory()), half of its RAM or of
    // the lowest limit from its own cgroup up, at least 1 GiB.
    std::uint64_t memory_budget = 0;
    // What parallel_count(n, options) computes; parallel_count(plan, options) follows the plan.
    count_mode mode = count_mode::total;
    // The code that counts each task (count_route): `route`, or where
    // `route_of` is set, route_of(id), called on a worker thread (from
    // several at once) before each task or part of a task it counts.
    count_route route = count_route::fast;
    std::function<count_route(std::size_t id)> route_of;
    // Called once when the count starts (fraction 0, no ETA), then from the
    // worker threads, one call at a time: when tasks finish, at most about
    // 10 times a second, and about every `progress_every` seconds while long
    // tasks run; once more when the count ends (fraction 1 unless it was
    // cancelled). The fraction never goes down.
    std::function<void(const progress&)> on_progress;
    // While tasks run and none finishes, on_progress is called again after
    // about this many seconds.
    double progress_every = 1.0;
    // Cancellation: parallel_count() returns soon after a stop is requested, with
    // `cancelled` set and the counts of the tasks that finished.
    std::stop_token stop;
    // Runs only the tasks whose id it accepts (shards, resuming); called on
    // the calling thread before the workers start.
    std::function<bool(std::size_t id)> include;
    // Called after each task, one call at a time, from the worker that ran
    // it (for checkpoints). An exception thrown here stops the count and is
    // rethrown by parallel_count().
    std::function<void(std::size_t id, const solution_counts&)> on_task_done;
    // The threads share a task part by part (work_plan::parts): called after
    // each part of a task that leaves the task unfinished, one call at a
    // time, with the task's number of parts, the part's range and what it
    // counted (for checkpoints: a record keeps them). The part that
    // finishes a task comes to on_task_done instead, with the whole task's
    // count. Exceptions as for on_task_done.
    std::function<void(std::size_t id, std::uint64_t parts, part_range range, const solution_counts&)>
        on_parts_done;
    // Resuming: for a task it runs, the parts a run before counted (a
    // record's partial_task), or nullptr. Those parts are not counted
    // again; their counts are in what on_task_done gets for the task.
    // Called on the calling thread before the workers start; the pointee
    // must outlive the count. With a task source, called instead as each
    // task comes from it, on the worker that took it (from several at
    // once), and the pointee need only last until that task is counted.
    std::function<const partial_task*(std::size_t id)> begun;
};

// The outcome of parallel_count(). When cancelled, `sum` covers the finished tasks only.
struct parallel_result {
    int n = 0;
    count_mode mode = count_mode::total;  // the plan's
    // sum.distinct: 0 for count_mode::total; the distinct count of n when
    // every task of the plan ran, else the tasks' own sum (work_plan::distinct_of).
    solution_counts sum{};
    double seconds = 0;
    unsigned threads = 0;  // worker threads used
    thread_limit limited_by = thread_limit::cores;
    std::uint64_t memory_budget = 0;  // bytes the thread count was chosen for (0 when threads were asked)
    bool cancelled = false;
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;
};

// Hands the workers of parallel_count(plan, source, options) their tasks in
// place of the plan's own list, for a count whose tasks come from elsewhere
// while it runs (nqueens-mpi's counting ranks get theirs from rank 0).
// Worker `slot` (0 .. threads - 1) calls it on its own thread whenever it
// wants a task, so calls may overlap; it may wait for one, and returns none
// once no more will come, or soon after `stop` is requested (the count's
// stop, or a failure elsewhere in the count). An exception it throws stops
// the count and comes out of parallel_count().
using task_source = std::function<std::optional<std::size_t>(unsigned slot, std::stop_token stop)>;

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_PARALLEL_OPTIONS_HPP
