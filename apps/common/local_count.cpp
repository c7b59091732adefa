// SPDX-License-Identifier: BSL-1.0
// One machine's count from parsed arguments to the printed result.
#include "common/local_count.hpp"

#include "common/progress_line.hpp"
#include "common/result_printer.hpp"
#include "common/run_record_session.hpp"

#include <nqueens/runtime/engine.hpp>

#include <optional>
#include <variant>

namespace nqueens::app {

int count_on_this_machine(const count_args& c, stop_on_signals* signals, std::optional<int> ranks)
{
    const work_plan plan(c.n, c.mode());  // the one plan of this run: the session's and parallel_count()'s
    progress_line line(c.progress);
    parallel_options options;
    options.threads = c.threads;
    options.mode = c.mode();
    if (line.enabled()) options.on_progress = [&line](const progress& p) { line(p); };
    std::optional<run_record_session> session;
    if (c.records.any() || signals) session.emplace(c.records, plan, signals).attach(options);

    const parallel_result r = parallel_count(plan, options);
    line.finish();
    result_view shown;
    if (session) {
        auto outcome = session->finish(r);
        if (const int* status = std::get_if<int>(&outcome)) return *status;
        shown = std::get<result_view>(outcome);
    } else {
        commit_to_result();
        run_record counted;
        counted.n = r.n;
        counted.sum = r.sum;
        counted.seconds = r.seconds;
        shown = view_of(counted, c.unique ? std::optional(r.sum.distinct) : std::nullopt, r.threads, "");
    }
    shown.ranks = ranks;
    print_result(shown, c.json);
    return 0;
}

}  // namespace nqueens::app
