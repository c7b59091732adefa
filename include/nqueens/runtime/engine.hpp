// SPDX-License-Identifier: BSL-1.0
// parallel_count: the multithreaded run-time engine for big n, which runs a work_plan's tasks on every core.
#ifndef NQUEENS_RUNTIME_ENGINE_HPP
#define NQUEENS_RUNTIME_ENGINE_HPP

#include <nqueens/detail/checked.hpp>
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

namespace nqueens {

// Where a running parallel_count() stands, passed to parallel_options::on_progress.
struct progress {
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;  // the tasks this call runs (after `include`)
    // Of the work done, weighted by work_plan::estimate, counting the
    // running tasks by their time so far against what the finished ones
    // took per unit of estimate; 1 at the end.
    double fraction = 0;
    double seconds = 0;       // since parallel_count() started
    double eta_seconds = -1;  // estimated seconds left; negative while unknown
};

// How parallel_count() runs. Every member is optional.
struct parallel_options {
    // 0: std::thread::hardware_concurrency(), but no more than fit in
    // default_memory_budget (1 GiB) by work_plan::threads_within: at most 10
    // threads for n = 18 and 19, 6 for n = 20, 5 from n = 21 on.
    unsigned threads = 0;
    // What parallel_count(n, options) computes; parallel_count(plan, options) follows the plan.
    count_mode mode = count_mode::total;
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
    bool cancelled = false;
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;
};

namespace detail {

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
        if (threads == 0) {
            threads = std::max(1u, std::thread::hardware_concurrency());
            threads = std::min(threads, work_plan::threads_within(plan_.n(), default_memory_budget));
        }
        if (threads > order_.size()) threads = order_.empty() ? 1 : static_cast<unsigned>(order_.size());
        running_.assign(threads, running_task{});
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
        double parts_done = 0;  // the share of its parts done (tasks with parts: n >= 24)
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
};

}  // namespace detail

// Counts the solutions of `plan` (or of the tasks `options.include` keeps)
// on several threads, which take tasks from a shared counter, largest
// estimate first.
//
// Valid for every plan; throws std::overflow_error rather than wrap, and
// rethrows what a callback throws. Cost: the plan's tasks divided among the
// threads; see parallel_count(n).
//
//     const nqueens::work_plan plan(18);
//     nqueens::parallel_options o;
//     o.include = [](std::size_t id) { return id % 4 == 1; };  // shard 1 of 4
//     auto part = nqueens::parallel_count(plan, o);            // part.sum.total
inline parallel_result parallel_count(const work_plan& plan, const parallel_options& options = {})
{
    return detail::engine_run(plan, options).run();
}

// Counts the solutions for an n x n board with every core: the total (OEIS
// A000170) by default, or with options.mode = count_mode::with_distinct
// also the number distinct under rotation and reflection (OEIS A002562).
// The run-time counterpart of count_queens(n) and count_distinct(n)
// (count.hpp), which count on one thread and in constant expressions.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost, totals only: about a second of one core at n = 17 and ten seconds
// at n = 18, divided among the threads, with tens of MB of memory per
// thread up to n = 19 and up to about 200 MB from n = 20 on (by default no
// more threads than fit in 1 GiB: work_plan::threads_within). Each extra row costs about 4 to 10 times more
// on average, but unevenly: an odd n about twice the even n below it, the next even n about ten times the odd
// one (n = 24: thousands of core-hours). With distinct: the same for n >= 6 (plus Burnside's lemma: about a
// second up to n = 23, about tenfold more every two n beyond), about ten times more for n < 6 (the
// symmetric search). Measured figures, with the commands that give them: README, "Speed".
//
//     auto r = nqueens::parallel_count(16);  // r.sum.total == 14772512
//     nqueens::parallel_options o;
//     o.mode = nqueens::count_mode::with_distinct;
//     o.threads = 2;
//     o.on_progress = [](const nqueens::progress& p) { std::printf("%.0f %%\n", 100 * p.fraction); };
//     auto both = nqueens::parallel_count(16, o);  // both.sum.distinct == 1846955
inline parallel_result parallel_count(int n, const parallel_options& options = {})
{
    return parallel_count(work_plan(n, options.mode), options);
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_ENGINE_HPP
