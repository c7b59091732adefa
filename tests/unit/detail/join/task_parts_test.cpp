// SPDX-License-Identifier: BSL-1.0
// detail/join/task_parts.hpp: the splits of a task's lead columns, walked, counted and indexed alike.
#include "support/failures.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/task_parts.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

namespace d = nqueens::detail;

// A task of n = 24's cut that takes its 3 task lead columns: the 8 others
// split in every way but all 8 to the top (11 > t = 10), the first of them
// (from the largest subset down) all but the lowest.
static_assert(d::count_task_parts(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false) == 255);
static_assert(d::nth_task_part(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false, 0) == 0x7f7);
static_assert(d::nth_task_part(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false, 254) == 0x7);

}  // namespace

TEST_CASE("count_task_parts and nth_task_part agree with the walk of a task's parts, many n and cuts",
          "[join]")
{
    // Only the top's height and the lead columns matter: free columns with
    // a band's gaps, every band height, lead and task lead columns up to 10
    // inner ones (the walk takes 2^10 steps), some subsets of the task's.
    nqueens::test::failures wrong;
    std::uint64_t checked = 0;
    for (const int n : {8, 13, 16, 21, 23, 24, 27, 32}) {
        for (int b = 1; b <= 4; ++b) {
            if ((n - b) % 2 != 0) continue;
            const int t = (n - b) / 2;
            for (int k = 0; k <= std::min(n - b, 2 * t); ++k) {
                for (const int k1 : {std::max(0, k - 10), k / 2, k}) {
                    if (k - k1 > 10) continue;
                    const d::join_layout layout = d::make_join_layout(n, b, k, k1);
                    const std::uint32_t free = layout.all_columns & ~(std::uint32_t{0b101} << (n / 3));
                    const std::uint32_t lead = d::lead_columns(layout, free);
                    const std::uint32_t fixed = d::task_lead_columns(layout, free);
                    const std::uint32_t low = fixed & (~fixed + 1);
                    for (const std::uint32_t task_taken :
                         {fixed, std::uint32_t{0}, fixed & 0x55555555u, low}) {
                        for (const bool self_flip : {false, true}) {
                            std::vector<std::uint32_t> walked;
                            d::for_each_task_part(layout, lead, fixed, task_taken, self_flip,
                                                  [&](std::uint32_t taken) {
                                                      walked.push_back(taken);
                                                      return true;
                                                  });
                            const std::uint64_t parts =
                                d::count_task_parts(layout, lead, fixed, task_taken, self_flip);
                            wrong.check(parts == walked.size(), "n = ", n, ", cut ", b, ",", k, ",", k1,
                                        ", taken ", task_taken, ", flip ", self_flip, ": ", parts,
                                        " parts against ", walked.size(), " walked");
                            wrong.check(
                                d::has_part(layout, lead, fixed, task_taken, self_flip) == (parts > 0),
                                "n = ", n, ", cut ", b, ",", k, ",", k1, ": has_part");
                            for (std::size_t i = 0; i < walked.size() && parts == walked.size(); ++i)
                                wrong.check(d::nth_task_part(layout, lead, fixed, task_taken, self_flip, i) ==
                                                walked[i],
                                            "n = ", n, ", cut ", b, ",", k, ",", k1, ", taken ", task_taken,
                                            ", flip ", self_flip, ": part ", i);
                            ++checked;
                        }
                    }
                }
            }
        }
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(checked > 1000);
}
