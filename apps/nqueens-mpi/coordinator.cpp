// SPDX-License-Identifier: BSL-1.0
// Rank 0 of nqueens-mpi: hands out the tasks, takes the results, keeps the record, watches the leases.
#include "nqueens-mpi/coordinator.hpp"

#include "nqueens-mpi/protocol.hpp"
#include "nqueens-mpi/task_board.hpp"

#include "common/fault_injection.hpp"
#include "common/progress_line.hpp"
#include "common/result_printer.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace nqueens::app::mpi {

namespace {

// The default lease's floor: 60 s (test builds: fault_hooks::lease_floor).
double lease_floor()
{
    return faults().lease_floor.value_or(60.0);
}

// The default lease is this many times the longest task so far (and at
// least lease_floor()): a rank running one long task still reports every
// second, so only a frozen rank or a hung node stays silent that long.
constexpr double lease_per_task = 4;

using clock = std::chrono::steady_clock;

// Rank 0's loop and what it keeps between messages: each rank's state and
// when it was last heard, the longest task so far (for the lease), the
// progress line.
class coordinator {
public:
    coordinator(const count_args& s, const work_plan& plan, std::optional<run_record_keeper>& keeper,
                stop_on_signals& signals, int ranks)
        : s_(s),
          plan_(plan),
          held_(keeper),
          keeper_(*keeper),
          signals_(signals),
          ranks_(ranks),
          check_route_(plan.route_label(count_route::check)),
          board_(plan, *keeper, ranks, std::random_device{}()),
          line_(s.progress),
          tally_(plan, board_.tasks()),
          state_(static_cast<std::size_t>(ranks), rank_state::counting),
          heard_(static_cast<std::size_t>(ranks), start_),
          active_(ranks - 1)
    {
        for (const std::size_t id : board_.tasks())
            if (const partial_task* p = keeper->begun(id)) tally_.begun(id, p->parts_done(), p->parts);
    }

    // Until every helper rank said goodbye or was written off, or every
    // task and check is in and only silent ranks are left; returns the exit
    // status (or does not return: MPI_Abort).
    int run()
    {
        std::chrono::microseconds nap{20};
        while (active_ > 0) {
            if (only_silent_ranks_left()) break;
            if (const int sig = signals_.caught()) return abort(keeper_.interrupted(sig, "nqueens-mpi"));
            keeper_.save_if_due();
            show_progress();
            write_off_silent();
            const std::optional<int> source = receive();
            if (!source) {
                // Sleeping rather than blocking in MPI_Recv keeps rank 0 off the
                // cores the counting ranks use (Open MPI's blocking receive spins).
                std::this_thread::sleep_for(nap);
                nap = std::min(nap * 2, std::chrono::microseconds{500});
                continue;
            }
            nap = std::chrono::microseconds{20};
            take_results(*source);
            const std::uint64_t flags = message_[0];
            if (flags & flag_failed) return could_not_start(*source);
            if (flags & flag_stopped) {
                // A worker caught a signal that rank 0 did not (kill of one
                // rank): the job stops as if rank 0 had caught it, rather than
                // wait for that rank's goodbye forever.
                const std::string who = "nqueens-mpi: rank " + std::to_string(*source);
                return abort(keeper_.interrupted(static_cast<int>(flags >> flag_shift), who.c_str()));
            }
            if (flags & flag_goodbye) {
                state_[static_cast<std::size_t>(*source)] = rank_state::gone;
                board_.gone(*source);
                --active_;
                continue;
            }
            answer(*source);
        }
        return finish();
    }

private:
    enum class rank_state { counting, gone, written_off, left_behind };
    // Once every task is counted, the ranks that have been silent for
    // `settle` (as a frozen one is) are not waited for: the result does not
    // wait for their lease. The others are, while a check they can do is
    // due or out; then they say goodbye as soon as they ask for work.
    static constexpr auto settle = 3 * heartbeat;
    bool only_silent_ranks_left()
    {
        if (!keeper_.complete()) return false;
        bool left = false;
        for (int k = 1; k < ranks_; ++k) {
            const auto u = static_cast<std::size_t>(k);
            if (state_[u] != rank_state::counting || clock::now() - heard_[u] <= settle) continue;
            state_[u] = rank_state::left_behind;
            board_.gone(k);
            std::fprintf(stderr,
                         "nqueens-mpi: warning: rank %d was silent for %.0f s once every task was in: not "
                         "waited for\n",
                         k, std::chrono::duration<double>(clock::now() - heard_[u]).count());
            left = true;
        }
        if (left) std::fflush(stderr);
        if (board_.checks_pending()) return false;
        return std::none_of(state_.begin() + 1, state_.end(),
                            [](rank_state r) { return r == rank_state::counting; });
    }

