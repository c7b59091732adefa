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
