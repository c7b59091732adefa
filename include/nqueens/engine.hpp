// count and work_plan: the multithreaded run-time engine for big n.
#ifndef NQUEENS_ENGINE_HPP
#define NQUEENS_ENGINE_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/half_join.hpp>
#include <nqueens/detail/invariant.hpp>
#include <nqueens/detail/symmetric_search.hpp>
#include <nqueens/domain.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <vector>

namespace nqueens {

namespace detail {
class engine_run;
}

// The counts of one sub-problem, or of several added up.
struct task_result {
    std::uint64_t total = 0;     // solutions (OEIS A000170 summed over all tasks)
    std::uint64_t distinct = 0;  // classes under rotation and reflection (OEIS A002562)
    std::uint64_t nodes = 0;     // queens placed by the search

    friend constexpr bool operator==(const task_result&, const task_result&) = default;
};

// What a count computes, and so which search it runs.
enum class count_mode : std::uint8_t {
    // The total only (OEIS A000170), by the meet-in-the-middle join of top
    // and bottom halves (detail/half_join.hpp) for 6 <= n <= 23: about ten
    // times faster than the symmetric search at n = 17. Other n use the
    // symmetric search (whose memory, unlike the join's, does not grow).
    total,
    // The total and the distinct count (OEIS A002562). For 6 <= n <= 23 the
    // join's total, then Burnside's lemma (count_distinct in count.hpp):
    // the distinct count follows from the total and the few boards a half
    // or quarter turn fixes, found in at most a second or so. Other n run
    // the 8-fold symmetric search (detail/symmetric_search.hpp), which
    // counts one representative per class.
    with_distinct,
};

// The count for one n as a fixed list of independent sub-problems (tasks).
// Summing run(id) over all ids gives the counts for n, whatever the order,
// the machine or the thread.
//
// - count_mode::total, 6 <= n <= 23: a task is a placement of the middle
//   row(s), one per class under mirror and flip, and which of a few leading
//   columns the top half uses; run() joins the top and bottom halves.
//   `distinct` is 0. Memory: a few MB per thread at n = 16, tens of MB at
//   n = 17..19, at most a few hundred MB per process at n = 20..23 (2 threads).
// - count_mode::with_distinct, 6 <= n <= 23: the same tasks, but a plan of
//   its own version (3; 5 from n = 19); `distinct` is 0 in every task, and
//   distinct_of() turns the sum of all tasks into the distinct count.
// - n < 6 or n > 23: a task is a placement of the first rows of the 8-fold
//   symmetric search, one representative per class of solutions; `distinct`
//   adds up over the tasks.
//
// Ids 0 .. size() - 1 are stable: the same n, mode and version() give the
// same list in the same order, so slices of it can run on other machines or
// resume from a checkpoint. version() changes whenever the split does.
//
// Valid for 1 <= n <= 32. Building a plan takes milliseconds, at most about
// a second (n = 22, 23): 224 tasks for n = 16, 72 for n = 17, 288 for n = 18,
// 1,280 for n = 19, up to 363,012 for n = 23 (the same with distinct); the
// symmetric search's plans, up to 240,730 tasks for n = 32. n = 2 and 3 have
// no tasks.
//
//     const nqueens::work_plan plan(16);
//     nqueens::task_result sum{};
//     for (std::size_t id = 0; id < plan.size(); ++id) sum.total += plan.run(id).total;  // 14772512
class work_plan {
public:
    // Throws std::domain_error(domain_message) unless 1 <= n <= 32.
    explicit work_plan(int n, count_mode mode = count_mode::total) : n_(n)
    {
        check_domain(n);
        join_ = n >= detail::join_min_n && n <= detail::join_max_n;
        distinct_ = mode == count_mode::with_distinct || !join_;
        if (join_) {
            detail::for_each_join_task(n, [this](const detail::join_task& t) {
                join_tasks_.push_back(t);
                estimates_.push_back(detail::join_task_breadth(n_, t));
            });
        } else {
            detail::for_each_sym_task(n, split_depth(n), [this](const detail::sym_task& t) {
                sym_tasks_.push_back(t);
                estimates_.push_back(detail::sym_task_breadth(t, 2));
            });
        }
    }

