// SPDX-License-Identifier: BSL-1.0
// work_plan: the stable list of sub-problems of one count, by its cut and mode, and their sums.
#include "support/oeis.hpp"

#include <nqueens/runtime/plan.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <stop_token>
#include <vector>

namespace {

using nqueens::test::distinct;
using nqueens::test::total;

constexpr auto both = nqueens::count_mode::with_distinct;

// What the tasks of a cut that fixes only the first rows of its band
// (detail::partial_band) stand for, walked through for_each_task_band.
struct band_cover {
    std::uint64_t tasks = 0;
    std::uint64_t orbits = 0;      // bands the tasks stand for, one of each orbit
    std::uint64_t bands = 0;       // the sizes of those orbits, added up
    std::uint64_t placements = 0;  // every placement of the band's rows
    std::uint64_t strangers = 0;   // bands not the smallest of their orbit, or without their task's rows
    std::uint64_t empty = 0;       // tasks that stand for no band, carry a weight, or fix a later row
    bool ordered = true;           // tasks in increasing order of their rows
};

band_cover cover_of(const nqueens::detail::join_layout& layout)
{
    namespace d = nqueens::detail;
    band_cover cover;
    d::band_columns last{};
    const auto rows = static_cast<std::ptrdiff_t>(layout.task_band_rows);
    d::for_each_join_task(layout, [&](const d::join_task& t) {
        cover.ordered = cover.ordered && (cover.tasks == 0 || last < t.band);
        last = t.band;
        ++cover.tasks;
        std::uint64_t here = 0;
        d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
            ++here;
            cover.bands += whole.weight;
            if (!std::equal(whole.band.begin(), whole.band.begin() + rows, t.band.begin()) ||
                !d::orbit_of(layout, whole.band).smallest)
                ++cover.strangers;
            return true;
        });
        cover.orbits += here;
        const bool later_rows =
            std::any_of(t.band.begin() + rows, t.band.end(), [](int c) { return c != 0; });
        if (here == 0 || t.weight != 0 || later_rows) ++cover.empty;
    });
    d::for_each_band(layout, [&](const d::band_columns&) { ++cover.placements; });
    return cover;
}

// The cut of n whose tasks fix the first 4 of its `band` rows and none of
// its `lead` lead columns.
nqueens::detail::join_layout check_partial_cut(int n, int band, int lead)
{
    namespace d = nqueens::detail;
    const d::join_layout layout = d::make_join_layout(n);
    CHECK(d::partial_band(layout));
    CHECK(layout.band_rows == band);
    CHECK(layout.task_band_rows == 4);
    CHECK(layout.lead_columns == lead);
    CHECK(layout.task_lead_columns == 0);
    return layout;
}

// Every task stands for at least one band, each the smallest of its orbit
// and with its task's rows; the orbits of all tasks cover each band once.
void check_cover(const nqueens::detail::join_layout& layout, std::uint64_t tasks, std::uint64_t orbits)
{
    const band_cover cover = cover_of(layout);
    CHECK(cover.tasks == tasks);
    CHECK(cover.tasks <= nqueens::max_plan_tasks);
    CHECK(cover.ordered);
    CHECK(cover.strangers == 0);
    CHECK(cover.empty == 0);
    CHECK(cover.orbits == orbits);  // the tasks of a cut that fixed whole bands
    CHECK(cover.bands == cover.placements);
}

}  // namespace

