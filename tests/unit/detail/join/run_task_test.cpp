// SPDX-License-Identifier: BSL-1.0
// detail/join/run_task.hpp: the join's count of a task, a part and n against OEIS A000170, the constexpr
// kernel and the plain search of each sub-problem; stopping when asked.
#include "support/failures.hpp"
#include "support/join_brute.hpp"
#include "support/oeis.hpp"

#include <nqueens/count.hpp>
#include <nqueens/detail/join/estimates.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/join/tasks.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace {

namespace d = nqueens::detail;
using nqueens::test::total;

// The join runs in constant evaluation too (small n: it allocates).
static_assert(d::count_by_join(8) == 92);

}  // namespace

TEST_CASE("the join counts OEIS A000170 for n = 6..16", "[join]")
{
    for (int n = d::join_min_n; n <= 16; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == total(n));
    }
}

TEST_CASE("the join agrees with the constexpr kernel", "[join]")
{
    for (int n = d::join_min_n; n <= 13; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == nqueens::count_queens(n));
    }
}

TEST_CASE("a join task gives up when asked to stop", "[join]")
{
    d::join_task first{};
    d::for_each_join_task(16, [&](const d::join_task& t) {
        if (first.weight == 0) first = t;
    });
    d::join_workspace ws;
    CHECK_FALSE(d::run_join_task(16, first, ws, [] { return true; }).has_value());
    const auto done = d::run_join_task(16, first, ws, [] { return false; });
    REQUIRE(done.has_value());
    CHECK(done->nodes > 0);
}

namespace {

// Independent of the join: the solutions with the task's band whose top
// rows take exactly `taken` of the lead columns, by placing the top rows
// with plain bit masks and handing the rest of the board to the constexpr
// kernel (search/kernel.hpp).
std::uint64_t plain_count(const d::join_layout& layout, const d::band_columns& band, std::uint32_t taken,
                          std::uint32_t lead)
{
    const d::mask_t all = d::full_mask(layout.n);
    const auto walk = [&](const auto& self, const d::partial& p) -> std::uint64_t {
        // The rows left must still take the columns of `taken` not yet taken.
        if (std::popcount(taken & ~p.cols) > layout.top - p.row) return 0;
        if (p.row == layout.top) {
            if ((p.cols & lead) != taken) return 0;
            d::partial q = p;
            for (int i = 0; i < layout.band_rows; ++i) {
                const d::mask_t bit = d::mask_t{1} << band[static_cast<std::size_t>(i)];
                if ((q.free(all) & bit) == 0) return 0;
                q = q.place(bit);
            }
            return d::count_completions(layout.n, q).solutions;
        }
        // The band's queens attack their columns and diagonals in this row.
        d::mask_t attacked = 0;
        for (int i = 0; i < layout.band_rows; ++i) {
            const int c = band[static_cast<std::size_t>(i)];
            const int dist = layout.band_row(i) - p.row;
            attacked |= d::mask_t{1} << c;
            if (c - dist >= 0) attacked |= d::mask_t{1} << (c - dist);
            if (c + dist < layout.n) attacked |= d::mask_t{1} << (c + dist);
        }
        std::uint64_t sum = 0;
        for (d::mask_t open = p.free(all) & ~attacked & ~(lead & ~taken); open != 0; open &= open - 1)
            sum += self(self, p.place(open & (0u - open)));
        return sum;
    };
    return walk(walk, d::partial{});
}

// What a task's total must be: its weight times the solutions of its
// sub-problem (the top takes `taken` of the lead columns the task fixes);
// with F(band) = band the task stands for `taken` and `rest` both, each with
// half the weight.
std::uint64_t expected_task_total(int n, const d::join_task& t)
{
    const d::join_layout layout = d::make_join_layout(n);
    const std::uint32_t lead = d::task_lead_columns(layout, d::band_free_columns(layout, t.band));
    if (!t.self_flip) return t.weight * plain_count(layout, t.band, t.taken, lead);
    const std::uint32_t rest = lead & ~t.taken;
    return t.weight / 2 *
           (plain_count(layout, t.band, t.taken, lead) + plain_count(layout, t.band, rest, lead));
}

std::vector<d::join_task> tasks_of(int n)
{
    std::vector<d::join_task> tasks;
    d::for_each_join_task(n, [&](const d::join_task& t) { tasks.push_back(t); });
    return tasks;
}

}  // namespace

