// SPDX-License-Identifier: BSL-1.0
// parallel_count: the threaded engine's counts, threads, cancellation and progress, from the plan's list or a
// task source.
#include "support/oeis.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/runtime/run_record_json.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <stop_token>
#include <system_error>
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

// A task source fed from another thread while the count runs, as
// nqueens-mpi's rank 0 feeds a counting rank: its threads wait for ids
// until close(), or a stop.
class fed_source {
public:
    void feed(std::size_t id)
    {
        {
            const std::lock_guard lock(mutex_);
            ids_.push_back(id);
        }
        arrived_.notify_one();
    }
    void close()
    {
        {
            const std::lock_guard lock(mutex_);
            closed_ = true;
        }
        arrived_.notify_all();
    }
    std::optional<std::size_t> operator()(unsigned slot, std::stop_token stop)
    {
        std::unique_lock lock(mutex_);
        slots_.insert(slot);
        if (!arrived_.wait(lock, stop, [&] { return !ids_.empty() || closed_; }) || ids_.empty())
            return std::nullopt;
        const std::size_t id = ids_.front();
        ids_.pop_front();
        return id;
    }
    std::set<unsigned> slots() const
    {
        const std::lock_guard lock(mutex_);
        return slots_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable_any arrived_;
    std::deque<std::size_t> ids_;
    bool closed_ = false;
    std::set<unsigned> slots_;
};

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

TEST_CASE("the check route gives OEIS A000170 for n = 1..16, alone and mixed with the fast route by task",
          "[engine][route]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        auto o = with_threads(2);
        o.route = nqueens::count_route::check;
        CHECK(nqueens::parallel_count(n, o).sum.total == total(n));
        // Each task by the route its id says, as nqueens-mpi's checks go.
        o.route = nqueens::count_route::fast;
        std::atomic<std::size_t> checked{0};
        o.route_of = [&](std::size_t id) {
            if (id % 2 == 0) return nqueens::count_route::fast;
            ++checked;
            return nqueens::count_route::check;
        };
        CHECK(nqueens::parallel_count(n, o).sum.total == total(n));
        if (n >= 6) CHECK(checked > 0);
    }
}

TEST_CASE("each task and part counts the same by both routes, by cuts whose tasks place part of the band",
          "[engine][route]")
{
    // n = 15 by tasks of 4 of 5 band rows with shared tops, and of 2 of 3
    // rows: tasks in parts, as from n = 23 on by default.
    for (const nqueens::plan_cut cut :
         {nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 5, 4, 4, 0, true},
          nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 3, 2, 4, 0, true}}) {
        const nqueens::work_plan plan(15, nqueens::count_mode::total, cut);
        nqueens::work_plan::workspace fast, check;
        fast.pairs.direct_width = 0;  // the sliced count for every group, which the check route never runs
        nqueens::work_plan::use_route(check, nqueens::count_route::check);
        CHECK(check.pairs.plain);
        nqueens::count128 sum{};
        for (std::size_t id = 0; id < plan.size(); ++id) {
            INFO("task " << id);
            const std::uint64_t parts = plan.parts(id);
            for (std::uint64_t p = 0; p < parts; ++p) {
                const auto a = plan.run_parts(id, p, p + 1, {}, fast);
                const auto b = plan.run_parts(id, p, p + 1, {}, check);
                REQUIRE(a);
                REQUIRE(b);
                CHECK(a->total == b->total);
                sum += b->total;
            }
        }
        CHECK(sum == total(15));
    }
    nqueens::work_plan::workspace ws;
    nqueens::work_plan::use_route(ws, nqueens::count_route::check);
    nqueens::work_plan::use_route(ws, nqueens::count_route::fast);
    CHECK_FALSE(ws.pairs.plain);
    CHECK(ws.pairs.split_bits == -1);
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

