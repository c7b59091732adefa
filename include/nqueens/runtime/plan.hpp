// SPDX-License-Identifier: BSL-1.0
// work_plan and count_mode: the count of one n as a fixed list of independent sub-problems.
#ifndef NQUEENS_RUNTIME_PLAN_HPP
#define NQUEENS_RUNTIME_PLAN_HPP

#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/solution_counts.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <vector>

namespace nqueens {

namespace detail {
class engine_run;
}

// What a count computes, and so which search it runs.
enum class count_mode : std::uint8_t {
    // The total only (OEIS A000170), by the meet-in-the-middle join of top
    // and bottom halves (detail/join/run_task.hpp) for n >= 6: about ten times
    // faster than the symmetric search at n = 17 and at n = 24. n < 6 uses
    // the symmetric search.
    total,
    // The total and the distinct count (OEIS A002562). For n >= 6 the
    // join's total, then Burnside's lemma (count_distinct in count.hpp):
    // the distinct count follows from the total and the few boards a half
    // or quarter turn fixes, found by a search of their own: about a second
    // up to n = 23, growing about tenfold every two n beyond (minutes at
    // n = 27), little next to the count. n < 6 runs the 8-fold symmetric
    // search (detail/search/symmetric_search.hpp), which counts one representative
    // per class.
    with_distinct,
};

// How a plan cuts the count of n into tasks: the search its tasks run and
// the parameters of the cut. With n, the mode and the number of tasks, it is
// what a run record names its plan by (a record is reused only by a plan
// with the same). A change to the order in which a method lists its tasks
// must give the method a new name.
struct plan_cut {
    enum class method_kind : std::uint8_t {
        symmetric,  // the 8-fold symmetric search; a task places split_depth rows
        join,       // the half-board join (detail/join/layout.hpp)
    };
    method_kind method = method_kind::symmetric;
    int split_depth = 0;        // symmetric: rows a task places (2 to 4)
    int band_rows = 0;          // join: the middle band's rows (1 to 6)
    int lead_columns = 0;       // join: leading free columns each list fixes
    int task_lead_columns = 0;  // join: how many of them a task fixes

    friend constexpr bool operator==(const plan_cut&, const plan_cut&) = default;
};

// "join", "symmetric": how a record names a method.
constexpr const char* method_name(plan_cut::method_kind m) noexcept
{
    return m == plan_cut::method_kind::join ? "join" : "symmetric";
}

// "totals", "with_distinct": how a record names a mode.
constexpr const char* mode_name(count_mode mode) noexcept
{
    return mode == count_mode::with_distinct ? "with_distinct" : "totals";
}

// At least the most tasks a plan of any n has (302,800, n = 24; 363,012 was
// n = 23's before its band grew, and stays the bound). A record that claims
// more is damaged, and a reader allocates no more.
inline constexpr std::size_t max_plan_tasks = 363012;

namespace detail {

// The mode of the plans whose version() is `version` (for reading records
// of format 2): only the join's totals have even versions.
constexpr count_mode mode_of_plan_version(std::uint32_t version) noexcept
{
    return version % 2 == 0 ? count_mode::total : count_mode::with_distinct;
}

// The rows each task of the symmetric search places (work_plan::split_depth).
constexpr int sym_split_depth(int n) noexcept
{
    return n <= 9 ? 2 : (n <= 19 ? 3 : 4);
}

// The cut of work_plan(n), for 1 <= n <= 32 (either mode).
constexpr plan_cut plan_cut_of(int n) noexcept
{
    plan_cut c;
    if (n < join_min_n) {
        c.split_depth = sym_split_depth(n);
        return c;
    }
    const join_layout l = make_join_layout(n);
    c.method = plan_cut::method_kind::join;
    c.band_rows = l.band;
    c.lead_columns = l.lead;
    c.task_lead_columns = l.task_lead;
    return c;
}

}  // namespace detail

// 1 GiB: the memory budget when nothing is known of the machine, and the
// least a count is given (memory_budget.hpp).
inline constexpr std::size_t default_memory_budget = std::size_t{1} << 30;

// The count for one n as a fixed list of independent sub-problems (tasks).
// Summing run(id) over all ids gives the counts for n, whatever the order,
// the machine or the thread.
//
// - count_mode::total, n >= 6: a task is a placement of the middle rows,
//   one per class under mirror and flip, and which of a few leading columns
//   the top half uses; run() joins the top and bottom halves (from n = 23
//   in parts, each fixing a few more leading columns; at n = 27 a task
//   places 4 of the 5 middle rows, and each part the last one too; at
//   n = 28 and 30 4 of the 6, and each part the last two; at n = 31 4 of
//   the 7, and each part the last three; at n = 32 4 of the 8, and each
//   part the last four).
//   `distinct` is 0.
//   Memory: a few MB per thread at n = 16, tens of MB at n = 17..19, a
//   hundred or two per thread from n = 20 on.
// - count_mode::with_distinct, n >= 6: the same tasks (a record tells the
//   two modes apart by its "mode"); `distinct` is 0 in every task, and distinct_of() turns the sum of all
//   tasks into the distinct count.
// - n < 6: a task is a placement of the first rows of the 8-fold
//   symmetric search, one representative per class of solutions; `distinct`
//   adds up over the tasks.
//
// Ids 0 .. size() - 1 are stable: the same n, mode and cut() give the same
// list in the same order, so slices of it can run on other machines or
// resume from a checkpoint. cut() changes whenever the split does.
//
// Valid for 1 <= n <= 32. Building a plan takes milliseconds up to n = 22,
// seconds from n = 23 on (about 6 s at n = 32, whose tasks stand for
// tens of thousands of bands each): 56 tasks for
// n = 16, 72 for n = 17, 288 for n = 18, 1,280 for n = 19, 24,814 for
// n = 22, 86,186 to 302,800 from n = 23 on (the same with distinct). n = 2
// and 3 have no tasks.
//
//     const nqueens::work_plan plan(16);
//     nqueens::solution_counts sum{};
//     for (std::size_t id = 0; id < plan.size(); ++id) sum.total += plan.run(id).total;  // 14772512
class work_plan {
public:
    // Throws std::domain_error(domain_message) unless 1 <= n <= 32.
    explicit work_plan(int n, count_mode mode = count_mode::total) : n_(n)
    {
        check_domain(n);
        join_ = n >= detail::join_min_n;
        distinct_ = mode == count_mode::with_distinct || !join_;
        if (join_) {
            layout_ = detail::make_join_layout(n);
            detail::for_each_join_task(layout_, [this](const detail::join_task& t) {
                join_tasks_.push_back(t);
                estimates_.push_back(detail::join_task_breadth(layout_, t));
            });
        } else {
            detail::for_each_sym_task(n, split_depth(n), [this](const detail::sym_task& t) {
                sym_tasks_.push_back(t);
                estimates_.push_back(detail::sym_task_breadth(t, 2));
            });
        }
    }

