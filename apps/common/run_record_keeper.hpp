// SPDX-License-Identifier: BSL-1.0
// The record of one run while it counts, kept the same way by nqueens and the nqueens-mpi coordinator.
#ifndef NQUEENS_APPS_COMMON_RUN_RECORD_KEEPER_HPP
#define NQUEENS_APPS_COMMON_RUN_RECORD_KEEPER_HPP

#include "common/count_args.hpp"
#include "common/result_printer.hpp"
#include "common/run_files.hpp"
#include "common/run_record_file.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

namespace nqueens::app {

// The cut a run of n takes: that of its checkpoint p.checkpoint where the
// file holds a record of n this program can count, so that a record of any
// cut (an earlier version's default, say) is resumed by it; else n's
// default (default_cut; in test builds NQUEENS_TEST_CUT's). Reads the file
// without its lock and throws nothing: load_or_start_record then says what
// is wrong with a file, under the lock.
plan_cut run_cut(const record_options& p, int n);

// The record a run of `plan` starts from (after refusing an --out file
// that holds another count's record): the checkpoint file p.checkpoint
// if it exists (usage_error unless it is sound, for this n, sub-problem
// list and shard, and with p.recheck, its recounted tasks as it says:
// recheck_records; written by another program, it is this one's from now
// on), else an empty record for p.slice. Call it while holding run_files(p).
run_record load_or_start_record(const record_options& p, const work_plan& plan, std::stop_token stop = {},
                                std::optional<std::size_t>* rechecked = nullptr);

// Owns the run's files (run_files), starts from the checkpoint or an empty
// record, takes each finished task, saves the checkpoint at most every
// p.interval seconds, and ends the run one of three ways: interrupted,
// stopped short, or finished. Its seconds are those of the earlier runs
// plus this one's.
//
//     run_record_keeper keeper(p, plan);      // usage_error for a bad file
//     keeper.add(id, counts, route);      // as tasks finish
//     result_view shown = keeper.finish(threads);
class run_record_keeper {
public:
    // `plan` must outlive the keeper. Saves the checkpoint at once, so that
    // a file that cannot be written fails now, not after an hour.
    run_record_keeper(const record_options& p, const work_plan& plan, std::stop_token stop = {});

    // A task of this run's slice that no run has counted yet.
    bool wanted(std::size_t id) const { return slice().contains(id) && !builder_.is_done(id); }
    bool is_done(std::size_t id) const { return builder_.is_done(id); }
    const solution_counts& counts_of(std::size_t id) const { return builder_.counts_of(id); }
    shard slice() const noexcept { return builder_.base().slice; }
    bool complete() const noexcept { return builder_.tasks_done() == builder_.base().tasks_total(); }

    // Records that task id counted `t` by the route named `route`
    // (work_plan::route_label; record_error if the task is not wanted),
    // then saves the checkpoint if one is due.
    void add(std::size_t id, const solution_counts& t, std::string_view route);
    // Records that finished task id was counted again, alike, by the route
    // named `route` (record_builder::mark_checked); saved with the next save.
    void mark_checked(std::size_t id, std::string_view route);
    // Records that parts `range` of task id (of `parts`) counted `t`, the
    // task unfinished (record_error if that does not fit the record), then
    // saves the checkpoint if one is due.
    void add_parts(std::size_t id, std::uint64_t parts, part_range range, const solution_counts& t);
    // The parts counted of task id by the runs before, or nullptr.
    const partial_task* begun(std::size_t id) const { return builder_.begun(id); }
    // Saves the checkpoint if tasks came in since the last save and the
    // interval has passed; if that fails, warns once on stderr and goes on.
    void save_if_due();

    // How many tasks --recheck recounted (all as the checkpoint said), if it ran.
    std::optional<std::size_t> rechecked() const noexcept { return rechecked_; }

    // The record now.
    run_record snapshot() const;
    // Saves the checkpoint (if any) and says what it holds:
    // "; checkpoint 'F' holds k of K tasks" (tasks_held), or "" without one.
    std::string save_now();

    // Stopped by `signal`: saves the checkpoint; one line on stderr from
    // `who`; returns the exit status, 128 + signal.
    int interrupted(int signal, const char* who);
    // The run ended before every task was counted (`why`, such as " (1
    // written off as silent)", is added to the message): saves the
    // checkpoint and throws std::runtime_error ("the count stopped with k of
    // K tasks done...").
    [[noreturn]] void stopped_short(const std::string& why = "");
    // Every task is in: from now on a signal no longer stops the run
    // (commit_to_result); writes the checkpoint and the --out file, and
    // returns the result to print. `whole_distinct`: the whole count's
    // distinct, if the caller already has it.
    result_view finish(unsigned threads, std::optional<count128> whole_distinct = std::nullopt);

private:
    void save();

    record_options options_;
    const work_plan& plan_;
    run_files files_;
    std::optional<std::size_t> rechecked_;  // before builder_: set while builder_ is made
    record_builder builder_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_save_;
    bool dirty_ = false;
    bool save_failed_ = false;  // a periodic save failed (warned once)
};

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RUN_RECORD_KEEPER_HPP