TEST_CASE("a work_plan's tasks are stable and add up to the counts", "[plan]")
{
    // n >= 6 with distinct: the join's tasks, the same as for the totals;
    // each task's distinct is 0, and distinct_of() turns the sum of all
    // tasks into the distinct count (Burnside's lemma).
    const nqueens::work_plan a(12, both);
    const nqueens::work_plan b(12, both);
    REQUIRE(a.size() == b.size());
    REQUIRE(a.size() > 10);
    CHECK(a.size() == nqueens::work_plan(12).size());
    CHECK(a.n() == 12);
    nqueens::solution_counts sum{};
    for (std::size_t id = 0; id < a.size(); ++id) {
        const auto r = a.run(id);
        CHECK(r == b.run(id));
        CHECK(r.distinct == 0);
        CHECK(a.estimate(id) == b.estimate(id));
        sum.total += r.total;
        sum.nodes += r.nodes;
    }
    CHECK(sum.total == total(12));
    CHECK(a.distinct_of(sum) == distinct(12));
    CHECK(a.mode() == both);
    CHECK_FALSE(a.distinct_per_task());
    CHECK(a.cut() == nqueens::work_plan(12).cut());
    CHECK(nqueens::work_plan(12).distinct_of(sum) == 0);  // a totals plan has no distinct count
    CHECK_THROWS_AS(a.run(a.size()), std::out_of_range);

    // n < 6: the symmetric search's tasks, each with its own share of the
    // distinct count.
    for (int n = 1; n <= 5; ++n) {
        INFO("n = " << n);
        const nqueens::work_plan plan(n, both);
        CHECK(plan.cut().method == nqueens::plan_cut::method_kind::symmetric);
        CHECK(plan.distinct_per_task());
        nqueens::solution_counts s{};
        for (std::size_t id = 0; id < plan.size(); ++id) {
            const auto r = plan.run(id);
            s.total += r.total;
            s.distinct += r.distinct;
        }
        CHECK(s.total == total(n));
        CHECK(s.distinct == distinct(n));
        CHECK(plan.distinct_of(s) == distinct(n));
    }
    CHECK(nqueens::work_plan(1).size() == 1);
    CHECK(nqueens::work_plan(2).size() == 0);
    CHECK(nqueens::work_plan(3).size() == 0);
}

TEST_CASE("a totals-only work_plan joins halves: stable tasks, no distinct count", "[plan]")
{
    for (const int n : {6, 11, 14}) {
        INFO("n = " << n);
        const nqueens::work_plan a(n);
        const nqueens::work_plan b(n);
        REQUIRE(a.size() == b.size());
        CHECK(a.mode() == nqueens::count_mode::total);
        CHECK(a.cut() == nqueens::default_cut(n));
        nqueens::solution_counts sum{};
        nqueens::work_plan::workspace ws;  // reused across tasks, as a worker does
        for (std::size_t id = 0; id < a.size(); ++id) {
            const auto r = a.run(id);
            CHECK(r == b.run(id));
            CHECK(r == a.run(id, {}, ws));
            CHECK(r.distinct == 0);
            CHECK(a.estimate(id) > 0);
            sum.total += r.total;
        }
        CHECK(sum.total == total(n));
    }
    // Below 6 there is nothing to join: the symmetric search's plan.
    CHECK(nqueens::work_plan(5).cut().method == nqueens::plan_cut::method_kind::symmetric);
    CHECK(nqueens::work_plan(5).mode() == both);
    CHECK(nqueens::work_plan(18).cut().method == nqueens::plan_cut::method_kind::join);
    CHECK(nqueens::work_plan(24).mode() == nqueens::count_mode::total);
}

TEST_CASE("from n = 23 the join's tasks come in parts", "[plan]")
{
    const nqueens::work_plan plan(24);
    CHECK(plan.cut().task_lead_columns < plan.cut().lead_columns);
    CHECK(plan.size() == 302800);
    CHECK_FALSE(plan.distinct_per_task());
    // Every task has parts, and a task gives up soon when asked to stop.
    nqueens::work_plan::workspace ws;
    std::stop_source stop;
    stop.request_stop();
    CHECK_FALSE(plan.run(0, stop.get_token(), ws).has_value());
    for (std::size_t id : {std::size_t{0}, plan.size() / 2, plan.size() - 1}) CHECK(plan.estimate(id) > 0);
}

TEST_CASE("n = 27's tasks fix 4 rows of its band of 5, their parts place the last", "[plan]")
{
    namespace d = nqueens::detail;
    const nqueens::work_plan plan(27);
    CHECK(plan.size() == 125098);
    CHECK(plan.size() <= nqueens::max_plan_tasks);
    const d::join_layout layout = d::make_join_layout(27);
    CHECK(d::partial_band(layout));
    CHECK(layout.band_rows == 5);
    CHECK(layout.task_band_rows == 4);
    nqueens::work_plan::workspace ws;
    std::stop_source stop;
    stop.request_stop();
    CHECK_FALSE(plan.run(0, stop.get_token(), ws).has_value());
    for (std::size_t id : {std::size_t{0}, plan.size() / 2, plan.size() - 1}) CHECK(plan.estimate(id) > 0);
    check_cover(layout, 125098, 1122036);
}