    int n() const noexcept { return n_; }
    std::size_t size() const noexcept { return estimates_.size(); }

    // What the plan counts: count_mode::with_distinct when distinct_of()
    // gives the distinct count. A plan for n < 6 always does.
    count_mode mode() const noexcept { return distinct_ ? count_mode::with_distinct : count_mode::total; }

    // How the count is cut into tasks (records name the plan by it, with
    // n, mode() and size()).
    plan_cut cut() const noexcept { return detail::plan_cut_of(n_); }

    // The number records of format 2 named the plan by (format 3 gives
    // mode() and cut() instead), odd where the plan counts distinct
    // solutions: 1 for the symmetric search (n < 6); for the join, by
    // detail::join_task_list_version: 2 and 3 up to n = 18 (but n = 16),
    // 6 and 7 for n = 16, 4 and 5 for n = 19, 12 and 13 for n = 20 and 21
    // (4 lead columns at n = 20, a band of 3 rows at n = 21), 22 and 23 for
    // n = 22 (a band of 4 rows, no lead columns), 10 and
    // 11 for n = 23 and 24 (bands of 3 and 4 rows), 18 and 19 for n = 25
    // and 14 and 15 for n = 27 and 24 and 25 for n = 29 (bands of 5 rows, of
    // which a task fixes 4),
    // 32 and 33 for n = 28 (16 and 17 before its parts shared tops, 30
    // and 31 with 16 lead columns) and 20
    // and 21 for n = 30 (bands of 6 rows, of which a task fixes 4), 8 and 9 for the other n from 26.
    std::uint32_t version() const noexcept
    {
        if (!join_) return 1;
        const std::uint32_t totals = detail::join_task_list_version(n_);
        return distinct_ ? totals + 1 : totals;
    }