TEST_CASE("parallel_count(plan, source) counts the tasks the source hands out until it has none",
          "[engine][source]")
{
    const nqueens::work_plan plan(12);
    std::atomic<std::size_t> next{0};
    std::atomic<unsigned> highest_slot{0};
    std::vector<int> seen(plan.size(), 0);  // not atomic: the calls are serialized
    nqueens::parallel_options o = with_threads(3);
    o.include = [](std::size_t) { return false; };  // not used with a source
    o.on_task_done = [&](std::size_t id, const nqueens::solution_counts&) { ++seen.at(id); };
    const auto r = nqueens::parallel_count(
        plan,
        [&](unsigned slot, std::stop_token) -> std::optional<std::size_t> {
            for (unsigned h = highest_slot; slot > h && !highest_slot.compare_exchange_weak(h, slot);) {
            }
            const std::size_t id = next++;
            return id < plan.size() ? std::optional(id) : std::nullopt;
        },
        o);
    CHECK(r.sum.total == total(12));
    CHECK(r.sum.distinct == 0);
    CHECK_FALSE(r.cancelled);
    CHECK(r.threads == 3);
    CHECK(highest_slot < 3);
    CHECK(r.limited_by == nqueens::thread_limit::asked);
    CHECK(r.tasks_done == plan.size());
    CHECK(r.tasks_total == plan.size());
    CHECK(std::set<int>(seen.begin(), seen.end()) == std::set<int>{1});
}

TEST_CASE("a task source may wait for tasks fed while the count runs, on more threads than tasks",
          "[engine][source]")
{
    const nqueens::work_plan plan(13);
    fed_source source;
    std::jthread feeder([&] {
        for (std::size_t id = 0; id < plan.size(); ++id) {
            source.feed(id);
            if (id % 8 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        source.close();
    });
    const auto r = nqueens::parallel_count(plan, std::ref(source), with_threads(4));
    feeder.join();
    CHECK(r.sum.total == total(13));
    CHECK_FALSE(r.cancelled);
    CHECK(r.threads == 4);
    CHECK(r.tasks_total == plan.size());
    CHECK(source.slots() == std::set<unsigned>{0, 1, 2, 3});

    // Two tasks on eight threads: the threads are not cut to the tasks.
    fed_source two;
    two.feed(0);
    two.feed(1);
    two.close();
    const auto few = nqueens::parallel_count(plan, std::ref(two), with_threads(8));
    CHECK(few.threads == 8);
    CHECK(few.tasks_done == 2);
    CHECK(few.sum.total == plan.run(0).total + plan.run(1).total);
}

TEST_CASE("a stop wakes the threads that wait in a task source and cancels the count",
          "[engine][source][cancel]")
{
    const nqueens::work_plan plan(12);
    fed_source source;  // never closed
    source.feed(0);
    std::stop_source stop;
    nqueens::parallel_options o = with_threads(2);
    o.stop = stop.get_token();
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stop.request_stop();
    });
    const auto r = nqueens::parallel_count(plan, std::ref(source), o);
    CHECK(r.cancelled);
    CHECK(r.tasks_done <= 1);
}

TEST_CASE("an exception from a task source wakes the waiting threads and comes out of parallel_count()",
          "[engine][source][callbacks]")
{
    // Thread 1 cannot take its first task (as a thread that cannot start):
    // thread 0, waiting for tasks that never come, is woken and the count ends.
    const nqueens::work_plan plan(12);
    fed_source source;  // never fed nor closed
    const auto failing = [&](unsigned slot, std::stop_token stop) -> std::optional<std::size_t> {
        if (slot == 1)
            throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
        return source(slot, stop);
    };
    CHECK_THROWS_AS(nqueens::parallel_count(plan, failing, with_threads(2)), std::system_error);
}

TEST_CASE("a task source's id that the plan lacks is std::out_of_range", "[engine][source]")
{
    const nqueens::work_plan plan(10);
    const std::size_t beyond = plan.size();
    CHECK_THROWS_AS(nqueens::parallel_count(
                        plan, [&](unsigned, std::stop_token) -> std::optional<std::size_t> { return beyond; },
                        with_threads(1)),
                    std::out_of_range);
}

TEST_CASE("progress with a task source counts the tasks handed out and ends at 100 %",
          "[engine][source][progress]")
{
    const nqueens::work_plan plan(14);
    std::atomic<std::size_t> next{0};
    std::vector<nqueens::progress> calls;  // serialized calls: no lock needed
    nqueens::parallel_options o = with_threads(2);
    o.on_progress = [&](const nqueens::progress& p) { calls.push_back(p); };
    const auto r = nqueens::parallel_count(
        plan,
        [&](unsigned, std::stop_token) -> std::optional<std::size_t> {
            const std::size_t id = next++;
            return id < plan.size() ? std::optional(id) : std::nullopt;
        },
        o);
    REQUIRE(calls.size() >= 2);
    CHECK(calls.front().tasks_total == 0);
    CHECK(calls.front().fraction == 0.0);
    for (std::size_t i = 0; i + 1 < calls.size(); ++i) {
        CHECK(calls[i].fraction == 0.0);  // the work to come is unknown
        CHECK(calls[i].tasks_done <= calls[i].tasks_total);
    }
    CHECK(calls.back().fraction == 1.0);
    CHECK(calls.back().tasks_done == r.tasks_done);
    CHECK(calls.back().tasks_total == plan.size());
}