TEST_CASE("n = 25's and 29's tasks fix 4 rows of their band of 5, their parts place the last", "[plan]")
{
    namespace d = nqueens::detail;
    struct partial_cut {
        int n;
        int lead;
        std::uint64_t tasks, orbits;
    };
    for (const partial_cut& c : {partial_cut{25, 11, 86186, 693410}, partial_cut{29, 20, 175950, 1742462}}) {
        INFO("n = " << c.n);
        check_cover(check_partial_cut(c.n, 5, c.lead), c.tasks, c.orbits);
    }
}

TEST_CASE("n = 28's tasks fix 4 rows of its band of 6, their parts place the last two", "[plan]")
{
    namespace d = nqueens::detail;
    const d::join_layout layout = check_partial_cut(28, 6, 15);
    CHECK(layout.shared_tops);
    // (The plan itself, estimates and all, takes seconds to build: counts build it.)
    check_cover(layout, 154078, 22470929);
    // A cheap estimate (a sample of each task's bands), and a task gives up
    // when asked to stop.
    const std::vector<std::size_t> ids{0, 77039, 154077};
    std::size_t id = 0;
    d::join_workspace ws;
    d::for_each_join_task(layout, [&](const d::join_task& t) {
        if (std::find(ids.begin(), ids.end(), id++) == ids.end()) return;
        CHECK(d::join_task_breadth(layout, t) > 0);
        CHECK_FALSE(d::run_join_task(
                        layout, t, ws, [] { return true; }, [](std::uint64_t, std::uint64_t) {})
                        .has_value());
    });
}

TEST_CASE("n = 31's and 32's tasks fix 4 rows of their bands of 7 and 8, their parts place the others",
          "[plan]")
{
    namespace d = nqueens::detail;
    struct partial_cut {
        int n;
        int lead;
        std::size_t tasks, sampled;
    };
    for (const partial_cut& c : {partial_cut{31, 20, 243789, 13}, partial_cut{32, 18, 288052, 15}}) {
        INFO("n = " << c.n);
        const d::join_layout layout = check_partial_cut(c.n, c.n - 24, c.lead);
        // Their bands have about 10^9 and 10^10 placements, too many to
        // cover in a test (the same cuts at n = 15 and 16 cover them all:
        // tasks_test): a sample of the tasks, each standing for bands
        // that are the smallest of their orbit and carry the task's rows; a
        // cheap estimate; a task gives up when asked to stop.
        std::size_t id = 0, sampled = 0, strangers = 0;
        std::uint64_t bands = 0;
        d::join_workspace ws;
        d::for_each_join_task(layout, [&](const d::join_task& t) {
            if (id++ % 20000 != 0) return;
            ++sampled;
            d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
                ++bands;
                if (!std::equal(whole.band.begin(), whole.band.begin() + 4, t.band.begin()) ||
                    !d::orbit_of(layout, whole.band).smallest || whole.weight == 0)
                    ++strangers;
                return true;
            });
            CHECK(d::join_task_breadth(layout, t) > 0);
            CHECK_FALSE(d::run_join_task(
                            layout, t, ws, [] { return true; }, [](std::uint64_t, std::uint64_t) {})
                            .has_value());
        });
        CHECK(id == c.tasks);
        CHECK(sampled == c.sampled);
        CHECK(bands >= sampled);
        CHECK(strangers == 0);
    }
}

TEST_CASE("from n = 19 the join's tasks split further to bound memory", "[plan]")
{
    const nqueens::work_plan plan(19);
    CHECK(plan.cut().lead_columns == 8);
    CHECK(plan.size() == 1280);
}