// The task at fraction q of n's tasks ordered by estimated cost.
d::join_task task_at(int n, double q)
{
    const std::vector<d::join_task> tasks = tasks_of(n);
    std::vector<std::pair<std::uint64_t, std::size_t>> order;
    for (std::size_t i = 0; i < tasks.size(); ++i) order.emplace_back(d::join_task_breadth(n, tasks[i]), i);
    std::sort(order.begin(), order.end());
    return tasks[order[static_cast<std::size_t>(q * static_cast<double>(order.size()))].second];
}

TEST_CASE("a small task of n = 19 and of n = 20 equals the plain search of its sub-problem", "[join]")
{
    // Keys wider than 32 bits (n >= 19) and many lead columns are reached
    // in CI only here (n = 21..23: the slow test below); a task near the small
    // end runs in a second or so.
    for (int n = 19; n <= 20; ++n) {
        const d::join_task t = task_at(n, 0.01);
        INFO("n = " << n << ", band " << t.band[0] << " " << t.band[1] << ", taken " << t.taken);
        d::join_workspace ws;
        const auto joined = d::run_join_task(n, t, ws, [] { return false; });
        REQUIRE(joined.has_value());
        const std::uint64_t expected = expected_task_total(n, t);
        CHECK(expected > 0);
        CHECK(joined->total == expected);
        // The lists built the other way too: n = 19 (8 lead columns) takes
        // the row search by default, n = 20 (4) quarter tables.
        ws.builder = n == 19 ? d::list_builder::quarters : d::list_builder::rows;
        const auto other = d::run_join_task(n, t, ws, [] { return false; });
        REQUIRE(other.has_value());
        CHECK(other->total == expected);
    }
}

TEST_CASE(
    "tasks of n = 21's band of 3 rows and n = 22's of 4, narrowed by lead columns, equal the plain search",
    "[join]")
{
    // n = 21's and 22's tasks are whole bands (no lead columns), a plain
    // search of half a minute at the least (the slow test below checks
    // some): here the same bands and tops of 9 rows, from quarter tables and
    // by the row search, narrowed by 8 lead columns of which the top takes 6
    // (n = 21) or 4 (n = 22: where it takes 6 the tasks picked have no
    // solutions).
    for (const int n : {21, 22}) {
        const int takes = n == 21 ? 6 : 4;
        const std::size_t stride = n == 21 ? 10007 : 400009;  // 3 to 5 tasks
        const d::join_layout layout = d::make_join_layout(n, n - 18, 8, 8);
        REQUIRE(d::make_join_layout(n).band_rows == layout.band_rows);
        REQUIRE(d::make_join_layout(n).lead_columns == 0);
        std::vector<d::join_task> picked;
        std::size_t seen = 0;
        d::for_each_join_task(layout, [&](const d::join_task& t) {
            if (std::popcount(t.taken) == takes && seen++ % stride == 0) picked.push_back(t);
        });
        REQUIRE(picked.size() >= 3);
        for (const d::join_task& t : picked) {
            INFO("n = " << n << ", band " << t.band[0] << " " << t.band[1] << " " << t.band[2] << " "
                        << t.band[3] << ", taken " << t.taken);
            const std::uint32_t lead = d::task_lead_columns(layout, d::band_free_columns(layout, t.band));
            const std::uint64_t expected = t.weight * plain_count(layout, t.band, t.taken, lead);
            CHECK(expected > 0);
            for (const auto builder : {d::list_builder::quarters, d::list_builder::rows}) {
                d::join_workspace ws;
                ws.builder = builder;
                const auto joined = d::run_join_task(
                    layout, t, ws, [] { return false; }, [](std::uint64_t, std::uint64_t) {});
                REQUIRE(joined.has_value());
                CHECK(joined->total == expected);
            }
        }
    }
}

