// SPDX-License-Identifier: BSL-1.0
// The record files of `nqueens count`: a record keeper wired into parallel_count()'s options, and signals as
// a stop.
#ifndef NQUEENS_APPS_COMMON_RUN_RECORD_SESSION_HPP
#define NQUEENS_APPS_COMMON_RUN_RECORD_SESSION_HPP

#include "common/count_args.hpp"
#include "common/result_printer.hpp"
#include "common/run_record_keeper.hpp"
#include "common/signals.hpp"

#include <nqueens/runtime/engine.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <variant>

namespace nqueens::app {

// Keeps the record of a count run by the `count` command (run_record_keeper):
// refuses a foreign or damaged checkpoint, keeps it up to date while the
// count runs, writes it when the count stops on SIGINT/SIGTERM/SIGHUP, and
// writes the --out shard file.
//
//     const work_plan plan(n, mode);
//     run_record_session session(p, plan);
//     session.attach(options);
//     parallel_result r = parallel_count(plan, options);
//     auto outcome = session.finish(r);  // an exit status, or the result to print
class run_record_session {
public:
    // With `shared`, uses those signal handlers (which must outlive the
    // session), otherwise installs its own, before anything else; they stop
    // the recheck (recheck_stopped) and the count. `plan` must
    // outlive the session, and parallel_count() must run that plan.
    run_record_session(const record_options& p, const work_plan& plan, stop_on_signals* shared = nullptr);

    // Sets options.include (the slice, minus finished tasks),
    // options.on_task_done (records them) and options.stop (signals, and
    // any stop token already there).
    void attach(parallel_options& options);

    // After parallel_count(): adds the counts of earlier runs and writes the files.
    // Returns the exit status of an interrupted count (130/143/129, its
    // line on stderr), else the result to print: the whole count, or the
    // shard written to --out.
    std::variant<int, result_view> finish(const parallel_result& r);

private:
    // The handlers first: in place before the keeper loads, rechecks and saves.
    std::unique_ptr<stop_on_signals> own_signals_;
    stop_on_signals* signals_ = nullptr;
    const work_plan& plan_;
    run_record_keeper keeper_;
    std::optional<std::stop_callback<std::function<void()>>> forward_;
};

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RUN_RECORD_SESSION_HPP
