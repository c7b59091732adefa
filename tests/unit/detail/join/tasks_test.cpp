// SPDX-License-Identifier: BSL-1.0
// detail/join/tasks.hpp: the task list covers every band once, weighted by its orbit, in a fixed order; parts
// are named in walk order.
#include "support/failures.hpp"

#include <nqueens/detail/join/bands.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/task_bands.hpp>
#include <nqueens/detail/join/tasks.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace {

namespace d = nqueens::detail;

}  // namespace

TEST_CASE("the tasks cover every band once, weighted by its orbit", "[join]")
{
    for (int n = d::join_min_n; n <= 20; ++n) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        // Bands counted through their orbits: each band's weight once (not
        // once per split of its lead columns), without the flip's factor 2.
        std::set<d::band_columns> bands;
        std::uint64_t covered = 0;
        std::uint32_t splits = 0;
        d::for_each_join_task(n, [&](const d::join_task& t) {
            ++splits;
            if (bands.insert(t.band).second) covered += t.self_flip ? t.weight / 2 : t.weight;
            CHECK(t.self_flip == (n % 2 == 1));
        });
        const std::uint64_t placements =
            n % 2 == 1 ? static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n * n - 3 * n + 2);
        CHECK(covered == placements);
        CHECK(splits >= bands.size());
        CHECK(layout.top * 2 + layout.band_rows == n);
    }
}

TEST_CASE("tasks that fix part of the band cover every band once, through the smallest of its orbit",
          "[join]")
{
    // Tasks that leave one band row to their parts (as n = 27), two (as
    // n = 28), three (as n = 31) or four (as n = 32), or fix one row only
    // (whose mirror image the first row may not order): the bands they
    // stand for are the smallest of each orbit, each once, and their
    // weights add up to every band.
    for (const d::join_layout& layout :
         {d::make_join_layout(13, 5, 4, 0, 4), d::make_join_layout(13, 5, 4, 0, 3),
          d::make_join_layout(13, 5, 4, 0, 1), d::make_join_layout(14, 6, 6, 0, 5),
          d::make_join_layout(14, 6, 6, 0, 4), d::make_join_layout(15, 7, 4, 0, 4),
          d::make_join_layout(16, 8, 4, 0, 4)}) {
        INFO("n = " << layout.n << ", band rows " << layout.band_rows << ", tasks fix "
                    << layout.task_band_rows);
        std::set<d::band_columns> smallest, seen;
        std::uint64_t placements = 0, covered = 0;
        d::for_each_band(layout, [&](const d::band_columns& band) {
            ++placements;
            if (d::orbit_of(layout, band).smallest) smallest.insert(band);
        });
        std::set<d::band_columns> prefixes;
        std::size_t repeated = 0, strangers = 0;
        d::for_each_join_task(layout, [&](const d::join_task& t) {
            CHECK(prefixes.insert(t.band).second);
            d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
                if (!seen.insert(whole.band).second) ++repeated;
                if (!std::equal(whole.band.begin(), whole.band.begin() + layout.task_band_rows,
                                t.band.begin()))
                    ++strangers;
                covered += whole.weight;
                return true;
            });
        });
        CHECK(repeated == 0);
        CHECK(strangers == 0);
        // (Compared whole, not printed whole: a failure shows the sizes.)
        const bool same = seen == smallest;
        INFO(seen.size() << " bands reached, " << smallest.size() << " smallest of their orbit");
        CHECK(same);
        CHECK(covered == placements);
    }
}

TEST_CASE("the task list is the same every time", "[join]")
{
    std::vector<d::join_task> a, b;
    d::for_each_join_task(17, [&](const d::join_task& t) { a.push_back(t); });
    d::for_each_join_task(17, [&](const d::join_task& t) { b.push_back(t); });
    CHECK(a == b);
    CHECK(a.size() == 72);
}

TEST_CASE("nth_join_part names the parts of a task that fixes part of its band in walk order", "[join]")
{
    // Tasks that leave one band row to their parts (as n = 27) and two (as n = 28).
    // Where tops are shared, a part is a split of the task's lead columns.
    for (const d::join_layout& layout :
         {d::make_join_layout(13, 5, 4, 0, 4), d::make_join_layout(13, 5, 4, 0, 3),
          d::make_join_layout(14, 6, 6, 0, 4), d::make_join_layout(13, 5, 4, 0, 4, true),
          d::make_join_layout(14, 6, 6, 0, 4, true)}) {
        INFO("band rows " << layout.band_rows << ", tasks fix " << layout.task_band_rows << ", shared tops "
                          << layout.shared_tops);
        nqueens::test::failures wrong;
        std::size_t tasks = 0, checked = 0;
        d::for_each_join_task(layout, [&](const d::join_task& t) {
            ++tasks;
            std::uint64_t i = 0;
            std::uint64_t weights = 0;
            d::for_each_join_part(layout, t, [&](const d::join_part& p) {
                const d::join_part named = d::nth_join_part(layout, t, i++);
                wrong.check(named.whole == p.whole && named.lead == p.lead && named.taken == p.taken, "task ",
                            tasks, ", part ", i - 1);
                wrong.check(!layout.shared_tops || (p.whole == t && p.lead == d::shared_lead(layout, t)),
                            "task ", tasks, ", part ", i - 1, ": not a split of the task's lead columns");
                weights += layout.shared_tops ? d::count_task_bands(layout, t) : p.whole.weight;
                ++checked;
                return true;
            });
            wrong.check(i == d::count_join_parts(layout, t), "task ", tasks, ": ", i, " parts walked");
            wrong.check(weights > 0, "task ", tasks, ": no band");
        });
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(checked > tasks);
    }
}
