// SPDX-License-Identifier: BSL-1.0
// run_record, shard, record_builder: the finished part of a long count and the checks to reuse it.
#ifndef NQUEENS_RUNTIME_RUN_RECORD_HPP
#define NQUEENS_RUNTIME_RUN_RECORD_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/record_limits.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/shard.hpp>
#include <nqueens/solution_counts.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nqueens {

// A record, a set of records or a file that must not be used: from another
// n or sub-problem list, damaged, or (for merging) incomplete, missing or
// duplicated. The message is one sentence.
struct record_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The most seconds a record may hold (about 31,700 years): more is damage,
// and a bound keeps the sum over max_shards records finite.
inline constexpr double max_record_seconds = 1e12;

// a + b seconds, but at most max_record_seconds (and at least 0).
constexpr double saturated_seconds(double a, double b) noexcept
{
    const double sum = a + b;
    return sum >= max_record_seconds ? max_record_seconds : (sum >= 0 ? sum : 0);
}

// How a finished task was counted and how it was checked: each an index
// into run_record::routes counted from 1, or 0 where the record does not
// say (a task counted before records named routes) or no check ran.
struct task_routes {
    std::uint8_t counted = 0;
    std::uint8_t checked = 0;
    friend bool operator==(const task_routes&, const task_routes&) = default;
};

// The most route names a record holds, and the longest name.
inline constexpr std::size_t max_routes = 16;
inline constexpr std::size_t max_route_name = 32;

// What part of one count is done: which tasks of which plan, each one's
// counts and their sum, and the parts counted of tasks begun. A checkpoint is an incomplete record; a shard
// result is a complete one. The program that wrote it is noted for merging.
struct run_record {
    int n = 0;
    count_mode mode = count_mode::total;  // work_plan::mode(): what the plan counts
    plan_cut cut{};                       // work_plan::cut(): how it cut the count
    std::size_t plan_size = 0;            // work_plan::size() when written
    shard slice{};                        // the tasks this record is about
    std::vector<std::size_t> done;        // finished task ids, increasing
    std::vector<solution_counts> counts;  // counts[i]: what task done[i] counted
    solution_counts sum{};                // the sum of `counts`
    std::vector<partial_task> partial;    // tasks begun, not in `done`: ids increasing
    double seconds = 0;                   // wall time spent on them so far
    std::string program;                  // e.g. "nqueens 0.2.0"
    // The routes that counted or checked tasks, by name (route_labels,
    // such as "fast:avx2" and "check", or a later program's), and how[i]:
    // those of task done[i]. Both empty where no task's route is known.
    std::vector<std::string> routes;
    std::vector<task_routes> how;

    // The tasks of the slice (done or not).
    std::size_t tasks_total() const noexcept { return slice.size(plan_size); }
    bool complete() const noexcept { return done.size() == tasks_total(); }
};

// An empty record for the tasks of `s` in `plan`, written by `program`.
inline run_record make_record(const work_plan& plan, shard s = {}, std::string program = {})
{
    run_record r;
    r.n = plan.n();
    r.mode = plan.mode();
    r.cut = plan.cut();
    r.plan_size = plan.size();
    r.slice = s;
    r.program = std::move(program);
    return r;
}

namespace detail {

// FNV-1a, 64 bits: not a defence against forgery, a check against damage
// and hand edits that would silently change a count.
struct fnv1a64 {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void add(std::string_view s) noexcept
    {
        for (const unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
    }
    // A number by its decimal digits, so that a count past 2^64 adds as
    // one below it always did.
    void add(count128 v)
    {
        add(std::string_view(to_string(v)));
        add(std::string_view(","));
    }
};

}  // namespace detail

namespace detail {

// The checksum of `r` as format 2 wrote it, where the plan was a number
// (format_2_cut); record_checksum without the mode and cut.
inline std::uint64_t record_checksum_v2(const run_record& r, std::uint32_t plan_version);

// The fields after the plan, the same in formats 2 and 3.
inline void add_record_body(fnv1a64& f, const run_record& r);

// The checksum of a format-3 record whose join cut names every field
// (`whole`) or, as format 3 was first written, no task band rows or shared
// tops (the symmetric search's has neither).
inline std::uint64_t record_checksum_v3(const run_record& r, bool whole)
{
    fnv1a64 f;
    f.add(std::string_view("nqueens-run/3:"));
    f.add(r.program);
    f.add(std::string_view("|"));
    f.add(static_cast<std::uint64_t>(r.n));
    f.add(std::string_view(mode_name(r.mode)));
    f.add(std::string_view("|"));
    f.add(std::string_view(method_name(r.cut.method)));
    f.add(std::string_view("|"));
    for (const int v : {r.cut.split_depth, r.cut.band_rows, r.cut.lead_columns, r.cut.task_lead_columns})
        f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
    if (whole && r.cut.method == plan_cut::method_kind::join) {
        f.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(r.cut.task_band_rows)));
        f.add(std::uint64_t{r.cut.shared_tops ? 1u : 0u});
    }
    add_record_body(f, r);
    return f.h;
}

}  // namespace detail

