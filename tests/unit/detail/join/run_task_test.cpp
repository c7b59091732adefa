// SPDX-License-Identifier: BSL-1.0
// detail/join/run_task.hpp and its parts (layout, top_rules, pairs/count_pairs, column_index): the
// meet-in-the-middle counter against OEIS, the kernel, brute force and is_solution (the lists:
// join_lists_test.cpp).
#include "support/failures.hpp"
#include "support/join_brute.hpp"
#include "support/oeis.hpp"

#include <nqueens/count.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/join/top_rules.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace {

namespace d = nqueens::detail;
using nqueens::test::total;

// The join runs in constant evaluation too (small n: it allocates).
static_assert(d::count_by_join(8) == 92);

// One binomial coefficient for the column index and the task estimates, exact up to 32 columns.
static_assert(d::choose(32, 16) == 601080390 && d::choose(31, 15) == 300540195 && d::choose(9, 0) == 1);
static_assert(d::choose(9, 10) == 0 && d::choose(9, -1) == 0);

// A task of n = 24's cut that takes its 3 task lead columns: the 8 others
// split in every way but all 8 to the top (11 > t = 10), the first of them
// (from the largest subset down) all but the lowest.
static_assert(d::count_task_parts(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false) == 255);
static_assert(d::nth_task_part(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false, 0) == 0x7f7);
static_assert(d::nth_task_part(d::make_join_layout(24), 0x7ff, 0x7, 0x7, false, 254) == 0x7);

using nqueens::test::band_queens;
using nqueens::test::brute_tops;
using nqueens::test::key_of;
using nqueens::test::queen;

}  // namespace

TEST_CASE("the join counts OEIS A000170 for n = 6..16", "[half_join]")
{
    for (int n = d::join_min_n; n <= 16; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == total(n));
    }
}

TEST_CASE("the join agrees with the constexpr kernel", "[half_join]")
{
    for (int n = d::join_min_n; n <= 13; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == nqueens::count_queens(n));
    }
}

TEST_CASE("the tasks cover every band once, weighted by its orbit", "[half_join]")
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
          "[half_join]")
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

TEST_CASE("count_task_bands and nth_task_band agree with the walk of a task's bands", "[half_join]")
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

TEST_CASE("a task that leaves two band rows to its parts is estimated from a sample of its bands",
          "[half_join]")
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

TEST_CASE("the task list is the same every time", "[half_join]")
{
    std::vector<d::join_task> a, b;
    d::for_each_join_task(17, [&](const d::join_task& t) { a.push_back(t); });
    d::for_each_join_task(17, [&](const d::join_task& t) { b.push_back(t); });
    CHECK(a == b);
    CHECK(a.size() == 72);
}

TEST_CASE("a top and a turned-over top fit by the key rule exactly when they make a solution, n = 6..9",
          "[half_join]")
{
    // Every band (not only one per orbit), every top x of it and every top y
    // of the flipped band: x, the band and y upside down are a solution iff
    // their columns are disjoint and key(x) & turned_key(key(y)) == 0.
    for (int n = d::join_min_n; n <= 9; ++n) {
        const d::join_layout layout = d::make_join_layout(n);
        std::uint64_t solutions = 0;
        std::uint64_t disagree = 0;
        for (int c0 = 0; c0 < n; ++c0) {
            for (int c1 = 0; c1 < (layout.band_rows == 2 ? n : 1); ++c1) {
                const d::band_columns band{c0, c1};
                if (layout.band_rows == 2 && (c1 - c0 <= 1 && c0 - c1 <= 1)) continue;
                const d::band_columns flip = d::band_image(layout, band, false, true);
                struct top {
                    std::vector<queen> queens;
                    std::uint32_t cols;
                    d::diagonal_key key;
                };
                std::vector<top> xs, ys;
                const auto keep = [&](std::vector<top>& out) {
                    return [&](const queen* first, const queen* last, std::uint32_t cols) {
                        out.push_back(
                            top{std::vector<queen>(first, last), cols, key_of(layout, first, last)});
                    };
                };
                std::vector<queen> queens = band_queens(layout, band);
                brute_tops(layout, 0, 0, queens, keep(xs));
                queens = band_queens(layout, flip);
                brute_tops(layout, 0, 0, queens, keep(ys));
                for (const auto& [x, xcols, xkey] : xs) {
                    for (const auto& [y, ycols, ykey] : ys) {
                        nqueens::board b;
                        std::array<int, 32> col{};
                        for (const auto& [r, c] : x) col[static_cast<std::size_t>(r)] = c;
                        for (int i = 0; i < layout.band_rows; ++i)
                            col[static_cast<std::size_t>(layout.band_row(i))] =
                                band[static_cast<std::size_t>(i)];
                        for (const auto& [r, c] : y) col[static_cast<std::size_t>(n - 1 - r)] = c;
                        for (int r = 0; r < n; ++r) b.push_back(col[static_cast<std::size_t>(r)]);
                        const bool fit =
                            (xcols & ycols) == 0 && (xkey & d::turned_key(ykey, layout.width)) == 0;
                        const bool solved = nqueens::is_solution(b);
                        disagree += fit == solved ? 0 : 1;
                        solutions += solved ? 1 : 0;
                    }
                }
            }
        }
        INFO("n = " << n);
        CHECK(disagree == 0);
        CHECK(solutions == total(n));
    }
}