    // MPI_Abort ends this process too, without destructors: the keeper (its
    // lock files) goes first.
    int abort(int status)
    {
        std::fflush(stderr);
        held_.reset();
        MPI_Abort(MPI_COMM_WORLD, status);
        return status;
    }

    double seconds() const { return std::chrono::duration<double>(clock::now() - start_).count(); }

    double lease() const
    {
        return s_.lease ? *s_.lease : std::max(least_, std::ceil(lease_per_task * longest_));
    }

    void show_progress()
    {
        if (!line_.enabled() || clock::now() - last_shown_ < std::chrono::milliseconds(100)) return;
        line_(tally_.at(seconds()));  // at most 10 times a second, as parallel_count() reports
        last_shown_ = clock::now();
    }

    void write_off_silent()
    {
        for (int k = 1; k < ranks_; ++k) {
            const auto u = static_cast<std::size_t>(k);
            const double silent_for = lease();
            if (state_[u] != rank_state::counting ||
                clock::now() - heard_[u] <= std::chrono::duration<double>(silent_for))
                continue;
            state_[u] = rank_state::written_off;
            --active_;
            const std::size_t held = board_.write_off(k);
            const std::string why =
                s_.lease
                    ? std::string()
                    : formatted(
                          " (the default lease: %g x the longest task so far, %.1f s, and at least %g s)",
                          lease_per_task, longest_, least_);
            std::fprintf(
                stderr,
                "nqueens-mpi: warning: rank %d was silent for %g s%s: written off, its %zu unfinished "
                "tasks go to the other ranks\n",
                k, silent_for, why.c_str(), held);
            std::fflush(stderr);
        }
    }

    // A report into message_, if one has arrived: its sender.
    std::optional<int> receive()
    {
        int arrived = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, tag_report, MPI_COMM_WORLD, &arrived, &status);
        if (!arrived) return std::nullopt;
        int size = 0;
        MPI_Get_count(&status, MPI_UINT64_T, &size);
        message_.resize(static_cast<std::size_t>(size));
        MPI_Recv(message_.data(), size, MPI_UINT64_T, status.MPI_SOURCE, tag_report, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (message_.size() < report_header || message_[2] > message_.size() ||
            message_[7] > message_.size() ||
            message_.size() != report_header + words_per_task * message_[2] + words_per_part * message_[7] ||
            message_[4] > static_cast<std::uint64_t>(thread_limit::tasks) ||
            message_[6] >= route_labels.size())
            throw std::runtime_error("rank " + std::to_string(status.MPI_SOURCE) +
                                     " sent a malformed report");
        const auto u = static_cast<std::size_t>(status.MPI_SOURCE);
        heard_[u] = clock::now();
        if (state_[u] == rank_state::written_off) {  // only slow: counting again
            state_[u] = rank_state::counting;
            board_.came_back(status.MPI_SOURCE);
            ++active_;
            std::fprintf(
                stderr,
                "nqueens-mpi: warning: rank %d reported again after it was written off: it counts again\n",
                status.MPI_SOURCE);
            std::fflush(stderr);
        }
        return status.MPI_SOURCE;
    }

    // The task counts of the report in message_, to the record, and the
    // parts counted of tasks not finished; its rank's threads, if no rank
    // has reported more.
    void take_results(int source)
    {
        board_.threads_of(source, static_cast<unsigned>(message_[3]));
        if (message_[3] > threads_) {
            threads_ = static_cast<unsigned>(message_[3]);
            limited_by_ = static_cast<thread_limit>(message_[4]);
            memory_budget_ = message_[5];
        }
        // Parts first: a task the report finishes is then whole in the record.
        const std::uint64_t* parts = &message_[report_header + words_per_task * message_[2]];
        for (std::uint64_t i = 0; i < message_[7]; ++i) take_parts(source, parts + words_per_part * i);
        for (std::uint64_t i = 0; i < message_[2]; ++i) {
            const std::uint64_t* t = &message_[report_header + words_per_task * i];
            const auto id = static_cast<std::size_t>(t[0] & ~by_check_route);
            // The rank's own name for the route (its CPU's build of the fast one).
            const char* route = (t[0] & by_check_route) != 0 ? check_route_ : route_labels[message_[6]];
            const solution_counts result = counts_at(t + 1);
            board_.reported(source, id);
            if (keeper_.is_done(id)) {
                // Also counted by another rank: a check, a rerun by an idle one, or after a write-off.
                const solution_counts& first = keeper_.counts_of(id);
                if (first.total != result.total || first.distinct != result.distinct)
                    throw std::runtime_error(
                        "task " + std::to_string(id) + " was counted twice with different results (" +
                        to_string(first.total) + " and " + to_string(result.total) + " solutions, rank " +
                        std::to_string(source) + " the second): a node is faulty");
                keeper_.mark_checked(id, route);
                continue;
            }
            // The lease follows first counts only: a check by the check route
            // takes several times as long.
            longest_ = std::max(longest_, static_cast<double>(t[7]) / 1e6);
            keeper_.add(id, result, route);
            tally_.add(id);
            board_.counted_first(source, id);
        }
    }

