// SPDX-License-Identifier: BSL-1.0
// The threaded engine's shared state: the task queue (or source), the sums, progress and the callbacks of one
// parallel_count(), and how many threads it runs.
#ifndef NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP
#define NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/runtime/memory_budget.hpp>
#include <nqueens/runtime/parallel_options.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/solution_counts.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace nqueens::detail {

// How many threads a count runs and why (parallel_result's threads, limited_by and memory_budget).
struct thread_choice {
    unsigned threads = 1;
    thread_limit limited_by = thread_limit::asked;
    std::uint64_t memory_budget = 0;  // the bytes the threads were chosen for; 0 when they were asked
};

// The threads of a count of n: `asked` if it is not 0, else one for each of
// `cores` (0: this machine's), but no more than fit in `budget` bytes by
// work_plan::threads_within (0: the machine's, memory_budget(read_machine_memory())).
// nqueens-mpi's counting ranks choose theirs by it too, from their share of their node's cores.
inline thread_choice choose_threads(int n, unsigned asked, std::uint64_t budget, unsigned cores = 0)
{
    if (asked != 0) return {asked, thread_limit::asked, 0};
    if (budget == 0) budget = memory_budget(read_machine_memory());
    if (cores == 0) cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned fit = work_plan::threads_within(n, budget);
    return {std::min(cores, fit), fit < cores ? thread_limit::memory : thread_limit::cores, budget};
}