TEST_CASE("choose_threads takes the threads asked, else the cores that fit in the memory budget",
          "[engine][threads]")
{
    using nqueens::thread_limit;
    using nqueens::detail::choose_threads;
    const auto asked = choose_threads(20, 3, 0, 64);
    CHECK(asked.threads == 3);
    CHECK(asked.limited_by == thread_limit::asked);
    CHECK(asked.memory_budget == 0);
    const std::uint64_t plenty = std::uint64_t{1} << 50;
    const auto cores = choose_threads(20, 0, plenty, 5);
    CHECK(cores.threads == 5);
    CHECK(cores.limited_by == thread_limit::cores);
    CHECK(cores.memory_budget == plenty);
    const std::uint64_t small = std::uint64_t{1} << 20;
    const auto memory = choose_threads(20, 0, small, 5);
    CHECK(memory.threads == nqueens::work_plan::threads_within(20, small));
    CHECK(memory.limited_by == thread_limit::memory);
    CHECK(memory.memory_budget == small);
    // The engine's own choice, for a plan with tasks enough.
    nqueens::parallel_options o;
    o.memory_budget = small;
    const auto r = nqueens::parallel_count(12, o);
    CHECK(r.threads == choose_threads(12, 0, small).threads);
    CHECK(r.memory_budget == small);
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

namespace {

// n = 15 cut so that its tasks fix 2 of their 3 band rows, the tops shared:
// tasks of up to dozens of parts, each milliseconds.
const nqueens::work_plan& parts_plan()
{
    static const nqueens::work_plan plan(
        15, nqueens::count_mode::total,
        nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 3, 2, 4, 0, true});
    return plan;
}

// The record of parts_plan() counted on 2 threads and stopped at its 40th
// part counted of a task left unfinished: some tasks done, some begun.
nqueens::run_record stopped_mid_task()
{
    const nqueens::work_plan& plan = parts_plan();
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    std::stop_source stop;
    std::size_t calls = 0;
    nqueens::parallel_options o = with_threads(2);
    o.stop = stop.get_token();
    o.on_parts_done = [&](std::size_t id, std::uint64_t parts, nqueens::part_range range,
                          const nqueens::solution_counts& c) {
        b.add_parts(id, parts, range, c);
        if (++calls == 40) stop.request_stop();
    };
    o.on_task_done = [&](std::size_t id, const nqueens::solution_counts& c) { b.add(id, c); };
    REQUIRE(nqueens::parallel_count(plan, o).cancelled);
    REQUIRE(b.tasks_begun() > 0);
    return b.snapshot();
}

}  // namespace

TEST_CASE("the threads share a task part by part: each part once, the task's whole count at its end",
          "[engine][parts]")
{
    const nqueens::work_plan& plan = parts_plan();
    std::map<std::size_t, std::vector<nqueens::part_range>> seen;
    std::map<std::size_t, nqueens::solution_counts> parts_sum, finished;
    nqueens::parallel_options o = with_threads(3);
    o.on_parts_done = [&](std::size_t id, std::uint64_t parts, nqueens::part_range range,
                          const nqueens::solution_counts& c) {
        CHECK(parts == plan.parts(id));
        seen[id].push_back(range);
        parts_sum[id].total += c.total;
    };
    o.on_task_done = [&](std::size_t id, const nqueens::solution_counts& c) {
        CHECK(finished.count(id) == 0);
        finished[id] = c;
    };
    const auto r = nqueens::parallel_count(plan, o);
    CHECK(r.sum.total == total(15));
    CHECK(finished.size() == plan.size());
    std::size_t split = 0;
    for (std::size_t id = 0; id < plan.size(); ++id) {
        INFO("task " << id);
        CHECK(finished[id].total == plan.run(id).total);
        // Every part but the one that finished the task, each once.
        std::vector<nqueens::part_range>& ranges = seen[id];
        CHECK(ranges.size() == plan.parts(id) - 1);
        std::sort(ranges.begin(), ranges.end(), [](auto a, auto b) { return a.begin < b.begin; });
        for (std::size_t k = 1; k < ranges.size(); ++k) CHECK(ranges[k - 1].end <= ranges[k].begin);
        CHECK(parts_sum[id].total <= finished[id].total);
        split += plan.parts(id) > 1 ? 1 : 0;
    }
    CHECK(split > plan.size() / 2);
}