// A checksum of every field of `r` (`seconds` by its bits; the mode and
// every field of the cut by name and numbers): a file keeps it and is
// refused when it no longer matches. Cost: linear in done.size().
inline std::uint64_t record_checksum(const run_record& r)
{
    return detail::record_checksum_v3(r, true);
}

namespace detail {

inline std::uint64_t record_checksum_v2(const run_record& r, std::uint32_t plan_version)
{
    fnv1a64 f;
    f.add(std::string_view("nqueens-run/2:"));
    f.add(r.program);
    f.add(std::string_view("|"));
    f.add(static_cast<std::uint64_t>(r.n));
    f.add(std::uint64_t{plan_version});
    add_record_body(f, r);
    return f.h;
}

inline void add_record_body(fnv1a64& f, const run_record& r)
{
    f.add(static_cast<std::uint64_t>(r.plan_size));
    f.add(std::uint64_t{r.slice.index});
    f.add(std::uint64_t{r.slice.count});
    f.add(r.sum.total);
    f.add(r.sum.distinct);
    f.add(r.sum.nodes);
    f.add(std::bit_cast<std::uint64_t>(r.seconds));
    f.add(static_cast<std::uint64_t>(r.done.size()));
    for (const std::size_t id : r.done) f.add(static_cast<std::uint64_t>(id));
    f.add(static_cast<std::uint64_t>(r.counts.size()));
    for (const solution_counts& c : r.counts) {
        f.add(c.total);
        f.add(c.distinct);
        f.add(c.nodes);
    }
    // Only where there are tasks begun, and routes: records without keep
    // the checksum they had before records held parts or routes.
    if (!r.partial.empty()) {
        f.add(std::string_view("|partial"));
        f.add(static_cast<std::uint64_t>(r.partial.size()));
        for (const partial_task& p : r.partial) {
            f.add(static_cast<std::uint64_t>(p.id));
            f.add(p.parts);
            f.add(p.counts.total);
            f.add(p.counts.distinct);
            f.add(p.counts.nodes);
            f.add(static_cast<std::uint64_t>(p.done.size()));
            for (const part_range& q : p.done) {
                f.add(q.begin);
                f.add(q.end);
            }
        }
    }
    if (r.routes.empty() && r.how.empty()) return;
    f.add(std::string_view("|routes"));
    f.add(static_cast<std::uint64_t>(r.routes.size()));
    for (const std::string& name : r.routes) {
        f.add(name);
        f.add(std::string_view(","));
    }
    f.add(static_cast<std::uint64_t>(r.how.size()));
    for (const task_routes& h : r.how) {
        f.add(std::uint64_t{h.counted});
        f.add(std::uint64_t{h.checked});
    }
}

}  // namespace detail

// Whether `name` can name a route in a record: 1 to max_route_name
// characters of a-z, 0-9, ':', '.', '_' and '-'.
constexpr bool route_name_valid(std::string_view name) noexcept
{
    if (name.empty() || name.size() > max_route_name) return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ':' || c == '.' || c == '_' ||
              c == '-'))
            return false;
    return true;
}