    int n() const noexcept { return n_; }
    std::size_t size() const noexcept { return estimates_.size(); }

    // Whether the plan gives a distinct count (through distinct_of()).
    bool counts_distinct() const noexcept { return distinct_; }
    count_mode mode() const noexcept { return distinct_ ? count_mode::with_distinct : count_mode::total; }

    // The version of the split: 1 for the symmetric search's tasks, 2 for
    // the join's totals, 3 for the join's tasks whose distinct count comes
    // from Burnside's lemma; 4 and 5 the same for n >= 19, whose tasks split
    // the work further to bound memory. Checkpoints and shards record it.
    std::uint32_t version() const noexcept
    {
        if (!join_) return 1;
        const std::uint32_t totals = detail::join_task_list_version(n_);
        return distinct_ ? totals + 1 : totals;
    }

    // The mode whose plans have `version` (for reading records back).
    static constexpr count_mode mode_of_version(std::uint32_t version) noexcept
    {
        return version == 2 || version == 4 ? count_mode::total : count_mode::with_distinct;
    }

    // Whether each task's distinct count is its share of the whole (the
    // symmetric search's tasks), so that a slice of the plan has one too.
    // With the join's tasks only the whole plan has a distinct count.
    bool distinct_per_task() const noexcept { return distinct_ && !join_; }

    // The distinct count of n from `sum`, the counts of every task of the
    // plan added up: sum.distinct for the symmetric search's tasks; for the
    // join's, Burnside's lemma on sum.total (milliseconds; about a second at
    // n = 22 or 23). 0 for a plan without distinct counts. Throws
    // std::overflow_error rather than wrap.
    std::uint64_t distinct_of(const task_result& sum) const
    {
        if (!distinct_) return 0;
        if (!join_) return sum.distinct;
        return detail::distinct_from(n_, sum.total, detail::count_invariant(n_, 2),
                                     detail::count_invariant(n_, 1));
    }

    // A rough, relative cost of task id; count() starts the largest first
    // and weighs progress by it. Throws std::out_of_range unless id < size().
    std::uint64_t estimate(std::size_t id) const { return estimates_.at(id); }

    // Counts task id on the calling thread. Throws std::out_of_range unless
    // id < size(). Cost: from microseconds to minutes depending on n (a
    // task is about 1/size() of the whole count).
    task_result run(std::size_t id) const { return *run(id, std::stop_token{}); }

    // The same, but gives up and returns std::nullopt soon (within a few
    // milliseconds) after `stop` is requested.
    std::optional<task_result> run(std::size_t id, std::stop_token stop) const
    {
        workspace ws;
        return run(id, stop, ws);
    }

    // The buffers a task of the join fills (its half-board lists: tens of MB,
    // a hundred or two at n = 20..23): a thread that runs many tasks should
    // keep one and pass it to every run() rather than pay for fresh memory
    // each time.
    using workspace = detail::join_workspace;

    std::optional<task_result> run(std::size_t id, std::stop_token stop, workspace& ws) const
    {
        return run_task(
            id, [&stop] { return stop.stop_requested(); }, ws);
    }

private:
    friend class detail::engine_run;

    // Rows placed per symmetric task: enough tasks to keep every thread
    // busy to the end, few enough to enumerate them in milliseconds.
    static constexpr int split_depth(int n) noexcept { return n <= 9 ? 2 : (n <= 19 ? 3 : 4); }

    // `ws` holds the join's buffers, so that a worker reuses them.
    template <class Stop>
    std::optional<task_result> run_task(std::size_t id, Stop&& stop, workspace& ws) const
    {
        if (id >= size()) throw std::out_of_range("nqueens: no such task");
        if (join_) {
            const auto r = detail::run_join_task(n_, join_tasks_[id], ws, stop);
            if (!r) return std::nullopt;
            return task_result{r->total, 0, r->nodes};
        }
        detail::sym_tally tally{};
        if (!detail::search_symmetric(sym_tasks_[id], tally, stop)) return std::nullopt;
        return task_result{tally.total(), tally.distinct(), tally.nodes};
    }