// The shared state of one parallel_count(): the task queue or source, the sums, the callbacks.
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
        // end; ties keep id order so that runs repeat. Tasks begun by a run
        // before come first, so that a record holds few of them.
        std::stable_sort(order_.begin(), order_.end(),
                         [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
        if (options.begun) {
            for (const std::size_t id : order_) {
                const partial_task* b = options.begun(id);
                if (!b) continue;
                begun_.emplace(id, *b);
                work_total_ -= static_cast<double>(plan.estimate(id)) * static_cast<double>(b->parts_done()) /
                               static_cast<double>(b->parts);
            }
            std::stable_partition(order_.begin(), order_.end(),
                                  [&](std::size_t id) { return begun_.count(id) != 0; });
        }
        begun_waiting_ = begun_.size();
        tasks_total_ = order_.size();
    }

    // The tasks come from `source` as it hands them out (options.include
    // is not used): the threads are not limited to the tasks, which are
    // not known in advance.
    engine_run(const work_plan& plan, const task_source& source, const parallel_options& options)
        : plan_(plan), options_(options), start_(std::chrono::steady_clock::now()), source_(&source)
    {
    }

    parallel_result run()
    {
        thread_choice choice = choose_threads(plan_.n(), options_.threads, options_.memory_budget);
        if (!source_ && choice.threads > order_.size()) {
            // Fewer tasks than threads: as many threads as they have parts
            // left (the threads share a task part by part).
            std::uint64_t parts = 0;
            for (const std::size_t id : order_) {
                const auto b = begun_.find(id);
                parts += b == begun_.end() ? plan_.parts(id) : b->second.parts - b->second.parts_done();
                if (parts >= choice.threads) break;
            }
            if (parts < choice.threads) {
                choice.threads = parts == 0 ? 1 : static_cast<unsigned>(parts);
                choice.limited_by = thread_limit::tasks;
            }
        }
        const unsigned threads = choice.threads;
        running_.assign(threads, running_task{});
        threads_ = threads;
        limited_by_ = choice.limited_by;
        // A stop wakes the workers that wait in the source.
        const auto relay_stop = [this]() noexcept { halt_.request_stop(); };
        std::optional<std::stop_callback<decltype(relay_stop)>> relay;
        if (source_) {
            halt_ = std::stop_source();
            relay.emplace(options_.stop, relay_stop);
        }
        if (options_.on_progress) options_.on_progress(snapshot(0));
        {
            std::vector<std::jthread> workers;
            workers.reserve(threads);
            try {
                for (unsigned i = 0; i < threads; ++i) workers.emplace_back([this, i] { work(i); });
            } catch (...) {
                failed_.store(true);  // let the started workers stop before they are joined
                halt_.request_stop();
                throw;
            }
        }
        if (error_) std::rethrow_exception(error_);

        parallel_result r{};
        r.n = plan_.n();
        r.mode = plan_.mode();
        // A source returns none on a stop as it does at the end: a stop cancels.
        r.cancelled = done_ != tasks_total_ || (source_ && options_.stop.stop_requested());
        r.sum = sum_;
        // The distinct count needs every task: a slice or a cancelled run
        // gives its tasks' own sum (0 for the join's tasks), as do a
        // source's tasks, which need not be the plan's, nor each once.
        if (!r.cancelled && !source_ && order_.size() == plan_.size())
            r.sum.distinct = plan_.distinct_of(sum_);
        r.seconds = elapsed();
        r.threads = threads;
        r.limited_by = choice.limited_by;
        r.memory_budget = choice.memory_budget;
        r.tasks_done = done_;
        r.tasks_total = tasks_total_;
        source_dry_ = !r.cancelled;
        if (options_.on_progress) options_.on_progress(snapshot(r.seconds));
        return r;
    }

private:
    // The piece a worker is counting; `started` < 0 while it has none.
    struct running_task {
        double estimate = 0;  // the piece's share of its task's estimate
        double started = -1;
        double parts_done = 0;  // the share of its parts done (a whole task of several parts)
        std::size_t id = 0;     // its task
        bool part = false;      // a part of an open task, not a whole task
    };

    // Work for one worker: parts `range` of task `id`, or the whole task.
    struct piece {
        std::size_t id = 0;
        part_range range{};
        bool whole = false;
        double estimate = 0;  // its share of the task's estimate
        bool probe = false;   // one of its task's probes
    };

    // A task of at least probe_min_parts parts left hands out probe_parts
    // of them first, spread evenly over it and in an order that keeps any
    // first few spread too: once probes_enough are in, their time, against
    // the task's, tells its progress. The parts of a task differ in cost, in
    // order (at n = 28 its first parts took a sixth of the time of parts
    // drawn at random), so the share of parts counted would not.
    static constexpr std::uint64_t probe_parts = 64;  // a power of 2
    static constexpr std::uint64_t probe_min_parts = 256;
    static constexpr std::uint64_t probes_enough = 8;

    // A task whose parts are being handed out or counted. The threads share
    // it part by part, so that no task of hours runs on one thread and a
    // record keeps the parts done.
    struct open_task {
        std::size_t id = 0;
        std::uint64_t parts = 0;
        std::vector<part_range> todo;       // not handed out yet, in order
        std::vector<std::uint64_t> probes;  // not handed out yet, handed out before `todo`
        std::uint64_t left = 0;             // not counted yet (probes, todo and running)
        std::uint64_t left_at_open = 0;     // the parts this run counts
        solution_counts counts{};           // of the parts counted, a run before's included
        double part_estimate = 0;           // the task's estimate over its parts
        bool whole = false;                 // counted as one piece
        double seconds = 0;                 // the counted parts' time
        double probe_seconds = 0;           // the counted probes' time
        std::uint64_t probes_total = 0;     // probes chosen
        std::uint64_t probes_done = 0;      // probes counted
    };

    double elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

    bool stopping() const noexcept
    {
        return options_.stop.stop_requested() || failed_.load(std::memory_order_relaxed);
    }

    // Whether open task t's progress is told by its probes: enough are in.
    static bool probed(const open_task& t) noexcept
    {
        return t.probes_total > 0 && t.probes_done >= probes_enough;
    }

    // The work done, in units of plan.estimate: the finished tasks; each
    // task counted in parts, once enough probes are in, by its time so far
    // (its parts' counted and running) against its parts left times what a
    // probe took on average (at most 95 % of its estimate), else by the share of its
    // parts counted; each running piece not so told by the larger of the
    // share of its parts done and its time so far against the seconds a
    // unit of estimate took in the finished tasks (at most 90 % of its
    // estimate; none before a task has finished). Called with mutex_ held.
    double work_done_by(double now) const
    {
        double work = work_done_;
        const bool timed = work_done_ > 0 && task_seconds_ > 0;
        const double seconds_per_unit = timed ? task_seconds_ / work_done_ : 0;
        for (const open_task& t : open_) {
            if (t.whole) continue;
            const auto counted = static_cast<double>(t.left_at_open - t.left);
            if (!probed(t)) {
                work += t.part_estimate * counted;
                continue;
            }
            double spent = t.seconds;
            for (const running_task& r : running_)
                if (r.started >= 0 && r.part && r.id == t.id) spent += now - r.started;
            const double probe = t.probe_seconds / static_cast<double>(t.probes_done);
            const double expected = probe * static_cast<double>(t.left_at_open);
            const double estimate = t.part_estimate * static_cast<double>(t.left_at_open);
            work += expected > 0 ? estimate * std::min(0.95, spent / expected) : t.part_estimate * counted;
        }
        for (const running_task& r : running_) {
            if (r.started < 0) continue;
            if (r.part) {
                const auto t = std::find_if(open_.begin(), open_.end(),
                                            [&](const open_task& o) { return o.id == r.id; });
                if (t != open_.end() && probed(*t)) continue;  // in its task's time above
            }
            const double estimate = r.estimate;
            double share = r.parts_done * estimate;
            if (timed)
                share = std::max(share, std::min(0.9 * estimate, (now - r.started) / seconds_per_unit));
            work += share;
        }
        return work;
    }

    // Called with mutex_ held (or before the workers start, or after they
    // end). With a source, the tasks so far and no fraction (the work still
    // to come is unknown) until it has run dry.
    progress snapshot(double seconds)
    {
        progress p{};
        p.tasks_done = done_;
        p.tasks_total = tasks_total_;
        p.tasks_begun = open_.size() + begun_waiting_;
        if (source_)
            p.fraction = source_dry_ ? 1.0 : 0.0;
        else if (done_ == tasks_total_)
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
        if (!lock.owns_lock() || now - last_report_ < every || all_done()) return;
        report(now);
    }

    // Every task is done and the final report is run()'s (never known with a
    // source). Called with mutex_ held.
    bool all_done() const noexcept { return !source_ && done_ == tasks_total_; }

    // Called with mutex_ held.
    void report(double now)
    {
        last_report_ = now;
        last_report_seen_.store(now, std::memory_order_relaxed);
        options_.on_progress(snapshot(now));
    }

    // The next task for worker `slot`, from the list or the source; none
    // once there is no more. std::out_of_range for an id not in the plan.
    std::optional<std::size_t> next_task(unsigned slot)
    {
        if (!source_) {
            const std::size_t k = next_.fetch_add(1, std::memory_order_relaxed);
            if (k >= order_.size()) return std::nullopt;
            return order_[k];
        }
        const std::optional<std::size_t> id = (*source_)(slot, halt_.get_token());
        if (id && *id >= plan_.size())
            throw std::out_of_range("nqueens: parallel_count's task source handed out task " +
                                    std::to_string(*id) + ", but the plan has " +
                                    std::to_string(plan_.size()) + " tasks");
        return id;
    }

    // Called with mutex_ held: the next part of the first open task that
    // has parts left to hand out, its probes first.
    std::optional<piece> take_open_part()
    {
        for (open_task& t : open_) {
            if (!t.probes.empty()) {
                const std::uint64_t k = t.probes.back();
                t.probes.pop_back();
                return piece{t.id, {k, k + 1}, false, t.part_estimate, true};
            }
            if (t.todo.empty()) continue;
            part_range& first = t.todo.front();
            const piece p{t.id, {first.begin, first.begin + 1}, false, t.part_estimate};
            if (++first.begin == first.end) t.todo.erase(t.todo.begin());
            return p;
        }
        return std::nullopt;
    }

    // Called with mutex_ held: opens task id of `parts` parts (less those a
    // run before counted) and hands out its first piece: the whole task
    // where it has one part, else its first part left.
    piece open(std::size_t id, std::uint64_t parts)
    {
        open_task t;
        t.id = id;
        t.parts = parts;
        const double estimate = static_cast<double>(plan_.estimate(id));
        t.part_estimate = estimate / static_cast<double>(parts);
        std::uint64_t next = 0;
        if (const auto b = begun_.find(id); b != begun_.end()) {
            t.counts = b->second.counts;
            for (const part_range& r : b->second.done) {
                if (next < r.begin) t.todo.push_back({next, r.begin});
                next = r.end;
            }
            begun_.erase(b);
            --begun_waiting_;
        }
        if (next < parts) t.todo.push_back({next, parts});
        for (const part_range& r : t.todo) t.left += r.end - r.begin;
        t.left_at_open = t.left;
        const bool whole = parts == 1 && t.left == 1;
        t.whole = whole;
        if (whole) t.todo.clear();
        if (t.left >= probe_min_parts) choose_probes(t);
        open_.push_back(std::move(t));
        if (whole) return piece{id, {0, 1}, true, estimate};
        return *take_open_part();
    }

    // Takes task t's probes out of its todo: the parts left at 1/128,
    // 3/128, ..., 127/128 of the way (probe_parts of them), handed out by
    // the bit-reversed order of their places (the first half way, then a
    // quarter and three quarters, ...).
    static void choose_probes(open_task& t)
    {
        std::vector<std::uint64_t> at;  // the probes' places among the parts left, increasing
        for (std::uint64_t j = 0; j < probe_parts; ++j)
            at.push_back(t.left * (2 * j + 1) / (2 * probe_parts));
        std::vector<part_range> rest;
        std::uint64_t seen = 0;  // parts left before the range
        std::size_t next = 0;
        for (const part_range& r : t.todo) {
            std::uint64_t from = r.begin;
            for (; next < at.size() && at[next] < seen + (r.end - r.begin); ++next) {
                const std::uint64_t part = r.begin + (at[next] - seen);
                if (from < part) rest.push_back({from, part});
                t.probes.push_back(part);
                from = part + 1;
            }
            if (from < r.end) rest.push_back({from, r.end});
            seen += r.end - r.begin;
        }
        t.todo = std::move(rest);
        std::vector<std::uint64_t> order(t.probes.size());
        const int bits = std::countr_zero(probe_parts);
        for (std::uint64_t i = 0; i < probe_parts; ++i) {
            std::uint64_t r = 0;
            for (int b = 0; b < bits; ++b) r |= ((i >> b) & 1) << (bits - 1 - b);
            order[probe_parts - 1 - i] = t.probes[r];  // taken from the back
        }
        t.probes = std::move(order);
        t.probes_total = t.probes.size();
    }

    // The next piece for worker `slot`: a part of an open task, else a new
    // task; none once there is no more.
    std::optional<piece> next_piece(unsigned slot)
    {
        {
            const std::lock_guard lock(mutex_);
            if (std::optional<piece> p = take_open_part()) return p;
        }
        const std::optional<std::size_t> id = next_task(slot);
        if (!id) return std::nullopt;
        const std::uint64_t parts = plan_.parts(*id);
        // A source's task may come with the parts a run before counted.
        const partial_task* b = source_ && options_.begun ? options_.begun(*id) : nullptr;
        if (b && (b->parts != parts || b->parts_done() >= parts))
            throw std::invalid_argument("nqueens: parallel_count's begun(" + std::to_string(*id) +
                                        ") does not fit the plan's " + std::to_string(parts) + " parts");
        const std::lock_guard lock(mutex_);
        if (source_) {
            ++tasks_total_;
            const double estimate = static_cast<double>(plan_.estimate(*id));
            work_total_ +=
                b ? estimate * static_cast<double>(parts - b->parts_done()) / static_cast<double>(parts)
                  : estimate;
            if (b && begun_.emplace(*id, *b).second) ++begun_waiting_;
        }
        return open(*id, parts);
    }

    // Called with mutex_ held: piece p counted r in `seconds`. The piece
    // that counts a task's last part finishes the task (on_task_done with
    // its whole count); the others go to on_parts_done.
    void piece_done(const piece& p, const solution_counts& r, double seconds)
    {
        const auto t =
            std::find_if(open_.begin(), open_.end(), [&](const open_task& o) { return o.id == p.id; });
        t->counts += r;
        const std::uint64_t parts = p.range.end - p.range.begin;
        t->left -= parts;
        t->seconds += seconds;
        if (p.probe) {
            t->probe_seconds += seconds;
            ++t->probes_done;
        }
        if (t->left != 0) {
            if (options_.on_parts_done) options_.on_parts_done(p.id, t->parts, p.range, r);
            return;
        }
        // The task's work and time count once it is finished (work_done_by
        // tells it while it runs).
        work_done_ += t->whole ? p.estimate : t->part_estimate * static_cast<double>(t->left_at_open);
        task_seconds_ += t->seconds;
        const solution_counts whole = t->counts;
        open_.erase(t);
        sum_ += whole;
        ++done_;
        if (options_.on_task_done) options_.on_task_done(p.id, whole);
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
        const auto no_part = [](std::uint64_t, std::uint64_t) {};
        work_plan::workspace ws;
        while (!stopping()) {
            try {
                const std::optional<piece> next = next_piece(slot);
                if (!next) break;
                const piece p = *next;
                {
                    const std::lock_guard lock(mutex_);
                    running_[slot] = running_task{p.estimate, elapsed(), 0, p.id, !p.whole};
                }
                work_plan::use_route(ws, options_.route_of ? options_.route_of(p.id) : options_.route);
                const std::optional<solution_counts> done =
                    p.whole ? plan_.run_task(p.id, poll, ws, on_part)
                            : plan_.run_part_range(p.id, p.range.begin, p.range.end, poll, ws, no_part);
                const std::lock_guard lock(mutex_);
                const double now = elapsed();
                const double started = running_[slot].started;
                running_[slot] = running_task{};
                if (!done) break;
                piece_done(p, *done, now - started);
                if (options_.on_progress && !all_done() && now - last_report_ >= 0.1) report(now);
            } catch (...) {
                {
                    const std::lock_guard lock(mutex_);
                    running_[slot] = running_task{};
                    if (!error_) error_ = std::current_exception();
                    failed_.store(true, std::memory_order_relaxed);
                }
                halt_.request_stop();  // outside the lock: it runs the source's stop callbacks
                break;
            }
        }
    }

    const work_plan& plan_;
    const parallel_options& options_;
    const std::chrono::steady_clock::time_point start_;
    const task_source* const source_ = nullptr;  // none: the tasks are order_
    std::vector<std::size_t> order_;
    std::stop_source halt_{std::nostopstate};  // with a source: requested on a stop or a failure

    std::atomic<std::size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::atomic<double> last_report_seen_{0};    // last_report_, read by the polls without the lock
    std::mutex mutex_;                           // guards everything below and serializes the callbacks
    std::vector<running_task> running_;          // one per worker
    std::list<open_task> open_;                  // tasks being handed out or counted, oldest first
    std::map<std::size_t, partial_task> begun_;  // tasks a run before began, not opened yet
    std::size_t begun_waiting_ = 0;              // begun_.size(), read by the progress
    std::size_t tasks_total_ = 0;                // order_.size(), or the tasks a source handed out so far
    double work_total_ = 0;
    bool source_dry_ = false;  // the source returned none to every worker, without a stop
    solution_counts sum_{};
    std::size_t done_ = 0;
    double work_done_ = 0;
    double task_seconds_ = 0;  // the finished tasks' own times (their pieces'), added up
    double last_report_ = 0;
    double last_fraction_ = 0;
    std::exception_ptr error_;
    unsigned threads_ = 0;
    thread_limit limited_by_ = thread_limit::cores;
};

}  // namespace nqueens::detail

#endif  // NQUEENS_RUNTIME_DETAIL_ENGINE_RUN_HPP