TEST_CASE("every task of n = 15 equals the plain search of its sub-problem", "[join]")
{
    d::join_workspace ws;
    nqueens::test::failures wrong;
    std::uint64_t sum = 0;
    for (const d::join_task& t : tasks_of(15)) {
        const auto joined = d::run_join_task(15, t, ws, [] { return false; });
        REQUIRE(joined.has_value());
        const std::uint64_t expected = expected_task_total(15, t);
        wrong.check(joined->total == expected, "band ", t.band[0], " ", t.band[1], ", taken ", t.taken, ": ",
                    joined->total, " against ", expected);
        sum += joined->total.to_u64();
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(sum == total(15));
}

TEST_CASE("tasks of n = 19..22 across their range equal the plain search of their sub-problems",
          "[join][.slow]")
{
    // From n = 23 a task has parts, and the plain search of a whole task
    // takes hours: their parts are checked below.
    for (int n = 19; n <= 22; ++n) {
        d::join_workspace ws;
        for (const double q : {0.05, 0.2, 0.5}) {
            const d::join_task t = task_at(n, q);
            INFO("n = " << n << ", band " << t.band[0] << " " << t.band[1] << ", taken " << t.taken);
            const auto joined = d::run_join_task(n, t, ws, [] { return false; });
            REQUIRE(joined.has_value());
            CHECK(joined->total == expected_task_total(n, t));
        }
    }
}

TEST_CASE(
    "every cut counts OEIS A000170: band heights 1 to 6, lead columns fixed by the task or split in parts, "
    "tasks that fix part of the band",
    "[join]")
{
    // The cuts n = 24..32 use (bands of up to six rows, tasks in parts,
    // tasks that fix all but the last band row or two) on boards small
    // enough to count whole.
    std::uint64_t cuts = 0, two_rows = 0;
    for (int n = 8; n <= 13; ++n) {
        for (int b = 1; b <= 6; ++b) {
            // n = 13: only the band of 5 rows, as n = 27 (tops of 4 rows).
            if ((n - b) % 2 != 0 || n - b < 4 || (n == 13 && b != 5)) continue;
            for (int k = 0; k <= n - b; k += n == 13 ? 4 : 2) {
                for (const int k1 : {0, k / 2, k}) {
                    INFO("n = " << n << ", band rows " << b << ", lead " << k << ", task lead " << k1);
                    const d::join_layout layout = d::make_join_layout(n, b, k, k1);
                    const std::uint64_t joined = d::count_by_join(layout);
                    CHECK(joined == total(n));
                    ++cuts;
                }
                // Tasks that leave the last band row, or the last two, to their parts.
                for (int left = 1; left <= 2 && left < b; ++left) {
                    INFO("n = " << n << ", band rows " << b << " (tasks fix " << b - left << "), lead " << k);
                    const d::join_layout partial = d::make_join_layout(n, b, k, 0, b - left);
                    CHECK(d::count_by_join(partial) == total(n));
                    // The same with tops shared by the completions of the band (as n = 25 and 28).
                    CHECK(d::count_by_join(d::make_join_layout(n, b, k, 0, b - left, true)) == total(n));
                    // As many parts as the tasks of whole bands have, in fewer tasks.
                    std::uint64_t parts = 0, whole_parts = 0, tasks = 0, whole_tasks = 0;
                    d::for_each_join_task(partial, [&](const d::join_task& t) {
                        ++tasks;
                        parts += d::count_join_parts(partial, t);
                    });
                    const d::join_layout whole = d::make_join_layout(n, b, k, 0);
                    d::for_each_join_task(whole, [&](const d::join_task& t) {
                        ++whole_tasks;
                        whole_parts += d::count_join_parts(whole, t);
                    });
                    CHECK(parts == whole_parts);
                    CHECK(tasks < whole_tasks);
                    ++cuts;
                    if (left == 2) ++two_rows;
                }
            }
        }
    }
    CHECK(cuts > 150);
    CHECK(two_rows > 20);
}

TEST_CASE("a task with parts counts what the tasks of its parts count", "[join]")
{
    // n = 13 (a band of one row: the flip halves the splits) and 14, with 6
    // lead columns: tasks that fix 2 of them against tasks that fix all 6.
    for (const int n : {13, 14}) {
        const int b = n % 2 == 1 ? 1 : 2;
        const d::join_layout parted = d::make_join_layout(n, b, 6, 2);
        const d::join_layout whole = d::make_join_layout(n, b, 6, 6);
        d::join_workspace ws;
        std::vector<std::pair<d::join_task, std::uint64_t>> big;
        d::for_each_join_task(whole, [&](const d::join_task& t) {
            big.emplace_back(t, d::run_join_task(
                                    whole, t, ws, [] { return false; }, [](std::uint64_t, std::uint64_t) {})
                                    ->total.to_u64());
        });
        nqueens::test::failures wrong;
        std::uint64_t parts_seen = 0;
        std::size_t tasks = 0;
        d::for_each_join_task(parted, [&](const d::join_task& t) {
            ++tasks;
            const std::uint32_t fixed = d::task_lead_columns(parted, d::band_free_columns(parted, t.band));
            std::uint64_t expected = 0;
            for (const auto& [w, count] : big)
                if (w.band == t.band && (w.taken & fixed) == t.taken) expected += count;
            std::uint64_t last = 0;
            const auto got = d::run_join_task(
                parted, t, ws, [] { return false; },
                [&](std::uint64_t done, std::uint64_t parts) {
                    wrong.check(done == last + 1 && done <= parts, "band ", t.band[0], " ", t.band[1],
                                ", taken ", t.taken, ": part ", done, " of ", parts, " after ", last);
                    last = done;
                    parts_seen += done == parts ? parts : 0;
                });
            REQUIRE(got.has_value());
            wrong.check(got->total == expected, "band ", t.band[0], " ", t.band[1], ", taken ", t.taken, ": ",
                        got->total, " against ", expected);
        });
        INFO("n = " << n);
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(tasks < big.size());
        CHECK(parts_seen == big.size());
    }
}

TEST_CASE("the join counts OEIS A000170 for n = 17..19", "[join][.slow]")
{
    for (int n = 17; n <= 19; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == total(n));
    }
}

