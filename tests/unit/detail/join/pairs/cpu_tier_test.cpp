// SPDX-License-Identifier: BSL-1.0
// detail/join/pairs/cpu_tier.hpp and the join's builds for wider instruction sets
// (join/pairs/count_pairs.hpp): each build this CPU can run counts what the baseline build counts, at every
// key width, and OEIS A000170 through the join. Compiled twice: with the default flags (no -march), so that
// the builds for POPCNT, AVX2 and AVX-512's VPOPCNTDQ are in the binary, and as cpu_tier_native_test with
// the programs' flags (-march=native), so that the code the programs run, such as the AVX-512 direct count
// on a CPU that has AVX-512 or the AVX2 loop built in on one that has AVX2 only, is checked without MPI or
// the command line.
#include "support/failures.hpp"
#include "support/join_brute.hpp"
#include "support/oeis.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/pairs/cpu_tier.hpp>
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/runtime/plan.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace {

namespace d = nqueens::detail;
using nqueens::test::total;

constexpr std::array<d::cpu_tier, 4> capped = {d::cpu_tier::baseline, d::cpu_tier::popcnt, d::cpu_tier::avx2,
                                               d::cpu_tier::vpopcnt};

// One task's weighted count with the pair count capped at `tier`, its direct
// count used as usual (`direct_width` 4), never (0) or always (huge).
std::uint64_t task_total(int n, const d::join_task& t, d::cpu_tier tier, std::size_t direct_width)
{
    d::join_workspace ws;
    ws.pairs.cpu = tier;
    ws.pairs.direct_width = direct_width;
    return d::run_join_task(n, t, ws, [] { return false; })->total.to_u64();
}

// The join's whole count of every n in [from, to] on every tier this CPU
// runs (a tier it lacks would run a narrower one), against OEIS A000170.
void check_oeis_on_every_tier(int from, int to)
{
    for (int n = from; n <= to; ++n) {
        for (const d::cpu_tier tier : capped) {
            if (d::usable_cpu_tier(tier) != tier) continue;
            INFO("n = " << n << ", tier " << static_cast<int>(tier));
            std::uint64_t sum = 0;
            d::for_each_join_task(n, [&](const d::join_task& t) { sum += task_total(n, t, tier, 4); });
            CHECK(sum == total(n));
        }
    }
}

}  // namespace

TEST_CASE("the tier run is the one asked for, capped by what the CPU has", "[cpu_tier]")
{
    const d::cpu_tier host = d::host_cpu_tier();
    INFO("this CPU's tier: " << static_cast<int>(host));
    CHECK(host != d::cpu_tier::best);
    CHECK(d::host_cpu_tier() == host);  // asked once, kept
    CHECK(d::usable_cpu_tier(d::cpu_tier::baseline) == d::cpu_tier::baseline);
#if NQUEENS_CPU_TIER_POPCNT && NQUEENS_CPU_TIER_AVX2 && NQUEENS_CPU_TIER_VPOPCNT
    // Built with none of the instruction sets: every tier is there to pick.
    CHECK(d::usable_cpu_tier(d::cpu_tier::best) == host);
    for (const d::cpu_tier tier : capped) CHECK(d::usable_cpu_tier(tier) == std::min(tier, host));
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__POPCNT__)
    CHECK(NQUEENS_CPU_TIER_POPCNT == 1);
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__AVX2__)
    CHECK(NQUEENS_CPU_TIER_AVX2 == 1);
    CHECK(NQUEENS_AVX2_SLICES == 1);
#endif
}

TEST_CASE("every tier counts every task of n = 8..14 as the baseline does", "[cpu_tier]")
{
    for (const int n : {8, 11, 14}) {
        for (const std::size_t direct_width : {std::size_t{0}, std::size_t{4}, std::size_t{1} << 40}) {
            INFO("n = " << n << ", direct_width " << direct_width);
            std::array<std::uint64_t, capped.size()> sums{};
            std::uint64_t differ = 0;
            d::for_each_join_task(n, [&](const d::join_task& t) {
                std::array<std::uint64_t, capped.size()> counts{};
                for (std::size_t i = 0; i < capped.size(); ++i) {
                    counts[i] = task_total(n, t, capped[i], direct_width);
                    sums[i] += counts[i];
                }
                differ +=
                    std::all_of(counts.begin(), counts.end(), [&](std::uint64_t c) { return c == counts[0]; })
                        ? 0
                        : 1;
            });
            CHECK(differ == 0);
            for (const std::uint64_t sum : sums) CHECK(sum == total(n));
        }
    }
}

