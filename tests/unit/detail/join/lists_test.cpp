// SPDX-License-Identifier: BSL-1.0
// detail/join/lists/from_quarters.hpp, join/lists/quarter_tables.hpp, join/lists/from_rows.hpp and the direct
// count of join/pairs/count_pairs.hpp: the join's lists against brute force and against each other.
#include "support/failures.hpp"
#include "support/join_brute.hpp"
#include "support/oeis.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/lists/from_quarters.hpp>
#include <nqueens/detail/join/lists/from_rows.hpp>
#include <nqueens/detail/join/lists/quarter_tables.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace {

namespace d = nqueens::detail;
using nqueens::test::band_queens;
using nqueens::test::brute_tops;
using nqueens::test::key_of;
using nqueens::test::queen;
using nqueens::test::total;

}  // namespace

namespace {

// The list's groups as (columns, key) pairs, lead columns included.
std::multiset<std::pair<std::uint32_t, d::diagonal_key>> list_contents(const d::top_list& list,
                                                                       std::uint32_t taken)
{
    std::multiset<std::pair<std::uint32_t, d::diagonal_key>> out;
    for (std::uint32_t g = 0; g < list.index.count; ++g)
        for (std::uint32_t i = list.start[g]; i < list.start[g + 1]; ++i)
            out.emplace(list.set_of[g] | taken, list.keys[i]);
    return out;
}

// Builds the task's own list into ws.top_half the way ws.builder says:
// run_join_task leaves no whole list there where it joins group by group.
void build_top_half(int n, const d::join_task& t, d::join_workspace& ws)
{
    const d::join_layout layout = d::make_join_layout(n);
    const std::uint32_t lead = d::lead_columns(layout, d::band_free_columns(layout, t.band));
    std::uint64_t placed = 0;
    REQUIRE(d::build_join_list(d::top_rules(layout, t.band), lead, t.taken, true, ws.top_half, ws, placed,
                               [] { return false; }));
}

}  // namespace

TEST_CASE("top lists hold the placements and keys of a brute-force search, lead columns included", "[join]")
{
    for (const int n : {6, 7, 8, 9, 10, 15}) {
        const d::join_layout layout = d::make_join_layout(n);
        d::top_list list;
        d::top_scratch scratch;
        d::for_each_join_task(n, [&](const d::join_task& t) {
            INFO("n = " << n << ", band " << t.band[0] << " " << t.band[1] << ", taken " << t.taken);
            const std::uint32_t lead = d::lead_columns(layout, d::band_free_columns(layout, t.band));
            const d::top_rules rules(layout, t.band);
            std::uint64_t placed = 0;
            REQUIRE(d::build_top_list(rules, lead, t.taken, list, scratch, placed, [] { return false; }));
            std::multiset<std::pair<std::uint32_t, d::diagonal_key>> slow;
            std::vector<queen> queens = band_queens(layout, t.band);
            brute_tops(layout, lead, t.taken, queens,
                       [&](const queen* first, const queen* last, std::uint32_t cols) {
                           slow.emplace(cols, key_of(layout, first, last));
                       });
            CHECK(list_contents(list, t.taken) == slow);
            CHECK(list.start.back() == slow.size());
        });
    }
}

TEST_CASE("every split of the top's rows into two blocks gives the same lists and counts", "[join]")
{
    // The default split (2t/5 upper rows) against all others, the blocks
    // of 0 and of all t rows included.
    for (const int n : {8, 11, 14}) {
        const int rows = d::make_join_layout(n).top;
        for (int upper = 0; upper <= rows; ++upper) {
            INFO("n = " << n << ", upper rows " << upper);
            d::join_workspace usual;
            d::join_workspace other;
            other.tops.upper_rows = upper;
            other.bottom_tops.upper_rows = upper;
            std::uint64_t sum = 0;
            std::uint64_t differ = 0;
            d::for_each_join_task(n, [&](const d::join_task& t) {
                const auto a = d::run_join_task(n, t, usual, [] { return false; });
                const auto b = d::run_join_task(n, t, other, [] { return false; });
                build_top_half(n, t, usual);
                build_top_half(n, t, other);
                const bool same =
                    a->total == b->total && usual.top_half.start == other.top_half.start &&
                    list_contents(usual.top_half, t.taken) == list_contents(other.top_half, t.taken);
                differ += same ? 0 : 1;
                sum += b->total.to_u64();
            });
            CHECK(differ == 0);
            CHECK(sum == total(n));
        }
    }
}

