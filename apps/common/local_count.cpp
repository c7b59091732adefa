// SPDX-License-Identifier: BSL-1.0
// One machine's count from parsed arguments to the printed result.
#include "common/local_count.hpp"

#include "common/fault_injection.hpp"
#include "common/progress_line.hpp"
#include "common/recheck.hpp"
#include "common/result_printer.hpp"
#include "common/run_record_session.hpp"

#include <nqueens/runtime/engine.hpp>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <variant>

namespace nqueens::app {

namespace {

#ifdef NQUEENS_FAULT_INJECTION
// fault_hooks::hold_task: the k-th task to finish waits (inside
// on_task_done, so holding the engine's lock: no other result comes in)
// until the count is stopped, and is then dropped. The count cannot end
// before a signal, however fast the machine.
void hold_task(parallel_options& o, std::size_t k)
{
    if (!o.stop.stop_possible()) return;  // nothing would release it
    auto seen = std::make_shared<std::size_t>(0);
    o.on_task_done = [next = std::move(o.on_task_done), stop = o.stop, k, seen](std::size_t id,
                                                                                const solution_counts& t) {
        if (++*seen == k) {
            std::mutex m;
            std::condition_variable_any cv;
            std::unique_lock lock(m);
            cv.wait(lock, stop, [] { return false; });
            return;
        }
        if (next) next(id, t);
    };
}

// fault_hooks::hold_part: the same for the k-th part counted of a task that
// it leaves unfinished (on_parts_done), so that a checkpoint holds a task's
// parts when the count is stopped.
void hold_part(parallel_options& o, std::size_t k)
{
    if (!o.stop.stop_possible()) return;
    auto seen = std::make_shared<std::size_t>(0);
    o.on_parts_done = [next = std::move(o.on_parts_done), stop = o.stop, k, seen](
                          std::size_t id, std::uint64_t parts, part_range range, const solution_counts& t) {
        if (++*seen == k) {
            std::mutex m;
            std::condition_variable_any cv;
            std::unique_lock lock(m);
            cv.wait(lock, stop, [] { return false; });
            return;
        }
        if (next) next(id, parts, range, t);
    };
}
#endif

}  // namespace

int count_on_this_machine(const count_args& c, stop_on_signals* signals, std::optional<int> ranks)
{
    // Before any work (the plan, the checkpoint's load, recheck and first
    // save): a signal from now on ends the run with its line and status.
    std::optional<stop_on_signals> own_signals;
    if (!signals) signals = &own_signals.emplace();
    // The one plan of this run: the session's and parallel_count()'s, by
    // the checkpoint's cut where there is one.
    const work_plan plan(c.n, c.mode(), run_cut(c.records, c.n));
    std::optional<run_record_session> session;
    try {
        session.emplace(c.records, plan, signals);
    } catch (const recheck_stopped&) {
        return report_interrupted_recheck(signals->caught(), c.records.checkpoint);
    }
    progress_line line(c.progress);
    parallel_options options;
    options.threads = c.threads;
    options.memory_budget = c.memory;
    options.mode = c.mode();
    if (line.enabled()) options.on_progress = [&line](const progress& p) { line(p); };
    session->attach(options);
#ifdef NQUEENS_FAULT_INJECTION
    if (faults().hold_task) hold_task(options, *faults().hold_task);
    if (faults().hold_part) hold_part(options, *faults().hold_part);
#endif

    const parallel_result r = parallel_count(plan, options);
    line.finish();
    auto outcome = session->finish(r);
    if (const int* status = std::get_if<int>(&outcome)) return *status;
    result_view shown = std::get<result_view>(outcome);
    // Only --unique shows the distinct count (n <= 5 counts it either way).
    if (!c.unique) shown.distinct.reset();
    shown.ranks = ranks;
    shown.limited_by = r.limited_by;
    shown.memory_budget = r.memory_budget;
    print_result(shown, c.json, c.records.result);
    return 0;
}

}  // namespace nqueens::app
