// SPDX-License-Identifier: BSL-1.0
// The record files of `nqueens count`: the record keeper fed by parallel_count()'s callbacks.
#include "common/run_record_session.hpp"

#include "common/fault_injection.hpp"

namespace nqueens::app {

run_record_session::run_record_session(const record_options& p, const work_plan& plan,
                                       stop_on_signals* shared)
    : own_signals_(shared ? nullptr : std::make_unique<stop_on_signals>()),
      signals_(shared ? shared : own_signals_.get()),
      plan_(plan),
      keeper_(p, plan, signals_->token())
{
}

void run_record_session::attach(parallel_options& options)
{
    options.include = [this](std::size_t id) { return keeper_.wanted(id); };
    options.on_task_done = [this, route = options.route, route_of = options.route_of](std::size_t id,
                                                                                      solution_counts t) {
        t.total += faults().task_offset;  // 0 but in a test that asks (fault_hooks::task_offset)
        keeper_.add(id, t, plan_.route_label(route_of ? route_of(id) : route));
    };
    options.on_parts_done = [this](std::size_t id, std::uint64_t parts, part_range range,
                                   const solution_counts& t) { keeper_.add_parts(id, parts, range, t); };
    options.begun = [this](std::size_t id) { return keeper_.begun(id); };
    if (signals_) {
        if (options.stop.stop_possible())
            forward_.emplace(options.stop, std::function<void()>([s = signals_] { s->request_stop(); }));
        options.stop = signals_->token();
    }
}

std::variant<int, result_view> run_record_session::finish(const parallel_result& r)
{
    if (!keeper_.complete()) {
        if (signals_ && signals_->caught() != 0)
            return keeper_.interrupted(signals_->caught(), program_label());
        keeper_.stopped_short();
    }
    // parallel_count() already gave the whole count's distinct when it ran every
    // task; after a resume only the record holds them all.
    const bool counted_whole = !r.cancelled && r.tasks_total == plan_.size();
    result_view shown =
        keeper_.finish(r.threads, counted_whole ? std::optional(r.sum.distinct) : std::nullopt);
    shown.rechecked = keeper_.rechecked();
    return shown;
}

}  // namespace nqueens::app
