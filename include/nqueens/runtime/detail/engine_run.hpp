// SPDX-License-Identifier: BSL-1.0
// The threaded engine's shared state: the task queue, the sums, progress and the callbacks of one
// parallel_count().
#ifndef NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP
#define NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/runtime/memory_budget.hpp>
#include <nqueens/runtime/parallel_options.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/solution_counts.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace nqueens::detail {

// The shared state of one parallel_count(): the task queue, the sums, the callbacks.
class engine_run {
public:
    engine_run(const work_plan& plan, const parallel_options& options)
        : plan_(plan), options_(options), start_(std::chrono::steady_clock::now())
    {
        for (std::size_t id = 0; id < plan.size(); ++id) {
            if (options.include && !options.include(id)) continue;
            order_.push_back(id);
            work_total_ += static_cast<double>(plan.estimate(id));
        }
        // Largest first, so that no thread is left with a long task at the
        // end; ties keep id order so that runs repeat.
        std::stable_sort(order_.begin(), order_.end(),
                         [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
    }

    parallel_result run()
    {
        unsigned threads = options_.threads;
        thread_limit limited_by = thread_limit::asked;
        std::uint64_t budget = 0;
        if (threads == 0) {
            budget =
                options_.memory_budget != 0 ? options_.memory_budget : memory_budget(read_machine_memory());
            const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
            const unsigned fit = work_plan::threads_within(plan_.n(), budget);
            threads = std::min(cores, fit);
            limited_by = fit < cores ? thread_limit::memory : thread_limit::cores;
        }
        if (threads > order_.size()) {
            threads = order_.empty() ? 1 : static_cast<unsigned>(order_.size());
            limited_by = thread_limit::tasks;
        }
        running_.assign(threads, running_task{});
        threads_ = threads;
        limited_by_ = limited_by;
        if (options_.on_progress) options_.on_progress(snapshot(0));
        {
            std::vector<std::jthread> workers;
            workers.reserve(threads);
            try {
                for (unsigned i = 0; i < threads; ++i) workers.emplace_back([this, i] { work(i); });
            } catch (...) {
                failed_.store(true);  // let the started workers stop before they are joined
                throw;
            }
        }
        if (error_) std::rethrow_exception(error_);

        parallel_result r{};
        r.n = plan_.n();
        r.mode = plan_.mode();
        r.cancelled = done_ != order_.size();
        r.sum = sum_;
        // The distinct count needs every task: a slice or a cancelled run
        // gives its tasks' own sum (0 for the join's tasks).
        if (!r.cancelled && order_.size() == plan_.size()) r.sum.distinct = plan_.distinct_of(sum_);
        r.seconds = elapsed();
        r.threads = threads;
        r.limited_by = limited_by;
        r.memory_budget = budget;
        r.tasks_done = done_;
        r.tasks_total = order_.size();
        if (options_.on_progress) options_.on_progress(snapshot(r.seconds));
        return r;
    }

private:
    // The task a worker is counting; `started` < 0 while it has none.
    struct running_task {
        std::size_t id = 0;
        double started = -1;
        double parts_done = 0;  // the share of its parts done (tasks with parts: n >= 23)
    };

    double elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

    bool stopping() const noexcept
    {
        return options_.stop.stop_requested() || failed_.load(std::memory_order_relaxed);
    }

    // The work done, in units of plan.estimate: the finished tasks, and each
    // running task by the larger of the share of its parts done and its time
    // so far against the seconds a unit of estimate took in the finished
    // ones (at most 90 % of its estimate; none before a task has finished).
    // Called with mutex_ held.
    double work_done_by(double now) const
    {
        double work = work_done_;
        const bool timed = work_done_ > 0 && task_seconds_ > 0;
        const double seconds_per_unit = timed ? task_seconds_ / work_done_ : 0;
        for (const running_task& t : running_) {
            if (t.started < 0) continue;
            const double estimate = static_cast<double>(plan_.estimate(t.id));
            double share = t.parts_done * estimate;
            if (timed)
                share = std::max(share, std::min(0.9 * estimate, (now - t.started) / seconds_per_unit));
            work += share;
        }
        return work;
    }

    // Called with mutex_ held (or before the workers start, or after they end).
    progress snapshot(double seconds)
    {
        progress p{};
        p.tasks_done = done_;
        p.tasks_total = order_.size();
        if (done_ == order_.size())
            p.fraction = 1.0;
        else if (work_total_ > 0)
            p.fraction = std::min(work_done_by(seconds) / work_total_, 0.999);
        p.fraction = std::max(p.fraction, last_fraction_);  // never backwards
        last_fraction_ = p.fraction;
        p.seconds = seconds;
        p.eta_seconds =
            p.fraction >= 1.0 ? 0.0 : (p.fraction > 0 ? seconds * (1 - p.fraction) / p.fraction : -1.0);
        p.threads = threads_;
        p.limited_by = limited_by_;
        return p;
    }

    // A report while tasks run, from the workers' polls, every
    // options_.progress_every seconds when no task finishes in between.
    void report_while_running()
    {
        const double now = elapsed();
        const double every = options_.progress_every;
        if (now - last_report_seen_.load(std::memory_order_relaxed) < every) return;
        const std::unique_lock lock(mutex_, std::try_to_lock);
        if (!lock.owns_lock() || now - last_report_ < every || done_ == order_.size()) return;
        report(now);
    }

    // Called with mutex_ held.
    void report(double now)
    {
        last_report_ = now;
        last_report_seen_.store(now, std::memory_order_relaxed);
        options_.on_progress(snapshot(now));
    }

    void work(unsigned slot)
    {
        const auto poll = [this] {
            if (options_.on_progress) report_while_running();
            return stopping();
        };
        const auto on_part = [this, slot](std::uint64_t done, std::uint64_t parts) {
            if (!options_.on_progress) return;
            const std::lock_guard lock(mutex_);
            running_[slot].parts_done = static_cast<double>(done) / static_cast<double>(parts);
        };
        work_plan::workspace ws;
        while (!stopping()) {
            const std::size_t k = next_.fetch_add(1, std::memory_order_relaxed);
            if (k >= order_.size()) break;
            const std::size_t id = order_[k];
            try {
                {
                    const std::lock_guard lock(mutex_);
                    running_[slot] = running_task{id, elapsed()};
                }
                const std::optional<solution_counts> done = plan_.run_task(id, poll, ws, on_part);
                const std::lock_guard lock(mutex_);
                const double now = elapsed();
                const double started = running_[slot].started;
                running_[slot] = running_task{};
                if (!done) break;
                const solution_counts r = *done;
                sum_.total = checked_add(sum_.total, r.total);
                sum_.distinct = checked_add(sum_.distinct, r.distinct);
                sum_.nodes += r.nodes;
                ++done_;
                work_done_ += static_cast<double>(plan_.estimate(id));
                task_seconds_ += now - started;
                if (options_.on_task_done) options_.on_task_done(id, r);
                if (options_.on_progress && done_ != order_.size() && now - last_report_ >= 0.1) report(now);
            } catch (...) {
                const std::lock_guard lock(mutex_);
                running_[slot] = running_task{};
                if (!error_) error_ = std::current_exception();
                failed_.store(true, std::memory_order_relaxed);
                break;
            }
        }
    }

    const work_plan& plan_;
    const parallel_options& options_;
    const std::chrono::steady_clock::time_point start_;
    std::vector<std::size_t> order_;
    double work_total_ = 0;

    std::atomic<std::size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::atomic<double> last_report_seen_{0};  // last_report_, read by the polls without the lock
    std::mutex mutex_;                         // guards everything below and serializes the callbacks
    std::vector<running_task> running_;        // one per worker
    solution_counts sum_{};
    std::size_t done_ = 0;
    double work_done_ = 0;
    double task_seconds_ = 0;  // the finished tasks' own times, added up
    double last_report_ = 0;
    double last_fraction_ = 0;
    std::exception_ptr error_;
    unsigned threads_ = 0;
    thread_limit limited_by_ = thread_limit::cores;
};

}  // namespace nqueens::detail

#endif  // NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP
