// SPDX-License-Identifier: BSL-1.0
// A counting rank of nqueens-mpi: the engine's threads fed with rank 0's ids, and the reports back.
#include "nqueens-mpi/worker.hpp"

#include "nqueens-mpi/protocol.hpp"

#include "common/fault_injection.hpp"

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace nqueens::app::mpi {

namespace {

using clock = std::chrono::steady_clock;

// Test builds' hooks (fault_hooks): rank `r` is the one named by `hook`.
bool is_test_rank(std::optional<int> hook, int rank)
{
    return hook && *hook == rank;
}

// When the task of this counting thread started. The engine calls
// on_task_done on the thread that ran the task, which took it from the
// source: the time needs no table of its own.
thread_local clock::time_point task_started;

// Results go to rank 0 with the next request, or on their own after this
// long, so that its checkpoint stays fresh.
constexpr auto report_every = std::chrono::milliseconds(500);

// A counting rank. Its counting threads are the engine's (parallel_count
// with a task source, on a thread of its own): they take the ids rank 0
// sent from `queue_` and leave their results in `results_`; the main
// thread alone talks to rank 0.
class counting_rank {
public:
    counting_rank(const work_plan& plan, const detail::thread_choice& threads, int rank, std::stop_token stop,
                  const stop_on_signals& signals)
        : plan_(plan),
          choice_(threads),
          depth_(3 * static_cast<std::size_t>(threads.threads)),
          stop_(stop),
          signals_(signals),
          slow_(is_test_rank(faults().slow_rank, rank)),
          wrong_(is_test_rank(faults().wrong_rank, rank)),
          freeze_(is_test_rank(faults().freeze_rank, rank)),
          slot_started_(threads.threads, false),
          on_stop_(stop, wake_on_stop{this})
    {
    }

    // The engine's threads wait on halt_: a rank that ends, or fails, stops them.
    ~counting_rank() { halt_.request_stop(); }

    counting_rank(const counting_rank&) = delete;
    counting_rank& operator=(const counting_rank&) = delete;

    // Until goodbye, a stop or a failure: the exit status.
    int run()
    {
        start_engine();
        wait_for_threads();
        for (;;) {
            std::unique_lock lock(mutex_);
            wait_for_news(lock);
            if (stop_.stop_requested()) {
                lock.unlock();
                return stopped();
            }
            if (error_) {
                lock.unlock();
                return engine_failed();
            }
            const bool done = engine_ended_;
            // This rank's part is whole once it says goodbye: a later signal
            // must not end it with 130/143 while rank 0 prints the result.
            if (done) commit_to_result();
            const auto now = clock::now();
            if (!done && !need_work(now) && !report_due(now)) {
                if (results_.empty() && parts_.empty()) last_report_ = now;  // else wait_for_news would spin
                continue;
            }
            const std::size_t want = need_work(now) ? depth_ - (queue_.size() + running_) : 0;
            compose(done ? flag_goodbye : 0, want);
            lock.unlock();
            send_report(done);
            if (done) return 0;
            receive_work();
            take_work(want);
        }
    }

private:
    struct finished_task {
        std::uint64_t id;  // marked by_check_route where the check route counted it
        solution_counts counts;
        std::uint64_t microseconds;
    };

    // Parts of a task counted, the task not finished (on_parts_done).
    struct finished_parts {
        std::size_t id;
        std::uint64_t parts;
        part_range range;
        solution_counts counts;
    };

    // A piece of a task rank 0 sent (as_piece): its range, and the parts of
    // it reported so far and what they counted.
    struct piece_state {
        part_range range;
        std::vector<part_range> done;
        solution_counts reported{};

        // The range of the piece not in `done`: the part that finished it
        // (every other part was reported as it was counted).
        part_range last_range()
        {
            std::sort(done.begin(), done.end(),
                      [](const part_range& a, const part_range& b) { return a.begin < b.begin; });
            std::uint64_t next = range.begin;
            for (const part_range& r : done) {
                if (r.begin != next) break;
                next = r.end;
            }
            std::uint64_t end = range.end;
            for (const part_range& r : done)
                if (r.begin > next) end = std::min(end, r.begin);
            return {next, end};
        }
    };

    static count128 minus(count128 a, const count128& b)
    {
        const std::uint64_t borrow = a.low < b.low ? 1 : 0;
        a.low -= b.low;
        a.high -= b.high + borrow;
        return a;
    }
    static solution_counts minus(const solution_counts& a, const solution_counts& b)
    {
        return {minus(a.total, b.total), minus(a.distinct, b.distinct), minus(a.nodes, b.nodes)};
    }

    // Wakes the main thread and the counting threads on a stop.
    struct wake_on_stop {
        counting_rank* rank;
        void operator()() const noexcept
        {
            rank->halt_.request_stop();
            const std::lock_guard lock(rank->mutex_);
            rank->news_.notify_all();
        }
    };

    // --- the counting threads' side: the engine's task source and on_task_done

    // The task source: the next id rank 0 sent, once there is one; none
    // once rank 0 has no more, or on a stop or failure (`halt`).
    std::optional<std::size_t> next_task(unsigned slot, std::stop_token halt)
    {
        std::unique_lock lock(mutex_);
        if (!slot_started_[slot]) thread_started(slot);
        if (!work_arrived_.wait(lock, halt, [&] { return !queue_.empty() || no_more_; }) || queue_.empty())
            return std::nullopt;
        const std::uint64_t word = queue_.front();
        queue_.pop_front();
        const auto id = static_cast<std::size_t>(word & ~by_check_route);
        if (word & by_check_route) checks_.push_back(id);
        ++running_;
        const bool hooked = slow_ && std::exchange(first_task_, false);
        lock.unlock();
        task_started = clock::now();
        // fault_hooks::slow_rank: 2 s more on the rank's first task, timed with it.
        for (int i = 0; hooked && i < 20 && !halt.stop_requested(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        return id;
    }

    // A counting thread's first call (mutex_ held): it has started. In test
    // builds, fault_hooks::thread_start_fails fails thread K here with
    // EAGAIN, as its start would fail with too many processes.
    void thread_started(unsigned slot)
    {
        slot_started_[slot] = true;
        if (const std::optional<unsigned> k = faults().thread_start_fails; k && slot == *k)
            throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
        ++started_;
        news_.notify_all();
    }

    void task_done(std::size_t id, solution_counts counts)
    {
        const auto took = std::chrono::duration_cast<std::chrono::microseconds>(clock::now() - task_started);
        {
            const std::lock_guard lock(mutex_);
            --running_;
            begun_.erase(id);
            if (const auto p = pieces_.find(id); p != pieces_.end()) {
                // The piece's last parts: the one range not reported yet, and
                // what the piece counted less what was reported of it.
                parts_.push_back(
                    {id, plan_.parts(id), p->second.last_range(), minus(counts, p->second.reported)});
                pieces_.erase(p);
                news_.notify_all();
                return;
            }
            std::uint64_t word = id;
            if (const auto c = std::find(checks_.begin(), checks_.end(), id); c != checks_.end()) {
                checks_.erase(c);
                word |= by_check_route;
            }
            // fault_hooks::wrong_rank: one solution too many in its first result.
            if (wrong_ && std::exchange(first_result_, false)) counts.total += 1;
            counts.total += faults().task_offset;  // 0 but in a test that asks
            results_.push_back({word, counts, static_cast<std::uint64_t>(took.count())});
        }
        news_.notify_all();
    }

    // Parts of a task left unfinished go to rank 0 with the next report,
    // but not a check's: rank 0 keeps the parts of first counts only.
    void parts_done(std::size_t id, std::uint64_t parts, part_range range, const solution_counts& counts)
    {
        {
            const std::lock_guard lock(mutex_);
            if (std::find(checks_.begin(), checks_.end(), id) != checks_.end()) return;
            if (const auto p = pieces_.find(id); p != pieces_.end()) {
                p->second.done.push_back(range);
                p->second.reported += counts;
            }
            parts_.push_back({id, parts, range, counts});
        }
        news_.notify_all();
    }

    // The parts a run before counted of task id, as rank 0 sent them, or
    // nullptr (a check counts the whole task).
    const partial_task* begun(std::size_t id)
    {
        const std::lock_guard lock(mutex_);
        if (std::find(checks_.begin(), checks_.end(), id) != checks_.end()) return nullptr;
        const auto it = begun_.find(id);
        return it == begun_.end() ? nullptr : &it->second;
    }

    // --- the main thread's side

    // The engine on a thread of its own, which tells the main thread when it has ended.
    void start_engine()
    {
        engine_ = std::jthread([this] {
            const task_source source = [this](unsigned slot, std::stop_token halt) {
                return next_task(slot, halt);
            };
            parallel_options o;
            o.threads = choice_.threads;
            o.stop = halt_.get_token();
            o.on_task_done = [this](std::size_t id, const solution_counts& c) { task_done(id, c); };
            o.on_parts_done = [this](std::size_t id, std::uint64_t parts, part_range range,
                                     const solution_counts& c) { parts_done(id, parts, range, c); };
            o.begun = [this](std::size_t id) { return begun(id); };
            hold_as_hooked(o);  // test builds: NQUEENS_TEST_HOLD_TASK, NQUEENS_TEST_HOLD_PART
            // A check rank 0 sent goes by the other route than counts take.
            o.route_of = [this](std::size_t id) {
                const std::lock_guard lock(mutex_);
                return std::find(checks_.begin(), checks_.end(), id) != checks_.end() ? count_route::check
                                                                                      : count_route::fast;
            };
            std::exception_ptr error;
            try {
                parallel_count(plan_, source, o);
            } catch (...) {
                error = std::current_exception();
            }
            {
                const std::lock_guard lock(mutex_);
                error_ = error;
                engine_ended_ = true;
            }
            news_.notify_all();
        });
    }

    // Until every counting thread has started, or the engine has ended (one
    // could not start), or a stop: no request goes to rank 0 before.
    void wait_for_threads()
    {
        std::unique_lock lock(mutex_);
        news_.wait(lock,
                   [&] { return started_ == choice_.threads || engine_ended_ || stop_.stop_requested(); });
    }

    // Until a stop, the engine's end, work to ask for, the next report, or
    // (after a wait_marker) the time to ask again.
    void wait_for_news(std::unique_lock<std::mutex>& lock)
    {
        auto wake = last_report_ + report_every;
        if (ask_after_ > clock::now()) wake = std::min(wake, ask_after_);
        news_.wait_until(lock, wake,
                         [&] { return stop_.stop_requested() || engine_ended_ || need_work(clock::now()); });
    }

    // Ids in hand (queued + running): enough that the threads never wait
    // for a reply from rank 0; more are asked for when fewer than the
    // threads are queued. Called with mutex_ held.
    bool need_work(clock::time_point now) const
    {
        return !no_more_ && queue_.size() < choice_.threads && now >= ask_after_;
    }

    // Results wait for half a second at most; a silent rank still reports every heartbeat.
    bool report_due(clock::time_point now) const
    {
        return ((!results_.empty() || !parts_.empty()) && now >= last_report_ + report_every) ||
               now >= last_sent_ + heartbeat;
    }

    // The report into message_, with the results in (which it takes).
    // Called with mutex_ held, or once the engine has ended.
    void compose(std::uint64_t flags, std::size_t want)
    {
        message_.assign({flags, want, results_.size(), choice_.threads,
                         static_cast<std::uint64_t>(choice_.limited_by), choice_.memory_budget,
                         plan_.route_label_index(count_route::fast), parts_.size()});
        for (const finished_task& t : results_) {
            message_.push_back(t.id);
            append_counts(message_, t.counts);
            message_.push_back(t.microseconds);
        }
        for (const finished_parts& p : parts_) {
            message_.insert(message_.end(), {p.id, p.parts, p.range.begin, p.range.end});
            append_counts(message_, p.counts);
        }
        results_.clear();
        parts_.clear();
    }

    void send() const
    {
        MPI_Send(message_.data(), static_cast<int>(message_.size()), MPI_UINT64_T, 0, tag_report,
                 MPI_COMM_WORLD);
    }

    void send_report(bool done)
    {
        send();
        // fault_hooks::freeze_rank: SIGSTOP once its first results are out
        // (freeze_on_parts: its first parts of a task not finished).
        if (freeze_ && (faults().freeze_on_parts ? carries_unfinished_parts() : message_[2] > 0) && !done) {
            freeze_ = false;
            std::raise(SIGSTOP);
        }
        last_report_ = clock::now();
        last_sent_ = last_report_;
    }

    // Whether the report in message_ carries parts of a task it does not finish.
    bool carries_unfinished_parts() const
    {
        const std::size_t parts_at = report_header + words_per_task * message_[2];
        for (std::size_t i = 0; i < message_[7]; ++i) {
            const std::uint64_t id = message_[parts_at + words_per_part * i];
            bool finished = false;
            for (std::size_t t = 0; t < message_[2]; ++t)
                finished = finished || (message_[report_header + words_per_task * t] & ~by_check_route) == id;
            if (!finished) return true;
        }
        return false;
    }

    // Rank 0's answer into reply_ (its size: the words). Polled with naps:
    // Open MPI's blocking receive spins and would take a core from the
    // counting threads while rank 0 answers.
    void receive_work()
    {
        MPI_Status status;
        int arrived = 0;
        for (std::chrono::microseconds nap{10};; nap = std::min(nap * 2, std::chrono::microseconds{500})) {
            MPI_Iprobe(0, tag_work, MPI_COMM_WORLD, &arrived, &status);
            if (arrived) break;
            std::this_thread::sleep_for(nap);
        }
        int got = 0;
        MPI_Get_count(&status, MPI_UINT64_T, &got);
        reply_.resize(static_cast<std::size_t>(got));
        MPI_Recv(reply_.data(), got, MPI_UINT64_T, 0, tag_work, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    // Rank 0's answer to a request for `want` ids: its ids go to the queue
    // (with the parts counted of those that have some); a wait_marker means
    // ask again, backing off from 1 ms to 100 ms while the wait lasts (so
    // that the end of the count, when the other ranks' last tasks finish,
    // is heard about soon); no id, that none is left.
    void take_work(std::size_t want)
    {
        const bool wait = reply_.size() == 1 && reply_[0] == wait_marker;
        if (wait) {
            reply_.clear();
            ask_after_ = clock::now() + backoff_;
            backoff_ = std::min(backoff_ * 2, std::chrono::milliseconds{100});
        } else if (!reply_.empty()) {
            backoff_ = std::chrono::milliseconds{1};
        }
        std::vector<std::uint64_t> ids;
        std::vector<partial_task> begun;
        std::vector<std::pair<std::size_t, part_range>> pieces;
        for (std::size_t at = 0; at < reply_.size();) {
            const std::uint64_t word = reply_[at++];
            const std::uint64_t marks = word & (by_check_route | with_parts | as_piece);
            const auto id = static_cast<std::size_t>(word & ~marks);
            if (id >= plan_.size() || std::popcount(marks) > 1)
                throw std::runtime_error("rank 0 sent a malformed task list");
            if (word & with_parts) begun.push_back(read_begun(plan_, id, reply_.data(), reply_.size(), at));
            if (word & as_piece) {
                const part_range r = read_piece(plan_, id, reply_.data(), reply_.size(), at);
                pieces.emplace_back(id, r);
                begun.push_back(all_but(id, r));
            }
            ids.push_back(word & ~(with_parts | as_piece));
        }
        if (ids.size() > want) throw std::runtime_error("rank 0 sent a malformed task list");
        {
            const std::lock_guard lock(mutex_);
            for (const auto& [id, r] : pieces)
                if (!pieces_.emplace(id, piece_state{r, {}, {}}).second || begun_.count(id) != 0)
                    throw std::runtime_error("rank 0 sent task " + std::to_string(id) + " twice");
            for (partial_task& p : begun) begun_.emplace(p.id, std::move(p));
            queue_.insert(queue_.end(), ids.begin(), ids.end());
            if (want > 0 && ids.empty() && !wait) no_more_ = true;
        }
        work_arrived_.notify_all();
    }

    // Task id with all its parts but `r` taken as counted (and as counting
    // nothing): the engine counts only those.
    partial_task all_but(std::size_t id, part_range r) const
    {
        partial_task p{id, plan_.parts(id), {}, {}};
        if (r.begin > 0) p.done.push_back({0, r.begin});
        if (r.end < p.parts) p.done.push_back({r.end, p.parts});
        return p;
    }

    // Stopped by a signal: the running tasks end soon on the stop, or add
    // their results, which go to rank 0 with flag_stopped; rank 0 writes the
    // checkpoint and aborts the job.
    int stopped()
    {
        halt_.request_stop();
        engine_.join();
        const int sig = signals_.caught() != 0 ? signals_.caught() : SIGTERM;
        compose(flag_stopped | (static_cast<std::uint64_t>(sig) << flag_shift), 0);
        send();
        return 128 + sig;
    }

    // The engine ended with an exception. A thread that could not start (too
    // many processes for the user, no memory) ends the rank, and rank 0
    // hears why, rather than both waiting forever; anything else is thrown
    // on (main aborts the job).
    int engine_failed()
    {
        engine_.join();
        try {
            std::rethrow_exception(error_);
        } catch (const std::system_error& e) {
            if (started_ == choice_.threads) throw;
            compose(flag_failed | (static_cast<std::uint64_t>(e.code().value()) << flag_shift), 0);
            send();
            return 1;
        }
    }

    const work_plan& plan_;
    const detail::thread_choice choice_;
    const std::size_t depth_;  // ids in hand (queued + running) after a request
    const std::stop_token stop_;
    const stop_on_signals& signals_;
    const bool slow_;
    const bool wrong_;
    bool freeze_;

    // Shared with the counting threads, under mutex_.
    std::deque<std::uint64_t> queue_;  // ids, checks marked by_check_route
    std::vector<std::size_t> checks_;  // the ids taken from it as checks, until done
    std::vector<finished_task> results_;
    std::vector<finished_parts> parts_;
    std::map<std::size_t, partial_task> begun_;  // the parts counted before of tasks rank 0 sent, until done
    std::map<std::size_t, piece_state> pieces_;  // the pieces rank 0 sent, until done
    std::size_t running_ = 0;
    bool no_more_ = false;
    std::vector<bool> slot_started_;
    unsigned started_ = 0;
    bool first_task_ = true;    // the rank's first task is yet to start
    bool first_result_ = true;  // and its first result is yet to come
    bool engine_ended_ = false;
    std::exception_ptr error_;

    // The main thread's own.
    clock::time_point last_report_ = clock::now();
    clock::time_point last_sent_ = last_report_;
    clock::time_point ask_after_ = last_report_;
    std::chrono::milliseconds backoff_{1};
    std::vector<std::uint64_t> message_;
    std::vector<std::uint64_t> reply_;

    std::mutex mutex_;
    std::condition_variable news_;              // for the main thread
    std::condition_variable_any work_arrived_;  // for the counting threads, with halt_'s token
    std::stop_source halt_;                     // the engine's stop
    std::stop_callback<wake_on_stop> on_stop_;
    std::jthread engine_;  // last: joined first
};

}  // namespace

int run_worker(const work_plan& plan, const detail::thread_choice& threads, int rank, std::stop_token stop,
               const stop_on_signals& signals)
{
    return counting_rank(plan, threads, rank, std::move(stop), signals).run();
}

}  // namespace nqueens::app::mpi
