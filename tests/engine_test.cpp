// nqueens::count and work_plan: the threaded engine's counts, threads, cancellation and progress.
#include "oeis.hpp"

#include <nqueens/checkpoint.hpp>
#include <nqueens/engine.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <vector>

namespace {

using nqueens::test::distinct;
using nqueens::test::total;

nqueens::count_options with_threads(unsigned threads, nqueens::count_mode mode = nqueens::count_mode::total)
{
    nqueens::count_options o;
    o.threads = threads;
    o.mode = mode;
    return o;
}

constexpr auto both = nqueens::count_mode::with_distinct;

}  // namespace

TEST_CASE("count(n) gives OEIS A000170 for n = 1..16", "[engine]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        const auto r = nqueens::count(n, with_threads(2));
        CHECK(r.n == n);
        CHECK(r.total == total(n));
        CHECK(r.counts_distinct == (n < 6));  // below 6 the symmetric search runs anyway
        CHECK_FALSE(r.cancelled);
        CHECK(r.tasks_done == r.tasks_total);
        CHECK(r.seconds >= 0);
        if (n >= 6) CHECK(r.distinct == 0);
    }
}

TEST_CASE("count(n) with distinct gives OEIS A000170 and A002562 for n = 1..16", "[engine]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        const auto r = nqueens::count(n, with_threads(2, both));
        CHECK(r.total == total(n));
        CHECK(r.distinct == distinct(n));
        CHECK(r.counts_distinct);
        CHECK(r.tasks_done == r.tasks_total);
    }
}

TEST_CASE("count(n) on one thread equals count(n) on several", "[engine][threads]")
{
    for (const int n : {1, 4, 9, 13, 14}) {
        for (const auto mode : {nqueens::count_mode::total, both}) {
            const auto one = nqueens::count(n, with_threads(1, mode));
            CHECK(one.threads == 1);
            for (const unsigned t : {2u, 3u, 8u}) {
                INFO("n = " << n << ", threads = " << t << ", distinct " << (mode == both));
                const auto many = nqueens::count(n, with_threads(t, mode));
                CHECK(many.total == one.total);
                CHECK(many.distinct == one.distinct);
                CHECK(many.nodes == one.nodes);
                CHECK(many.threads >= 1);
                CHECK(many.threads <= t);
            }
        }
    }
}

TEST_CASE("count(n) with threads = 0 uses the hardware's threads", "[engine][threads]")
{
    const auto r = nqueens::count(12);
    CHECK(r.total == total(12));
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const auto tasks = static_cast<unsigned>(nqueens::work_plan(12).size());
    CHECK(r.threads == std::min(hardware, tasks));
}