// The index (from 1) of route `name` in `routes`, added if it is new.
// Throws record_error if the name is not valid or the record would name
// more than max_routes routes.
inline std::uint8_t route_index(std::vector<std::string>& routes, std::string_view name)
{
    for (std::size_t i = 0; i < routes.size(); ++i)
        if (routes[i] == name) return static_cast<std::uint8_t>(i + 1);
    if (!route_name_valid(name))
        throw record_error("a route named \"" + std::string(name.substr(0, 40)) + "\" cannot be recorded");
    if (routes.size() >= max_routes)
        throw record_error("a record names at most " + std::to_string(max_routes) + " routes");
    routes.emplace_back(name);
    return static_cast<std::uint8_t>(routes.size());
}

// Notes in `h` a check by route `k`: it replaces an earlier check, unless
// that one was by another route than the count and this one by the same
// (an agreeing rerun does not hide a check by another route).
constexpr void note_check(task_routes& h, std::uint8_t k) noexcept
{
    if (h.checked == 0 || h.checked == h.counted || k != h.counted) h.checked = k;
}

// Notes in `r` that task r.done[position] was checked by route `name`
// (note_check). Throws record_error as route_index does,
// std::out_of_range unless position < r.done.size().
inline void mark_checked(run_record& r, std::size_t position, std::string_view name)
{
    if (position >= r.done.size()) throw std::out_of_range("nqueens: no finished task at that position");
    std::vector<std::string> routes = r.routes;
    const std::uint8_t k = route_index(routes, name);
    r.routes = std::move(routes);
    if (r.how.size() != r.done.size()) r.how.assign(r.done.size(), task_routes{});
    note_check(r.how[position], k);
}

