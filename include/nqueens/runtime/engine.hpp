// SPDX-License-Identifier: BSL-1.0
// parallel_count: the multithreaded run-time engine for big n, which runs a work_plan's tasks on every core.
#ifndef NQUEENS_RUNTIME_ENGINE_HPP
#define NQUEENS_RUNTIME_ENGINE_HPP

#include <nqueens/runtime/detail/engine_run.hpp>
#include <nqueens/runtime/parallel_options.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/solution_counts.hpp>

#include <exception>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace nqueens {

// Counts the solutions of `plan` (or of the tasks `options.include` keeps)
// on several threads, which take tasks from a shared counter, largest
// estimate first.
//
// Valid for every plan; throws std::overflow_error rather than wrap, and
// rethrows what a callback throws. Cost: the plan's tasks divided among the
// threads; see parallel_count(n).
//
//     const nqueens::work_plan plan(18);
//     nqueens::parallel_options o;
//     o.include = [](std::size_t id) { return id % 4 == 1; };  // shard 1 of 4
//     auto part = nqueens::parallel_count(plan, o);            // part.sum.total
inline parallel_result parallel_count(const work_plan& plan, const parallel_options& options = {})
{
    return detail::engine_run(plan, options).run();
}

// Counts the tasks of `plan` that `source` hands out, as it hands them out,
// on options.threads threads (0: as above, but not limited to the tasks,
// which are not known in advance), until it has returned none to every
// thread: for a count fed from elsewhere while it runs (task_source).
// options.include is not used; progress reports count the tasks handed out
// so far, with fraction 0 until the end; `sum` is the tasks' own (distinct:
// 0 for the join's tasks); `cancelled` is set after a stop request.
//
// Valid for every plan; throws std::out_of_range for an id the plan lacks,
// and what the source or a callback throws. Cost: the tasks handed out.
//
//     std::atomic<std::size_t> next{0};
//     const nqueens::work_plan plan(12);
//     auto r = nqueens::parallel_count(plan, [&](unsigned, std::stop_token) -> std::optional<std::size_t> {
//         const std::size_t id = next++;
//         return id < plan.size() ? std::optional(id) : std::nullopt;
//     });  // r.sum.total == 14200
inline parallel_result parallel_count(const work_plan& plan, const task_source& source,
                                      const parallel_options& options = {})
{
    return detail::engine_run(plan, source, options).run();
}

// Counts the solutions for an n x n board with every core: the total (OEIS
// A000170) by default, or with options.mode = count_mode::with_distinct
// also the number distinct under rotation and reflection (OEIS A002562).
// The run-time counterpart of count_queens(n) and count_distinct(n)
// (count.hpp), which count on one thread and in constant expressions.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost, totals only: about a second of one core at n = 17, divided among
// the threads, with tens of MB of memory per thread up to n = 19 and a few
// hundred MB from n = 20 on (docs/cuts.md; by default no more threads than
// fit in half the machine's memory: parallel_options). Each extra row costs
// about 7 to 10 times more from n = 20 on (n = 24: hundreds of core-hours;
// n = 28: millions). With distinct: the same for n >= 6 (plus Burnside's
// lemma: about a second up to n = 23, about tenfold more every two n
// beyond), about ten times more for n < 6
// (the symmetric search). Measured figures, with the commands that give them: docs/benchmarks.md.
//
//     auto r = nqueens::parallel_count(16);  // r.sum.total == 14772512
//     nqueens::parallel_options o;
//     o.mode = nqueens::count_mode::with_distinct;
//     o.threads = 2;
//     o.on_progress = [](const nqueens::progress& p) { std::printf("%.0f %%\n", 100 * p.fraction); };
//     auto both = nqueens::parallel_count(16, o);  // both.sum.distinct == 1846955
inline parallel_result parallel_count(int n, const parallel_options& options = {})
{
    return parallel_count(work_plan(n, options.mode), options);
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_ENGINE_HPP