namespace {

// The parts of up to `tasks` tasks of n's cut that take all of their task
// lead columns, those whose top takes `lead_taken` lead columns in all
// (short lists on both sides, and a plain search of seconds where that is
// about t), each task's first `per_task` of them.
std::vector<std::pair<d::join_task, std::uint32_t>> narrow_parts(int n, std::size_t tasks, int lead_taken,
                                                                 std::size_t per_task)
{
    const d::join_layout layout = d::make_join_layout(n);
    std::vector<d::join_task> all = tasks_of(n);
    std::vector<std::pair<d::join_task, std::uint32_t>> out;
    // Tasks spread over the bands, from the first one on.
    for (std::size_t i = 0; i < tasks; ++i) {
        std::size_t at = all.size() * i / tasks;
        const auto fixed = [&](const d::join_task& t) {
            return d::task_lead_columns(layout, d::band_free_columns(layout, t.band));
        };
        while (at < all.size() && all[at].taken != fixed(all[at])) ++at;
        if (at == all.size()) break;
        const d::join_task& t = all[at];
        const std::uint32_t lead = d::lead_columns(layout, d::band_free_columns(layout, t.band));
        std::size_t taken_here = 0;
        d::for_each_task_part(layout, lead, fixed(t), t.taken, t.self_flip, [&](std::uint32_t taken) {
            if (std::popcount(taken) == lead_taken) {
                out.emplace_back(t, taken);
                ++taken_here;
            }
            return taken_here < per_task;
        });
    }
    return out;
}

}  // namespace

TEST_CASE(
    "parts of tasks of n = 23 and 24 (bands of 3 and 4 rows) equal the plain search of their "
    "sub-problems",
    "[join]")
{
    // The cuts of these n, whose tasks split their lists in parts, against
    // the plain search: tops of 10 rows that take 8 of the 11 lead columns
    // (and 2 of the 9 others), so that both the lists and the plain search
    // are short; 9 or 10 would leave few solutions or none.
    for (const int n : {23, 24}) {
        const d::join_layout layout = d::make_join_layout(n);
        REQUIRE(layout.band_rows == n - 20);
        REQUIRE(layout.task_lead_columns < layout.lead_columns);
        d::join_workspace ws;
        nqueens::test::failures wrong;
        std::uint64_t solutions = 0;
        std::size_t parts = 0;
        for (const auto& [t, taken] : narrow_parts(n, 4, layout.top - 2, 2)) {
            const std::uint32_t lead = d::lead_columns(layout, d::band_free_columns(layout, t.band));
            std::uint64_t nodes = 0;
            const auto joined = d::count_join_part(layout, t, lead, taken, ws, nodes, [] { return false; });
            REQUIRE(joined.has_value());
            const std::uint64_t expected = plain_count(layout, t.band, taken, lead);
            wrong.check(*joined == expected, "n = ", n, ", band ", t.band[0], " ", t.band[1], " ", t.band[2],
                        " ", t.band[3], ", taken ", taken, ": ", *joined, " against ", expected);
            solutions += expected;
            ++parts;
        }
        INFO("n = " << n);
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(parts == 8);
        CHECK(solutions > 0);
    }
}

