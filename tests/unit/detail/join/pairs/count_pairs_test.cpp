// SPDX-License-Identifier: BSL-1.0
// detail/join/pairs/count_pairs.hpp's split of large groups by key bits (choose_key_split): split by any
// number of bits, the pair count counts what a pair-by-pair check counts; its cost splits the large groups
// of n = 26 and leaves small groups, and groups that no bit divides, whole.
#include "support/failures.hpp"
#include "support/join_brute.hpp"

#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/pairs/count_pairs.hpp>

#include <catch2/catch.hpp>

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

}  // namespace

TEST_CASE("split groups count the pairs that fit, whatever the bits they are split by", "[count_pairs]")
{
    std::mt19937_64 random(26);
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
            for (const int bits : {-1, 0, 1, 2, 5, 8}) {
                d::pair_scratch pairs;
                pairs.split_bits = bits;
                const std::uint64_t got = d::join_keys(layout, xs.data(), nx, ys.data(), ny, pairs);
                wrong.check(got == checked, nx, " x ", ny, " keys split by ", bits, " bits: ", got,
                            " fits against ", checked);
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
