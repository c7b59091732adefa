// SPDX-License-Identifier: BSL-1.0
// work_plan and count_mode: the count of one n as a fixed list of independent sub-problems.
#ifndef NQUEENS_RUNTIME_PLAN_HPP
#define NQUEENS_RUNTIME_PLAN_HPP

#include <nqueens/detail/cuts.hpp>
#include <nqueens/detail/join/estimates.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/search/fixed_points.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/solution_counts.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

namespace nqueens {

namespace detail {
class engine_run;
}

// Parts `begin` to `end` - 1 of a task (work_plan::parts, run_parts).
struct part_range {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;

    friend constexpr bool operator==(const part_range&, const part_range&) = default;
};

// A task begun and not finished: which of its parts are counted, and what
// they counted.
struct partial_task {
    std::size_t id = 0;
    std::uint64_t parts = 0;       // work_plan::parts(id)
    std::vector<part_range> done;  // increasing, none empty, none touching the next
    solution_counts counts{};      // what the parts in `done` counted

    // How many of its parts are counted.
    std::uint64_t parts_done() const noexcept
    {
        std::uint64_t k = 0;
        for (const part_range& p : done) k += p.end - p.begin;
        return k;
    }
};

// What a count computes, and so which search it runs.
enum class count_mode : std::uint8_t {
    // The total only (OEIS A000170), by the meet-in-the-middle join of top
    // and bottom halves (detail/join/run_task.hpp) for n >= 6, many times
    // faster than the symmetric search (docs/benchmarks.md). n < 6 uses the
    // symmetric search.
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

// "totals", "with_distinct": how a record names a mode.
constexpr const char* mode_name(count_mode mode) noexcept
{
    return mode == count_mode::with_distinct ? "with_distinct" : "totals";
}

// Which code counts a task of the join. Both routes give the same counts;
// a recheck runs the other one, so that a fault of the fast route (a
// wrong lane of a vector loop, a compiler's bug in one function, a wrong
// entry of a slice table) is not repeated by its check.
enum class count_route : std::uint8_t {
    // The fastest: half-board lists from quarter tables or by the row
    // search, and pairs counted by bit-sliced tables (or pair by pair for
    // small groups), large groups split first, in the widest build of the
    // pair count the CPU runs (AVX-512, AVX2, POPCNT).
    fast,
    // The check: the same lists, groups split by 8 key bits, and every pair
    // counted by a plain loop of its own: no bit-sliced table, no
    // hand-written vector loop and no build for a wider instruction set. It
    // shares the lists and the split with the fast route
    // (docs/limitations.md). Several times the fast route's time
    // (docs/benchmarks.md). Plans of n < 6 (the symmetric search) have one
    // route.
    check,
};

// "fast", "check": how messages name a route.
constexpr const char* route_name(count_route route) noexcept
{
    return route == count_route::check ? "check" : "fast";
}

// How records name the code that counted or checked a task
// (work_plan::route_label): the symmetric search of n < 6 (one route), the
// check route, or the fast route by the widest build of its pair count the
// CPU ran. A record may name others (a later program's): run_record::routes.
inline constexpr std::array<const char*, 6> route_labels = {"search",      "check",     "fast:plain",
                                                            "fast:popcnt", "fast:avx2", "fast:avx512"};

namespace detail {

// The rows each task of the symmetric search places (work_plan::split_depth;
// n < 6 takes default_cuts' split_depth).
constexpr int sym_split_depth(int n) noexcept
{
    return n <= 9 ? 2 : (n <= 19 ? 3 : 4);
}

}  // namespace detail

// 1 GiB: the memory budget when nothing is known of the machine, and the
// least a count is given (memory_budget.hpp).
inline constexpr std::size_t default_memory_budget = std::size_t{1} << 30;

// The count for one n as a fixed list of independent sub-problems (tasks).
// Summing run(id) over all ids gives the counts for n, whatever the order,
// the machine or the thread.
//
// - count_mode::total, n >= 6: a task is a placement of the middle rows
//   (or of their first rows, its parts placing the others), one per class
//   under mirror and flip, and which of a few leading columns the top half
//   uses; run() joins the top and bottom halves, from n = 23 in parts, each
//   fixing a few more leading columns. `distinct` is 0.
//   Memory: a few MB per thread at n = 16, tens of MB at n = 17..19, a
//   hundred to a few hundred per thread from n = 20 on.
// - count_mode::with_distinct, n >= 6: the same tasks (a record tells the
//   two modes apart by its "mode"); `distinct` is 0 in every task, and
//   distinct_of() turns the sum of all tasks into the distinct count.
// - n < 6: a task is a placement of the first rows of the 8-fold
//   symmetric search, one representative per class of solutions; `distinct`
//   adds up over the tasks.
//
// Ids 0 .. size() - 1 are stable: the same n, mode and cut() give the same
// list in the same order, so slices of it can run on other machines or
// resume from a checkpoint, whatever program's default the cut was.
//
// Valid for 1 <= n <= 32. Building a plan takes milliseconds up to n = 22,
// seconds from n = 23 on (about 6 s at n = 32, whose tasks stand for tens
// of thousands of bands each). Each n's task count is in docs/cuts.md
// (56 for n = 16, hundreds of thousands at most); n = 2 and 3 have no
// tasks.
//
//     const nqueens::work_plan plan(16);
//     nqueens::solution_counts sum{};
//     for (std::size_t id = 0; id < plan.size(); ++id) sum.total += plan.run(id).total;  // 14772512
class work_plan {
public:
    // n's default cut (default_cuts). Throws std::domain_error(domain_message)
    // unless 1 <= n <= 32.
    explicit work_plan(int n, count_mode mode = count_mode::total) : work_plan(n, mode, default_cut(n)) {}

