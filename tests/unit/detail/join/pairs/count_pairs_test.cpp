// SPDX-License-Identifier: BSL-1.0
// detail/join/pairs/count_pairs.hpp's split of large groups by key bits (choose_key_split): split by any
// number of bits, the pair count counts what a pair-by-pair check counts; its cost splits the large groups
// of n = 26 and leaves small groups, and groups that no bit divides, whole; the table built at run time is
// the plain build's, also with rows longer than the keys need (the AVX2 count's, a multiple of 4 words); the
// sliced count runs at compile time.
#include "support/failures.hpp"
#include "support/join_brute.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/pairs/count_pairs.hpp>
#include <nqueens/detail/join/pairs/cpu_tier.hpp>
#include <nqueens/detail/join/pairs/slice_table.hpp>
#include <nqueens/detail/join/top_list.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace {

namespace d = nqueens::detail;

// Keys whose bits are each set half the time, like a top of n = 26's.
std::vector<d::diagonal_key> even_keys(const d::join_layout& layout, std::size_t count,
                                       std::mt19937_64& random)
{
    const d::diagonal_key bits = (d::diagonal_key{1} << layout.key_bits()) - 1;
    std::vector<d::diagonal_key> keys(count);
    for (d::diagonal_key& key : keys) key = random() & bits;
    return keys;
}

// The builds of the pair count to compare: the plain one, and AVX2's where
// this CPU has it.
std::vector<d::cpu_tier> tiers_to_test()
{
    std::vector<d::cpu_tier> tiers{d::cpu_tier::baseline};
    if (d::usable_cpu_tier(d::cpu_tier::best) >= d::cpu_tier::avx2) tiers.push_back(d::cpu_tier::avx2);
    return tiers;
}

// The sliced count (never the direct one) at compile time, where its
// buffers come from std::allocator, against the pairs checked one by one.
constexpr bool sliced_count_matches()
{
    const d::join_layout layout = d::make_join_layout(12);
    std::vector<d::diagonal_key> xs, ys;  // filled by push_back: Clang 14 cannot evaluate vector(n)
    for (std::uint64_t i = 0; i < 150; ++i) {
        xs.push_back((i * 2654435761u) % (d::diagonal_key{1} << layout.key_bits()));
        ys.push_back((i * 40503u + 7) % (d::diagonal_key{1} << layout.key_bits()));
    }
    d::pair_scratch pairs;
    pairs.direct_width = 0;
    std::uint64_t checked = 0;
    for (const d::diagonal_key x : xs)
        for (const d::diagonal_key y : ys) checked += (x & d::turned_key(y, layout.width)) == 0 ? 1 : 0;
    return checked > 0 && d::join_keys(layout, xs.data(), xs.size(), ys.data(), ys.size(), pairs) == checked;
}
static_assert(sliced_count_matches());

}  // namespace

TEST_CASE("split groups count the pairs that fit, whatever the bits they are split by", "[count_pairs]")
{
    std::mt19937_64 random(26);
    const std::vector<d::cpu_tier> tiers = tiers_to_test();
    for (const int n : {d::join_min_n, 12, 19, 26, 32}) {
        const d::join_layout layout = d::make_join_layout(n);
        INFO("n = " << n);
        nqueens::test::failures wrong;
        std::uint64_t fits = 0;
        // Sizes under and over the cost's threshold (2,048 and 4,096), one
        // x alone, and buckets that end inside a word of 64.
        for (const auto& [nx, ny] : std::array<std::pair<std::size_t, std::size_t>, 4>{
                 {{1, 5000}, {300, 517}, {2500, 4100}, {3000, 6001}}}) {
            std::vector<d::diagonal_key> xs(nx), ys(ny);
            for (d::diagonal_key& x : xs) x = nqueens::test::random_key(layout, random);
            for (d::diagonal_key& y : ys) y = nqueens::test::random_key(layout, random);
            std::uint64_t checked = 0;
            for (const d::diagonal_key x : xs)
                for (const d::diagonal_key y : ys)
                    checked += (x & d::turned_key(y, layout.width)) == 0 ? 1 : 0;
            // Each build of the count this CPU runs: the AVX2 one pads its
            // table's rows to a multiple of 4 words.
            for (const d::cpu_tier tier : tiers)
                for (const int bits : {-1, 0, 1, 2, 5, 8}) {
                    d::pair_scratch pairs;
                    pairs.split_bits = bits;
                    pairs.cpu = tier;
                    const std::uint64_t got = d::join_keys(layout, xs.data(), nx, ys.data(), ny, pairs);
                    wrong.check(got == checked, nx, " x ", ny, " keys split by ", bits, " bits, tier ",
                                static_cast<int>(tier), ": ", got, " fits against ", checked);
                }
            fits += checked;
        }
        NQUEENS_CHECK_NO_FAILURES(wrong);
        CHECK(fits > 0);
    }
}