TEST_CASE(
    "parts of tasks of n = 25, 27, 28, 29, 31 and 32 (4 of their 5, 5, 6, 5, 7 and 8 band rows fixed, the "
    "others placed by the part) equal the plain search of their sub-problems",
    "[join]")
{
    // Tops that take most of their rows' columns from the lead columns: at
    // n = 27 and 28 tops of 11 rows, 10 of the 14 or 16 lead columns (and 1
    // of the 8 or 6 others); at n = 25 tops of 10 rows, 8 of the 11 (and 2 of the 9
    // others; 9 left these parts without a solution); at n = 29 tops of 12
    // rows, all on the 20 lead columns (8 to 11 of them left the first
    // parts without a solution), and so at n = 31, and at n = 32 on 12 of
    // its 18: short lists and a plain search of a second or less.
    // Where tops are shared (n = 25 and 28), the parts of the same cut
    // unshared; the next test checks the shared parts against those.
    for (const int n : {25, 27, 28, 29, 31, 32}) {
        INFO("n = " << n);
        const d::join_layout own = d::make_join_layout(n);
        const d::join_layout layout = d::make_join_layout(n, own.band_rows, own.lead_columns,
                                                          own.task_lead_columns, own.task_band_rows);
        REQUIRE(d::partial_band(layout));
        REQUIRE(layout.task_band_rows == 4);
        REQUIRE(layout.lead_columns ==
                (n == 25 ? 11 : (n == 32 ? 18 : (n >= 29 ? 20 : (n == 28 ? 15 : 14)))));
        const std::vector<d::join_task> all = tasks_of(n);
        d::join_workspace ws;
        nqueens::test::failures wrong;
        std::uint64_t solutions = 0;
        std::size_t parts = 0;
        const std::size_t per_task = n >= 29 ? 4 : 2;  // n = 29's first parts of this kind have no solution
        for (std::size_t i = 0; i < 4; ++i) {
            const d::join_task& t = all[all.size() * i / 4];
            std::size_t here = 0;
            d::for_each_join_part(layout, t, [&](const d::join_part& p) {
                if (std::popcount(p.taken) != layout.top - (n == 25 ? 2 : (n >= 29 ? 0 : 1))) return true;
                std::uint64_t nodes = 0;
                const auto joined =
                    d::count_join_part(layout, p.whole, p.lead, p.taken, ws, nodes, [] { return false; });
                REQUIRE(joined.has_value());
                const std::uint64_t expected = plain_count(layout, p.whole.band, p.taken, p.lead);
                const auto& b = p.whole.band;
                wrong.check(*joined == expected, "band ", b[0], " ", b[1], " ", b[2], " ", b[3], " ", b[4],
                            " ", b[5], " ", b[6], " ", b[7], ", taken ", p.taken, ": ", *joined, " against ",
                            expected);
                solutions += expected;
                ++parts;
                return ++here < per_task;
            });
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(parts == 4 * per_task);
        CHECK(solutions > 0);
    }
}

TEST_CASE("at n = 25 and 28 a part's shared tops count what each of its bands counts with tops of its own",
          "[join]")
{
    // A shared part (a split of the task's lead columns) against the same
    // split counted band by band with the same cut unshared, each band
    // whose queens leave the split's columns free; splits whose tops take
    // most of the lead columns (short lists: milliseconds a band).
    for (const int n : {25, 28}) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        REQUIRE(layout.shared_tops);
        const d::join_layout separate = d::make_join_layout(n, layout.band_rows, layout.lead_columns,
                                                            layout.task_lead_columns, layout.task_band_rows);
        REQUIRE(!separate.shared_tops);
        const std::vector<d::join_task> all = tasks_of(n);
        d::join_workspace ws;
        nqueens::test::failures wrong;
        std::uint64_t solutions = 0;
        std::size_t parts = 0, bands = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            const d::join_task& t = all[all.size() * i / 3];
            std::size_t here = 0;
            d::for_each_join_part(layout, t, [&](const d::join_part& p) {
                if (std::popcount(p.taken) != layout.top - (n == 25 ? 2 : 1)) return true;
                std::uint64_t nodes = 0;
                const auto never = [] { return false; };
                const auto shared = d::count_weighted_part(layout, p, ws, nodes, never);
                REQUIRE(shared.has_value());
                std::uint64_t expected = 0;
                d::for_each_task_band(layout, t, [&](const d::join_task& whole) {
                    std::uint32_t queens = 0;
                    for (int r = layout.task_band_rows; r < layout.band_rows; ++r)
                        queens |= std::uint32_t{1} << whole.band[static_cast<std::size_t>(r)];
                    if ((queens & p.taken) != 0) return true;
                    const auto own =
                        d::count_join_part(separate, whole, p.lead & ~queens, p.taken, ws, nodes, never);
                    expected += *own * whole.weight;
                    ++bands;
                    return true;
                });
                wrong.check(*shared == expected, "task ", all.size() * i / 3, ", taken ", p.taken, ": ",
                            *shared, " against ", expected);
                solutions += expected;
                ++parts;
                return ++here < 2;
            });
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(parts == 6);
        CHECK(bands > 3 * parts);  // each list of tops served several bands
        CHECK(solutions > 0);
    }
}

