// nqueens-mpi: `count N` over MPI ranks; rank 0 hands out sub-problem ids, the other ranks count them on
// threads.
#include "../cli.hpp"
#include "../count_args.hpp"
#include "../persist.hpp"
#include "../result_printer.hpp"
#include "../version.hpp"

#include <nqueens/checkpoint.hpp>
#include <nqueens/engine.hpp>

#include <mpi.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace nqueens;
using namespace nqueens::cli;

constexpr const char* usage = R"(usage: mpirun -np P nqueens-mpi count N [options]

Counts the solutions of the n-queens problem (1 <= N <= 32) on P MPI ranks:
rank 0 hands out the sub-problems, the other ranks count them on threads.
With P = 1 the one rank counts alone.

options:
  --threads T          threads per counting rank (default: the cores of its
                       node divided among the counting ranks on it)
  --unique             also print the distinct count (6 <= N <= 23: at no extra
                       cost; other N: a slower search)
  --json               one JSON object on stdout
  --checkpoint FILE    keep the finished work in FILE (every 2 s and on
                       SIGINT/SIGTERM/SIGHUP); the same command again
                       resumes it; nqueens count N --checkpoint FILE reads it
  --checkpoint-interval S
                       seconds between checkpoint writes (default 2)
  --recheck K|all      recount K finished tasks of the checkpoint (drawn at
                       random) before resuming, and refuse it if one differs
  --shard I/K --out FILE
                       count slice I of K and write it for nqueens merge
  --lease S            a counting rank silent for S seconds (frozen, or its
                       node hung) is written off and its tasks go to the
                       others (default: 4 times the longest task so far,
                       at least 60)
  -h, --help           print this help
  --version            print the version, the compiler and the target CPU
)";

// Messages: a worker sends tag_report = {flags, want, k, threads, k x (id,
// total, distinct, nodes, microseconds the task took)}; rank 0 answers every report that is neither a
// goodbye nor a stop with tag_work = up to `want` ids (none: no work is
// left). A stop report carries the signal that stopped the worker in the
// bits above flag_shift; a failed report, the errno of a worker that could
// not start its threads.
constexpr int tag_report = 1;
constexpr int tag_work = 2;
constexpr std::uint64_t flag_goodbye = 1;
constexpr std::uint64_t flag_stopped = 2;
constexpr std::uint64_t flag_failed = 4;
constexpr int flag_shift = 8;
constexpr std::size_t words_per_task = 5;

// Test hook: with NQUEENS_TEST_THREAD_START_FAILS=K in its environment, a
// counting rank fails to start its thread K (0-based) as if the system had
// refused it (EAGAIN, as under ulimit -u). tests/cli/mpi_cli.sh uses it.
std::optional<unsigned> thread_start_fails_at()
{
    const char* k = std::getenv("NQUEENS_TEST_THREAD_START_FAILS");
    if (!k) return std::nullopt;
    return static_cast<unsigned>(std::strtoul(k, nullptr, 10));
}

// More test hooks, for the leases and the reruns of idle ranks: rank
// NQUEENS_TEST_SLOW_RANK spends 2 s more on its first task, rank
// NQUEENS_TEST_WRONG_RANK reports one solution too many for it (a faulty
// node), rank NQUEENS_TEST_FREEZE_RANK stops itself (SIGSTOP) once it has
// reported its first results, and NQUEENS_TEST_LEASE_FLOOR=S puts the
// default lease's floor at S seconds instead of 60.
bool is_test_rank(const char* name, int rank)
{
    const char* r = std::getenv(name);
    return r && std::strtol(r, nullptr, 10) == rank;
}

double lease_floor()
{
    const char* s = std::getenv("NQUEENS_TEST_LEASE_FLOOR");
    return s ? static_cast<double>(std::strtoul(s, nullptr, 10)) : 60.0;
}

// The default lease is this many times the longest task so far (and at
// least lease_floor()): a rank running one long task still reports every
// second, so only a frozen rank or a hung node stays silent that long.
constexpr double lease_per_task = 4;

// A reply of this one id: no task now, but some are still out with other
// ranks (and may come back to this one): ask again later.
constexpr std::uint64_t wait_marker = ~std::uint64_t{0};

