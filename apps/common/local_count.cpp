// SPDX-License-Identifier: BSL-1.0
// One machine's count from parsed arguments to the printed result.
#include "common/local_count.hpp"

#include "common/fault_injection.hpp"
#include "common/progress_line.hpp"
#include "common/recheck.hpp"
#include "common/result_printer.hpp"
#include "common/run_record_session.hpp"

#include <nqueens/runtime/engine.hpp>

#include <optional>
#include <variant>

namespace nqueens::app {

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
    hold_as_hooked(options);

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