    // Parts p[2] .. p[3] - 1 of task p[0] (of p[1] parts) counted p[4..9]:
    // to the record if the task is not finished and those parts are
    // `source`'s to count as a first count (task_board::parts_in). A copy
    // out with another rank (a rerun, or after a write-off) counts its own
    // parts, which the record does not mix in. Where they are the task's
    // last parts (its pieces are in), the task is finished.
    void take_parts(int source, const std::uint64_t* p)
    {
        const auto id = static_cast<std::size_t>(p[0]);  // mpi::take_parts refuses parts the plan lacks
        const parts_taken taken = mpi::take_parts(board_, keeper_, plan_, source, id, p[1], {p[2], p[3]},
                                                  counts_at(p + 4), route_labels[message_[6]]);
        if (taken == parts_taken::recorded) tally_.add_parts(id, p[3] - p[2], p[1]);
        if (taken != parts_taken::finished) return;
        tally_.add(id);
        board_.counted_first(source, id);
    }

    int could_not_start(int source)
    {
        const std::uint64_t flags = message_[0];
        const std::string what =
            "rank " + std::to_string(source) + " cannot start its " + std::to_string(message_[3]) +
            " counting threads: " + std::strerror(static_cast<int>(flags >> flag_shift)) + keeper_.save_now();
        std::fprintf(stderr, "nqueens-mpi: error: %s\n", what.c_str());
        std::fflush(stderr);
        return abort(1);
    }

    // The tasks the rank asked for (message_[1] of them), or "wait", or none.
    void answer(int source)
    {
        const std::uint64_t want = message_[1];
        reply_.clear();
        board_.hand_out(source, want, reply_);
        // None left to hand out, but some still out with other ranks: this
        // one is not told "no more" yet, in case they are written off.
        if (want > 0 && reply_.empty() && !keeper_.complete()) reply_.push_back(wait_marker);
        MPI_Send(reply_.data(), static_cast<int>(reply_.size()), MPI_UINT64_T, source, tag_work,
                 MPI_COMM_WORLD);
    }

    int finish()
    {
        line_(tally_.at(seconds()));
        line_.finish();
        const auto written_off = std::count(state_.begin(), state_.end(), rank_state::written_off);
        const auto lost = written_off + std::count(state_.begin(), state_.end(), rank_state::left_behind);
        if (!keeper_.complete())
            keeper_.stopped_short(
                written_off > 0 ? " (" + std::to_string(written_off) + " written off as silent)" : "");
        result_view shown = keeper_.finish(threads_);
        if (!s_.unique) shown.distinct.reset();  // only --unique shows it (n <= 5 counts it either way)
        shown.ranks = ranks_;
        // Why the rank with the most threads (the ones shown) ran that many, as nqueens count says.
        shown.limited_by = limited_by_;
        shown.memory_budget = memory_budget_;
        try {
            print_result(shown, s_.json, s_.records.result);
        } catch (const output_error& e) {
            const int status = report_output_error(e, "nqueens-mpi");
            if (lost > 0) abort(status);  // as below
            return status;
        }
        if (lost > 0) {
            // A written-off or silent rank never reaches MPI_Finalize: end
            // the job here, with status 0, since the count is whole.
            abort(0);
        }
        return 0;
    }

    const count_args& s_;
    const work_plan& plan_;
    std::optional<run_record_keeper>& held_;
    run_record_keeper& keeper_;
    stop_on_signals& signals_;
    const int ranks_;
    const char* const check_route_;  // the check route's name in records
    const clock::time_point start_ = clock::now();
    task_board board_;
    progress_line line_;
    progress_tally tally_;
    clock::time_point last_shown_ = start_;
    std::vector<rank_state> state_;
    std::vector<clock::time_point> heard_;
    int active_;
    double longest_ = 0;  // seconds, of the tasks reported
    const double least_ = lease_floor();
    unsigned threads_ = 0;  // the most threads a rank reported
    thread_limit limited_by_ = thread_limit::asked;
    std::uint64_t memory_budget_ = 0;
    std::vector<std::uint64_t> message_;
    std::vector<std::uint64_t> reply_;
};

}  // namespace

int run_coordinator(const count_args& s, const work_plan& plan, std::optional<run_record_keeper>& keeper,
                    stop_on_signals& signals, int ranks)
{
    return coordinator(s, plan, keeper, signals, ranks).run();
}

}  // namespace nqueens::app::mpi