TEST_CASE("turned_key swaps the two families of a key", "[half_join]")
{
    for (const int width : {5, 15, 29}) {
        INFO("width = " << width);
        CHECK(d::turned_key(1, width) == d::diagonal_key{1} << width);
        CHECK(d::turned_key(d::diagonal_key{1} << (2 * width - 1), width) == d::diagonal_key{1}
                                                                                 << (width - 1));
        const d::diagonal_key k = 0x2d5a3c96f0e1ull & ((d::diagonal_key{1} << (2 * width)) - 1);
        CHECK(d::turned_key(d::turned_key(k, width), width) == k);
        CHECK(std::popcount(d::turned_key(k, width)) == std::popcount(k));
    }
}

TEST_CASE("column_index numbers the column sets of one size densely", "[half_join]")
{
    for (const std::uint32_t columns : {0b1111110111u, 0x3ff5fu, 0xfffeu}) {
        for (const int size : {0, 3, 5}) {
            INFO("columns " << columns << ", size " << size);
            d::column_index index;
            index.reset(columns, 18, size);
            std::set<std::uint32_t> seen;
            for (std::uint32_t s = columns;; s = (s - 1) & columns) {
                if (std::popcount(s) == size) {
                    CHECK(index(s) < index.count);
                    seen.insert(index(s));
                }
                if (s == 0) break;
            }
            CHECK(seen.size() == index.count);
        }
    }
}

TEST_CASE("a join task gives up when asked to stop", "[half_join]")
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

TEST_CASE("a key bit is shared exactly when a top and a bottom queen share a diagonal, every n",
          "[half_join]")
{
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        CHECK(layout.key_bits() <= 64);
        const d::top_rules rules(layout, {0, layout.band_rows == 2 ? 2 : 0});
        nqueens::test::failures wrong;
        std::uint64_t shared = 0;
        for (int r = 0; r < layout.top; ++r) {
            for (int c = 0; c < n; ++c) {
                const d::diagonal_key key =
                    rules.bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
                wrong.check(key >> layout.key_bits() == 0, "key of (", r, ", ", c, ") past key_bits");
                // A bottom queen at (n - 1 - br, bc) is the turned top (br, bc).
                for (int br = 0; br < layout.top; ++br) {
                    for (int bc = 0; bc < n; ++bc) {
                        const int row = n - 1 - br;
                        const bool diagonal = r + c == row + bc || c - r == bc - row;
                        const d::diagonal_key bottom =
                            rules.bits[static_cast<std::size_t>(br)][static_cast<std::size_t>(bc)];
                        const bool keys_meet = (key & d::turned_key(bottom, layout.width)) != 0;
                        wrong.check(diagonal == keys_meet, "top (", r, ", ", c, "), bottom (", row, ", ", bc,
                                    "): diagonal ", diagonal, ", keys meet ", keys_meet);
                        shared += diagonal ? 1 : 0;
                    }
                }
            }
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(shared > 0);
    }
}

// The task at fraction q of n's tasks ordered by estimated cost.
d::join_task task_at(int n, double q)
{
    const std::vector<d::join_task> tasks = tasks_of(n);
    std::vector<std::pair<std::uint64_t, std::size_t>> order;
    for (std::size_t i = 0; i < tasks.size(); ++i) order.emplace_back(d::join_task_breadth(n, tasks[i]), i);
    std::sort(order.begin(), order.end());
    return tasks[order[static_cast<std::size_t>(q * static_cast<double>(order.size()))].second];
}