// How often a counting rank reports, even with nothing to say: rank 0 takes
// a rank silent for a lease (many of these) to be frozen or gone.
constexpr std::chrono::seconds heartbeat{1};

// The arguments after "count": nqueens count's, and --lease.
struct settings : count_args {
    std::optional<double> lease;  // --lease S; none: the default lease
};

settings parse(args a)
{
    if (a.empty() || a.front() != "count")
        throw usage_error(a.empty()
                              ? "missing command; try 'nqueens-mpi --help'"
                              : "unknown command '" + std::string(a.front()) + "'; try 'nqueens-mpi --help'");
    std::vector<std::string_view> rest;
    std::optional<long long> lease;
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (a[i] == "--lease" || a[i].starts_with("--lease=")) {
            if (lease) throw usage_error("'--lease' is given twice; give each option once");
            lease = parse_integer(option_value(a, i, "--lease"), "--lease", 1, 86400);
        } else {
            rest.push_back(a[i]);
        }
    }
    settings s;
    static_cast<count_args&>(s) = parse_count_args(args(rest), "nqueens-mpi count N");
    if (lease) s.lease = static_cast<double>(*lease);
    return s;
}

// Threads for a counting rank: the node's cores shared by the counting
// ranks on it (rank 0 only hands out work and mostly sleeps).
unsigned default_threads()
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int local = 1;
    MPI_Comm_size(node, &local);
    int world_rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    int lowest = 0;
    MPI_Allreduce(&world_rank, &lowest, 1, MPI_INT, MPI_MIN, node);
    MPI_Comm_free(&node);
    const int counting = std::max(1, local - (lowest == 0 ? 1 : 0));
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return std::max(1u, cores / static_cast<unsigned>(counting));
}

// The CPUs this process may run on (mpirun binds each rank to one core by
// default), or 0 if unknown.
unsigned bound_cpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    return static_cast<unsigned>(CPU_COUNT(&set));
}

// Warns once, from rank 0, when counting ranks run more threads than the
// CPUs they are bound to: the count would take twice as long or more.
void warn_about_binding(int rank, int ranks, unsigned threads)
{
    const unsigned cpus = bound_cpus();
    int squeezed = (rank != 0 || ranks == 1) && cpus != 0 && cpus < threads ? 1 : 0;
    int any = 0;
    MPI_Allreduce(&squeezed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && any)
        std::fprintf(
            stderr,
            "nqueens-mpi: warning: a counting rank runs %u threads on fewer CPUs (mpirun binds ranks to "
            "cores by default); run mpirun with --bind-to none, or --map-by slot:PE=%u\n",
            threads, threads);
}

// One rank does everything: the count command's own path.
int run_alone(const settings& s, stop_on_signals& signals)
{
    persist_session session(s.persist, s.n, s.mode(), &signals);
    count_options options;
    options.threads = s.threads;
    options.mode = s.mode();
    session.attach(options);
    count_result r = count(s.n, options);
    auto outcome = session.finish(r);
    if (const int* status = std::get_if<int>(&outcome)) return *status;
    result_view shown = std::get<result_view>(outcome);
    shown.ranks = 1;
    print_result(shown, s.json);
    return 0;
}