    int n_;
    bool join_ = false;
    bool distinct_ = false;
    std::vector<detail::sym_task> sym_tasks_;
    std::vector<detail::join_task> join_tasks_;
    std::vector<std::uint64_t> estimates_;
};

// Where a running count() stands, passed to count_options::on_progress.
struct progress {
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;  // the tasks this call runs (after `include`)
    double fraction = 0;          // of the work done, weighted by work_plan::estimate; 1 at the end
    double seconds = 0;           // since count() started
    double eta_seconds = -1;      // estimated seconds left; negative while unknown
};

// How count() runs. Every member is optional.
struct count_options {
    unsigned threads = 0;  // 0 = std::thread::hardware_concurrency()
    // What count(n, options) computes; count(plan, options) follows the plan.
    count_mode mode = count_mode::total;
    // Called from the worker threads, one call at a time, at most about 10
    // times a second, and once more when the count ends (fraction 1 unless
    // it was cancelled).
    std::function<void(const progress&)> on_progress;
    // Cancellation: count() returns soon after a stop is requested, with
    // `cancelled` set and the counts of the tasks that finished.
    std::stop_token stop;
    // Runs only the tasks whose id it accepts (shards, resuming); called on
    // the calling thread before the workers start.
    std::function<bool(std::size_t id)> include;
    // Called after each task, one call at a time, from the worker that ran
    // it (for checkpoints). An exception thrown here stops the count and is
    // rethrown by count().
    std::function<void(std::size_t id, const task_result&)> on_task_done;
};

// The outcome of count(). When cancelled, the counts cover the finished tasks only.
struct count_result {
    int n = 0;
    std::uint64_t total = 0;
    std::uint64_t distinct = 0;  // 0 unless counts_distinct; of the whole count only when every task ran
    bool counts_distinct = false;
    std::uint64_t nodes = 0;
    double seconds = 0;
    unsigned threads = 0;  // worker threads used
    bool cancelled = false;
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;
};

namespace detail {

// The shared state of one count(): the task queue, the sums, the callbacks.
class engine_run {
public:
    engine_run(const work_plan& plan, const count_options& options)
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

    count_result run()
    {
        unsigned threads = options_.threads != 0 ? options_.threads : std::thread::hardware_concurrency();
        if (threads == 0) threads = 1;
        if (threads > order_.size()) threads = order_.empty() ? 1 : static_cast<unsigned>(order_.size());
        {
            std::vector<std::jthread> workers;
            workers.reserve(threads);
            try {
                for (unsigned i = 0; i < threads; ++i) workers.emplace_back([this] { work(); });
            } catch (...) {
                failed_.store(true);  // let the started workers stop before they are joined
                throw;
            }
        }
        if (error_) std::rethrow_exception(error_);

        count_result r{};
        r.n = plan_.n();
        r.total = sum_.total;
        r.counts_distinct = plan_.counts_distinct();
        r.cancelled = done_ != order_.size();
        // The distinct count needs every task: a slice or a cancelled run
        // gives its tasks' own sum (0 for the join's tasks).
        r.distinct = !r.cancelled && order_.size() == plan_.size() ? plan_.distinct_of(sum_) : sum_.distinct;
        r.nodes = sum_.nodes;
        r.seconds = elapsed();
        r.threads = threads;
        r.tasks_done = done_;
        r.tasks_total = order_.size();
        if (options_.on_progress) options_.on_progress(snapshot(r.seconds));
        return r;
    }

private:
    double elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

    bool stopping() const noexcept
    {
        return options_.stop.stop_requested() || failed_.load(std::memory_order_relaxed);
    }

