// SPDX-License-Identifier: BSL-1.0
// The record keeper: one place that adds a run's tasks and seconds, saves when due and says how a run ended.
#include "common/run_record_keeper.hpp"

#include "common/fault_injection.hpp"
#include "common/recheck.hpp"
#include "common/signals.hpp"

#include <cstdio>
#include <stdexcept>

#include <sys/stat.h>

namespace nqueens::app {

namespace {

// usage_error if p.out already holds the record of another count (another
// n, mode, sub-problem list or shard), as a checkpoint of another count is
// refused: replacing it would throw that count away. A record of this
// count, or a file that is no record, is replaced.
void check_out_file(const record_options& p, const work_plan& plan)
{
    struct stat st {};
    if (p.out.empty() || ::lstat(p.out.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
    run_record r;
    try {
        // Only read to decide whether to refuse: its counts are not used.
        r = load_record_file(p.out, false, true);
    } catch (const usage_error& e) {
        const std::string why = e.what();
        if (why.find(" is not an nqueens checkpoint or shard file") != std::string::npos ||
            why.find(" is damaged: not ") != std::string::npos)
            return;  // no record: replaced as before
        throw usage_error("--out '" + p.out + "' holds a record this program cannot read (" + why +
                          "); remove it or give another --out file");
    }
    try {
        check_record_matches(r, plan, p.slice, "--out '" + p.out + "'");
    } catch (const record_error& e) {
        throw usage_error(std::string(usage_error_from(e).what()) +
                          ": it holds another count's record; remove it or give another --out file");
    }
}

}  // namespace

plan_cut run_cut(const record_options& p, int n)
{
    plan_cut cut = default_cut(n);
#ifdef NQUEENS_FAULT_INJECTION
    if (faults().cut) cut = *faults().cut;
#endif
    struct stat st {};
    if (p.checkpoint.empty() || ::lstat(p.checkpoint.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return cut;
    try {
        const run_record r = load_record_file(p.checkpoint, false, p.trust_record);
        if (r.n == n && !cut_error(n, r.cut)) return r.cut;
    } catch (const std::exception&) {
        // load_or_start_record says why, under the lock
    }
    return cut;
}

run_record load_or_start_record(const record_options& p, const work_plan& plan, std::stop_token stop,
                                std::optional<std::size_t>* rechecked)
{
    check_out_file(p, plan);
    struct stat st {};
    if (!p.checkpoint.empty() && ::lstat(p.checkpoint.c_str(), &st) == 0) {
        run_record r = load_record_file(p.checkpoint, false, p.trust_record);
        try {
            check_record_matches(r, plan, p.slice, "checkpoint '" + p.checkpoint + "'");
        } catch (const record_error& e) {
            throw usage_error_from(e);
        }
        // The cut in the record names its tasks, whoever counted them: this
        // program writes the record from now on.
        r.program = program_name();
        if (p.recheck != 0) {
            const std::size_t k =
                recheck_records(std::span(&r, 1), std::span(&p.checkpoint, 1), plan, p.recheck, "", stop);
            if (rechecked) *rechecked = k;
        }
        return r;
    }
    return make_record(plan, p.slice, program_name());
}

run_record_keeper::run_record_keeper(const record_options& p, const work_plan& plan, std::stop_token stop)
    : options_(p),
      plan_(plan),
      files_(p),
      builder_(load_or_start_record(p, plan, stop, &rechecked_)),
      start_(std::chrono::steady_clock::now()),
      last_save_(start_)
{
    if (!options_.checkpoint.empty()) save();
}

run_record run_record_keeper::snapshot() const
{
    run_record r = builder_.snapshot();
    r.seconds = saturated_seconds(
        r.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    return r;
}

void run_record_keeper::save()
{
    save_record_file(options_.checkpoint, snapshot());
    last_save_ = std::chrono::steady_clock::now();
    dirty_ = false;
}

void run_record_keeper::add(std::size_t id, const solution_counts& t, std::string_view route)
{
    builder_.add(id, t, route);
    dirty_ = true;
    save_if_due();
}

void run_record_keeper::mark_checked(std::size_t id, std::string_view route)
{
    builder_.mark_checked(id, route);
    dirty_ = true;
}

void run_record_keeper::add_parts(std::size_t id, std::uint64_t parts, part_range range,
                                  const solution_counts& t)
{
    builder_.add_parts(id, parts, range, t);
    dirty_ = true;
    save_if_due();
}

void run_record_keeper::save_if_due()
{
    if (!dirty_ || options_.checkpoint.empty()) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_save_).count() < options_.interval) return;
    try {
        save();
    } catch (const std::runtime_error& e) {
        // Counting goes on (the work is in memory, the last good checkpoint
        // on disk); the final save says the count if it fails too.
        if (!save_failed_) std::fprintf(stderr, "%s: warning: %s; counting on\n", program_label(), e.what());
        save_failed_ = true;
        last_save_ = now;
    }
}

std::string run_record_keeper::save_now()
{
    if (options_.checkpoint.empty()) return "";
    save();
    return "; checkpoint '" + options_.checkpoint + "' holds " + tasks_held(snapshot());
}

int run_record_keeper::interrupted(int signal, const char* who)
{
    const run_record r = snapshot();
    if (!options_.checkpoint.empty()) save_record_file(options_.checkpoint, r);
    return report_interrupted(signal, options_.checkpoint, r, who);
}

void run_record_keeper::stopped_short(const std::string& why)
{
    const run_record r = snapshot();
    if (!options_.checkpoint.empty()) save_record_file(options_.checkpoint, r);
    throw std::runtime_error("the count stopped with " + tasks_held(r) + " done" + why +
                             (options_.checkpoint.empty() ? "" : "; run the same command to resume"));
}

result_view run_record_keeper::finish(unsigned threads, std::optional<count128> whole_distinct)
{
    // Complete: from here on a signal no longer changes the outcome (the
    // record is whole; printing it is all that is left).
    commit_to_result();
    const run_record r = snapshot();
    // A shard's summary shows a distinct count only where tasks have their own.
    const bool per_task = plan_.distinct_per_task();
    save_final_record(options_.checkpoint, r, per_task);
    save_final_record(options_.out, r, per_task);
    std::optional<count128> distinct;
    const bool with_distinct = plan_.mode() == count_mode::with_distinct;
    if (with_distinct && r.slice == shard{})
        distinct = whole_distinct ? *whole_distinct : plan_.distinct_of(r.sum);
    else if (with_distinct && per_task)
        distinct = r.sum.distinct;
    return view_of(r, distinct, threads, options_.out);
}

}  // namespace nqueens::app