    // Cut `cut` (a record's, or one to try). Throws std::domain_error as
    // above, and std::invalid_argument with a one-line sentence naming the
    // cut where this program cannot count n by it (cut_error) or its plan
    // would pass max_plan_tasks tasks.
    work_plan(int n, count_mode mode, const plan_cut& cut) : n_(n), cut_(cut)
    {
        check_domain(n);
        if (const char* why = cut_error(n, cut))
            throw std::invalid_argument("nqueens: n = " + std::to_string(n) + " cannot be counted by " +
                                        to_string(cut) + ": " + why);
        join_ = n >= detail::join_min_n;
        distinct_ = mode == count_mode::with_distinct || !join_;
        const auto too_many = [&] {
            throw std::invalid_argument("nqueens: n = " + std::to_string(n) + " by " + to_string(cut) +
                                        " has more than " + std::to_string(max_plan_tasks) + " tasks");
        };
        if (join_) {
            layout_ = detail::make_join_layout(n, cut);
            detail::for_each_join_task(layout_, [&](const detail::join_task& t) {
                if (join_tasks_.size() == max_plan_tasks) too_many();
                join_tasks_.push_back(t);
                estimates_.push_back(detail::join_task_breadth(layout_, t));
            });
            detail::refine_largest_estimates(layout_, join_tasks_, estimates_);
        } else {
            detail::for_each_sym_task(n, cut.split_depth, [&](const detail::sym_task& t) {
                if (sym_tasks_.size() == max_plan_tasks) too_many();
                sym_tasks_.push_back(t);
                estimates_.push_back(detail::sym_task_breadth(t, 2));
            });
        }
    }

    int n() const noexcept { return n_; }
    std::size_t size() const noexcept { return estimates_.size(); }

    // The index in route_labels of `route` as this program counts the
    // plan's tasks on this CPU: "search" for n < 6, "check", or the fast
    // route's build ("fast:avx2", say).
    std::size_t route_label_index(count_route route) const noexcept
    {
        if (!join_) return 0;
        if (route == count_route::check) return 1;
        // The build picked at run time, or the one -march gave the whole
        // translation unit where that is wider.
        const detail::cpu_tier picked = detail::usable_cpu_tier(detail::cpu_tier::best);
        switch (std::max(picked, detail::compiled_cpu_tier())) {
            case detail::cpu_tier::popcnt:
                return 3;
            case detail::cpu_tier::avx2:
                return 4;
            case detail::cpu_tier::vpopcnt:
                return 5;
            default:
                return 2;
        }
    }
    const char* route_label(count_route route) const noexcept
    {
        return route_labels[route_label_index(route)];
    }

    // What the plan counts: count_mode::with_distinct when distinct_of()
    // gives the distinct count. A plan for n < 6 always does.
    count_mode mode() const noexcept { return distinct_ ? count_mode::with_distinct : count_mode::total; }

    // How the count is cut into tasks (records name the plan by it, with
    // n, mode() and size()).
    const plan_cut& cut() const noexcept { return cut_; }

