// Checkpoint and shard files and signal handling for long counts (nqueens and nqueens-mpi).
#ifndef NQUEENS_APPS_PERSIST_HPP
#define NQUEENS_APPS_PERSIST_HPP

#include "cli.hpp"
#include "result_printer.hpp"

#include <nqueens/checkpoint.hpp>
#include <nqueens/engine.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <thread>
#include <variant>

namespace nqueens::cli {

// "nqueens 0.1.0": the program noted in every record file (nqueens and
// nqueens-mpi write the same, so their files mix).
std::string program_name();

// Parses "I/K" with 0 <= I < K <= 1000000; usage_error otherwise.
shard parse_shard(std::string_view text);

// Writes `r` to `path` atomically: a new temporary file beside it with a
// name no one can predict (FILE.tmp.<12 random characters>, created with
// O_EXCL|O_NOFOLLOW, so nothing planted there is opened), flushed to disk,
// then renamed over `path` (which replaces a symbolic link there rather than
// writing through it). Removes the temporary file and throws
// std::runtime_error naming the file when it cannot.
void save_record_file(const std::string& path, const run_record& r);

// The K of --recheck K|all: a whole number >= 1, or "all" (the largest
// size_t). usage_error otherwise.
std::size_t parse_recheck(std::string_view text);

// Recounts `k` tasks drawn at random from each of `records` (all of a
// record's tasks if it has no more), on all cores, and throws usage_error
// (prefix, then "'NAME' fails the recheck: task ...") naming the first file
// whose recounted task differs from what it says. No task may be in two
// records (merge_records' checks). Returns how many tasks it recounted.
// Cost: those tasks' share of a full count.
std::size_t recheck_records(std::span<const run_record> records, std::span<const std::string> names,
                            const work_plan& plan, std::size_t k, const std::string& prefix);

// "n = 16, shard 0/2: 7064 solutions, 883 distinct (112 of 112 tasks)".
std::string record_summary(const run_record& r, bool with_distinct);

// save_record_file for the record of a finished count, if `path` is not
// empty; when it fails, the error names the count too (record_summary), so
// that main's line on stderr keeps the work.
void save_final_record(const std::string& path, const run_record& r, bool with_distinct);

// Reads and checks a record file; usage_error (one line, exit 2) if it is
// not a regular file, unreadable or damaged (record_from_json). With
// `follow_links` false, a symbolic link is refused too (O_NOFOLLOW).
run_record load_record_file(const std::string& path, bool follow_links = true);

// The options of `count` about persistence, parsed alongside the others.
struct persist_options {
    std::string checkpoint;  // --checkpoint FILE
    shard slice{};           // --shard I/K
    std::string out;         // --out FILE
    double interval = 2.0;   // --checkpoint-interval SECONDS (0: after every task)
    bool interval_given = false;
    std::size_t recheck = 0;  // --recheck K|all: tasks of the checkpoint recounted first (0: none)

    // If a[i] is one of the options above, consumes it (and its value) and
    // returns true.
    bool parse(args a, std::size_t& i);
    // Throws usage_error for combinations that make no sense (--shard
    // without --out, --checkpoint-interval or --recheck without
    // --checkpoint).
    void check() const;
    bool any() const noexcept { return !checkpoint.empty() || !out.empty() || slice != shard{}; }
};

// flock() on FILE.lock while a run owns FILE; removes FILE.lock when
// destroyed. usage_error if another process holds it.
class file_lock {
public:
    file_lock(const std::string& path, const char* option);
    ~file_lock();
    file_lock(const file_lock&) = delete;
    file_lock& operator=(const file_lock&) = delete;

private:
    std::string name_;
    int fd_ = -1;
};

// The files a run writes (--checkpoint, --out), owned from start to exit:
// each must be a regular file or not exist yet (a symbolic link, a directory
// or another special file is refused), is locked (file_lock: a second run on
// the same file refuses with one line), loses the temporary files a killed
// run left beside it, and must be creatable. Throws usage_error; also checks
// the combination of options (persist_options::check).
class run_files {
public:
    explicit run_files(const persist_options& p);

private:
    std::optional<file_lock> checkpoint_;
    std::optional<file_lock> out_;
};

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread and the threads it
// starts afterwards (construct it before them); a watcher thread turns the
// first such signal into a stop request. Restores the signal mask when destroyed
// unless a signal was caught (the process is then about to exit).
class stop_on_signals {
public:
    stop_on_signals();
    ~stop_on_signals();
    stop_on_signals(const stop_on_signals&) = delete;
    stop_on_signals& operator=(const stop_on_signals&) = delete;

    std::stop_token token() const noexcept { return source_.get_token(); }
    void request_stop() noexcept { source_.request_stop(); }
    // SIGINT, SIGTERM or SIGHUP once caught, else 0.
    int caught() const noexcept { return caught_.load(); }

private:
    std::stop_source source_;
    std::atomic<int> caught_{0};
    sigset_t old_{};
    std::jthread watcher_;
};

// Makes the printed result the command's only outcome: from this call until
// the process exits, SIGINT, SIGTERM and SIGHUP are ignored (a pending one is
// dropped). Call it once the count is complete and before the result is
// written, so that a signal racing the end of a count cannot print the
// result and still end the process with 130/143.
void commit_to_result();

// The record a run of `plan` starts from: the checkpoint file p.checkpoint
// if it exists (usage_error unless it is sound, for this n, sub-problem
// list and shard, written by this program version, and with p.recheck, its
// recounted tasks as it says: recheck_records), else an empty record for
// p.slice. Call it while holding
// run_files(p).
run_record load_or_start_record(const persist_options& p, const work_plan& plan);

// The exit status (128 + signal) and stderr line of a run stopped by
// `signal`, naming the checkpoint if there is one.
int report_interrupted(int signal, const std::string& checkpoint, const run_record& r,
                       const char* who = "nqueens");

// Keeps the checkpoint of a count run by the `count` command: loads it and
// refuses a foreign or damaged one, keeps it up to date while the count
// runs (at most every `interval` seconds, atomically), writes it when the
// count stops on SIGINT/SIGTERM/SIGHUP, and writes the --out shard file.
//
//     persist_session session(p, n, mode);
//     session.attach(options);
//     count_result r = count(n, options);
//     auto outcome = session.finish(r);  // an exit status, or the result to print
class persist_session {
public:
    // With `shared`, uses those signal handlers (which must outlive the
    // session) and stops on SIGINT/SIGTERM/SIGHUP even without a checkpoint;
    // otherwise installs its own when there is a checkpoint.
    // The session's plan is work_plan(n, mode): count() must use the same.
    persist_session(const persist_options& p, int n, count_mode mode, stop_on_signals* shared = nullptr);

    // Sets options.include (the slice, minus finished tasks),
    // options.on_task_done (records them) and options.stop (signals, and
    // any stop token already there).
    void attach(count_options& options);

    // After count(): adds the counts of earlier runs and writes the files.
    // Returns the exit status of an interrupted count (130/143/129, its
    // line on stderr), else the result to print: the whole count, or the
    // shard written to --out.
    std::variant<int, result_view> finish(const count_result& r);

private:
    void save_checkpoint();

    persist_options options_;
    work_plan plan_;
    run_files files_;
    record_builder builder_;
    std::unique_ptr<stop_on_signals> own_signals_;
    stop_on_signals* signals_ = nullptr;
    std::optional<std::stop_callback<std::function<void()>>> forward_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_save_;
    double base_seconds_ = 0;
};

}  // namespace nqueens::cli

#endif  // NQUEENS_APPS_PERSIST_HPP