// Checks that `r` is internally sound: 1 <= n <= 32, a plan of at most
// max_plan_tasks tasks, a valid slice of at
// most max_shards, ids increasing (so no duplicates), below plan_size and in
// the slice, one entry of `counts` per id adding up to `sum`, seconds
// finite and in 0..max_record_seconds. Throws
// record_error naming the first problem, prefixed by `what` (a file name).
inline void check_record(const run_record& r, std::string_view what = "record")
{
    const std::string w(what);
    if (!in_domain(r.n)) throw record_error(w + ": n = " + std::to_string(r.n) + " is outside 1..32");
    if (r.plan_size > max_plan_tasks)
        throw record_error(w + ": a plan of " + std::to_string(r.plan_size) +
                           " tasks, more than any n has (" + std::to_string(max_plan_tasks) + ")");
    if (!(r.seconds >= 0 && r.seconds <= max_record_seconds))  // also refuses NaN
        throw record_error(w + ": \"seconds\" is not a time between 0 and 1e12 seconds");
    if (!r.slice.valid())
        throw record_error(w + ": shard " + std::to_string(r.slice.index) + "/" +
                           std::to_string(r.slice.count) + " is not a valid slice");
    if (r.slice.count > max_shards)
        throw record_error(w + ": shard " + to_string(r.slice) + " is cut into more than " +
                           std::to_string(max_shards) + " shards");
    for (std::size_t i = 0; i < r.done.size(); ++i) {
        const std::size_t id = r.done[i];
        if (id >= r.plan_size)
            throw record_error(w + ": task id " + std::to_string(id) + " is out of range (the plan has " +
                               std::to_string(r.plan_size) + " tasks)");
        if (i > 0 && id <= r.done[i - 1])
            throw record_error(w + (id == r.done[i - 1]
                                        ? ": task id " + std::to_string(id) + " is listed twice"
                                        : ": task ids are not in increasing order"));
        if (!r.slice.contains(id))
            throw record_error(w + ": task id " + std::to_string(id) + " is not in shard " +
                               to_string(r.slice));
    }
    if (r.done.empty() && (r.sum.total != 0 || r.sum.distinct != 0 || r.sum.nodes != 0))
        throw record_error(w + ": counts without any finished task");
    if (r.counts.size() != r.done.size())
        throw record_error(w + ": " + std::to_string(r.counts.size()) + " per-task counts for " +
                           std::to_string(r.done.size()) + " finished tasks");
    solution_counts sum{};
    try {
        for (const solution_counts& c : r.counts) sum += c;
    } catch (const std::overflow_error&) {
        throw record_error(w + ": the per-task counts overflow 128 bits");
    }
    if (sum != r.sum)
        throw record_error(w + ": its per-task counts add up to " + to_string(sum.total) + " solutions, " +
                           to_string(sum.distinct) + " distinct, " + to_string(sum.nodes) +
                           " nodes, not the totals it gives (" + to_string(r.sum.total) + ", " +
                           to_string(r.sum.distinct) + ", " + to_string(r.sum.nodes) + ")");
    if (r.routes.size() > max_routes)
        throw record_error(w + ": more than " + std::to_string(max_routes) + " routes");
    for (std::size_t i = 0; i < r.routes.size(); ++i) {
        if (!route_name_valid(r.routes[i]))
            throw record_error(w + ": route " + std::to_string(i + 1) + " has no valid name");
        for (std::size_t k = 0; k < i; ++k)
            if (r.routes[k] == r.routes[i])
                throw record_error(w + ": route \"" + r.routes[i] + "\" is named twice");
    }
    if (r.how.empty() != r.routes.empty() || (!r.how.empty() && r.how.size() != r.done.size()))
        throw record_error(w + ": " + std::to_string(r.how.size()) + " tasks' routes for " +
                           std::to_string(r.done.size()) + " finished tasks and " +
                           std::to_string(r.routes.size()) + " routes");
    for (const task_routes& h : r.how)
        if (h.counted > r.routes.size() || h.checked > r.routes.size())
            throw record_error(w + ": a task's route is not one of the " + std::to_string(r.routes.size()) +
                               " it names");
    if (r.partial.size() > max_partial_tasks)
        throw record_error(w + ": more tasks begun than any record holds (" +
                           std::to_string(max_partial_tasks) + ")");
    std::size_t ranges = 0;
    std::size_t next_done = 0;  // r.done is increasing: walked beside the partial ids
    for (std::size_t i = 0; i < r.partial.size(); ++i) {
        const partial_task& p = r.partial[i];
        const std::string task = w + ": begun task " + std::to_string(p.id);
        if (p.id >= r.plan_size)
            throw record_error(task + " is out of range (the plan has " + std::to_string(r.plan_size) +
                               " tasks)");
        if (i > 0 && p.id <= r.partial[i - 1].id)
            throw record_error(w + ": begun tasks are not in increasing order, or one is listed twice");
        if (!r.slice.contains(p.id)) throw record_error(task + " is not in shard " + to_string(r.slice));
        while (next_done < r.done.size() && r.done[next_done] < p.id) ++next_done;
        if (next_done < r.done.size() && r.done[next_done] == p.id)
            throw record_error(task + " is listed as finished too");
        ranges += p.done.size();
        if (p.done.empty() || ranges > max_partial_ranges)
            throw record_error(task + " lists " +
                               (p.done.empty() ? "no parts" : "more parts than any record holds"));
        for (std::size_t k = 0; k < p.done.size(); ++k) {
            const part_range& q = p.done[k];
            if (q.begin >= q.end || q.end > p.parts || (k > 0 && q.begin <= p.done[k - 1].end))
                throw record_error(task + " lists parts out of order, overlapping or beyond its " +
                                   std::to_string(p.parts));
        }
        if (p.parts_done() == p.parts)
            throw record_error(task + " lists every part: it is finished, not begun");
    }
}

// How record_error messages name a plan's mode (a program may put its own
// words for it in their place, as the command line puts --unique).
constexpr std::string_view mode_words(count_mode mode) noexcept
{
    return mode == count_mode::with_distinct ? "counting distinct solutions too" : "counting totals only";
}

// Throws record_error, prefixed by `what`, naming r's cut and why, unless
// this program can count n by it (cut_error): a record of a later program
// may cut a count in a way this one does not know.
inline void check_countable(const run_record& r, std::string_view what = "record")
{
    if (const char* why = cut_error(r.n, r.cut))
        throw record_error(std::string(what) + " cuts n = " + std::to_string(r.n) + " by " +
                           to_string(r.cut) + ", which this program cannot count (" + why +
                           "): finish it with '" + r.program + "', the program that wrote it");
}