TEST_CASE("a task that fixes part of its band counts what the tasks of its bands count, and stops as asked",
          "[join]")
{
    // n = 13 with a band of 5 rows, as n = 27: tasks that fix 4 rows against
    // tasks that fix all 5 (the same lead columns), task by task; the
    // progress of its parts as a count reports it; and a stop part way
    // through a task gives no count (a record keeps whole tasks only).
    // Tasks that fix 3 rows, as n = 28's fix 4 of 6, the same.
    // And both with tops shared by the completions of the band (as n = 25
    // and 28), whose parts are splits of the lead columns.
    for (const auto& cut :
         {std::pair{4, false}, std::pair{3, false}, std::pair{4, true}, std::pair{3, true}}) {
        const int fixed = cut.first;  // a plain variable: Clang 14 captures no structured binding
        const bool shared = cut.second;
        INFO("tasks fix " << fixed << " rows, shared tops " << shared);
        const d::join_layout parted = d::make_join_layout(13, 5, 4, 0, fixed, shared);
        const d::join_layout whole = d::make_join_layout(13, 5, 4, 0);
        d::join_workspace ws;
        const auto never = [] { return false; };
        const auto quiet = [](std::uint64_t, std::uint64_t) {};
        std::vector<std::pair<d::join_task, std::uint64_t>> big;
        d::for_each_join_task(whole, [&](const d::join_task& t) {
            big.emplace_back(t, d::run_join_task(whole, t, ws, never, quiet)->total.to_u64());
        });
        nqueens::test::failures wrong;
        std::uint64_t sum = 0;
        std::size_t tasks = 0, stopped = 0;
        d::for_each_join_task(parted, [&](const d::join_task& t) {
            ++tasks;
            std::uint64_t expected = 0;
            for (const auto& [w, count] : big)
                if (std::equal(w.band.begin(), w.band.begin() + fixed, t.band.begin())) expected += count;
            std::uint64_t last = 0, parts = 0;
            const auto got =
                d::run_join_task(parted, t, ws, never, [&](std::uint64_t done, std::uint64_t all) {
                    wrong.check(done == last + 1 && done <= all, "task ", tasks, ": part ", done, " of ",
                                all);
                    last = done;
                    parts = all;
                });
            REQUIRE(got.has_value());
            wrong.check(got->total == expected, "task ", tasks, ": ", got->total, " against ", expected);
            wrong.check(last == parts && parts == d::count_join_parts(parted, t), "task ", tasks, ": ", last,
                        " parts done of ", parts);
            sum += got->total.to_u64();
            if (parts >= 2) {
                // Stop after the first part.
                std::uint64_t polls = 0;
                bool first_done = false;
                const auto cut_short = d::run_join_task(
                    parted, t, ws, [&] { return first_done && ++polls > 0; },
                    [&](std::uint64_t, std::uint64_t) { first_done = true; });
                wrong.check(!cut_short.has_value(), "task ", tasks, ": not stopped");
                ++stopped;
            }
        });
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(tasks < big.size());
        CHECK(stopped > 0);
        CHECK(sum == total(13));
    }
}
