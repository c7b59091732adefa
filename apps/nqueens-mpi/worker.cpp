// SPDX-License-Identifier: BSL-1.0
// A counting rank of nqueens-mpi: its threads, its queue, its reports to rank 0.
#include "nqueens-mpi/worker.hpp"

#include "nqueens-mpi/protocol.hpp"

#include "common/fault_injection.hpp"

#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace nqueens::app::mpi {

namespace {

// Test builds' hooks (fault_hooks): rank `r` is the one named by `hook`.
bool is_test_rank(std::optional<int> hook, int rank)
{
    return hook && *hook == rank;
}

}  // namespace

int run_worker(const work_plan& plan, unsigned threads, int rank, std::stop_token stop,
               const stop_on_signals& signals)
{
    struct finished_task {
        std::size_t id;
        solution_counts counts;
        std::uint64_t microseconds;
    };
    std::mutex m;
    std::condition_variable cv;
    std::deque<std::size_t> queue;
    std::vector<finished_task> results;
    const bool slow = is_test_rank(faults().slow_rank, rank);
    const bool wrong = is_test_rank(faults().wrong_rank, rank);
    bool freeze = is_test_rank(faults().freeze_rank, rank);
    bool first = true;         // the rank's first task is yet to start
    bool first_result = true;  // and its first result is yet to come
    std::size_t running = 0;
    bool no_more = false;
    bool stopped = false;

    std::vector<std::jthread> pool;
    const std::optional<unsigned> fail_at = faults().thread_start_fails;
    // A thread that cannot start (too many processes for the user, no
    // memory) ends the rank: the started ones are told to stop (they wait
    // on `cv`, not on a stop token), and rank 0 hears why, rather than both
    // waiting forever.
    auto cannot_start = [&](int error) {
        {
            std::lock_guard lock(m);
            stopped = true;
        }
        cv.notify_all();
        pool.clear();
        std::uint64_t report[4] = {flag_failed | (static_cast<std::uint64_t>(error) << flag_shift), 0, 0,
                                   threads};
        MPI_Send(report, 4, MPI_UINT64_T, 0, tag_report, MPI_COMM_WORLD);
        return 1;
    };
    for (unsigned t = 0; t < threads; ++t) {
        try {
            if (fail_at && t == *fail_at)
                throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
            pool.emplace_back([&] {
                work_plan::workspace ws;  // reused by this thread's tasks
                std::unique_lock lock(m);
                for (;;) {
                    cv.wait(lock, [&] { return !queue.empty() || no_more || stopped; });
                    if (stopped || queue.empty()) return;
                    const std::size_t id = queue.front();
                    queue.pop_front();
                    ++running;
                    const bool hooked = std::exchange(first, false) && slow;
                    lock.unlock();
                    const auto started = std::chrono::steady_clock::now();
                    for (int i = 0; hooked && i < 20 && !stop.stop_requested(); ++i)
                        std::this_thread::sleep_for(std::chrono::milliseconds(100));
                    std::optional<solution_counts> r = plan.run(id, stop, ws);
                    const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - started);
                    lock.lock();
                    --running;
                    if (!r) {
                        stopped = true;
                    } else {
                        if (wrong && std::exchange(first_result, false)) ++r->total;
                        results.push_back({id, *r, static_cast<std::uint64_t>(took.count())});
                    }
                    cv.notify_all();
                }
            });
        } catch (const std::system_error& e) {
            return cannot_start(e.code().value());
        }
    }
    std::stop_callback on_stop(stop, [&] {
        std::lock_guard lock(m);
        stopped = true;
        cv.notify_all();
    });

    // Ids in hand (queued + running): enough that the threads never wait
    // for a reply from rank 0; more are asked for when fewer than `threads`
    // are queued. Results ride along with those requests, or go on their own
    // every half second so that rank 0's checkpoint stays fresh.
    const std::size_t depth = 3 * static_cast<std::size_t>(threads);
    const auto report_every = std::chrono::milliseconds(500);
    auto last_report = std::chrono::steady_clock::now();
    auto last_sent = last_report;
    // After a wait_marker: ask again at ask_after, backing off from 1 ms to
    // 100 ms while the wait lasts (so the end of the count, when the other
    // ranks' last tasks finish, is heard about soon).
    auto ask_after = last_report;
    std::chrono::milliseconds backoff{1};
    std::vector<std::uint64_t> message;
    std::vector<std::uint64_t> reply(depth);
    for (;;) {
        std::unique_lock lock(m);
        auto need_work = [&] {
            return !no_more && queue.size() < threads && std::chrono::steady_clock::now() >= ask_after;
        };
        auto finished = [&] { return no_more && queue.empty() && running == 0; };
        auto wake = last_report + report_every;
        if (ask_after > std::chrono::steady_clock::now()) wake = std::min(wake, ask_after);
        cv.wait_until(lock, wake, [&] { return stopped || need_work() || finished(); });
        if (stopped) {
            lock.unlock();
            pool.clear();  // the running tasks end soon on `stop`, or add their results
            const int sig = signals.caught() != 0 ? signals.caught() : SIGTERM;
            message.assign(
                {flag_stopped | (static_cast<std::uint64_t>(sig) << flag_shift), 0, results.size(), threads});
            for (const finished_task& t : results)
                message.insert(message.end(),
                               {t.id, t.counts.total, t.counts.distinct, t.counts.nodes, t.microseconds});
            MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT64_T, 0, tag_report,
                     MPI_COMM_WORLD);
            return 128 + sig;  // rank 0 writes the checkpoint and aborts the job
        }
        const bool done = finished();
        // This rank's part is whole once it says goodbye: a later signal
        // must not end it with 130/143 while rank 0 prints the result.
        if (done) commit_to_result();
        const auto now = std::chrono::steady_clock::now();
        const bool due =
            (!results.empty() && now >= last_report + report_every) || now >= last_sent + heartbeat;
        if (!done && !need_work() && !due) {
            if (results.empty())
                last_report = std::chrono::steady_clock::now();  // else wait_until would spin
            continue;
        }
        const std::size_t want = need_work() ? depth - (queue.size() + running) : 0;
        message.assign({done ? flag_goodbye : 0, want, results.size(), threads});
        for (const finished_task& t : results)
            message.insert(message.end(),
                           {t.id, t.counts.total, t.counts.distinct, t.counts.nodes, t.microseconds});
        results.clear();
        lock.unlock();

        MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT64_T, 0, tag_report,
                 MPI_COMM_WORLD);
        if (freeze && message[2] > 0 && !done) {
            freeze = false;
            std::raise(SIGSTOP);
        }
        last_report = std::chrono::steady_clock::now();
        last_sent = last_report;
        if (done) return 0;
        // Polled with naps: Open MPI's blocking receive spins and would take
        // a core from the counting threads while rank 0 answers.
        MPI_Request request;
        MPI_Irecv(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, 0, tag_work, MPI_COMM_WORLD,
                  &request);
        MPI_Status status;
        int arrived = 0;
        for (std::chrono::microseconds nap{10};; nap = std::min(nap * 2, std::chrono::microseconds{500})) {
            MPI_Test(&request, &arrived, &status);
            if (arrived) break;
            std::this_thread::sleep_for(nap);
        }
        int got = 0;
        MPI_Get_count(&status, MPI_UINT64_T, &got);
        const bool wait = got == 1 && reply[0] == wait_marker;
        if (wait) {
            got = 0;
            ask_after = std::chrono::steady_clock::now() + backoff;
            backoff = std::min(backoff * 2, std::chrono::milliseconds{100});
        } else if (got > 0) {
            backoff = std::chrono::milliseconds{1};
        }

        lock.lock();
        for (int i = 0; i < got; ++i)
            queue.push_back(static_cast<std::size_t>(reply[static_cast<std::size_t>(i)]));
        if (want > 0 && got == 0 && !wait) no_more = true;
        cv.notify_all();
    }
}

}  // namespace nqueens::app::mpi
