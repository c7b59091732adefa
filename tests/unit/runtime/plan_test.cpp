// SPDX-License-Identifier: BSL-1.0
// work_plan: the stable list of sub-problems of one count, its versions and modes, and their sums.
#include "support/oeis.hpp"

#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <stop_token>
#include <string>

namespace {

using nqueens::test::distinct;
using nqueens::test::total;

constexpr auto both = nqueens::count_mode::with_distinct;

// What a checkpoint of n's totals under an older task list (its version and
// size) is told: the one line check_record_matches throws, or "accepted".
std::string refusal_of_old_list(int n, std::uint32_t version, std::size_t size)
{
    const nqueens::work_plan plan(n);
    auto old = nqueens::make_record(plan);
    old.plan_version = version;
    old.plan_size = size;
    try {
        nqueens::check_record_matches(old, plan, {}, "cp");
    } catch (const std::exception& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("a work_plan's tasks are stable and add up to the counts", "[plan]")
{
    // 6 <= n <= 23 with distinct: the join's tasks under a version of their
    // own; each task's distinct is 0, and distinct_of() turns the sum of all
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
    CHECK(a.version() == 3);
    CHECK(nqueens::detail::mode_of_plan_version(3) == both);
    CHECK(nqueens::work_plan(12).distinct_of(sum) == 0);  // a totals plan has no distinct count
    CHECK_THROWS_AS(a.run(a.size()), std::out_of_range);

    // n < 6: the symmetric search's tasks, each with its own share of the
    // distinct count.
    for (int n = 1; n <= 5; ++n) {
        INFO("n = " << n);
        const nqueens::work_plan plan(n, both);
        CHECK(plan.version() == 1);
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
    CHECK(nqueens::work_plan(24, both).version() == 9);
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
        CHECK(a.version() == 2);
        CHECK(nqueens::detail::mode_of_plan_version(a.version()) == nqueens::count_mode::total);
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
    CHECK(nqueens::work_plan(5).version() == 1);
    CHECK(nqueens::work_plan(5).mode() == both);
    CHECK(nqueens::work_plan(18).version() == 2);
    CHECK(nqueens::work_plan(24).mode() == nqueens::count_mode::total);
}

TEST_CASE("from n = 24 the join's tasks come in parts, under versions 8 and 9", "[plan]")
{
    const auto both = nqueens::count_mode::with_distinct;
    for (int n = 24; n <= nqueens::detail::join_max_n; ++n)
        CHECK(nqueens::detail::join_task_list_version(n) == 8u);
    CHECK(nqueens::detail::mode_of_plan_version(8) == nqueens::count_mode::total);
    CHECK(nqueens::detail::mode_of_plan_version(9) == both);
    const nqueens::work_plan plan(24);
    CHECK(plan.version() == 8);
    CHECK(nqueens::work_plan(24, both).version() == 9);
    CHECK(plan.size() == 270336);
    CHECK_FALSE(plan.distinct_per_task());
    // A record of the symmetric search's list that counted n = 24 before
    // (version 1) is refused with one line.
    CHECK(refusal_of_old_list(24, 1, 58314) ==
          "cp uses sub-problem list version 1; this run uses version 8 (counting totals only)");
    // Every task has parts, and a task gives up soon when asked to stop.
    nqueens::work_plan::workspace ws;
    std::stop_source stop;
    stop.request_stop();
    CHECK_FALSE(plan.run(0, stop.get_token(), ws).has_value());
    for (std::size_t id : {std::size_t{0}, plan.size() / 2, plan.size() - 1}) CHECK(plan.estimate(id) > 0);
}

TEST_CASE("from n = 19 the join's tasks split further to bound memory, under versions 4 and 5", "[plan]")
{
    const auto both = nqueens::count_mode::with_distinct;
    for (const int n : {19, 21}) {  // plans of n = 22, 23 take about a second to build
        INFO("n = " << n);
        CHECK(nqueens::work_plan(n).version() == 4);
        CHECK(nqueens::work_plan(n, both).version() == 5);
    }
    for (int n = nqueens::detail::join_min_n; n <= nqueens::detail::join_max_n; ++n)
        CHECK(nqueens::detail::join_task_list_version(n) == (n >= 24   ? 8u
                                                             : n == 16 ? 6u
                                                             : n >= 19 ? 4u
                                                                       : 2u));
    CHECK(nqueens::detail::mode_of_plan_version(4) == nqueens::count_mode::total);
    CHECK(nqueens::detail::mode_of_plan_version(5) == both);
    CHECK(nqueens::work_plan(19).size() == 1280);
    // A checkpoint of the old list (version 2) is refused with one line.
    CHECK(refusal_of_old_list(19, 2, 320) ==
          "cp uses sub-problem list version 2; this run uses version 4 (counting totals only)");
}

TEST_CASE("a work_plan for n = 32 splits the count into many tasks", "[plan]")
{
    const nqueens::work_plan plan(32, both);
    CHECK(plan.size() > 1000);
    CHECK(plan.n() == 32);
    const nqueens::work_plan join(32);
    CHECK(join.size() > 1000);
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
    for (int n = 24; n <= 32; ++n) CHECK(work_plan::threads_within(n, gib) == 5);
    // The symmetric search (n < 6) and the small joins take every core of a big machine.
    CHECK(work_plan::threads_within(5, gib) >= 128);
    CHECK(work_plan::threads_within(14, gib) >= 32);
}

TEST_CASE("n = 16's join tasks take no lead columns, under versions 6 and 7", "[plan]")
{
    CHECK(nqueens::work_plan(16).version() == 6);
    CHECK(nqueens::work_plan(16, both).version() == 7);
    CHECK(nqueens::detail::mode_of_plan_version(6) == nqueens::count_mode::total);
    CHECK(nqueens::detail::mode_of_plan_version(7) == both);
    CHECK(nqueens::work_plan(16).size() == 56);  // one task a band
    // A checkpoint of the old list (version 2, four tasks a band) is refused with one line.
    CHECK(refusal_of_old_list(16, 2, 224) ==
          "cp uses sub-problem list version 2; this run uses version 6 (counting totals only)");
}