TEST_CASE("a work_plan for n = 32 splits the count into many tasks", "[plan]")
{
    // (Seconds to build: one plan.)
    const nqueens::work_plan plan(32, both);
    CHECK(plan.size() == 288052);
    CHECK(plan.n() == 32);
    CHECK(plan.cut() == nqueens::default_cut(32));
    for (std::size_t id : {std::size_t{0}, plan.size() / 2, plan.size() - 1}) CHECK(plan.estimate(id) > 0);
}

TEST_CASE("threads_within keeps a count's threads to its memory budget", "[plan]")
{
    using nqueens::work_plan;
    const std::size_t gib = nqueens::default_memory_budget;
    CHECK(gib == std::size_t{1} << 30);
    for (int n = nqueens::min_n; n <= nqueens::max_n; ++n) {
        INFO("n = " << n);
        const unsigned in_budget = work_plan::threads_within(n, gib);
        CHECK(in_budget >= 1);
        CHECK(work_plan::threads_within(n, 0) == 1);                // one thread, whatever the budget
        CHECK(work_plan::threads_within(n, 4 * gib) >= in_budget);  // more memory, no fewer threads
        CHECK(work_plan::threads_within(n, gib / 4) <= in_budget);  // less memory, no more threads
    }
    // The join's lists of 70 to 150 MB a thread: a handful of threads in 1 GiB.
    CHECK(work_plan::threads_within(18, gib) == 10);
    CHECK(work_plan::threads_within(20, gib) == 6);
    for (int n = 21; n <= 23; ++n) CHECK(work_plan::threads_within(n, gib) == 5);
    // n = 28 (shared tops) and 29 to 32 up to 300 MB: 2 or 3 threads in 1 GiB.
    for (int n = 24; n <= 32; ++n) {
        INFO("n = " << n);
        CHECK(work_plan::threads_within(n, gib) == (n == 29 ? 2u : (n >= 30 || n == 28 ? 3u : 5u)));
    }
    CHECK(work_plan::threads_within(29, 64 * gib) == 163);
    CHECK(work_plan::threads_within(31, 64 * gib) == 204);
    CHECK(work_plan::threads_within(32, 64 * gib) == 204);
    // The symmetric search (n < 6) and the small joins take every core of a big machine.
    CHECK(work_plan::threads_within(5, gib) >= 128);
    CHECK(work_plan::threads_within(14, gib) >= 32);
}

TEST_CASE("n = 16's join tasks take no lead columns", "[plan]")
{
    CHECK(nqueens::work_plan(16).cut().lead_columns == 0);
    CHECK(nqueens::work_plan(16, both).cut() == nqueens::work_plan(16).cut());
    CHECK(nqueens::work_plan(16).size() == 56);  // one task a band
}

namespace {

// What work_plan(n) is, in both modes, for n = 1 .. 32: its size and every
// field of its cut, as docs/cuts.md lists them.
struct expected_plan {
    std::size_t size;
    int split_depth;                                                 // symmetric (n < 6)
    int band_rows, task_band_rows, lead_columns, task_lead_columns;  // join
    bool shared_tops;
};
constexpr std::array<expected_plan, 33> expected_plans = {{
    {0, 0, 0, 0, 0, 0, false},  // no n = 0
    {1, 2, 0, 0, 0, 0, false},       {0, 2, 0, 0, 0, 0, false},       {0, 2, 0, 0, 0, 0, false},
    {2, 2, 0, 0, 0, 0, false},       {4, 2, 0, 0, 0, 0, false},       {6, 0, 2, 2, 0, 0, false},
    {4, 0, 1, 1, 0, 0, false},       {12, 0, 2, 2, 0, 0, false},      {5, 0, 1, 1, 0, 0, false},
    {20, 0, 2, 2, 0, 0, false},      {6, 0, 1, 1, 0, 0, false},       {30, 0, 2, 2, 0, 0, false},
    {7, 0, 1, 1, 0, 0, false},       {42, 0, 2, 2, 0, 0, false},      {16, 0, 1, 1, 2, 2, false},
    {56, 0, 2, 2, 0, 0, false},      {72, 0, 1, 1, 4, 4, false},      {288, 0, 2, 2, 2, 2, false},
    {1280, 0, 1, 1, 8, 8, false},    {1440, 0, 2, 2, 4, 4, false},    {1476, 0, 3, 3, 0, 0, false},
    {24814, 0, 4, 4, 0, 0, false},   {258560, 0, 3, 3, 11, 7, false}, {302800, 0, 4, 4, 11, 3, false},
    {86186, 0, 5, 4, 11, 0, true},   {221976, 0, 4, 4, 16, 2, false}, {125098, 0, 5, 4, 14, 0, false},
    {154078, 0, 6, 4, 15, 0, true},  {175950, 0, 5, 4, 20, 0, false}, {213258, 0, 6, 4, 20, 0, false},
    {243789, 0, 7, 4, 20, 0, false}, {288052, 0, 8, 4, 18, 0, false},
}};

}  // namespace

