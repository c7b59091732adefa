// Rank 0 of nqueens-mpi: hands out the tasks, takes the results, keeps the record, watches the leases.
#include "coordinator.hpp"

#include "protocol.hpp"
#include "task_board.hpp"

#include "../progress_line.hpp"
#include "../result_printer.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace nqueens::cli::mpi {

namespace {

// Test hook (tests/cli/mpi_cli.sh): NQUEENS_TEST_LEASE_FLOOR=S puts the
// default lease's floor at S seconds instead of 60.
double lease_floor()
{
    const char* s = std::getenv("NQUEENS_TEST_LEASE_FLOOR");
    return s ? static_cast<double>(std::strtoul(s, nullptr, 10)) : 60.0;
}

// The default lease is this many times the longest task so far (and at
// least lease_floor()): a rank running one long task still reports every
// second, so only a frozen rank or a hung node stays silent that long.
constexpr double lease_per_task = 4;

}  // namespace

int run_coordinator(const count_args& s, const work_plan& plan, record_keeper& keeper,
                    stop_on_signals& signals, int ranks)
{
    const auto start = std::chrono::steady_clock::now();
    task_board board(plan, keeper);
    progress_line line(s.progress);
    progress_tally tally(plan, board.tasks());
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto last_shown = start;

    using clock = std::chrono::steady_clock;
    enum class rank_state { counting, gone, written_off };
    std::vector<rank_state> state(static_cast<std::size_t>(ranks), rank_state::counting);
    std::vector<clock::time_point> heard(static_cast<std::size_t>(ranks), start);
    double longest = 0;  // seconds, of the tasks reported
    const double least = lease_floor();
    auto lease = [&] { return s.lease ? *s.lease : std::max(least, std::ceil(lease_per_task * longest)); };

    int active = ranks - 1;
    unsigned threads = 0;
    std::chrono::microseconds nap{20};
    std::vector<std::uint64_t> message;
    std::vector<std::uint64_t> reply;
    while (active > 0) {
        if (const int sig = signals.caught()) {
            const int status = keeper.interrupted(sig, "nqueens-mpi");
            MPI_Abort(MPI_COMM_WORLD, status);
            return status;
        }
        keeper.save_if_due();
        if (line.enabled() && clock::now() - last_shown >= std::chrono::milliseconds(100)) {
            line(tally.at(seconds()));  // at most 10 times a second, as count() reports
            last_shown = clock::now();
        }

        for (int k = 1; k < ranks; ++k) {
            const auto u = static_cast<std::size_t>(k);
            const double silent_for = lease();
            if (state[u] != rank_state::counting ||
                clock::now() - heard[u] <= std::chrono::duration<double>(silent_for))
                continue;
            state[u] = rank_state::written_off;
            --active;
            const std::size_t held = board.write_off(k);
            const std::string why =
                s.lease ? std::string()
                        : formatted(
                              " (the default lease: %g x the longest task so far, %.1f s, and at least %g s)",
                              lease_per_task, longest, least);
            std::fprintf(
                stderr,
                "nqueens-mpi: warning: rank %d was silent for %g s%s: written off, its %zu unfinished "
                "tasks go to the other ranks\n",
                k, silent_for, why.c_str(), held);
            std::fflush(stderr);
        }

        int arrived = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, tag_report, MPI_COMM_WORLD, &arrived, &status);
        if (!arrived) {
            // Sleeping rather than blocking in MPI_Recv keeps rank 0 off the
            // cores the counting ranks use (Open MPI's blocking receive spins).
            std::this_thread::sleep_for(nap);
            nap = std::min(nap * 2, std::chrono::microseconds{500});
            continue;
        }
        nap = std::chrono::microseconds{20};
        int size = 0;
        MPI_Get_count(&status, MPI_UINT64_T, &size);
        message.resize(static_cast<std::size_t>(size));
        MPI_Recv(message.data(), size, MPI_UINT64_T, status.MPI_SOURCE, tag_report, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (message.size() < report_header || message.size() != report_header + words_per_task * message[2])
            throw std::runtime_error("rank " + std::to_string(status.MPI_SOURCE) +
                                     " sent a malformed report");
        const int source = status.MPI_SOURCE;
        const auto u = static_cast<std::size_t>(source);
        heard[u] = clock::now();
        if (state[u] == rank_state::written_off) {  // only slow: counting again
            state[u] = rank_state::counting;
            ++active;
        }
        const std::uint64_t flags = message[0];
        const std::uint64_t want = message[1];
        threads = std::max(threads, static_cast<unsigned>(message[3]));
        for (std::uint64_t i = 0; i < message[2]; ++i) {
            const std::uint64_t* t = &message[report_header + words_per_task * i];
            const auto id = static_cast<std::size_t>(t[0]);
            const task_result result{t[1], t[2], t[3]};
            longest = std::max(longest, static_cast<double>(t[4]) / 1e6);
            board.reported(source, id);
            if (keeper.is_done(id)) {
                // Also counted by another rank: rerun by an idle one, or after a write-off.
                const task_result& first = keeper.counts_of(id);
                if (first.total != result.total || first.distinct != result.distinct)
                    throw std::runtime_error(
                        "task " + std::to_string(id) + " was counted twice with different results (" +
                        std::to_string(first.total) + " and " + std::to_string(result.total) +
                        " solutions, rank " + std::to_string(source) + " the second): a node is faulty");
                continue;
            }
            keeper.add(id, result);
            tally.add(id);
        }
        if (flags & flag_failed) {
            const std::string what = "rank " + std::to_string(status.MPI_SOURCE) + " cannot start its " +
                                     std::to_string(message[3]) + " counting threads: " +
                                     std::strerror(static_cast<int>(flags >> flag_shift)) + keeper.save_now();
            std::fprintf(stderr, "nqueens-mpi: error: %s\n", what.c_str());
            std::fflush(stderr);
            MPI_Abort(MPI_COMM_WORLD, 1);
            return 1;
        }
        if (flags & flag_stopped) {
            // A worker caught a signal that rank 0 did not (kill of one
            // rank): the job stops as if rank 0 had caught it, rather than
            // wait for that rank's goodbye forever.
            const std::string who = "nqueens-mpi: rank " + std::to_string(status.MPI_SOURCE);
            const int code = keeper.interrupted(static_cast<int>(flags >> flag_shift), who.c_str());
            MPI_Abort(MPI_COMM_WORLD, code);
            return code;
        }
        if (flags & flag_goodbye) {
            state[u] = rank_state::gone;
            --active;
            continue;
        }
        reply.clear();
        board.hand_out(source, want, reply);
        // None left to hand out, but some still out with other ranks: this
        // one is not told "no more" yet, in case they are written off.
        if (want > 0 && reply.empty() && !keeper.complete()) reply.push_back(wait_marker);
        MPI_Send(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, status.MPI_SOURCE, tag_work,
                 MPI_COMM_WORLD);
    }

    line(tally.at(seconds()));
    line.finish();
    const auto lost = std::count(state.begin(), state.end(), rank_state::written_off);
    if (!keeper.complete())
        keeper.stopped_short(lost > 0 ? " (" + std::to_string(lost) + " written off as silent)" : "");
    result_view shown = keeper.finish(threads);
    shown.ranks = ranks;
    try {
        print_result(shown, s.json);
    } catch (const output_error& e) {
        const int status = report_output_error(e, "nqueens-mpi");
        if (lost > 0) MPI_Abort(MPI_COMM_WORLD, status);  // as below
        return status;
    }
    if (lost > 0) {
        // A written-off rank never reaches MPI_Finalize: end the job here,
        // with status 0, since the count is whole.
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, 0);
    }
    return 0;
}

}  // namespace nqueens::cli::mpi