TEST_CASE("count(n) rejects n outside 1..32 with the domain sentence", "[engine][domain]")
{
    for (const int n : {0, -1, 33}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(nqueens::count(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
        CHECK_THROWS_AS(nqueens::work_plan(n), std::domain_error);
    }
}

TEST_CASE("a work_plan's tasks are stable and add up to the counts", "[engine][plan]")
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
    nqueens::task_result sum{};
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
    CHECK(sum.nodes == nqueens::count(12, with_threads(0, both)).nodes);
    CHECK(a.counts_distinct());
    CHECK_FALSE(a.distinct_per_task());
    CHECK(a.version() == 3);
    CHECK(nqueens::work_plan::mode_of_version(3) == both);
    CHECK(nqueens::work_plan(12).distinct_of(sum) == 0);  // a totals plan has no distinct count
    CHECK_THROWS_AS(a.run(a.size()), std::out_of_range);

    // n < 6 and n > 23: the symmetric search's tasks, each with its own
    // share of the distinct count.
    for (int n = 1; n <= 5; ++n) {
        INFO("n = " << n);
        const nqueens::work_plan plan(n, both);
        CHECK(plan.version() == 1);
        CHECK(plan.distinct_per_task());
        nqueens::task_result s{};
        for (std::size_t id = 0; id < plan.size(); ++id) {
            const auto r = plan.run(id);
            s.total += r.total;
            s.distinct += r.distinct;
        }
        CHECK(s.total == total(n));
        CHECK(s.distinct == distinct(n));
        CHECK(plan.distinct_of(s) == distinct(n));
    }
    CHECK(nqueens::work_plan(24, both).version() == 1);
    CHECK(nqueens::work_plan(1).size() == 1);
    CHECK(nqueens::work_plan(2).size() == 0);
    CHECK(nqueens::work_plan(3).size() == 0);
    CHECK(nqueens::count(3).total == 0);
}

TEST_CASE("a totals-only work_plan joins halves: stable tasks, no distinct count", "[engine][plan]")
{
    for (const int n : {6, 11, 14}) {
        INFO("n = " << n);
        const nqueens::work_plan a(n);
        const nqueens::work_plan b(n);
        REQUIRE(a.size() == b.size());
        CHECK_FALSE(a.counts_distinct());
        CHECK(a.mode() == nqueens::count_mode::total);
        CHECK(a.version() == 2);
        CHECK(nqueens::work_plan::mode_of_version(a.version()) == nqueens::count_mode::total);
        nqueens::task_result sum{};
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
    // Below 6 there is nothing to join, above 23 its lists outgrow memory:
    // the symmetric search's plan.
    CHECK(nqueens::work_plan(5).version() == 1);
    CHECK(nqueens::work_plan(5).counts_distinct());
    CHECK(nqueens::work_plan(18).version() == 2);
    CHECK(nqueens::work_plan(24).version() == 1);
    CHECK(nqueens::work_plan(24).counts_distinct());
}

TEST_CASE("from n = 19 the join's tasks split further to bound memory, under versions 4 and 5",
          "[engine][plan]")
{
    const auto both = nqueens::count_mode::with_distinct;
    for (const int n : {19, 21}) {  // plans of n = 22, 23 take about a second to build
        INFO("n = " << n);
        CHECK(nqueens::work_plan(n).version() == 4);
        CHECK(nqueens::work_plan(n, both).version() == 5);
    }
    for (int n = nqueens::detail::join_min_n; n <= nqueens::detail::join_max_n; ++n)
        CHECK(nqueens::detail::join_task_list_version(n) == (n >= 19 ? 4u : 2u));
    CHECK(nqueens::work_plan::mode_of_version(4) == nqueens::count_mode::total);
    CHECK(nqueens::work_plan::mode_of_version(5) == both);
    CHECK(nqueens::work_plan(19).size() == 1280);
    // A checkpoint of the old list (version 2) is refused with one line.
    const nqueens::work_plan plan(19);
    auto old = nqueens::make_record(plan);
    old.plan_version = 2;
    old.plan_size = 320;
    CHECK_THROWS_WITH(nqueens::check_record_matches(old, plan, {}, "cp"),
                      "cp uses sub-problem list version 2; this run uses version 4 (counting totals only)");
}

TEST_CASE("a work_plan for n = 32 splits the count into many tasks", "[engine][plan]")
{
    const nqueens::work_plan plan(32, both);
    CHECK(plan.size() > 1000);
    CHECK(plan.n() == 32);
    const nqueens::work_plan join(32);
    CHECK(join.size() > 1000);
}

TEST_CASE("shards chosen by include add up to the whole count", "[engine][plan]")
{
    const nqueens::work_plan plan(13, both);
    nqueens::task_result sum{};
    std::size_t tasks = 0;
    for (std::size_t shard = 0; shard < 3; ++shard) {
        nqueens::count_options o;
        o.threads = 2;
        o.include = [shard](std::size_t id) { return id % 3 == shard; };
        const auto r = nqueens::count(plan, o);
        CHECK_FALSE(r.cancelled);
        CHECK(r.distinct == 0);  // a slice of the join's tasks has no distinct count of its own
        sum.total += r.total;
        sum.nodes += r.nodes;
        tasks += r.tasks_total;
    }
    CHECK(sum.total == total(13));
    CHECK(plan.distinct_of(sum) == distinct(13));
    CHECK(tasks == plan.size());
}

TEST_CASE("on_task_done sees every task once, one call at a time", "[engine][callbacks]")
{
    const nqueens::work_plan plan(12);
    std::vector<int> seen(plan.size(), 0);  // not atomic: the calls are serialized
    std::atomic<int> inside{0};
    bool overlapped = false;
    nqueens::task_result sum{};
    nqueens::count_options o;
    o.threads = 4;
    o.on_task_done = [&](std::size_t id, const nqueens::task_result& r) {
        if (inside.fetch_add(1) != 0) overlapped = true;
        ++seen.at(id);
        sum.total += r.total;
        CHECK(r == plan.run(id));
        inside.fetch_sub(1);
    };
    const auto r = nqueens::count(plan, o);
    CHECK_FALSE(overlapped);
    CHECK(sum.total == r.total);
    CHECK(std::set<int>(seen.begin(), seen.end()) == std::set<int>{1});
}

TEST_CASE("an exception from a callback stops the count and comes out of count()", "[engine][callbacks]")
{
    nqueens::count_options o;
    o.threads = 2;
    o.on_task_done = [](std::size_t, const nqueens::task_result&) { throw std::runtime_error("disk full"); };
    CHECK_THROWS_WITH(nqueens::count(14, o), "disk full");
}

TEST_CASE("progress callbacks arrive in order and end at 100 %", "[engine][progress]")
{
    std::vector<nqueens::progress> calls;  // serialized calls: no lock needed
    nqueens::count_options o;
    o.threads = 2;
    o.on_progress = [&](const nqueens::progress& p) { calls.push_back(p); };
    const auto r = nqueens::count(15, o);
    REQUIRE_FALSE(calls.empty());
    const auto& last = calls.back();
    CHECK(last.fraction == 1.0);
    CHECK(last.tasks_done == last.tasks_total);
    CHECK(last.tasks_total == r.tasks_total);
    CHECK(last.eta_seconds == 0.0);
    for (std::size_t i = 1; i < calls.size(); ++i) {
        CHECK(calls[i].tasks_done >= calls[i - 1].tasks_done);
        CHECK(calls[i].fraction >= calls[i - 1].fraction);
        CHECK(calls[i].seconds >= calls[i - 1].seconds);
    }
    for (std::size_t i = 0; i + 1 < calls.size(); ++i) {
        CHECK(calls[i].fraction > 0);
        CHECK(calls[i].fraction < 1);
        CHECK(calls[i].eta_seconds >= 0);
    }
    // At most about 10 calls a second (plus the last one).
    CHECK(calls.size() <= static_cast<std::size_t>(r.seconds * 10) + 2);
}

TEST_CASE("a requested stop ends the count promptly and says it was cancelled", "[engine][cancel]")
{
    std::stop_source source;
    nqueens::count_options o;
    o.threads = 2;
    o.stop = source.get_token();
    std::chrono::steady_clock::time_point stopped_at{};
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stopped_at = std::chrono::steady_clock::now();
        source.request_stop();
    });
    const auto r = nqueens::count(20, o);  // hours if it were not stopped
    const auto returned_at = std::chrono::steady_clock::now();
    stopper.join();
    CHECK(r.cancelled);
    CHECK(r.tasks_done < r.tasks_total);
    // n = 20 takes hours: returning at all shows the stop worked. The bound
    // only guards against a hang (the stop is checked every few milliseconds
    // of work, but sanitizer builds on a loaded machine are slow).
    CHECK(returned_at - stopped_at < std::chrono::seconds(30));
}

TEST_CASE("a stop requested before the start runs no task", "[engine][cancel]")
{
    std::stop_source source;
    source.request_stop();
    nqueens::count_options o;
    o.stop = source.get_token();
    const auto r = nqueens::count(16, o);
    CHECK(r.cancelled);
    CHECK(r.tasks_done == 0);
    CHECK(r.total == 0);
}

TEST_CASE("work_plan::run with a stop token gives up", "[engine][cancel]")
{
    const nqueens::work_plan plan(22);
    std::stop_source source;
    source.request_stop();
    CHECK_FALSE(plan.run(0, source.get_token()).has_value());
}

TEST_CASE("count(17) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    CHECK(nqueens::count(17).total == total(17));
    const auto r = nqueens::count(17, with_threads(0, both));
    CHECK(r.total == total(17));
    CHECK(r.distinct == distinct(17));
}

TEST_CASE("count(18) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    CHECK(nqueens::count(18).total == total(18));
    const auto r = nqueens::count(18, with_threads(0, both));
    CHECK(r.total == total(18));
    CHECK(r.distinct == distinct(18));
}

TEST_CASE("count(19) gives OEIS A000170", "[engine][.slow]")
{
    CHECK(nqueens::count(19).total == total(19));
}