// Rank 0 with helpers: hands out the unfinished ids of the slice, largest
// estimate first, records what comes back and keeps the checkpoint. Once
// none is left to hand out, an idle rank reruns the oldest task still out
// with another rank (once per task): the first result counts, and a second
// that differs is an error naming the task (free verification, and a slow
// rank's task done elsewhere). A rank silent for its lease is written off:
// the tasks it held are handed out again, first, and the count ends without
// it (the job is then aborted after the result, as MPI_Finalize would wait
// for that rank forever).
int run_coordinator(const settings& s, const work_plan& plan, record_builder& builder,
                    stop_on_signals& signals, int ranks)
{
    const auto start = std::chrono::steady_clock::now();
    const double base_seconds = builder.base().seconds;
    auto snapshot = [&] {
        run_record r = builder.snapshot();
        r.seconds =
            base_seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return r;
    };

    std::vector<std::size_t> todo;
    for (std::size_t id = 0; id < plan.size(); ++id)
        if (builder.base().slice.contains(id) && !builder.is_done(id)) todo.push_back(id);
    std::stable_sort(todo.begin(), todo.end(),
                     [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
    std::size_t next = 0;

    using clock = std::chrono::steady_clock;
    enum class rank_state { counting, gone, written_off };
    std::vector<rank_state> state(static_cast<std::size_t>(ranks), rank_state::counting);
    std::vector<clock::time_point> heard(static_cast<std::size_t>(ranks), start);
    std::vector<int> holder(plan.size(), -1);   // the rank a task was last handed to
    std::vector<int> checker(plan.size(), -1);  // the idle rank rerunning it
    std::deque<std::size_t> out;                // tasks handed out, oldest first
    std::deque<std::size_t> again;              // the tasks of written-off ranks
    double longest = 0;                         // seconds, of the tasks reported
    const double least = lease_floor();
    auto lease = [&] { return s.lease ? *s.lease : std::max(least, std::ceil(lease_per_task * longest)); };

    int active = ranks - 1;
    unsigned threads = 0;
    auto last_save = std::chrono::steady_clock::now();
    bool dirty = false;
    std::chrono::microseconds nap{20};
    std::vector<std::uint64_t> message;
    std::vector<std::uint64_t> reply;
    while (active > 0) {
        if (const int sig = signals.caught()) {
            const run_record r = snapshot();
            if (!s.persist.checkpoint.empty()) save_record_file(s.persist.checkpoint, r);
            report_interrupted(sig, s.persist.checkpoint, r, "nqueens-mpi");
            MPI_Abort(MPI_COMM_WORLD, 128 + sig);
            return 128 + sig;
        }
        if (dirty && !s.persist.checkpoint.empty() &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - last_save).count() >=
                s.persist.interval) {
            save_record_file(s.persist.checkpoint, snapshot());
            last_save = std::chrono::steady_clock::now();
            dirty = false;
        }

        for (int k = 1; k < ranks; ++k) {
            const auto u = static_cast<std::size_t>(k);
            const double silent_for = lease();
            if (state[u] != rank_state::counting ||
                clock::now() - heard[u] <= std::chrono::duration<double>(silent_for))
                continue;
            state[u] = rank_state::written_off;
            --active;
            std::size_t held = 0;
            for (std::size_t id = 0; id < holder.size(); ++id) {
                if (checker[id] == k) checker[id] = -1;  // its holder still runs it
                if (holder[id] != k) continue;
                holder[id] = -1;
                if (!builder.is_done(id)) {
                    again.push_back(id);
                    ++held;
                }
            }
            const std::string why =
                s.lease ? std::string()
                        : formatted(" (the default lease: %g x the longest task so far, %.1f s, and at least %g s)",
                                    lease_per_task, longest, least);
            std::fprintf(stderr,
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
        if (message.size() < 4 || message.size() != 4 + words_per_task * message[2])
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
            const std::uint64_t* t = &message[4 + words_per_task * i];
            const auto id = static_cast<std::size_t>(t[0]);
            const task_result result{t[1], t[2], t[3]};
            longest = std::max(longest, static_cast<double>(t[4]) / 1e6);
            if (id >= holder.size())
                throw std::runtime_error("rank " + std::to_string(source) + " reported task " +
                                         std::to_string(id) + ", which does not exist");
            if (holder[id] == source) holder[id] = -1;
            if (checker[id] == source) checker[id] = -1;
            if (builder.is_done(id)) {
                // Also counted by another rank: rerun by an idle one, or after a write-off.
                const task_result& first = builder.counts_of(id);
                if (first.total != result.total || first.distinct != result.distinct)
                    throw std::runtime_error(
                        "task " + std::to_string(id) + " was counted twice with different results (" +
                        std::to_string(first.total) + " and " + std::to_string(result.total) +
                        " solutions, rank " + std::to_string(source) + " the second): a node is faulty");
                continue;
            }
            builder.add(id, result);
            dirty = true;
        }
        if (flags & flag_failed) {
            const run_record r = snapshot();
            std::string what = "rank " + std::to_string(status.MPI_SOURCE) + " cannot start its " +
                               std::to_string(message[3]) +
                               " counting threads: " + std::strerror(static_cast<int>(flags >> flag_shift));
            if (!s.persist.checkpoint.empty()) {
                save_record_file(s.persist.checkpoint, r);
                what += "; checkpoint '" + s.persist.checkpoint + "' holds " + std::to_string(r.done.size()) +
                        " of " + std::to_string(r.tasks_total()) + " tasks";
            }
            std::fprintf(stderr, "nqueens-mpi: error: %s\n", what.c_str());
            std::fflush(stderr);
            MPI_Abort(MPI_COMM_WORLD, 1);
            return 1;
        }
        if (flags & flag_stopped) {
            // A worker caught a signal that rank 0 did not (kill of one
            // rank): the job stops as if rank 0 had caught it, rather than
            // wait for that rank's goodbye forever.
            const int sig = static_cast<int>(flags >> flag_shift);
            const run_record r = snapshot();
            if (!s.persist.checkpoint.empty()) save_record_file(s.persist.checkpoint, r);
            const std::string who = "nqueens-mpi: rank " + std::to_string(status.MPI_SOURCE);
            report_interrupted(sig, s.persist.checkpoint, r, who.c_str());
            MPI_Abort(MPI_COMM_WORLD, 128 + sig);
            return 128 + sig;
        }
        if (flags & flag_goodbye) {
            state[u] = rank_state::gone;
            --active;
            continue;
        }
        reply.clear();
        auto hand_out = [&](std::size_t id) {
            reply.push_back(id);
            holder[id] = source;
            out.push_back(id);
        };
        while (reply.size() < want && !again.empty()) {
            const std::size_t id = again.front();
            again.pop_front();
            if (!builder.is_done(id)) hand_out(id);
        }
        while (reply.size() < want && next < todo.size()) hand_out(todo[next++]);
        if (reply.size() < want) {
            // Nothing new: rerun the oldest tasks still out with other ranks
            // (dropping the finished ones from `out` on the way).
            std::deque<std::size_t> still_out;
            for (const std::size_t id : out) {
                if (builder.is_done(id)) continue;
                still_out.push_back(id);
                if (reply.size() < want && checker[id] < 0 && holder[id] != source) {
                    reply.push_back(id);
                    checker[id] = source;
                }
            }
            out.swap(still_out);
        }
        // None left to hand out, but some still out with other ranks: this
        // one is not told "no more" yet, in case they are written off.
        if (want > 0 && reply.empty() && builder.tasks_done() < builder.base().tasks_total())
            reply.push_back(wait_marker);
        MPI_Send(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, status.MPI_SOURCE, tag_work,
                 MPI_COMM_WORLD);
    }

    const run_record r = snapshot();
    const auto lost = std::count(state.begin(), state.end(), rank_state::written_off);
    if (!r.complete()) {
        if (!s.persist.checkpoint.empty()) save_record_file(s.persist.checkpoint, r);
        throw std::runtime_error("the counting ranks stopped with " + std::to_string(r.done.size()) + " of " +
                                 std::to_string(r.tasks_total()) + " tasks done" +
                                 (lost > 0 ? " (" + std::to_string(lost) + " written off as silent)" : "") +
                                 (s.persist.checkpoint.empty() ? "" : "; run the same command to resume"));
    }
    commit_to_result();
    save_final_record(s.persist.checkpoint, r, plan.distinct_per_task());
    save_final_record(s.persist.out, r, plan.distinct_per_task());
    // A shard's summary shows a distinct count only where tasks have their own.
    std::optional<std::uint64_t> distinct;
    if (s.unique && r.slice == shard{})
        distinct = plan.distinct_of(r.sum);
    else if (s.unique && plan.distinct_per_task())
        distinct = r.sum.distinct;
    result_view shown = view_of(r, distinct, threads, s.persist.out);
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

// A counting rank: `threads` threads run the ids rank 0 sends; the main
// thread alone talks to rank 0, asking for more while the local queue runs
// low and sending each result back as soon as it is in. Stopped by `stop`
// (signal `caught` was caught), it sends what it finished with
// flag_stopped, and rank 0 saves the checkpoint and aborts the job.
// Returns the rank's exit status: 0 once it said goodbye, else 128 + signal.
int run_worker(const work_plan& plan, unsigned threads, int rank, std::stop_token stop,
               const stop_on_signals& signals)
{
    struct finished_task {
        std::size_t id;
        task_result counts;
        std::uint64_t microseconds;
    };
    std::mutex m;
    std::condition_variable cv;
    std::deque<std::size_t> queue;
    std::vector<finished_task> results;
    const bool slow = is_test_rank("NQUEENS_TEST_SLOW_RANK", rank);
    const bool wrong = is_test_rank("NQUEENS_TEST_WRONG_RANK", rank);
    bool freeze = is_test_rank("NQUEENS_TEST_FREEZE_RANK", rank);
    bool first = true;  // the rank's first task is yet to start
    std::size_t running = 0;
    bool no_more = false;
    bool stopped = false;

    std::vector<std::jthread> pool;
    const std::optional<unsigned> fail_at = thread_start_fails_at();
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
                    const bool hooked = std::exchange(first, false) && (slow || wrong);
                    lock.unlock();
                    const auto started = std::chrono::steady_clock::now();
                    for (int i = 0; hooked && slow && i < 20 && !stop.stop_requested(); ++i)
                        std::this_thread::sleep_for(std::chrono::milliseconds(100));
                    std::optional<task_result> r = plan.run(id, stop, ws);
                    if (r && hooked && wrong) ++r->total;
                    const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - started);
                    lock.lock();
                    --running;
                    if (!r) {
                        stopped = true;
                    } else {
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
            message.insert(message.end(), {t.id, t.counts.total, t.counts.distinct, t.counts.nodes, t.microseconds});
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

}  // namespace

int main(int argc, char** argv)
{
    // Before MPI_Init, so that MPI's own threads inherit the blocked
    // SIGINT/SIGTERM and the watcher thread alone receives them.
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
    settings s;
    try {
        for (std::size_t i = 0; i < all.size(); ++i) {
            // "--out -h" is an --out without its value, not a call for help.
            if ((all[i] == "--help" || all[i] == "-h") && !(i > 0 && takes_value(all[i - 1]))) {
                if (rank == 0) std::fputs(usage, stdout);
                MPI_Finalize();
                return 0;
            }
            if (all[i] == "--version" && !(i > 0 && takes_value(all[i - 1]))) {
                if (rank == 0) std::fputs(version_text("nqueens-mpi").c_str(), stdout);
                MPI_Finalize();
                return 0;
            }
        }
        s = parse(args(all));
    } catch (const usage_error& e) {
        if (rank == 0) std::fprintf(stderr, "nqueens-mpi: error: %s\n", e.what());
        MPI_Finalize();
        return 2;
    }

    try {
        if (s.threads == 0)
            s.threads = ranks == 1 ? std::max(1u, std::thread::hardware_concurrency()) : default_threads();
        warn_about_binding(rank, ranks, s.threads);
        if (ranks == 1) {
            status = run_alone(s, signals);
        } else {
            const work_plan plan(s.n, s.mode());
            // Rank 0 reads the checkpoint; everyone learns whether it was refused.
            std::optional<run_files> files;  // rank 0 owns the files until the job ends
            std::optional<record_builder> builder;
            std::string error;
            if (rank == 0) {
                try {
                    files.emplace(s.persist);
                    builder.emplace(load_or_start_record(s.persist, plan));
                    if (!s.persist.checkpoint.empty())
                        save_record_file(s.persist.checkpoint, builder->snapshot());
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
                if (rank == 0) std::fprintf(stderr, "nqueens-mpi: error: %s\n", error.c_str());
            } else if (rank == 0) {
                status = run_coordinator(s, plan, *builder, signals, ranks);
            } else {
                status = run_worker(plan, s.threads, rank, signals.token(), signals);
            }
        }
    } catch (const output_error& e) {  // one rank alone: its result did not get through
        status = report_output_error(e, "nqueens-mpi");
    } catch (const usage_error& e) {
        std::fprintf(stderr, "nqueens-mpi: error: %s\n", e.what());
        status = 2;
        if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, status);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "nqueens-mpi: error: %s\n", e.what());
        status = 1;
        if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, status);
    }
    MPI_Finalize();
    return status;
}
