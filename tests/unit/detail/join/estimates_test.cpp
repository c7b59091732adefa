// SPDX-License-Identifier: BSL-1.0
// detail/join/estimates.hpp: a task's estimate from a sample of its bands against the sum over all of them.
#include "support/failures.hpp"

#include <nqueens/detail/join/estimates.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/tasks.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

namespace d = nqueens::detail;

// The tasks of `layout` and their estimates by join_task_breadth.
struct estimated_tasks {
    std::vector<d::join_task> tasks;
    std::vector<std::uint64_t> estimates;
};

estimated_tasks estimate_tasks(const d::join_layout& layout)
{
    estimated_tasks e;
    d::for_each_join_task(layout, [&](const d::join_task& t) {
        e.tasks.push_back(t);
        e.estimates.push_back(d::join_task_breadth(layout, t));
    });
    return e;
}

// The tasks' indices, the largest estimate first (ties by index).
std::vector<std::size_t> largest_first(const std::vector<std::uint64_t>& estimates)
{
    std::vector<std::size_t> order(estimates.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return estimates[a] > estimates[b]; });
    return order;
}

}  // namespace

TEST_CASE("a task that leaves two band rows to its parts is estimated from a sample of its bands", "[join]")
{
    // n = 14 with a band of 6 rows, as n = 28: the estimate (4 of a task's
    // bands times their number) against the sum over all of them; exact
    // where a task stands for 4 bands or fewer.
    const d::join_layout layout = d::make_join_layout(14, 6, 6, 0, 4);
    nqueens::test::failures wrong;
    std::size_t tasks = 0, sampled = 0;
    d::for_each_join_task(layout, [&](const d::join_task& t) {
        ++tasks;
        std::uint64_t full = 0, bands = 0;
        d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
            full += d::whole_band_breadth(layout, whole);
            ++bands;
            return true;
        });
        const std::uint64_t estimate = d::join_task_breadth(layout, t);
        if (bands <= d::join_breadth_samples) {
            wrong.check(estimate == std::max<std::uint64_t>(1, full), "task ", tasks, ": ", estimate,
                        " against ", full);
        } else {
            ++sampled;
            wrong.check(4 * estimate >= full && estimate <= 4 * full, "task ", tasks, " (", bands,
                        " bands): ", estimate, " against ", full);
        }
    });
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(sampled > 0);
    CHECK(sampled < tasks);
}

TEST_CASE(
    "the largest tasks by the sample are summed over all their bands, until the bands allowed are spent",
    "[join]")
{
    // n = 14 with a band of 6 rows (as n = 28), 60 bands allowed.
    const d::join_layout layout = d::make_join_layout(14, 6, 6, 0, 4);
    const estimated_tasks e = estimate_tasks(layout);
    std::vector<std::uint64_t> refined = e.estimates;
    constexpr std::uint64_t allowed = 60;
    d::refine_largest_estimates(layout, e.tasks, refined, allowed);
    nqueens::test::failures wrong;
    std::uint64_t spent = 0;
    std::size_t summed = 0, changed = 0;
    for (const std::size_t i : largest_first(e.estimates)) {
        spent += d::count_task_bands(layout, e.tasks[i]);
        const std::uint64_t expected =
            spent <= allowed ? d::join_task_breadth_in_full(layout, e.tasks[i]) : e.estimates[i];
        wrong.check(refined[i] == expected, "task ", i, ": ", refined[i], " against ", expected);
        summed += spent <= allowed;
        changed += refined[i] != e.estimates[i];
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(summed > 1);
    CHECK(summed < e.tasks.size());
    CHECK(changed > 0);

    // A cut that sums every band already (one band row left to the parts)
    // is left as it is.
    const d::join_layout one_row = d::make_join_layout(14, 6, 6, 0, 5);
    estimated_tasks f = estimate_tasks(one_row);
    for (std::uint64_t& estimate : f.estimates) ++estimate;  // not what a sum would give
    refined = f.estimates;
    d::refine_largest_estimates(one_row, f.tasks, refined, allowed);
    CHECK(refined == f.estimates);
}

TEST_CASE("at n = 28 the sample overrates the tasks it ranks largest", "[join]")
{
    // Why refine_largest_estimates exists: of n = 28's tasks, those the
    // sample ranks largest come out above their sum in full more often
    // and by more than below it.
    const d::join_layout layout = d::make_join_layout(28);
    const estimated_tasks e = estimate_tasks(layout);
    const std::vector<std::size_t> order = largest_first(e.estimates);
    double ratio = 0;
    std::size_t above = 0;
    for (std::size_t k = 0; k < 50; ++k) {
        const std::size_t i = order[k];
        const auto full = static_cast<double>(d::join_task_breadth_in_full(layout, e.tasks[i]));
        ratio += static_cast<double>(e.estimates[i]) / full / 50;
        above += static_cast<double>(e.estimates[i]) > full;
    }
    CHECK(above > 35);
    CHECK(ratio > 1.03);
}
