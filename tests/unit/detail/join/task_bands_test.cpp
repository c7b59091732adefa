// SPDX-License-Identifier: BSL-1.0
// detail/join/bands.hpp and task_bands.hpp: the bands a task stands for, counted and indexed as the walk
// finds them.
#include "support/failures.hpp"

#include <nqueens/detail/join/bands.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/task_bands.hpp>
#include <nqueens/detail/join/tasks.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

namespace d = nqueens::detail;

}  // namespace

TEST_CASE("count_task_bands and nth_task_band agree with the walk of a task's bands", "[join]")
{
    // Every task of small cuts that fix 1 to 7 of 5 to 8 band rows, and
    // tasks across the plans of n = 25 and 27 to 32: the number of bands
    // and each of them (50 spread over them where there are more) in walk
    // order.
    nqueens::test::failures wrong;
    std::size_t checked = 0;
    // Each band where a task stands for at most `every`, else about `every` spread over them.
    const auto check_task = [&](const d::join_layout& layout, const d::join_task& t, std::size_t every) {
        std::vector<d::join_task> walked;
        d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
            walked.push_back(whole);
            return true;
        });
        const std::uint64_t bands = d::count_task_bands(layout, t);
        wrong.check(bands == walked.size(), "n = ", layout.n, ", band ", t.band[0], " ", t.band[1], ": ",
                    bands, " bands against ", walked.size());
        for (std::size_t i = 0; i < walked.size(); i += 1 + walked.size() / every)
            wrong.check(d::nth_task_band(layout, t, i) == walked[i], "n = ", layout.n, ", band ", t.band[0],
                        " ", t.band[1], ": band ", i, " differs");
        ++checked;
    };
    for (int b = 5; b <= 8; ++b)
        for (int fixed = 1; fixed < b; ++fixed) {
            const d::join_layout layout = d::make_join_layout(b + 8, b, 4, 0, fixed);
            d::for_each_join_task(layout, [&](const d::join_task& t) { check_task(layout, t, 50); });
        }
    for (const int n : {25, 27, 28, 29, 30, 31, 32}) {
        const d::join_layout layout = d::make_join_layout(n);
        REQUIRE(d::partial_band(layout));
        std::size_t i = 0;
        d::for_each_join_task(layout, [&](const d::join_task& t) {
            if (i++ % 4999 == 0) check_task(layout, t, 50);
        });
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(checked > 1000);
}