TEST_CASE("a task joined group by group counts the queens that building its two whole lists places", "[join]")
{
    for (const int n : {8, 11, 14, 15}) {
        INFO("n = " << n);
        const d::join_layout layout = d::make_join_layout(n);
        d::join_workspace ws;
        ws.builder = d::list_builder::quarters;
        d::top_list list;
        d::top_scratch scratch;
        std::uint64_t differ = 0;
        d::for_each_join_task(n, [&](const d::join_task& t) {
            const std::uint32_t lead = d::lead_columns(layout, d::band_free_columns(layout, t.band));
            const std::uint32_t rest = lead & ~t.taken;
            std::uint64_t placed = 0;
            const auto stop = [] { return false; };
            REQUIRE(
                d::build_top_list(d::top_rules(layout, t.band), lead, t.taken, list, scratch, placed, stop));
            if (!(t.self_flip && t.taken == rest))
                REQUIRE(d::build_top_list(d::top_rules(layout, d::band_image(layout, t.band, false, true)),
                                          lead, rest, list, scratch, placed, stop));
            const auto joined = d::run_join_task(n, t, ws, stop);
            REQUIRE(joined.has_value());
            differ += joined->nodes == placed ? 0 : 1;
        });
        CHECK(differ == 0);
    }
}

TEST_CASE("a quarter table holds each block once, bucketed by its columns", "[join]")
{
    // n = 12: rows 0..4 of the top under band (0, 5); blocks of rows 1..3.
    const d::join_layout layout = d::make_join_layout(12);
    const d::top_rules rules(layout, {0, 5});
    d::quarter_table table;
    const std::uint64_t placed = d::build_quarter_table(rules, 1, 4, 1, rules.free, table);
    CHECK(placed > table.parts.size());
    CHECK(table.start.back() == table.parts.size());
    std::uint64_t parts = 0;
    for (std::uint32_t b = 0; b < table.index.count; ++b) parts += table.start[b + 1] - table.start[b];
    CHECK(parts == table.parts.size());
    // The same blocks by brute force: 3 queens on rows 1..3 that the band
    // and each other leave alone.
    std::uint64_t brute = 0;
    std::vector<queen> queens = band_queens(layout, {0, 5});
    for (int c1 = 0; c1 < 12; ++c1)
        for (int c2 = 0; c2 < 12; ++c2)
            for (int c3 = 0; c3 < 12; ++c3) {
                const std::array<queen, 3> block{queen{1, c1}, queen{2, c2}, queen{3, c3}};
                bool ok = true;
                for (std::size_t i = 0; i < block.size(); ++i) {
                    for (const auto& [qr, qc] : queens)
                        ok = ok && qc != block[i].second && qr - qc != block[i].first - block[i].second &&
                             qr + qc != block[i].first + block[i].second;
                    for (std::size_t j = 0; j < i; ++j)
                        ok = ok && block[j].second != block[i].second &&
                             block[j].first - block[j].second != block[i].first - block[i].second &&
                             block[j].first + block[j].second != block[i].first + block[i].second;
                }
                brute += ok ? 1 : 0;
            }
    CHECK(brute == table.parts.size());
}

TEST_CASE("two blocks meet exactly when two of their queens share a diagonal", "[join]")
{
    for (const int n : {6, 13, 18, 23}) {
        const int rows = d::make_join_layout(n).top;
        for (int split = 1; split < rows; ++split) {
            INFO("n = " << n << ", split " << split);
            nqueens::test::failures wrong;
            for (int r = 0; r < split; ++r)
                for (int c = 0; c < n; ++c)
                    for (int lr = split; lr < rows; ++lr)
                        for (int lc = 0; lc < n; ++lc) {
                            const bool diagonal = r + c == lr + lc || c - r == lc - lr;
                            const bool meet =
                                (d::meet_bits(n, split, r, c) & d::meet_bits(n, split, lr, lc)) != 0;
                            wrong.check(diagonal == meet, "upper (", r, ", ", c, "), lower (", lr, ", ", lc,
                                        "): diagonal ", diagonal, ", meet ", meet);
                        }
            NQUEENS_CHECK_NO_FAILURES(wrong);
        }
    }
}