TEST_CASE("every tier counts the largest task of n = 18 and of 19 as the baseline does", "[cpu_tier]")
{
    // Keys of 30 and 34 bits in up to 9 slices, and groups of thousands:
    // more than the small n above reach.
    for (const int n : {18, 19}) {
        const nqueens::work_plan plan(n);
        std::size_t largest = 0;
        for (std::size_t id = 1; id < plan.size(); ++id)
            if (plan.estimate(id) > plan.estimate(largest)) largest = id;
        std::vector<d::join_task> tasks;
        d::for_each_join_task(n, [&](const d::join_task& t) { tasks.push_back(t); });
        REQUIRE(tasks.size() == plan.size());
        INFO("n = " << n << ", task " << largest);
        const d::join_task& t = tasks[largest];
        const std::uint64_t baseline = task_total(n, t, d::cpu_tier::baseline, 4);
        CHECK(baseline > 0);
        CHECK(baseline == plan.run(largest).total);
        for (const d::cpu_tier tier : capped) CHECK(task_total(n, t, tier, 4) == baseline);
    }
}

TEST_CASE("every tier counts the fitting pairs of random keys at every key width, tails included",
          "[cpu_tier]")
{
    // Each n from 6 to 32 sets a key width (two families of diagonals of
    // its layout's width): keys of 10 to 62 bits, under and over 32, meet
    // every tier's direct and sliced counts. Group sizes that are not
    // multiples of 8 or 16 leave tails for the vector loops' masks.
    std::mt19937_64 random(2026);
    std::set<int> widths;
    for (int n = 6; n <= d::join_max_n; ++n) {
        const d::join_layout layout = d::make_join_layout(n);
        if (!widths.insert(layout.width).second) continue;
        INFO("n = " << n << ", key of " << 2 * layout.width << " bits");
        const auto draw_key = [&] { return nqueens::test::random_key(layout, random); };
        nqueens::test::failures wrong;
        std::uint64_t fits = 0;
        // 517 turned tops leave a tail of 1 word after 8 (the AVX2 loop
        // takes 4 words at a time), 256 none.
        for (const std::uint32_t size : {1u, 7u, 9u, 17u, 40u, 333u, 1001u})
            for (const std::uint32_t others : {517u, 256u}) {
                d::top_list tops, bottoms;
                for (std::uint32_t i = 0; i < size; ++i) tops.keys.push_back(draw_key());
                for (std::uint32_t i = 0; i < others; ++i) bottoms.keys.push_back(draw_key());
                tops.start = {0, size};
                bottoms.start = {0, others};
                std::uint64_t checked = 0;
                for (const d::diagonal_key x : tops.keys)
                    for (const d::diagonal_key y : bottoms.keys)
                        checked += (x & d::turned_key(y, layout.width)) == 0 ? 1 : 0;
                for (const d::cpu_tier tier : capped)
                    for (const std::size_t direct_width : {std::size_t{0}, std::size_t{1} << 20}) {
                        d::pair_scratch pairs;
                        pairs.cpu = tier;
                        pairs.direct_width = direct_width;
                        const std::uint64_t got = d::join_groups(layout, tops, 0, bottoms, 0, pairs);
                        wrong.check(got == checked, size, " tops, tier ", static_cast<int>(tier),
                                    ", direct width ", direct_width, ": ", got, " fits against ", checked);
                    }
                fits += checked;
            }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(fits > 0);
    }
    CHECK(widths.size() >= 10);
}

TEST_CASE("every tier counts OEIS A000170 for n = 12..17 through the join", "[cpu_tier]")
{
    // Whole counts, so that a slip that only some groups reach (a tail, a
    // wide key) shows in the total, as it would in `nqueens count`.
    check_oeis_on_every_tier(12, 17);
}

TEST_CASE("every tier counts OEIS A000170 for n = 18 and 19 through the join", "[cpu_tier][.slow]")
{
    check_oeis_on_every_tier(18, 19);
}