TEST_CASE("one task's parts run on every thread", "[engine][parts]")
{
    const nqueens::work_plan& plan = parts_plan();
    std::size_t most = 0;
    for (std::size_t id = 1; id < plan.size(); ++id)
        if (plan.parts(id) > plan.parts(most)) most = id;
    REQUIRE(plan.parts(most) >= 8);
    std::mutex m;
    std::set<std::thread::id> threads;
    nqueens::parallel_options o = with_threads(2);
    o.include = [&](std::size_t id) { return id == most; };
    // The callbacks run under the engine's lock: the first one waits long
    // enough for the other thread to have started (slow under sanitizers and
    // load) and to queue for its next part, then each one a little.
    bool first = true;
    o.on_parts_done = [&](std::size_t, std::uint64_t, nqueens::part_range, const nqueens::solution_counts&) {
        const std::lock_guard lock(m);
        threads.insert(std::this_thread::get_id());
        std::this_thread::sleep_for(std::chrono::milliseconds(first ? 300 : 5));
        first = false;
    };
    // The piece with the task's last part reports here, not above.
    o.on_task_done = [&](std::size_t, const nqueens::solution_counts&) {
        const std::lock_guard lock(m);
        threads.insert(std::this_thread::get_id());
    };
    const auto r = nqueens::parallel_count(plan, o);
    CHECK(r.threads == 2);  // one task, but parts enough for both
    CHECK(threads.size() == 2);
    CHECK(r.sum.total == plan.run(most).total);
    CHECK(r.tasks_done == 1);
    // A task of one part takes one thread.
    o.include = [&](std::size_t id) { return plan.parts(id) == 1 && id == 0; };
    if (plan.parts(0) == 1) CHECK(nqueens::parallel_count(plan, o).threads == 1);
}

TEST_CASE("a count stopped mid-task and resumed from the parts it saved gives the OEIS count",
          "[engine][parts][cancel]")
{
    const nqueens::work_plan& plan = parts_plan();
    const nqueens::run_record saved =
        nqueens::record_from_json(nqueens::record_to_json(stopped_mid_task()), "f");
    nqueens::check_record_matches(saved, plan, {}, "f");

    nqueens::record_builder resumed(saved);
    std::map<std::size_t, std::vector<nqueens::part_range>> recounted;
    nqueens::parallel_options again = with_threads(2);
    again.include = [&](std::size_t id) { return !resumed.is_done(id); };
    again.begun = [&](std::size_t id) { return resumed.begun(id); };
    again.on_parts_done = [&](std::size_t id, std::uint64_t parts, nqueens::part_range range,
                              const nqueens::solution_counts& c) {
        recounted[id].push_back(range);
        resumed.add_parts(id, parts, range, c);  // refuses a part counted before
    };
    std::size_t begun_first = 0, finished = 0;
    again.on_task_done = [&](std::size_t id, const nqueens::solution_counts& c) {
        // The tasks begun before finish first (two threads: within the first few).
        if (finished++ < saved.partial.size() + 2 && resumed.begun(id)) ++begun_first;
        resumed.add(id, c);
    };
    const auto second = nqueens::parallel_count(plan, again);
    CHECK_FALSE(second.cancelled);
    CHECK(resumed.tasks_done() == plan.size());
    CHECK(resumed.tasks_begun() == 0);
    CHECK(resumed.sum().total == total(15));
    CHECK(begun_first >= std::min<std::size_t>(saved.partial.size(), 1));
}