TEST_CASE("the row search builds the lists the quarter tables build, grouped through a copy or in place",
          "[join]")
{
    // Lists longer than about 2^21 placements (n >= 20) are grouped in place;
    // copied_keys = 0 takes that path for every list.
    for (const int n : {8, 11, 14, 15}) {
        INFO("n = " << n);
        d::join_workspace quarters;
        d::join_workspace copied;
        d::join_workspace in_place;
        quarters.builder = d::list_builder::quarters;
        copied.builder = d::list_builder::rows;
        in_place.builder = d::list_builder::rows;
        in_place.rows.copied_keys = 0;
        std::uint64_t differ = 0;
        std::uint64_t sum = 0;
        d::for_each_join_task(n, [&](const d::join_task& t) {
            const auto a = d::run_join_task(n, t, quarters, [] { return false; });
            const auto b = d::run_join_task(n, t, copied, [] { return false; });
            const auto c = d::run_join_task(n, t, in_place, [] { return false; });
            build_top_half(n, t, quarters);
            const auto contents = list_contents(quarters.top_half, t.taken);
            const bool same = a->total == b->total && b->total == c->total &&
                              quarters.top_half.start == copied.top_half.start &&
                              copied.top_half.start == in_place.top_half.start &&
                              contents == list_contents(copied.top_half, t.taken) &&
                              contents == list_contents(in_place.top_half, t.taken);
            differ += same ? 0 : 1;
            sum += c->total.to_u64();
        });
        CHECK(differ == 0);
        CHECK(sum == total(n));
    }
}

TEST_CASE(
    "where a part's meet mask and key take two words (n = 19), quarter tables build the row search's lists",
    "[join]")
{
    // From n = 19, 2n - 2 meet bits and the key no longer share one word:
    // the vector loops (AVX-512, AVX2) then read them apart. Every 97th
    // task of n = 19, built both ways.
    const int n = 19;
    d::join_workspace quarters;
    d::join_workspace rows;
    quarters.builder = d::list_builder::quarters;
    rows.builder = d::list_builder::rows;
    std::uint64_t differ = 0, tasks = 0, fits = 0;
    std::size_t at = 0;
    d::for_each_join_task(n, [&](const d::join_task& t) {
        if (at++ % 97 != 0) return;
        const auto a = d::run_join_task(n, t, quarters, [] { return false; });
        const auto b = d::run_join_task(n, t, rows, [] { return false; });
        build_top_half(n, t, quarters);
        build_top_half(n, t, rows);
        const bool same = a->total == b->total && quarters.top_half.start == rows.top_half.start &&
                          list_contents(quarters.top_half, t.taken) == list_contents(rows.top_half, t.taken);
        differ += same ? 0 : 1;
        fits += a->total.to_u64();
        ++tasks;
    });
    CHECK(tasks >= 10);
    CHECK(fits > 0);
    CHECK(differ == 0);
}

TEST_CASE("the direct count and the sliced count agree on every pair of groups", "[join]")
{
    for (const int n : {8, 11, 14, 16}) {
        INFO("n = " << n);
        d::join_workspace usual;
        d::join_workspace sliced;
        d::join_workspace direct;
        sliced.pairs.direct_width = 0;
        direct.pairs.direct_width = std::size_t{1} << 40;
        std::uint64_t differ = 0;
        std::uint64_t sum = 0;
        d::for_each_join_task(n, [&](const d::join_task& t) {
            const auto a = d::run_join_task(n, t, usual, [] { return false; });
            const auto b = d::run_join_task(n, t, sliced, [] { return false; });
            const auto c = d::run_join_task(n, t, direct, [] { return false; });
            differ += a->total == b->total && b->total == c->total ? 0 : 1;
            sum += c->total.to_u64();
        });
        CHECK(differ == 0);
        CHECK(sum == total(n));
    }
}
