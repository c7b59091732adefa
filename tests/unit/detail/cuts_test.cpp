// SPDX-License-Identifier: BSL-1.0
// default_cuts and cut_error: every n's row, the cuts a program can count, and plans of cuts other than n's
// own.
#include "support/oeis.hpp"

#include <nqueens/runtime/plan.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace {

using nqueens::plan_cut;
using nqueens::test::distinct;
using nqueens::test::total;

constexpr plan_cut join_cut(int b, int tb, int k, int k1, bool shared = false)
{
    return plan_cut{plan_cut::method_kind::join, 0, b, tb, k, k1, shared};
}

// The sum of every task of `plan`.
nqueens::solution_counts sum_of(const nqueens::work_plan& plan)
{
    nqueens::solution_counts sum{};
    nqueens::work_plan::workspace ws;
    for (std::size_t id = 0; id < plan.size(); ++id) {
        const auto r = *plan.run(id, {}, ws);
        sum.total += r.total;
        sum.distinct += r.distinct;
    }
    return sum;
}

}  // namespace

// The table is read at compile time too (one row per n, each one the program can count).
static_assert(nqueens::default_cuts.size() == 33);
static_assert(nqueens::default_cut(8).band_rows == 2);
static_assert(nqueens::cut_error(28, nqueens::default_cut(28)) == nullptr);
static_assert(nqueens::cut_error(28, join_cut(5, 5, 0, 0)) != nullptr);

TEST_CASE("every n has one row: a cut this program can count, and a thread's allowance", "[cuts]")
{
    for (int n = nqueens::min_n; n <= nqueens::max_n; ++n) {
        INFO("n = " << n);
        const nqueens::cut_row& row = nqueens::default_cut_row(n);
        CHECK(nqueens::cut_error(n, row.cut) == nullptr);
        CHECK(row.cut == nqueens::default_cut(n));
        CHECK(row.thread_megabytes >= 4);
        CHECK(row.thread_megabytes <= 400);
        // Only the join's tasks that fix part of their band share tops.
        if (row.cut.shared_tops) CHECK(row.cut.task_band_rows < row.cut.band_rows);
    }
    CHECK_THROWS_AS(nqueens::default_cut(0), std::domain_error);
    CHECK_THROWS_AS(nqueens::default_cut(33), std::domain_error);
}

TEST_CASE("cut_error says why a cut cannot count n, and nothing for one that can", "[cuts]")
{
    const auto why = [](int n, const plan_cut& c) {
        const char* w = nqueens::cut_error(n, c);
        return std::string(w ? w : "");
    };
    CHECK(why(12, join_cut(2, 2, 4, 2)).empty());
    CHECK(why(13, join_cut(5, 3, 4, 0, true)).empty());
    CHECK(why(4, plan_cut{plan_cut::method_kind::symmetric, 3, 0, 0, 0, 0, false}).empty());
    CHECK(why(4, join_cut(2, 2, 0, 0)) == "n < 6 is counted by the symmetric search only");
    CHECK(why(4, plan_cut{plan_cut::method_kind::symmetric, 5, 0, 0, 0, 0, false}) ==
          "a task of the symmetric search places 2 to 4 rows");
    CHECK(why(12, plan_cut{plan_cut::method_kind::symmetric, 3, 0, 0, 0, 0, false}) ==
          "n >= 6 is counted by the join only");
    CHECK(why(12, plan_cut{plan_cut::method_kind::join, 2, 2, 2, 0, 0, false}) ==
          "the join has no split depth");
    CHECK(why(12, plan_cut{static_cast<plan_cut::method_kind>(7), 0, 2, 2, 0, 0, false}) ==
          "its method is unknown");
    CHECK(why(30, join_cut(10, 4, 0, 0)) == "the join's band has 1 to 8 rows");
    CHECK(why(12, join_cut(3, 3, 0, 0)) == "its band rows and n differ in parity");
    CHECK(why(8, join_cut(6, 6, 0, 0)) == "its tops would have fewer than 2 or more than 12 rows");
    CHECK(why(28, join_cut(2, 2, 16, 11)) == "its tops would have fewer than 2 or more than 12 rows");
    CHECK(why(12, join_cut(2, 3, 0, 0)) == "a task fixes 1 to all of the band rows");
    CHECK(why(12, join_cut(2, 0, 0, 0)) == "a task fixes 1 to all of the band rows");
    CHECK(why(12, join_cut(2, 2, 11, 0)) == "its lead columns outnumber the rows below the band");
    CHECK(why(12, join_cut(2, 2, 2, 3)) == "a task's lead columns outnumber the lead columns");
    CHECK(why(13, join_cut(5, 4, 4, 1)) == "a task that fixes part of its band fixes no lead columns");
    CHECK(why(12, join_cut(2, 2, 2, 2, true)) == "tops are shared only where a task fixes part of its band");
}