// Checks that `r` (sound by check_record) belongs to a run of `plan` over
// `s`: same n, mode, sub-problem list (a cut this program can count, the
// same as the plan's, and size) and slice. Throws
// record_error naming the mismatch, prefixed by `what`.
inline void check_record_matches(const run_record& r, const work_plan& plan, shard s,
                                 std::string_view what = "record")
{
    const std::string w(what);
    if (r.n != plan.n())
        throw record_error(w + " is for n = " + std::to_string(r.n) +
                           ", not n = " + std::to_string(plan.n()));
    if (r.mode != plan.mode())
        throw record_error(w + " was made " + std::string(mode_words(r.mode)) + "; this run is " +
                           std::string(mode_words(plan.mode())));
    check_countable(r, what);
    if (r.cut != plan.cut())
        throw record_error(w + " cuts n = " + std::to_string(r.n) + " by " + to_string(r.cut) + ", not by " +
                           to_string(plan.cut()));
    if (r.plan_size != plan.size())
        throw record_error(w + " has " + std::to_string(r.plan_size) +
                           " sub-problems for n = " + std::to_string(r.n) + "; this program lists " +
                           std::to_string(plan.size()) + " for its cut");
    if (r.slice != s)
        throw record_error(w + " is for shard " + to_string(r.slice) + ", not shard " + to_string(s));
    for (const partial_task& p : r.partial)
        if (p.parts != plan.parts(p.id))
            throw record_error(w + " splits task " + std::to_string(p.id) + " into " +
                               std::to_string(p.parts) + " parts; this program's plan has " +
                               std::to_string(plan.parts(p.id)));
}

// Keeps a run_record up to date as tasks finish; the run-time companion of
// a checkpoint. Not synchronized: parallel_options::on_task_done calls come one
// at a time, which is all it needs.
//
//     nqueens::record_builder b(nqueens::make_record(plan));
//     o.include = [&](std::size_t id) { return !b.is_done(id); };
//     o.on_task_done = [&](std::size_t id, const nqueens::solution_counts& t) { b.add(id, t); };
class record_builder {
public:
    // Starts from `r` (a checked record: check_record).
    explicit record_builder(run_record r)
        : record_(std::move(r)),
          mask_(record_.plan_size, false),
          counts_(record_.plan_size),
          how_(record_.plan_size)
    {
        for (std::size_t i = 0; i < record_.done.size(); ++i) {
            mask_.at(record_.done[i]) = true;
            counts_.at(record_.done[i]) = record_.counts.at(i);
            if (!record_.how.empty()) how_.at(record_.done[i]) = record_.how.at(i);
        }
        record_.how.clear();
        count_ = record_.done.size();
        for (partial_task& p : record_.partial) begun_.emplace(p.id, std::move(p));
        record_.partial.clear();
    }

    bool is_done(std::size_t id) const { return id < mask_.size() && mask_[id]; }
    // What task id counted; is_done(id) must hold.
    const solution_counts& counts_of(std::size_t id) const { return counts_.at(id); }
    std::size_t tasks_done() const noexcept { return count_; }
    const run_record& base() const noexcept { return record_; }
    // The parts counted of task id, if it is begun and not finished; else nullptr.
    const partial_task* begun(std::size_t id) const
    {
        const auto it = begun_.find(id);
        return it == begun_.end() ? nullptr : &it->second;
    }
    std::size_t tasks_begun() const noexcept { return begun_.size(); }
    solution_counts sum() const noexcept { return record_.sum; }

    // Records that task id finished with `t`, counted by the route named
    // `counted` (route_labels; empty: not known). Throws record_error if id
    // is out of range, outside the slice or already done, or as route_index
    // does; std::overflow_error rather than wrap.
    void add(std::size_t id, const solution_counts& t, std::string_view counted = {})
    {
        if (id >= mask_.size() || !record_.slice.contains(id))
            throw record_error("task id " + std::to_string(id) + " does not belong to this run");
        if (mask_[id]) throw record_error("task id " + std::to_string(id) + " finished twice");
        const std::uint8_t route = counted.empty() ? 0 : route_index(record_.routes, counted);
        record_.sum += t;
        mask_[id] = true;
        counts_[id] = t;
        how_[id] = {route, 0};
        ++count_;
        begun_.erase(id);
    }

    // Records that finished task id was counted again by the route named
    // `checked`, with the same counts (note_check).
    // Throws record_error unless is_done(id), or as route_index does.
    void mark_checked(std::size_t id, std::string_view checked)
    {
        if (!is_done(id))
            throw record_error("task id " + std::to_string(id) + " is not finished: nothing to check");
        note_check(how_[id], route_index(record_.routes, checked));
    }