TEST_CASE("a small task of n = 19 and of n = 20 equals the plain search of its sub-problem", "[half_join]")
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
    "[half_join]")
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

TEST_CASE("every task of n = 15 equals the plain search of its sub-problem", "[half_join]")
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
        sum += joined->total;
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(sum == total(15));
}

TEST_CASE("tasks of n = 19..22 across their range equal the plain search of their sub-problems",
          "[half_join][.slow]")
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
    "[half_join]")
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

TEST_CASE("nth_join_part names the parts of a task that fixes part of its band in walk order", "[half_join]")
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

TEST_CASE("a task with parts counts what the tasks of its parts count", "[half_join]")
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
                                    ->total);
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

TEST_CASE("n = 24..32: the pair count at n's key width equals a check of every pair", "[half_join]")
{
    // Whole tasks of these n take minutes to years, so their key widths (up
    // to 54 bits) meet the kernel here, on keys drawn at random: each family
    // takes 1 to t of its 2t - 1 diagonals, so that some pairs fit and most
    // do not. The direct count and the sliced count (with every slice width
    // its cost model picks) both run.
    std::mt19937_64 random(2024);
    for (int n = 24; n <= d::join_max_n; ++n) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        CHECK(layout.key_bits() <= 64);
        const auto draw_key = [&] { return nqueens::test::random_key(layout, random); };
        nqueens::test::failures wrong;
        std::uint64_t fits = 0;
        for (const std::uint32_t size : {40u, 700u, 3000u}) {
            d::top_list tops, bottoms;
            for (std::uint32_t i = 0; i < size; ++i) tops.keys.push_back(draw_key());
            for (std::uint32_t i = 0; i < 2000; ++i) bottoms.keys.push_back(draw_key());
            tops.start = {0, size};
            bottoms.start = {0, 2000};
            std::uint64_t checked = 0;
            for (const d::diagonal_key x : tops.keys)
                for (const d::diagonal_key y : bottoms.keys)
                    checked += (x & d::turned_key(y, layout.width)) == 0 ? 1 : 0;
            for (const std::size_t direct_width : {std::size_t{0}, std::size_t{1} << 20}) {
                d::pair_scratch pairs;
                pairs.direct_width = direct_width;
                const std::uint64_t got = d::join_groups(layout, tops, 0, bottoms, 0, pairs);
                wrong.check(got == checked, size, " tops, direct width ", direct_width, ": ", got,
                            " fits against ", checked);
            }
            fits += checked;
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(fits > 0);
    }
}

TEST_CASE("the join counts OEIS A000170 for n = 17..19", "[half_join][.slow]")
{
    for (int n = 17; n <= 19; ++n) {
        INFO("n = " << n);
        CHECK(d::count_by_join(n) == total(n));
    }
}

TEST_CASE("count_task_parts and nth_task_part agree with the walk of a task's parts, many n and cuts",
          "[half_join]")
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
    "[half_join]")
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
    "[half_join]")
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
          "[half_join]")
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

TEST_CASE("the keys of shared tops fit in 64 bits at every n that shares them", "[half_join]")
{
    // The key's bits and one for each diagonal of the rows a part places
    // that the key leaves out (top_rules); and a cut that shares tops where
    // they would not fit is one the tests would catch.
    std::size_t shared = 0;
    for (int n = d::join_min_n; n <= d::join_max_n; ++n) {
        const d::join_layout layout = d::make_join_layout(n);
        if (!layout.shared_tops) continue;
        ++shared;
        const d::top_rules rules(layout, d::band_columns{}, layout.task_band_rows);
        INFO("n = " << n << ": key bits " << layout.key_bits() << ", extra " << rules.extra_bits);
        CHECK(rules.extra_bits > 0);
        CHECK(layout.key_bits() + rules.extra_bits <= 64);
    }
    CHECK(shared == 2);
    // n = 32 with a band of 8 rows of which a task fixes 4 would not fit.
    const d::join_layout wide = d::make_join_layout(32, 8, 18, 0, 4, true);
    CHECK(wide.key_bits() + d::top_rules(wide, d::band_columns{}, 4).extra_bits > 64);
}

TEST_CASE("a task that fixes part of its band counts what the tasks of its bands count, and stops as asked",
          "[half_join]")
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
            big.emplace_back(t, d::run_join_task(whole, t, ws, never, quiet)->total);
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
            sum += got->total;
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
