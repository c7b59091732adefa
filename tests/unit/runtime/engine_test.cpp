// SPDX-License-Identifier: BSL-1.0
// parallel_count: the threaded engine's counts, threads, cancellation and progress.
#include "support/oeis.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/run_record.hpp>

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

nqueens::parallel_options with_threads(unsigned threads,
                                       nqueens::count_mode mode = nqueens::count_mode::total)
{
    nqueens::parallel_options o;
    o.threads = threads;
    o.mode = mode;
    return o;
}

constexpr auto both = nqueens::count_mode::with_distinct;

}  // namespace

TEST_CASE("parallel_count(n) gives OEIS A000170 for n = 1..16", "[engine]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        const auto start = std::chrono::steady_clock::now();
        const auto r = nqueens::parallel_count(n, with_threads(2));
        const std::chrono::duration<double> outside = std::chrono::steady_clock::now() - start;
        CHECK(r.n == n);
        CHECK(r.sum.total == total(n));
        CHECK((r.mode == both) == (n < 6));  // below 6 the symmetric search runs anyway
        CHECK_FALSE(r.cancelled);
        CHECK(r.tasks_done == r.tasks_total);
        // The count's own time is within the time the call took.
        CHECK(r.seconds <= outside.count());
        if (n >= 6) CHECK(r.sum.distinct == 0);
    }
}

TEST_CASE("parallel_count(n) with distinct gives OEIS A000170 and A002562 for n = 1..16", "[engine]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        const auto r = nqueens::parallel_count(n, with_threads(2, both));
        CHECK(r.sum.total == total(n));
        CHECK(r.sum.distinct == distinct(n));
        CHECK(r.mode == both);
        CHECK(r.tasks_done == r.tasks_total);
    }
}

TEST_CASE("parallel_count(n) on one thread equals parallel_count(n) on several", "[engine][threads]")
{
    for (const int n : {1, 4, 9, 13, 14}) {
        for (const auto mode : {nqueens::count_mode::total, both}) {
            const auto one = nqueens::parallel_count(n, with_threads(1, mode));
            CHECK(one.threads == 1);
            for (const unsigned t : {2u, 3u, 8u}) {
                INFO("n = " << n << ", threads = " << t << ", distinct " << (mode == both));
                const auto many = nqueens::parallel_count(n, with_threads(t, mode));
                CHECK(many.sum.total == one.sum.total);
                CHECK(many.sum.distinct == one.sum.distinct);
                CHECK(many.sum.nodes == one.sum.nodes);
                CHECK(many.threads >= 1);
                CHECK(many.threads <= t);
            }
        }
    }
}

TEST_CASE("parallel_count(n) with threads = 0 uses the hardware's threads", "[engine][threads]")
{
    const auto r = nqueens::parallel_count(12);
    CHECK(r.sum.total == total(12));
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const auto tasks = static_cast<unsigned>(nqueens::work_plan(12).size());
    CHECK(r.threads == std::min(hardware, tasks));
}