    // How task id was counted and checked (indexes into base().routes);
    // is_done(id) must hold.
    task_routes how_of(std::size_t id) const { return how_.at(id); }

    // Records that parts range.begin to range.end - 1 of task id (of
    // `parts` parts) counted `c`; add(id, ...) later, when the task
    // finishes, replaces them by the task's whole count. Throws record_error
    // if id is out of range, outside the slice or done, if `parts` differs
    // from the task's earlier ranges, or if the range is empty, past the
    // last part, overlaps one recorded or covers the last parts left (the
    // task is then finished: add); std::overflow_error rather than wrap.
    void add_parts(std::size_t id, std::uint64_t parts, part_range range, const solution_counts& c)
    {
        if (id >= mask_.size() || !record_.slice.contains(id))
            throw record_error("task id " + std::to_string(id) + " does not belong to this run");
        if (mask_[id]) throw record_error("task id " + std::to_string(id) + " is finished: no parts to add");
        if (range.begin >= range.end || range.end > parts)
            throw record_error("task id " + std::to_string(id) + " has no parts " +
                               std::to_string(range.begin) + " to " + std::to_string(range.end) + " - 1 of " +
                               std::to_string(parts));
        const auto found = begun_.find(id);
        partial_task fresh{id, parts, {}, {}};
        partial_task& p = found != begun_.end() ? found->second : fresh;
        if (p.parts != parts) {
            throw record_error("task id " + std::to_string(id) + " was begun in " + std::to_string(p.parts) +
                               " parts, not " + std::to_string(parts));
        }
        // The ranges that end at or after range.begin and start at or
        // before range.end: none may overlap it, and those that touch it
        // merge with it.
        const auto first = std::lower_bound(p.done.begin(), p.done.end(), range.begin,
                                            [](const part_range& q, std::uint64_t b) { return q.end < b; });
        auto last = first;
        part_range merged = range;
        for (; last != p.done.end() && last->begin <= range.end; ++last) {
            if (last->begin < range.end && last->end > range.begin)
                throw record_error("task id " + std::to_string(id) + ": parts " +
                                   std::to_string(range.begin) + " to " + std::to_string(range.end) +
                                   " - 1 are counted already");
            merged.begin = std::min(merged.begin, last->begin);
            merged.end = std::max(merged.end, last->end);
        }
        if (p.parts_done() + (range.end - range.begin) == parts)
            throw record_error("task id " + std::to_string(id) + ": these parts finish it; add the task");
        p.counts += c;
        p.done.insert(p.done.erase(first, last), merged);
        if (found == begun_.end()) begun_.emplace(id, std::move(fresh));
    }

    // Adds `s` seconds, up to max_record_seconds (where the time stays: a
    // record is not made unreadable by the time spent on it).
    void add_seconds(double s) noexcept { record_.seconds = saturated_seconds(record_.seconds, s); }

    // The record as it stands, with `done` in increasing order. Cost: linear
    // in plan_size.
    run_record snapshot() const
    {
        run_record r = record_;
        r.done.clear();
        r.done.reserve(count_);
        r.counts.clear();
        r.counts.reserve(count_);
        bool named = false;
        for (std::size_t id = 0; id < mask_.size(); ++id) {
            if (!mask_[id]) continue;
            r.done.push_back(id);
            r.counts.push_back(counts_[id]);
            named = named || how_[id] != task_routes{};
        }
        // Routes only where some task has one: a record of tasks whose
        // routes nobody knows reads as before records named them.
        if (named) {
            r.how.reserve(count_);
            for (const std::size_t id : r.done) r.how.push_back(how_[id]);
        } else {
            r.routes.clear();
        }
        r.partial.clear();
        for (const auto& [id, p] : begun_) r.partial.push_back(p);
        return r;
    }

private:
    run_record record_;
    std::vector<bool> mask_;
    std::vector<solution_counts> counts_;  // by id, for the done ones
    std::vector<task_routes> how_;         // by id, for the done ones
    std::size_t count_ = 0;
    std::map<std::size_t, partial_task> begun_;  // by id: tasks begun, not done
};

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_RUN_RECORD_HPP