TEST_CASE("every n's plan keeps its size and cut (a change must be deliberate: records name them)", "[plan]")
{
    std::size_t largest = 0;
    for (int n = nqueens::min_n; n <= nqueens::max_n; ++n) {
        INFO("n = " << n);
        const expected_plan& e = expected_plans[static_cast<std::size_t>(n)];
        // Plans of n >= 22 take about a second each to build (their tasks'
        // estimates): there the tasks the constructor takes are counted.
        const bool build = n < 22;
        std::size_t size = 0;
        if (!build)
            nqueens::detail::for_each_join_task(n, [&](const nqueens::detail::join_task&) { ++size; });
        const nqueens::plan_cut c = nqueens::default_cut(n);
        CHECK(c.method ==
              (n < 6 ? nqueens::plan_cut::method_kind::symmetric : nqueens::plan_cut::method_kind::join));
        CHECK(c.split_depth == e.split_depth);
        CHECK(c.band_rows == e.band_rows);
        CHECK(c.task_band_rows == e.task_band_rows);
        CHECK(c.lead_columns == e.lead_columns);
        CHECK(c.task_lead_columns == e.task_lead_columns);
        CHECK(c.shared_tops == e.shared_tops);
        CHECK(nqueens::cut_error(n, c) == nullptr);
        for (const auto mode : {nqueens::count_mode::total, both}) {
            INFO("with distinct: " << (mode == both));
            if (build) {
                const nqueens::work_plan plan(n, mode);
                size = plan.size();
                CHECK(plan.cut() == c);
                CHECK(plan.mode() == (n < 6 ? both : mode));
            }
            CHECK(size == e.size);
            largest = std::max(largest, size);
        }
    }
    // n >= 22 as work_plan builds them: their cut (their sizes are pinned by the tests above).
    CHECK(nqueens::work_plan(24).cut() == nqueens::default_cut(24));
    // A record reader allocates for at most max_plan_tasks tasks: it must be every plan's bound
    // (363,012: n = 23's plan before its band grew; n = 24's is the largest now).
    CHECK(largest == 302800);
    CHECK(largest <= nqueens::max_plan_tasks);
}

TEST_CASE("every n's cut keeps what the join needs of it", "[plan]")
{
    namespace d = nqueens::detail;
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        INFO("n = " << n);
        const d::join_layout l = d::make_join_layout(n);
        // A band of 1 to 8 rows (1 or 2 up to n = 20, 5 at n = 25, 27 and
        // 29, 6 at n = 28 and 30, 7 at n = 31, 8 at n = 32) and two halves of
        // equal height.
        CHECK(l.band_rows >= 1);
        CHECK(l.band_rows <= (n <= 20                         ? 2
                              : n == 25 || n == 27 || n == 29 ? 5
                              : n == 28 || n == 30            ? 6
                              : n == 31                       ? 7
                              : n == 32                       ? 8
                                                              : 4));
        CHECK(static_cast<std::size_t>(l.band_rows) <= std::tuple_size_v<d::band_columns>);
        // A task fixes the whole band, or all of it but the last one to
        // four rows, and then none of the lead columns (which of the free
        // columns lead depends on the last rows).
        CHECK(l.task_band_rows <= l.band_rows);
        CHECK(l.task_band_rows >= l.band_rows - 4);
        CHECK(l.task_band_rows >= 1);
        if (d::partial_band(l)) CHECK(l.task_lead_columns == 0);
        CHECK((n - l.band_rows) % 2 == 0);
        CHECK(l.top >= 2);
        CHECK(2 * l.top + l.band_rows == n);
        // Lead columns among the free ones, each half taking at most t of them
        // (more would leave no split of them that fits), and a task fixing
        // some of them only.
        CHECK(l.task_lead_columns >= 0);
        CHECK(l.task_lead_columns <= l.lead_columns);
        CHECK(l.lead_columns <= n - l.band_rows);
        CHECK(l.lead_columns <= 2 * l.top);
        // A top's diagonals fit the 64-bit keys the lists sort by.
        CHECK(l.key_bits() <= 64);
        CHECK(std::popcount(l.all_columns) == n);
    }
}

