// SPDX-License-Identifier: BSL-1.0
// nqueens-mpi: `count N` over MPI ranks; rank 0 hands out sub-problem ids, the other ranks count them on
// threads.
#include "nqueens-mpi/binding.hpp"
#include "nqueens-mpi/coordinator.hpp"
#include "nqueens-mpi/worker.hpp"

#include "common/arguments.hpp"
#include "common/count_args.hpp"
#include "common/fault_injection.hpp"
#include "common/local_count.hpp"
#include "common/recheck.hpp"
#include "common/run_record_keeper.hpp"
#include "common/signals.hpp"
#include "common/version.hpp"

#include <nqueens/runtime/engine.hpp>

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace nqueens;
using namespace nqueens::app;

constexpr const char* usage = R"(usage: mpirun -np P nqueens-mpi count N [options]

Counts the solutions of the n-queens problem (1 <= N <= 32) on P MPI ranks:
rank 0 hands out the sub-problems, the other ranks count them on threads.
With P = 1 the one rank counts alone.

options:
  --threads T          threads per counting rank (default: the cores of its
                       node divided among the counting ranks on it, at most
                       as many as fit in half the memory)
  --memory SIZE        the memory a counting rank may use when it picks its
                       threads, such as 8G (default: half of its node's)
  --unique             also print the distinct count (N >= 6: at little extra
                       cost; N < 6: a slower search)
  --json               one JSON object on stdout
  --progress, --no-progress
                       show (hide) the progress line on stderr (default:
                       shown when stderr is a terminal, as mpirun's seldom is)
  --checkpoint FILE    keep the finished work in FILE (every 2 s and on
                       SIGINT/SIGTERM/SIGHUP); the same command again
                       resumes it; nqueens count N --checkpoint FILE reads it
  --checkpoint-interval S
                       seconds between checkpoint writes (default 2)
  --recheck K|all      recount K finished tasks of the checkpoint (drawn at
                       random) before resuming, and refuse it if one differs
  --shard I/K --out FILE
                       count slice I of K and write it for nqueens merge
  --result FILE        also save the result (the line or JSON printed) in
                       FILE, whole: mpirun can lose stdout and still exit 0
  --trust-record       read a checkpoint owned by another user
  --lease S            a counting rank silent for S seconds (frozen, or its
                       node hung) is written off and its tasks go to the
                       others (default: 4 times the longest task so far,
                       at least 60)
  -h, --help           print this help
  --version            print the version, the compiler and the target CPU

The manual, with exit statuses and examples: man nqueens
)";

count_args parse_args(args a)
{
    if (a.empty() || a.front() != "count")
        throw usage_error(a.empty()
                              ? "missing command; try 'nqueens-mpi --help'"
                              : "unknown command '" + std::string(a.front()) + "'; try 'nqueens-mpi --help'");
    return parse_count_args(a.subspan(1), "nqueens-mpi count N", true);
}

}  // namespace

int main(int argc, char** argv)
{
    // Before MPI_Init, so that MPI's own threads inherit the blocked
    // SIGINT/SIGTERM and the watcher thread alone receives them.
    set_program_label("nqueens-mpi");
    stop_on_signals signals;
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank = 0;
    int ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    // Counting threads run beside the main thread, which alone calls MPI.
    int lowest = provided;
    MPI_Allreduce(&provided, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (lowest < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            std::fprintf(stderr,
                         "nqueens-mpi: error: this MPI library does not support threads "
                         "(MPI_THREAD_FUNNELED); it cannot run here\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
        return 1;
    }

    // Every rank parses the same arguments; only rank 0 speaks.
    const std::vector<std::string_view> all(argv + 1, argv + argc);
    int status = 0;
    count_args s;
    try {
        load_fault_hooks();
        for (std::size_t i = 0; i < all.size(); ++i) {
            // "--out -h" is an --out without its value, not a call for help.
            if ((all[i] == "--help" || all[i] == "-h") && !(i > 0 && takes_value(all[i - 1]))) {
                if (rank == 0) print_text(usage);
                MPI_Finalize();
                return 0;
            }
            if (all[i] == "--version" && !(i > 0 && takes_value(all[i - 1]))) {
                if (rank == 0) print_text(version_text("nqueens-mpi").c_str());
                MPI_Finalize();
                return 0;
            }
        }
        s = parse_args(args(all));
    } catch (const usage_error& e) {
        if (rank == 0) std::fprintf(stderr, "nqueens-mpi: error: %s\n", e.what());
        MPI_Finalize();
        return 2;
    } catch (const output_error& e) {  // --help or --version did not get through
        const int failed = report_output_error(e);
        MPI_Finalize();
        return failed;
    }

    try {
        // This rank's threads, chosen as nqueens count chooses them, from its
        // share of its node's cores (one rank: the engine chooses them again,
        // the same, and limits them to the tasks as nqueens count does).
        const detail::thread_choice threads = detail::choose_threads(
            s.n, s.threads, s.memory, s.threads == 0 && ranks > 1 ? mpi::default_threads() : 0);
        mpi::warn_about_binding(rank, ranks, threads.threads);
        if (ranks == 1) {
            status = count_on_this_machine(s, &signals, 1);  // one rank does everything
        } else {
            // Rank 0's checkpoint names the cut (run_cut); every rank builds its plan by it.
            int cut[7] = {};
            if (rank == 0) {
                const plan_cut c = run_cut(s.records, s.n);
                const int fields[7] = {static_cast<int>(c.method), c.split_depth,  c.band_rows,
                                       c.task_band_rows,           c.lead_columns, c.task_lead_columns,
                                       c.shared_tops ? 1 : 0};
                std::copy(std::begin(fields), std::end(fields), cut);
            }
            MPI_Bcast(cut, 7, MPI_INT, 0, MPI_COMM_WORLD);
            const work_plan plan(s.n, s.mode(),
                                 plan_cut{static_cast<plan_cut::method_kind>(cut[0]), cut[1], cut[2], cut[3],
                                          cut[4], cut[5], cut[6] != 0});
            // Rank 0 reads the checkpoint; everyone learns whether it was refused.
            std::optional<run_record_keeper> keeper;  // rank 0 owns the files until the job ends
            std::string error;
            if (rank == 0) {
                try {
                    keeper.emplace(s.records, plan, signals.token());
                } catch (const recheck_stopped&) {
                    status =
                        report_interrupted_recheck(signals.caught(), s.records.checkpoint, "nqueens-mpi");
                } catch (const usage_error& e) {
                    error = e.what();
                    status = 2;
                } catch (const std::exception& e) {
                    error = e.what();
                    status = 1;
                }
            }
            MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
            if (status != 0) {
                if (rank == 0 && !error.empty())
                    std::fprintf(stderr, "nqueens-mpi: error: %s\n", error.c_str());
            } else if (rank == 0) {
                status = mpi::run_coordinator(s, plan, keeper, signals, ranks);
            } else {
                status = mpi::run_worker(plan, threads, rank, signals.token(), signals);
            }
        }
    } catch (const output_error& e) {  // one rank alone: its result did not get through
        status = report_output_error(e, "nqueens-mpi");
    } catch (const usage_error& e) {
        std::fprintf(stderr, "nqueens-mpi: error: %s\n", e.what());
        status = 2;
        if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, status);
    } catch (const std::exception& e) {
        status = report_failure(e);
        if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, status);
    }
    MPI_Finalize();
    return status;
}