    // The most threads that can count tasks of n side by side within about
    // `budget` bytes (at least 1): each thread of the join keeps its own
    // half-board lists, from a few MB at n = 16 to about 70 MB at n = 19,
    // 110 to 300 MB from n = 20 on; the symmetric search needs next to
    // nothing. parallel_count() keeps to
    // parallel_options::memory_budget (by default half the machine's memory) unless told the number of
    // threads.
    static unsigned threads_within(int n, std::size_t budget) noexcept
    {
        const bool join = n >= detail::join_min_n;
        // Peak resident MB of one thread over n's largest tasks, measured on
        // x86-64 with glibc, and about a third more for other allocators; at
        // n = 28 and 29 to 32 the largest seen on parts drawn at random
        // (250 MB with shared tops, at 15 or 16 lead columns; 253 MB, 230 MB, 238 MB and 215 MB:
        // docs/benchmarks.md), and about a third more.
        const std::size_t per_thread = !join ? 4
                                             : (n <= 16              ? 16
                                                : n == 17            ? 64
                                                : n <= 19            ? 96
                                                : n == 20            ? 160
                                                : n == 29            ? 400
                                                : n >= 30 || n == 28 ? 320
                                                                     : 192);
        const std::size_t base = 64;  // the plan (at most 302,800 tasks, n = 24) and the program
        const std::size_t megabytes = budget >> 20;
        if (megabytes <= base + per_thread) return 1;
        const std::size_t threads = (megabytes - base) / per_thread;
        return threads > 4096 ? 4096u : static_cast<unsigned>(threads);
    }

    // Whether each task's distinct count is its share of the whole (the
    // symmetric search's tasks), so that a slice of the plan has one too.
    // With the join's tasks only the whole plan has a distinct count.
    bool distinct_per_task() const noexcept { return distinct_ && !join_; }

    // The distinct count of n from `sum`, the counts of every task of the
    // plan added up: sum.distinct for the symmetric search's tasks; for the
    // join's, Burnside's lemma on sum.total (milliseconds; about a second at
    // n = 22 or 23, about tenfold more every two n beyond: minutes at n = 27). 0 for a plan without distinct
    // counts. Throws std::overflow_error rather than wrap.
    std::uint64_t distinct_of(const solution_counts& sum) const
    {
        if (!distinct_) return 0;
        if (!join_) return sum.distinct;
        return detail::distinct_by_burnside(n_, sum.total);
    }

    // A rough, relative cost of task id; parallel_count() starts the largest first
    // and weighs progress by it. Throws std::out_of_range unless id < size().
    std::uint64_t estimate(std::size_t id) const { return estimates_.at(id); }

    // Counts task id on the calling thread. Throws std::out_of_range unless
    // id < size(). Cost: from microseconds to minutes depending on n (a
    // task is about 1/size() of the whole count).
    solution_counts run(std::size_t id) const { return *run(id, std::stop_token{}); }

    // The same, but gives up and returns std::nullopt soon (within a few
    // milliseconds) after `stop` is requested.
    std::optional<solution_counts> run(std::size_t id, std::stop_token stop) const
    {
        workspace ws;
        return run(id, stop, ws);
    }

    // The buffers a task of the join fills (its half-board lists: tens of MB,
    // a hundred or two from n = 20 on): a thread that runs many tasks should
    // keep one and pass it to every run() rather than pay for fresh memory
    // each time.
    using workspace = detail::join_workspace;

    std::optional<solution_counts> run(std::size_t id, std::stop_token stop, workspace& ws) const
    {
        return run_task(
            id, [&stop] { return stop.stop_requested(); }, ws, [](std::uint64_t, std::uint64_t) {});
    }

    // The rows that each task of the symmetric search places (its plans
    // serve n < 6; the tests and tools run it for any n): enough tasks to keep every thread busy to the end,
    // few enough to enumerate them in milliseconds. detail::for_each_sym_task(n, split_depth(n), f) lists
    // them in id order.
    static constexpr int split_depth(int n) noexcept { return detail::sym_split_depth(n); }

private:
    friend class detail::engine_run;

    // `ws` holds the join's buffers, so that a worker reuses them.
    // on_part(done, parts) after each part of a join task (n >= 23 has
    // many), for progress within a task.
    template <class Stop, class OnPart>
    std::optional<solution_counts> run_task(std::size_t id, Stop&& stop, workspace& ws,
                                            OnPart&& on_part) const
    {
        if (id >= size()) throw std::out_of_range("nqueens: no such task");
        if (join_) {
            const auto r = detail::run_join_task(layout_, join_tasks_[id], ws, stop, on_part);
            if (!r) return std::nullopt;
            return solution_counts{r->total, 0, r->nodes};
        }
        detail::sym_tally tally{};
        if (!detail::search_symmetric(sym_tasks_[id], tally, stop)) return std::nullopt;
        return solution_counts{tally.total(), tally.distinct(), tally.nodes};
    }

    int n_;
    bool join_ = false;
    bool distinct_ = false;
    detail::join_layout layout_{};  // the join's cut, built once
    std::vector<detail::sym_task> sym_tasks_;
    std::vector<detail::join_task> join_tasks_;
    std::vector<std::uint64_t> estimates_;
};

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_PLAN_HPP