    // The most threads that can count tasks of n side by side within about
    // `budget` bytes (at least 1, at most 4096): each thread of the join
    // keeps its own half-board lists, by n's row of default_cuts (from a few
    // MB at n = 16 to a few hundred from n = 20 on); the symmetric search
    // needs next to nothing. parallel_count() keeps to
    // parallel_options::memory_budget (by default half the machine's
    // memory) unless told the number of threads.
    static unsigned threads_within(int n, std::size_t budget)
    {
        const std::size_t per_thread = default_cut_row(n).thread_megabytes;
        const std::size_t base = 64;  // the plan (at most max_plan_tasks tasks) and the program
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
    count128 distinct_of(const solution_counts& sum) const
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

    // Sets `ws` to count by `route` (count_route::fast when never set).
    static void use_route(workspace& ws, count_route route) noexcept
    {
        const bool check = route == count_route::check;
        ws.pairs.plain = check;
        ws.pairs.split_bits = check ? 8 : -1;
        ws.pairs.cpu = check ? detail::cpu_tier::baseline : detail::cpu_tier::best;
        ws.builder = detail::list_builder::by_lead_columns;
    }

    std::optional<solution_counts> run(std::size_t id, std::stop_token stop, workspace& ws) const
    {
        return run_task(
            id, [&stop] { return stop.stop_requested(); }, ws, [](std::uint64_t, std::uint64_t) {});
    }

    // The parts of task id: the units it is counted in, each on its own by
    // run_parts (1 for a task of the symmetric search or a join task of one
    // part; from n = 23 on up to tens of thousands, each milliseconds to
    // minutes). Throws std::out_of_range unless id < size(). Cost:
    // microseconds, milliseconds where a task fixes part of its band.
    std::uint64_t parts(std::size_t id) const
    {
        if (id >= size()) throw std::out_of_range("nqueens: no such task");
        return join_ ? detail::count_join_parts(layout_, join_tasks_[id]) : 1;
    }

    // Counts parts `begin` to `end` - 1 of task id (begin < end <= parts(id)):
    // what run(id) counts, split among calls in any way, adds up to run(id).
    // Gives up as run() does. Throws std::out_of_range for a range outside
    // the task.
    std::optional<solution_counts> run_parts(std::size_t id, std::uint64_t begin, std::uint64_t end,
                                             std::stop_token stop, workspace& ws) const
    {
        return run_part_range(
            id, begin, end, [&stop] { return stop.stop_requested(); }, ws,
            [](std::uint64_t, std::uint64_t) {});
    }

    // The queens task id places before its search, in board terms, for a
    // plan of the join (n >= 6): the band is rows `first_row` to
    // `first_row + rows - 1`, and the task fixes the columns of its first
    // `placed` rows (all of them, or where its parts place the others, the
    // first few). Consecutive ids may fix the same queens, told apart by
    // which of the leading columns the top takes. subtotals.hpp turns them
    // into lines any counter can check. Throws std::out_of_range unless
    // id < size(), std::logic_error for a plan of the symmetric search
    // (n < 6), whose tasks are classes of solutions rather than queens.
    struct band_queens {
        int first_row = 0;
        int rows = 0;
        int placed = 0;
        std::array<int, 8> columns{};  // of rows first_row.., entries from `placed` on 0

        friend constexpr bool operator==(const band_queens&, const band_queens&) = default;
    };

    band_queens queens_of(std::size_t id) const
    {
        if (id >= size()) throw std::out_of_range("nqueens: no such task");
        if (!join_) throw std::logic_error("nqueens: the tasks of n < 6 place no queens of their own");
        const detail::join_task& t = join_tasks_[id];
        band_queens q;
        q.first_row = layout_.band_row(0);
        q.rows = layout_.band_rows;
        q.placed = layout_.task_band_rows;
        for (int i = 0; i < q.placed; ++i)
            q.columns[static_cast<std::size_t>(i)] = t.band[static_cast<std::size_t>(i)];
        return q;
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

    template <class Stop, class OnPart>
    std::optional<solution_counts> run_part_range(std::size_t id, std::uint64_t begin, std::uint64_t end,
                                                  Stop&& stop, workspace& ws, OnPart&& on_part) const
    {
        if (begin >= end || end > parts(id))
            throw std::out_of_range("nqueens: task " + std::to_string(id) + " has no parts " +
                                    std::to_string(begin) + " to " + std::to_string(end) + " - 1");
        if (!join_ || (begin == 0 && end == parts(id))) return run_task(id, stop, ws, on_part);
        const auto r = detail::run_join_parts(layout_, join_tasks_[id], begin, end, ws, stop, on_part);
        if (!r) return std::nullopt;
        return solution_counts{r->total, 0, r->nodes};
    }

    int n_;
    plan_cut cut_;
    bool join_ = false;
    bool distinct_ = false;
    detail::join_layout layout_{};  // the join's cut, built once
    std::vector<detail::sym_task> sym_tasks_;
    std::vector<detail::join_task> join_tasks_;
    std::vector<std::uint64_t> estimates_;
};

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_PLAN_HPP