TEST_CASE("the cost splits large groups and leaves small ones whole", "[count_pairs]")
{
    std::mt19937_64 random(2026);
    const d::join_layout layout = d::make_join_layout(26);
    const std::vector<d::diagonal_key> xs = even_keys(layout, 20000, random);
    const std::vector<d::diagonal_key> ys = even_keys(layout, 30000, random);

    const d::key_split large = d::choose_key_split(layout, xs.data(), xs.size(), ys.data(), ys.size(), -1);
    CHECK(large.bits >= 3);
    CHECK(large.bits <= 8);
    std::set<int> chosen;
    for (int c = 0; c < large.bits; ++c) {
        const int bit = large.chosen[static_cast<std::size_t>(c)];
        CHECK(bit >= 0);
        CHECK(bit < layout.key_bits());
        chosen.insert(bit);
    }
    CHECK(chosen.size() == static_cast<std::size_t>(large.bits));

    CHECK(d::choose_key_split(layout, xs.data(), 1000, ys.data(), 1000, -1).bits == 0);
    CHECK(d::choose_key_split(layout, xs.data(), 1000, ys.data(), 1000, 4).bits == 4);
    CHECK(d::choose_key_split(layout, xs.data(), xs.size(), ys.data(), ys.size(), 0).bits == 0);
    // Keys that hold no bit rule no pair out: nothing to gain by a split.
    const std::vector<d::diagonal_key> empty(xs.size(), 0);
    CHECK(d::choose_key_split(layout, empty.data(), empty.size(), ys.data(), ys.size(), -1).bits == 0);
}

TEST_CASE(
    "the pair count's table built at run time is the plain build's, for every group size and slice width",
    "[count_pairs]")
{
    // The run-time build (join/pairs/slice_table.hpp: 8 words at a time,
    // then 4, or AVX-512) in each of its builds this CPU runs, against the
    // plain one, into buffers filled with ones first and reused from large
    // groups to small, so that a word it failed to write would show: the
    // last word's unused tail inside a block of 8 words and of 4, blocks of
    // 1 to 3 words left over (alone, after blocks of 4, of 8, and of 8 and
    // 4), and slices past the key's last bit; rows longer than the keys
    // need, by 1 to 3 words; and into empty buffers.
    std::mt19937_64 random(64);
    const std::vector<d::cpu_tier> tiers = tiers_to_test();
    d::table_words planes(std::size_t{1} << 16, ~std::uint64_t{0});
    d::table_words table(std::size_t{1} << 17, ~std::uint64_t{0});
    d::table_words plain_planes, plain_table;
    nqueens::test::failures wrong;
    for (const int width : {5, 21, 31}) {  // keys of 10, 42 and 62 bits
        const auto bits = static_cast<std::size_t>(2 * width);
        for (const std::size_t ny : {1025, 1000, 900, 850, 780, 700, 600, 513, 512, 511, 500,
                                     420,  350,  300, 256, 200, 150, 65,  64,  63,  1}) {
            std::vector<d::diagonal_key> ys(ny);
            for (d::diagonal_key& y : ys) y = random() & ((d::diagonal_key{1} << bits) - 1);
            for (const std::size_t past_keys : {0, 1, 3})
                for (std::size_t slice = 1; slice <= 8; ++slice) {
                    const std::size_t words = (ny + 63) / 64 + past_keys;
                    d::build_slice_table(ys.data(), ny, width, bits, slice, plain_planes, plain_table, words);
                    const std::size_t size = (bits + slice - 1) / slice * (std::size_t{1} << slice) * words;
                    for ([[maybe_unused]] const d::cpu_tier tier : tiers) {
                        const auto build = [&](d::table_words& into_planes, d::table_words& into_table) {
#if NQUEENS_VECTOR_SLICE_TABLE
                            d::build_slice_table_vector_as(tier, ys.data(), ny, width, bits, slice,
                                                           into_planes, into_table, words);
#else
                            d::build_slice_table_avx512(ys.data(), ny, width, bits, slice, into_planes,
                                                        into_table, words);
#endif
                        };
                        build(planes, table);
                        std::size_t differ = 0;
                        for (std::size_t i = 0; i < size; ++i) differ += table[i] != plain_table[i] ? 1 : 0;
                        wrong.check(differ == 0, "key bits ", bits, ", ", ny, " keys in rows of ", words,
                                    " words, slices of ", slice, " bits, tier ", static_cast<int>(tier), ": ",
                                    differ, " words differ");
                        // Into empty buffers too: a store past the room the build
                        // makes shows under the address sanitizer.
                        d::table_words fresh_planes, fresh_table;
                        build(fresh_planes, fresh_table);
                        wrong.check(std::equal(plain_table.begin(),
                                               plain_table.begin() + static_cast<std::ptrdiff_t>(size),
                                               fresh_table.begin()),
                                    "key bits ", bits, ", ", ny, " keys in rows of ", words,
                                    " words, slices of ", slice, " bits, tier ", static_cast<int>(tier),
                                    ": differs built into empty buffers");
                    }
                }
        }
    }
    NQUEENS_CHECK_NO_FAILURES(wrong);
    CHECK(wrong.checked >= 3 * 21 * 3 * 8 * 2);
}

TEST_CASE("n = 24..32: the pair count at n's key width equals a check of every pair", "[join]")
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
