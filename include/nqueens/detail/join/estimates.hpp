// SPDX-License-Identifier: BSL-1.0
// A rough, relative cost of each join task, by which the plan orders its tasks.
#ifndef NQUEENS_DETAIL_JOIN_ESTIMATES_HPP
#define NQUEENS_DETAIL_JOIN_ESTIMATES_HPP

#include <nqueens/detail/join/helpers.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/task_bands.hpp>
#include <nqueens/detail/join/tasks.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nqueens::detail {

// A rough, relative cost of a task. Building the lists takes most of a
// task's time, and a list's size depends most on how many of the non-lead
// free columns its top still needs: a top that takes j of the k lead
// columns fills the rest of its t rows from the m non-lead ones, C(m, t - j)
// choices, and its partner C(m, t - (k - j)); a task with parts (n >= 23)
// adds these up over its parts. Their product, times the placements of
// each list's first two rows (the band's diagonals), follows the measured
// times of sampled tasks at n = 18..23 within about 2x for most tasks,
// without the bias against the costliest tasks that the first rows alone
// show (measured up to 20x off at n = 21). A task that fixes only the first
// band rows (partial_band) adds up the bands it stands for, or a sample of
// them (join_task_breadth).
constexpr std::uint64_t whole_band_breadth(const join_layout& layout, const join_task& t)
{
    const std::uint32_t free = band_free_columns(layout, t.band);
    const std::uint32_t lead = lead_columns(layout, free);
    const std::uint32_t inner = lead & ~task_lead_columns(layout, free);
    const int m = std::popcount(free & ~lead);
    const int k = std::popcount(lead);
    const int fixed = std::popcount(t.taken);
    const int parts = std::popcount(inner);
    const auto breadth = [&](const band_columns& band, std::uint32_t taken) {
        const top_rules rules(layout, band);
        const std::uint32_t columns = (rules.free & ~lead) | taken;
        const int rows = layout.top < 2 ? layout.top : 2;
        const auto walk = [&](const auto& self, const top_rules::placed_queens& s) -> std::uint64_t {
            const int r = std::popcount(s.rows);
            if (r == rows) return 1;
            std::uint64_t count = 0;
            for (std::uint32_t open = rules.open(r, columns, s.cols, s.sums, s.differences); open != 0;
                 open &= open - 1)
                count += self(self, rules.place(s, r, std::countr_zero(open)));
            return count;
        };
        return walk(walk, top_rules::placed_queens{});
    };
    std::uint64_t columns = 0;
    for (int more = 0; more <= parts; ++more) {
        const int mine = fixed + more;
        columns += choose(parts, more) * choose(m, layout.top - mine) * choose(m, layout.top - (k - mine));
    }
    const std::uint64_t rows = breadth(t.band, t.taken | inner) *
                               breadth(band_image(layout, t.band, false, true), (lead & ~t.taken) | inner);
    return std::max<std::uint64_t>(1, columns * rows);
}

// The sum over every band task t stands for, as join_task_breadth gives it where
// a task leaves one band row to its parts (saturated).
constexpr std::uint64_t join_task_breadth_in_full(const join_layout& layout, const join_task& t)
{
    constexpr std::uint64_t most = ~std::uint64_t{0};
    std::uint64_t sum = 0;
    for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint64_t b = whole_band_breadth(layout, whole);
        sum = sum <= most - b ? sum + b : most;
        return true;
    });
    return std::max<std::uint64_t>(1, sum);
}

// How many of the bands of a task that leaves two band rows or more to its
// parts join_task_breadth estimates in full (join_breadth_samples).
inline constexpr std::uint64_t join_breadth_samples = 4;

// Whether join_task_breadth estimates the tasks of `layout` from a sample
// of their bands (a task leaves two band rows or more to its parts).
constexpr bool samples_bands(const join_layout& layout)
{
    return layout.band_rows - layout.task_band_rows >= 2;
}

// A task that leaves one band row to its parts (n = 27) adds up the bands
// it stands for (about 9). One that leaves two or more (n = 28: about 160
// bands, 22.5 M in all, whose estimates in full took minutes; n = 31 up to
// about 10,000) estimates join_breadth_samples of them spread evenly over
// its bands, times their number (task_bands::sample: no walk of every
// band): a plan of a few hundred thousand such tasks builds in
// seconds, and on 301 tasks spread over n = 28's plan the estimate came
// within 0.88 to 1.15 of the sum over all their bands (docs/benchmarks.md).
constexpr std::uint64_t join_task_breadth(const join_layout& layout, const join_task& t)
{
    if (!samples_bands(layout)) return join_task_breadth_in_full(layout, t);
    std::uint64_t sum = 0;
    // The middle band of each of `samples` equal runs of them.
    const std::uint64_t bands = task_bands(layout, t).sample(
        join_breadth_samples, [&](const join_task& whole) { sum += whole_band_breadth(layout, whole); });
    const std::uint64_t samples = std::min(bands, join_breadth_samples);
    if (samples == 0) return 1;
    // sum * bands / samples, saturated (n = 32's largest tasks come within
    // about 100 times of 2^64).
    constexpr std::uint64_t most = ~std::uint64_t{0};
    if (sum <= most / bands) return std::max<std::uint64_t>(1, sum * bands / samples);
    return sum / samples <= most / bands ? sum / samples * bands : most;
}

constexpr std::uint64_t join_task_breadth(int n, const join_task& t)
{
    return join_task_breadth(make_join_layout(n), t);
}

// How many bands refine_largest_estimates sums in full: about 0.3 s (n = 28:
// the largest 400 or so of its 154,078 tasks; n = 31: about 15).
inline constexpr std::uint64_t join_refined_bands = std::uint64_t{1} << 17;

// Where join_task_breadth samples a task's bands, the tasks whose sample
// came out highest are, by that choice, more likely overrated than not
// (at n = 28 nearly all of its largest 50, by several percent; tasks spread
// over the plan fall either side: docs/benchmarks.md).
// The largest tasks run first and a count's first minutes weigh its
// progress by them, so this sums the largest in full, from the top down,
// until `bands` bands are spent. `estimates[i]` is task tasks[i]'s
// join_task_breadth.
inline void refine_largest_estimates(const join_layout& layout, const std::vector<join_task>& tasks,
                                     std::vector<std::uint64_t>& estimates,
                                     std::uint64_t bands = join_refined_bands)
{
    if (!samples_bands(layout)) return;  // summed in full already
    std::vector<std::size_t> order(estimates.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return estimates[a] > estimates[b]; });
    std::uint64_t spent = 0;
    for (const std::size_t i : order) {
        spent += count_task_bands(layout, tasks[i]);
        if (spent > bands) break;
        estimates[i] = join_task_breadth_in_full(layout, tasks[i]);
    }
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_ESTIMATES_HPP