    progress snapshot(double seconds) const
    {
        progress p{};
        p.tasks_done = done_;
        p.tasks_total = order_.size();
        p.fraction = done_ == order_.size() ? 1.0 : (work_total_ > 0 ? work_done_ / work_total_ : 0.0);
        p.seconds = seconds;
        p.eta_seconds =
            p.fraction >= 1.0 ? 0.0 : (p.fraction > 0 ? seconds * (1 - p.fraction) / p.fraction : -1.0);
        return p;
    }

    void work()
    {
        const auto should_stop = [this] { return stopping(); };
        work_plan::workspace ws;
        while (!stopping()) {
            const std::size_t k = next_.fetch_add(1, std::memory_order_relaxed);
            if (k >= order_.size()) break;
            const std::size_t id = order_[k];
            try {
                const std::optional<task_result> done = plan_.run_task(id, should_stop, ws);
                if (!done) break;
                const task_result r = *done;
                const std::lock_guard lock(mutex_);
                sum_.total = checked_add(sum_.total, r.total);
                sum_.distinct = checked_add(sum_.distinct, r.distinct);
                sum_.nodes += r.nodes;
                ++done_;
                work_done_ += static_cast<double>(plan_.estimate(id));
                if (options_.on_task_done) options_.on_task_done(id, r);
                if (options_.on_progress && done_ != order_.size()) {
                    const double now = elapsed();
                    if (now - last_report_ >= 0.1) {
                        last_report_ = now;
                        options_.on_progress(snapshot(now));
                    }
                }
            } catch (...) {
                const std::lock_guard lock(mutex_);
                if (!error_) error_ = std::current_exception();
                failed_.store(true, std::memory_order_relaxed);
                break;
            }
        }
    }

    const work_plan& plan_;
    const count_options& options_;
    const std::chrono::steady_clock::time_point start_;
    std::vector<std::size_t> order_;
    double work_total_ = 0;

    std::atomic<std::size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::mutex mutex_;  // guards everything below and serializes the callbacks
    task_result sum_{};
    std::size_t done_ = 0;
    double work_done_ = 0;
    double last_report_ = 0;
    std::exception_ptr error_;
};

}  // namespace detail

// Counts the solutions of `plan` (or of the tasks `options.include` keeps)
// on several threads, which take tasks from a shared counter, largest
// estimate first.
//
// Valid for every plan; throws std::overflow_error rather than wrap, and
// rethrows what a callback throws. Cost: the plan's tasks divided among the
// threads; see count(n).
//
//     const nqueens::work_plan plan(18);
//     nqueens::count_options o;
//     o.include = [](std::size_t id) { return id % 4 == 1; };  // shard 1 of 4
//     auto part = nqueens::count(plan, o);
inline count_result count(const work_plan& plan, const count_options& options = {})
{
    return detail::engine_run(plan, options).run();
}

// Counts the solutions for an n x n board with every core: the total (OEIS
// A000170) by default, or with options.mode = count_mode::with_distinct
// also the number distinct under rotation and reflection (OEIS A002562).
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost, totals only: about a second of one core at n = 17 and ten seconds at
// n = 18, divided among the threads, with tens of MB of memory per thread up
// to n = 19 and at most a few hundred MB per process up to n = 23. Each extra row costs about 4 to 5 times
// more on average, but unevenly: an odd n about twice the even n below it, the next even n about ten times
// the odd one. With distinct: the same for 6 <= n <= 23 (plus about a second at most for Burnside's lemma),
// about ten times more for other n (the symmetric search). Measured figures, with the commands that give
// them: README, "Speed".
//
//     auto r = nqueens::count(16);  // r.total == 14772512
//     nqueens::count_options o;
//     o.mode = nqueens::count_mode::with_distinct;
//     o.threads = 2;
//     o.on_progress = [](const nqueens::progress& p) { std::printf("%.0f %%\n", 100 * p.fraction); };
//     auto both = nqueens::count(16, o);  // both.distinct == 1846955
inline count_result count(int n, const count_options& options = {})
{
    return count(work_plan(n, options.mode), options);
}

}  // namespace nqueens

#endif  // NQUEENS_ENGINE_HPP
