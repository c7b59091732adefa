// SPDX-License-Identifier: BSL-1.0
// Google Benchmark of the kernels on one thread: the plain search from the
// empty board, the weighted walk of count_queens(n), the 8-fold symmetric search (--unique), the half-board
// join (totals), the pair count's slice table and plan building.
#include <nqueens/count.hpp>
#include <nqueens/count_symmetric.hpp>
#include <nqueens/detail/join/pairs/count_pairs.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_search.hpp>
#include <nqueens/runtime/engine.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

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
void join(benchmark::State& state)
{
    plan_tasks(state, nqueens::count_mode::total);
}

// The pair count's table of one group of ny turned keys of n = 27 and 28
// (tops of 11 rows: keys of 42 bits), in slices of the given width (what
// join_key_runs picks for two groups of ny); the plain build against the
// run-time one (AVX-512, or 8 words at a time), one after the other in
// this process.
enum class table_build { plain, run_time };
void slice_table(benchmark::State& state, table_build build)
{
    const auto ny = static_cast<std::size_t>(state.range(0));
    const auto slice = static_cast<std::size_t>(state.range(1));
    constexpr int width = 21;
    constexpr std::size_t bits = 2 * width;
    std::vector<nqueens::detail::diagonal_key> ys(ny);
    std::mt19937_64 random(1);
    for (auto& y : ys) y = random() & ((std::uint64_t{1} << bits) - 1);
    nqueens::detail::table_words planes, table;
    const std::size_t words = (ny + 63) / 64;
    for (auto _ : state) {
        if (build == table_build::plain)
            nqueens::detail::build_slice_table(ys.data(), ny, width, bits, slice, planes, table, words);
        else
#if defined(__AVX512BW__)
            nqueens::detail::build_slice_table_avx512(ys.data(), ny, width, bits, slice, planes, table,
                                                      words);
#elif NQUEENS_VECTOR_SLICE_TABLE
            nqueens::detail::build_slice_table_vector_as(
                nqueens::detail::usable_cpu_tier(nqueens::detail::cpu_tier::best), ys.data(), ny, width, bits,
                slice, planes, table, words);
#else
            nqueens::detail::build_slice_table(ys.data(), ny, width, bits, slice, planes, table, words);
#endif
        benchmark::DoNotOptimize(table.data());
        benchmark::ClobberMemory();
    }
    state.counters["keys_per_s"] =
        benchmark::Counter(static_cast<double>(ny), benchmark::Counter::kIsIterationInvariantRate);
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
BENCHMARK(join)->DenseRange(10, 16, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(slice_table, plain, table_build::plain)
    ->Args({128, 6})
    ->Args({256, 6})
    ->Args({640, 6})
    ->Args({2048, 7})
    ->Args({16384, 7})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(slice_table, run_time, table_build::run_time)
    ->Args({128, 6})
    ->Args({256, 6})
    ->Args({640, 6})
    ->Args({2048, 7})
    ->Args({16384, 7})
    ->Unit(benchmark::kMicrosecond);
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