TEST_CASE("parallel_count(n) rejects n outside 1..32 with the domain sentence", "[engine][domain]")
{
    for (const int n : {0, -1, 33}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(nqueens::parallel_count(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
        CHECK_THROWS_AS(nqueens::work_plan(n), std::domain_error);
    }
}

TEST_CASE("parallel_count(plan) adds up the counts of the plan's tasks", "[engine]")
{
    const nqueens::work_plan plan(12, both);
    nqueens::solution_counts sum{};
    for (std::size_t id = 0; id < plan.size(); ++id) {
        const auto r = plan.run(id);
        sum.total += r.total;
        sum.nodes += r.nodes;
    }
    const auto r = nqueens::parallel_count(plan, with_threads(2));
    CHECK(r.sum.total == sum.total);
    CHECK(r.sum.nodes == sum.nodes);
    CHECK(r.sum.distinct == plan.distinct_of(sum));
    CHECK(r.mode == plan.mode());
    CHECK(r.n == 12);
    CHECK(r.tasks_total == plan.size());
}

TEST_CASE("shards chosen by include add up to the whole count", "[engine][plan]")
{
    const nqueens::work_plan plan(13, both);
    nqueens::solution_counts sum{};
    std::size_t tasks = 0;
    for (std::size_t shard = 0; shard < 3; ++shard) {
        nqueens::parallel_options o;
        o.threads = 2;
        o.include = [shard](std::size_t id) { return id % 3 == shard; };
        const auto r = nqueens::parallel_count(plan, o);
        CHECK_FALSE(r.cancelled);
        CHECK(r.sum.distinct == 0);  // a slice of the join's tasks has no distinct count of its own
        sum.total += r.sum.total;
        sum.nodes += r.sum.nodes;
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
    nqueens::solution_counts sum{};
    nqueens::parallel_options o;
    o.threads = 4;
    o.on_task_done = [&](std::size_t id, const nqueens::solution_counts& r) {
        if (inside.fetch_add(1) != 0) overlapped = true;
        ++seen.at(id);
        sum.total += r.total;
        CHECK(r == plan.run(id));
        inside.fetch_sub(1);
    };
    const auto r = nqueens::parallel_count(plan, o);
    CHECK_FALSE(overlapped);
    CHECK(sum.total == r.sum.total);
    CHECK(std::set<int>(seen.begin(), seen.end()) == std::set<int>{1});
}

TEST_CASE("an exception from a callback stops the count and comes out of parallel_count()",
          "[engine][callbacks]")
{
    nqueens::parallel_options o;
    o.threads = 2;
    o.on_task_done = [](std::size_t, const nqueens::solution_counts&) {
        throw std::runtime_error("disk full");
    };
    CHECK_THROWS_WITH(nqueens::parallel_count(14, o), "disk full");
}

TEST_CASE("progress callbacks arrive in order and end at 100 %", "[engine][progress]")
{
    std::vector<nqueens::progress> calls;  // serialized calls: no lock needed
    nqueens::parallel_options o;
    o.threads = 2;
    o.on_progress = [&](const nqueens::progress& p) { calls.push_back(p); };
    const auto r = nqueens::parallel_count(15, o);
    REQUIRE(calls.size() >= 2);
    // The first call comes at once, before any task has run.
    CHECK(calls.front().tasks_done == 0);
    CHECK(calls.front().tasks_total == r.tasks_total);
    CHECK(calls.front().fraction == 0.0);
    CHECK(calls.front().eta_seconds < 0);
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
    for (std::size_t i = 1; i + 1 < calls.size(); ++i) {
        CHECK(calls[i].fraction < 1);
        CHECK((calls[i].eta_seconds >= 0) == (calls[i].fraction > 0));
    }
    // At most about 10 calls a second (plus the first and the last).
    CHECK(calls.size() <= static_cast<std::size_t>(r.seconds * 10) + 3);
}

TEST_CASE("progress moves while long tasks run, counting them by their time so far", "[engine][progress]")
{
    // n = 21's largest task takes a second or more, its smallest
    // milliseconds: the two on two threads, with a report every 20 ms while
    // no task finishes. The small one sets the pace; the large one, still
    // running, must lift the fraction above the small one's share.
    const nqueens::work_plan plan(21);
    std::size_t largest = 0, smallest = 0;
    for (std::size_t id = 0; id < plan.size(); ++id) {
        if (plan.estimate(id) > plan.estimate(largest)) largest = id;
        if (plan.estimate(id) < plan.estimate(smallest)) smallest = id;
    }
    const double small_share = static_cast<double>(plan.estimate(smallest)) /
                               static_cast<double>(plan.estimate(largest) + plan.estimate(smallest));

    std::vector<nqueens::progress> calls;
    std::stop_source source;
    nqueens::parallel_options o;
    o.threads = 2;
    o.progress_every = 0.02;
    o.stop = source.get_token();
    o.include = [&](std::size_t id) { return id == largest || id == smallest; };
    o.on_progress = [&](const nqueens::progress& p) {
        calls.push_back(p);
        if (p.tasks_done == 1 && p.fraction > 1.5 * small_share) source.request_stop();
    };
    const auto r = nqueens::parallel_count(plan, o);
    REQUIRE(r.cancelled);  // stopped by a report that counted the running task
    REQUIRE(calls.size() >= 3);
    const auto& lifted = calls[calls.size() - 2];
    CHECK(lifted.tasks_done == 1);
    CHECK(lifted.fraction > 1.5 * small_share);
    CHECK(lifted.fraction < 1);
    CHECK(lifted.eta_seconds > 0);
    CHECK(calls.front().fraction == 0.0);
}

TEST_CASE("a requested stop ends the count promptly and says it was cancelled", "[engine][cancel]")
{
    std::stop_source source;
    nqueens::parallel_options o;
    o.threads = 2;
    o.stop = source.get_token();
    std::chrono::steady_clock::time_point stopped_at{};
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stopped_at = std::chrono::steady_clock::now();
        source.request_stop();
    });
    const auto r = nqueens::parallel_count(20, o);  // hours if it were not stopped
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
    nqueens::parallel_options o;
    o.stop = source.get_token();
    const auto r = nqueens::parallel_count(16, o);
    CHECK(r.cancelled);
    CHECK(r.tasks_done == 0);
    CHECK(r.sum.total == 0);
}

TEST_CASE("work_plan::run with a stop token gives up", "[engine][cancel]")
{
    const nqueens::work_plan plan(22);
    std::stop_source source;
    source.request_stop();
    CHECK_FALSE(plan.run(0, source.get_token()).has_value());
}

TEST_CASE("parallel_count(17) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    CHECK(nqueens::parallel_count(17).sum.total == total(17));
    const auto r = nqueens::parallel_count(17, with_threads(0, both));
    CHECK(r.sum.total == total(17));
    CHECK(r.sum.distinct == distinct(17));
}

TEST_CASE("parallel_count(18) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    CHECK(nqueens::parallel_count(18).sum.total == total(18));
    const auto r = nqueens::parallel_count(18, with_threads(0, both));
    CHECK(r.sum.total == total(18));
    CHECK(r.sum.distinct == distinct(18));
}

TEST_CASE("parallel_count(19) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    const auto r = nqueens::parallel_count(19, with_threads(0, both));
    CHECK(r.sum.total == total(19));
    CHECK(r.sum.distinct == distinct(19));
}

// Minutes on 2 cores: the largest n a test counts to the end.
TEST_CASE("parallel_count(20) gives OEIS A000170 and A002562", "[engine][.slow]")
{
    const auto r = nqueens::parallel_count(20, with_threads(0, both));
    CHECK(r.sum.total == total(20));
    CHECK(r.sum.distinct == distinct(20));
    CHECK(r.tasks_done == r.tasks_total);
}