TEST_CASE("a task source's tasks resume from the parts begun(id) gives, counting only the others",
          "[engine][parts][source]")
{
    const nqueens::work_plan& plan = parts_plan();
    const nqueens::run_record saved = stopped_mid_task();

    // As nqueens-mpi's ranks do: the tasks come from a source, each begun
    // one with the parts counted of it (read on the worker threads, so from
    // a map of their own, not the builder the results go to).
    std::map<std::size_t, nqueens::partial_task> parts_before;
    for (const nqueens::partial_task& p : saved.partial) parts_before.emplace(p.id, p);
    nqueens::record_builder resumed(saved);
    std::vector<std::size_t> todo;
    for (std::size_t id = 0; id < plan.size(); ++id)
        if (!resumed.is_done(id)) todo.push_back(id);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> asked{0};
    nqueens::parallel_options again = with_threads(2);
    again.begun = [&](std::size_t id) -> const nqueens::partial_task* {
        ++asked;
        const auto it = parts_before.find(id);
        return it == parts_before.end() ? nullptr : &it->second;
    };
    again.on_parts_done = [&](std::size_t id, std::uint64_t parts, nqueens::part_range range,
                              const nqueens::solution_counts& c) {
        resumed.add_parts(id, parts, range, c);  // refuses a part counted before
    };
    again.on_task_done = [&](std::size_t id, const nqueens::solution_counts& c) { resumed.add(id, c); };
    const auto second = nqueens::parallel_count(
        plan,
        [&](unsigned, std::stop_token) -> std::optional<std::size_t> {
            const std::size_t k = next++;
            return k < todo.size() ? std::optional(todo[k]) : std::nullopt;
        },
        again);
    CHECK_FALSE(second.cancelled);
    CHECK(asked == todo.size());
    CHECK(resumed.tasks_done() == plan.size());
    CHECK(resumed.sum().total == total(15));

    // Parts that do not fit the task are refused, not counted.
    nqueens::partial_task wrong = saved.partial.front();
    wrong.parts += 1;
    again.begun = [&](std::size_t) { return &wrong; };
    again.on_parts_done = nullptr;
    again.on_task_done = nullptr;
    std::atomic<bool> handed{false};
    CHECK_THROWS_AS(nqueens::parallel_count(
                        plan,
                        [&](unsigned, std::stop_token) -> std::optional<std::size_t> {
                            if (handed.exchange(true)) return std::nullopt;
                            return wrong.id;
                        },
                        again),
                    std::invalid_argument);
}

TEST_CASE("a task of many parts counts first a few spread over it, whose time tells its progress",
          "[engine][parts][progress]")
{
    // n = 15 by a cut whose largest task has 456 parts: on one thread, the
    // first 64 parts reported of it are those at 1/128, 3/128, ..., 127/128
    // of the way, in the bit-reversed order of their places (any first few spread
    // over it), and the others follow in order; the count is exact.
    const nqueens::work_plan plan(
        15, nqueens::count_mode::total,
        nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 3, 2, 9, 0, true});
    std::size_t most = 0;
    for (std::size_t id = 1; id < plan.size(); ++id)
        if (plan.parts(id) > plan.parts(most)) most = id;
    const std::uint64_t parts = plan.parts(most);
    REQUIRE(parts == 456);
    const auto at = [&](std::uint64_t j) { return parts * (2 * j + 1) / 128; };
    std::vector<std::uint64_t> order;
    std::vector<nqueens::progress> calls;
    nqueens::parallel_options o = with_threads(1);
    o.include = [&](std::size_t id) { return id == most; };
    o.progress_every = 0;
    o.on_parts_done = [&](std::size_t, std::uint64_t, nqueens::part_range range,
                          const nqueens::solution_counts&) {
        CHECK(range.end == range.begin + 1);
        order.push_back(range.begin);
    };
    o.on_progress = [&](const nqueens::progress& p) { calls.push_back(p); };
    const auto r = nqueens::parallel_count(plan, o);
    CHECK(r.sum.total == plan.run(most).total);
    REQUIRE(order.size() == parts - 1);
    CHECK(std::vector<std::uint64_t>(order.begin(), order.begin() + 4) ==
          std::vector<std::uint64_t>{at(0), at(32), at(16), at(48)});
    std::vector<std::uint64_t> probes(order.begin(), order.begin() + 64), spread;
    std::sort(probes.begin(), probes.end());
    for (std::uint64_t j = 0; j < 64; ++j) spread.push_back(at(j));
    CHECK(probes == spread);
    CHECK(std::is_sorted(order.begin() + 64, order.end()));
    std::sort(order.begin(), order.end());
    CHECK(std::adjacent_find(order.begin(), order.end()) == order.end());
    // Progress moved while the task ran, and never back.
    REQUIRE(calls.size() >= 3);
    CHECK(std::any_of(calls.begin(), calls.end() - 1,
                      [](const nqueens::progress& p) { return p.fraction > 0; }));
    for (std::size_t i = 1; i < calls.size(); ++i) CHECK(calls[i].fraction >= calls[i - 1].fraction);
    CHECK(calls.back().fraction == 1.0);
}