TEST_CASE("a plan of a cut other than n's own counts exactly: ids mean that cut's tasks", "[cuts]")
{
    struct trial {
        int n;
        plan_cut cut;
    };
    for (const trial& t : {trial{12, join_cut(2, 2, 4, 2)}, trial{12, join_cut(4, 4, 2, 0)},
                           trial{13, join_cut(5, 4, 4, 0)}, trial{13, join_cut(5, 3, 4, 0, true)},
                           trial{14, join_cut(2, 2, 6, 6)}, trial{15, join_cut(3, 3, 4, 1)},
                           trial{16, join_cut(4, 4, 6, 2)}, trial{16, join_cut(6, 4, 4, 0, true)}}) {
        INFO("n = " << t.n << ", " << nqueens::to_string(t.cut));
        REQUIRE(t.cut != nqueens::default_cut(t.n));
        const nqueens::work_plan plan(t.n, nqueens::count_mode::with_distinct, t.cut);
        CHECK(plan.cut() == t.cut);
        CHECK(plan.size() != nqueens::work_plan(t.n).size());  // another task list
        const auto sum = sum_of(plan);
        CHECK(sum.total == total(t.n));
        CHECK(plan.distinct_of(sum) == distinct(t.n));
    }
    // The symmetric search with more rows a task.
    const nqueens::work_plan deep(5, nqueens::count_mode::with_distinct,
                                  plan_cut{plan_cut::method_kind::symmetric, 4, 0, 0, 0, 0, false});
    CHECK(sum_of(deep).total == total(5));
    CHECK(sum_of(deep).distinct == distinct(5));
}

TEST_CASE("a plan of a cut this program cannot count is refused in one line naming the cut", "[cuts]")
{
    CHECK_THROWS_WITH(nqueens::work_plan(20, nqueens::count_mode::total, join_cut(3, 3, 0, 0)),
                      "nqueens: n = 20 cannot be counted by the join (3 band rows, 3 per task; 0 lead "
                      "columns, 0 per task): its band rows and n differ in parity");
    CHECK_THROWS_AS(nqueens::work_plan(20, nqueens::count_mode::total, join_cut(3, 3, 0, 0)),
                    std::invalid_argument);
    CHECK_THROWS_AS(nqueens::work_plan(33, nqueens::count_mode::total, join_cut(3, 3, 0, 0)),
                    std::domain_error);
    // A cut whose plan would pass the bound every record reader keeps to
    // (n = 25's band of 5 rows fixed whole: 693,410 orbits).
    CHECK_THROWS_WITH(nqueens::work_plan(25, nqueens::count_mode::total, join_cut(5, 5, 0, 0)),
                      "nqueens: n = 25 by the join (5 band rows, 5 per task; 0 lead columns, 0 per task) "
                      "has more than 363012 tasks");
}

TEST_CASE("threads_within takes a thread's allowance from n's row", "[cuts]")
{
    const std::size_t gib = std::size_t{1} << 30;
    for (int n = nqueens::min_n; n <= nqueens::max_n; ++n) {
        INFO("n = " << n);
        const std::size_t mb = nqueens::default_cut_row(n).thread_megabytes;
        // 64 MB for the plan and the program, then one thread per allowance.
        CHECK(nqueens::work_plan::threads_within(n, 16 * gib) ==
              std::min<std::size_t>(4096, (16384 - 64) / mb));
    }
}
