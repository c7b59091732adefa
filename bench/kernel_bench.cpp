// SPDX-License-Identifier: BSL-1.0
// Google Benchmark of the kernels on one thread: the plain search from the
// empty board, the weighted walk of count_queens(n), the 8-fold symmetric search (--unique), the half-board
// join (totals) and plan building.
#include <nqueens/count.hpp>
#include <nqueens/count_symmetric.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/runtime/engine.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>

namespace {

void plain_search(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        benchmark::DoNotOptimize(nqueens::detail::search(nqueens::detail::full_mask(n), 0, 0, 0, nodes));
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// The weighted walk of count_queens(n), task by task.
void orbit_walk(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        nqueens::detail::for_each_sym_task(n, 2, [&](const nqueens::detail::sym_task& t) {
            benchmark::DoNotOptimize(nqueens::detail::orbit_walk(t, nodes));
        });
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// Runs every task of work_plan(n, mode) on this thread.
void plan_tasks(benchmark::State& state, nqueens::count_mode mode)
{
    const int n = static_cast<int>(state.range(0));
    const nqueens::work_plan plan(n, mode);
    nqueens::work_plan::workspace ws;
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        for (std::size_t id = 0; id < plan.size(); ++id) {
            const auto r = *plan.run(id, {}, ws);
            benchmark::DoNotOptimize(r.total);
            nodes += r.nodes;
        }
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// The 8-fold symmetric search (count_symmetric), which compares each board
// with its images; the plan's distinct mode runs the join from n = 6, so it
// is not this.
void symmetric_search(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        const nqueens::solution_counts c = nqueens::count_symmetric(n);
        benchmark::DoNotOptimize(c.total);
        nodes = c.nodes;
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// nodes: the queens placed while building the half-board lists.
void half_join(benchmark::State& state)
{
    plan_tasks(state, nqueens::count_mode::total);
}

void plan_build(benchmark::State& state, nqueens::count_mode mode)
{
    const int n = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const nqueens::work_plan plan(n, mode);
        benchmark::DoNotOptimize(plan.size());
    }
}

}  // namespace

BENCHMARK(plain_search)->DenseRange(10, 14, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(orbit_walk)->DenseRange(10, 14, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(symmetric_search)->DenseRange(10, 15, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(half_join)->DenseRange(10, 16, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(plan_build, with_distinct, nqueens::count_mode::with_distinct)
    ->Arg(16)
    ->Arg(20)
    ->Arg(32)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(plan_build, total, nqueens::count_mode::total)
    ->Arg(16)
    ->Arg(20)
    ->Arg(23)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