namespace {

// Task id counted whole and in pieces: its parts one by one, and in two
// ranges split near the middle; each must be the whole task's count.
void check_parts_add_up(const nqueens::work_plan& plan, std::size_t id)
{
    nqueens::work_plan::workspace ws;
    const nqueens::solution_counts whole = plan.run(id);
    const std::uint64_t parts = plan.parts(id);
    INFO("n = " << plan.n() << ", task " << id << " of " << parts << " parts");
    REQUIRE(parts >= 1);
    nqueens::solution_counts one_by_one{};
    for (std::uint64_t p = 0; p < parts; ++p) {
        const auto c = plan.run_parts(id, p, p + 1, {}, ws);
        REQUIRE(c);
        one_by_one.total += c->total;
        one_by_one.nodes += c->nodes;
    }
    CHECK(one_by_one.total == whole.total);
    CHECK(one_by_one.nodes == whole.nodes);
    const std::uint64_t middle = (parts + 1) / 2;
    std::uint64_t halves = plan.run_parts(id, 0, middle, {}, ws)->total.to_u64();
    if (middle < parts) halves += plan.run_parts(id, middle, parts, {}, ws)->total.to_u64();
    CHECK(halves == whole.total);
}

}  // namespace

TEST_CASE("a task's parts, counted one by one or in ranges, add up to the task and n's count", "[plan]")
{
    using cut = nqueens::plan_cut;
    constexpr auto join = cut::method_kind::join;
    const nqueens::work_plan small(16);
    for (std::size_t id = 0; id < small.size(); id += 7) {
        CHECK(small.parts(id) == 1);
        check_parts_add_up(small, id);
    }
    check_parts_add_up(nqueens::work_plan(5, both), 1);
    // Every task of cuts whose tasks have parts: lead columns split in parts,
    // tasks that fix part of their band with tops of their own or shared.
    const auto [n, c] = GENERATE(table<int, cut>({{15, cut{join, 0, 1, 1, 4, 2, false}},
                                                  {15, cut{join, 0, 3, 2, 4, 0, false}},
                                                  {15, cut{join, 0, 3, 2, 4, 0, true}},
                                                  {16, cut{join, 0, 4, 2, 3, 0, true}}}));
    const nqueens::work_plan plan(n, nqueens::count_mode::total, c);
    INFO("n = " << n << " by " << nqueens::to_string(c));
    std::uint64_t sum = 0, split = 0;
    for (std::size_t id = 0; id < plan.size(); ++id) {
        nqueens::work_plan::workspace ws;
        const std::uint64_t parts = plan.parts(id);
        split += parts > 1 ? 1 : 0;
        for (std::uint64_t p = 0; p < parts; ++p) sum += plan.run_parts(id, p, p + 1, {}, ws)->total.to_u64();
        if (id % 5 == 0) check_parts_add_up(plan, id);
    }
    CHECK(sum == total(n));
    CHECK(split > 0);
}

TEST_CASE("run_parts refuses a range outside the task", "[plan]")
{
    const nqueens::work_plan plan(23);
    nqueens::work_plan::workspace ws;
    const std::uint64_t parts = plan.parts(0);
    CHECK_THROWS_AS(plan.run_parts(0, 0, parts + 1, {}, ws), std::out_of_range);
    CHECK_THROWS_AS(plan.run_parts(0, 2, 2, {}, ws), std::out_of_range);
    CHECK_THROWS_AS(plan.parts(plan.size()), std::out_of_range);
}
