// SPDX-License-Identifier: BSL-1.0
// The join's pair count: how many pairs of one group of tops and one group of turned tops fit.
#ifndef NQUEENS_DETAIL_JOIN_PAIRS_COUNT_PAIRS_HPP
#define NQUEENS_DETAIL_JOIN_PAIRS_COUNT_PAIRS_HPP

#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/pairs/cpu_tier.hpp>
#include <nqueens/detail/join/pairs/direct_avx512.hpp>
#include <nqueens/detail/join/pairs/slice_table.hpp>
#include <nqueens/detail/join/top_list.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#if NQUEENS_AVX2_SLICES
#include <immintrin.h>
#endif

namespace nqueens::detail {

// The keys of the partner group are stored bit-sliced (one 64-bit word per
// key bit for every 64 placements, by a 64 x 64 bit transpose), and the
// words for each 4- to 8-bit slice of a key (the width chosen per pair of
// groups) are OR-ed in advance; a placement x then finds its partners 64 at
// a time with one lookup per slice and a popcount.

// The pair count's buffers, kept between calls.
struct pair_scratch {
    table_words planes, table;
    // The direct count (count_fits_direct) is chosen while it checks at
    // most this many pairs per step of the sliced count's work: 4, measured
    // (it then takes groups of up to about two hundred tops, most groups at
    // n = 16; against 2, counts of n = 16 and 17 take 8 % less time, n = 18
    // the same). 0 never counts directly; the tests compare both ways.
    std::size_t direct_width = 4;
    // How many key bits join_keys splits two groups by: -1 as
    // choose_key_split's cost says, 0 never, 1 to 8 always (the tests
    // compare the ways).
    int split_bits = -1;
    // The split groups, bucket by bucket, and where each bucket starts.
    std::vector<diagonal_key> split_x, split_y;
    std::vector<std::uint32_t> start_x, start_y;
    // The runs of split_x one table meets.
    std::vector<std::array<std::uint32_t, 2>> runs;
    // The build of the counts to run (join/pairs/cpu_tier.hpp): the widest the CPU
    // has; the tests cap it.
    cpu_tier cpu = cpu_tier::best;
    // The check route (count_route::check): after the split (join_keys),
    // every run of tops counted pair by pair by a loop of its own
    // (count_fits_check): no bit-sliced table, not the direct count, no
    // hand-written vector loop and no build for a wider instruction set, so
    // that it shares none of the fast route's pair counts.
    bool plain = false;
};

#ifdef NQUEENS_DETAIL_PLANTED_FAULTS
// Test builds of the programs only (apps/common/fault_injection.hpp,
// NQUEENS_TEST_SLICED_FAULT): a deterministic fault planted in the sliced
// pair count, added to each of its results, that the check route, which
// never runs it, does not share.
inline std::uint64_t planted_sliced_fault = 0;
#endif

#if NQUEENS_AVX2_SLICES
// count_fits (below) with AVX2, which has no popcount of its own: 4 words
// at a time, each byte's bits counted by two lookups of 16 nibbles
// (vpshufb) and the bytes summed into the 4 words (vpsadbw).
template <std::size_t Slices>
[[gnu::target(NQUEENS_TARGET_AVX2)]] inline std::uint64_t count_fits_avx2(
    const diagonal_key* xs, std::size_t nx, const std::uint64_t* table, std::size_t words, std::size_t slice,
    std::size_t runtime_slices)
{
    const std::size_t slices = Slices != 0 ? Slices : runtime_slices;
    const std::size_t values = std::size_t{1} << slice;
    const diagonal_key value_mask = values - 1;
    const __m256i nibble_bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,  //
                                                 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0F);
    const std::size_t whole = words / 4 * 4;
    std::uint64_t blocked_bits = 0;  // of the words blocked, for all x
    std::array<const std::uint64_t*, 16> rows{};
    __m256i sums = _mm256_setzero_si256();
    for (std::size_t i = 0; i < nx; ++i) {
        const diagonal_key k = xs[i];
        for (std::size_t s = 0; s < slices; ++s)
            rows[s] =
                table + (s * values + static_cast<std::size_t>((k >> (s * slice)) & value_mask)) * words;
        for (std::size_t w = 0; w < whole; w += 4) {
            __m256i blocked = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[0] + w));
            for (std::size_t s = 1; s < slices; ++s)
                blocked = _mm256_or_si256(blocked,
                                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[s] + w)));
            const __m256i low = _mm256_and_si256(blocked, low_nibbles);
            const __m256i high = _mm256_and_si256(_mm256_srli_epi16(blocked, 4), low_nibbles);
            const __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(nibble_bits, low),
                                                  _mm256_shuffle_epi8(nibble_bits, high));
            sums = _mm256_add_epi64(sums, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
        }
        for (std::size_t w = whole; w < words; ++w) {
            std::uint64_t blocked = rows[0][w];
            for (std::size_t s = 1; s < slices; ++s) blocked |= rows[s][w];
            blocked_bits += static_cast<std::uint64_t>(__builtin_popcountll(blocked));
        }
    }
    alignas(32) std::array<std::uint64_t, 4> lanes{};
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes.data()), sums);
    blocked_bits += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    return static_cast<std::uint64_t>(nx) * words * 64 - blocked_bits;
}
#endif

// The number of x in xs[0 .. nx) with each y of the table's group: for
// each x, the OR of one table row per slice of its key, and the zeros
// counted. Slices is a template argument where it can be (4 to 8: the loop
// over words then vectorizes); 0 means "read it from `runtime_slices`".
// The plain loop, which the POPCNT and VPOPCNTDQ builds compile as their own.
template <std::size_t Slices>
constexpr std::uint64_t count_fits_plain(const diagonal_key* xs, std::size_t nx, const std::uint64_t* table,
                                         std::size_t words, std::size_t slice,
                                         std::size_t runtime_slices = Slices)
{
    const std::size_t slices = Slices != 0 ? Slices : runtime_slices;
    const std::size_t values = std::size_t{1} << slice;
    const diagonal_key value_mask = values - 1;
    std::uint64_t fits = 0;
    std::array<const std::uint64_t*, 16> rows{};  // each slice's table row, for one x
    for (std::size_t i = 0; i < nx; ++i) {
        const diagonal_key k = xs[i];
        for (std::size_t s = 0; s < slices; ++s)
            rows[s] =
                table + (s * values + static_cast<std::size_t>((k >> (s * slice)) & value_mask)) * words;
        for (std::size_t w = 0; w < words; ++w) {
            std::uint64_t blocked = rows[0][w];
            for (std::size_t s = 1; s < slices; ++s) blocked |= rows[s][w];
            fits += static_cast<std::uint64_t>(std::popcount(~blocked));
        }
    }
    return fits;
}

// count_fits_plain, or at run time the AVX2 loop where the translation
// unit has AVX2 but not AVX-512's popcount.
template <std::size_t Slices>
constexpr std::uint64_t count_fits(const diagonal_key* xs, std::size_t nx, const std::uint64_t* table,
                                   std::size_t words, std::size_t slice, std::size_t runtime_slices = Slices)
{
#if NQUEENS_AVX2_SLICES && defined(__AVX2__)
    if (!std::is_constant_evaluated())
        return count_fits_avx2<Slices>(xs, nx, table, words, slice, runtime_slices);
#endif
    return count_fits_plain<Slices>(xs, nx, table, words, slice, runtime_slices);
}

// The number of pairs of xs[0 .. nx) and ys[0 .. ny) that fit, pair by
// pair: x & turned(y) == 0 iff turned(x) & y == 0, so each x is turned
// once and the loop over the ys vectorizes.
constexpr std::uint64_t count_fits_direct(const diagonal_key* xs, std::size_t nx, const diagonal_key* ys,
                                          std::size_t ny, int width)
{
#if defined(__AVX512F__)
    if (!std::is_constant_evaluated()) return count_fits_direct_avx512(xs, nx, ys, ny, width);
#endif
    std::uint64_t fits = 0;
    for (std::size_t i = 0; i < nx; ++i) {
        const diagonal_key turned = turned_key(xs[i], width);
        std::uint64_t k = 0;
        for (std::size_t j = 0; j < ny; ++j) k += (turned & ys[j]) == 0 ? 1 : 0;
        fits += k;
    }
    return fits;
}

// The check route's own pair count, written apart from the others: each y
// turned and met with every x in turn, with no popcount and no table. The
// compiler may vectorize it as it likes; it shares no code with the fast
// route's counts.
constexpr std::uint64_t count_fits_check(const diagonal_key* xs, std::size_t nx, const diagonal_key* ys,
                                         std::size_t ny, int width)
{
    std::uint64_t fits = 0;
    for (std::size_t j = 0; j < ny; ++j) {
        const diagonal_key y = turned_key(ys[j], width);
        for (std::size_t i = 0; i < nx; ++i)
            if ((xs[i] & y) == 0) ++fits;
    }
    return fits;
}

// The counts built for wider instruction sets (join/pairs/cpu_tier.hpp): flatten
// inlines the count into each, so that its popcounts are instructions.
#if NQUEENS_CPU_TIER_POPCNT
template <std::size_t Slices>
[[gnu::target(NQUEENS_TARGET_POPCNT), gnu::flatten]] std::uint64_t count_fits_popcnt(
    const diagonal_key* xs, std::size_t nx, const std::uint64_t* table, std::size_t words, std::size_t slice,
    std::size_t slices)
{
    return count_fits_plain<Slices>(xs, nx, table, words, slice, slices);
}
[[gnu::target(NQUEENS_TARGET_POPCNT), gnu::flatten]] inline std::uint64_t count_fits_direct_popcnt(
    const diagonal_key* xs, std::size_t nx, const diagonal_key* ys, std::size_t ny, int width)
{
    return count_fits_direct(xs, nx, ys, ny, width);
}
#endif
#if NQUEENS_CPU_TIER_AVX2
[[gnu::target(NQUEENS_TARGET_AVX2), gnu::flatten]] inline std::uint64_t count_fits_direct_avx2(
    const diagonal_key* xs, std::size_t nx, const diagonal_key* ys, std::size_t ny, int width)
{
    return count_fits_direct(xs, nx, ys, ny, width);
}
#endif
#if NQUEENS_CPU_TIER_VPOPCNT
template <std::size_t Slices>
[[gnu::target(NQUEENS_TARGET_VPOPCNT), gnu::flatten]] std::uint64_t count_fits_vpopcnt(
    const diagonal_key* xs, std::size_t nx, const std::uint64_t* table, std::size_t words, std::size_t slice,
    std::size_t slices)
{
    return count_fits_plain<Slices>(xs, nx, table, words, slice, slices);
}
[[gnu::target(NQUEENS_TARGET_VPOPCNT), gnu::flatten]] inline std::uint64_t count_fits_direct_vpopcnt(
    const diagonal_key* xs, std::size_t nx, const diagonal_key* ys, std::size_t ny, int width)
{
    return count_fits_direct(xs, nx, ys, ny, width);
}
#endif

// count_fits and count_fits_direct in the build for `tier`: the widest
// build that the translation unit has of its own and the tier allows.
template <std::size_t Slices>
constexpr std::uint64_t count_fits_as([[maybe_unused]] cpu_tier tier, const diagonal_key* xs, std::size_t nx,
                                      const std::uint64_t* table, std::size_t words, std::size_t slice,
                                      std::size_t slices = Slices)
{
#if NQUEENS_CPU_TIER_VPOPCNT
    if (tier == cpu_tier::vpopcnt) return count_fits_vpopcnt<Slices>(xs, nx, table, words, slice, slices);
#endif
#if NQUEENS_AVX2_SLICES
    if (tier >= cpu_tier::avx2) return count_fits_avx2<Slices>(xs, nx, table, words, slice, slices);
#endif
#if NQUEENS_CPU_TIER_POPCNT
    if (tier >= cpu_tier::popcnt) return count_fits_popcnt<Slices>(xs, nx, table, words, slice, slices);
#endif
    return count_fits<Slices>(xs, nx, table, words, slice, slices);
}
constexpr std::uint64_t count_fits_direct_as([[maybe_unused]] cpu_tier tier, const diagonal_key* xs,
                                             std::size_t nx, const diagonal_key* ys, std::size_t ny,
                                             int width)
{
#if NQUEENS_CPU_TIER_VPOPCNT
    if (tier == cpu_tier::vpopcnt) return count_fits_direct_vpopcnt(xs, nx, ys, ny, width);
#endif
#if NQUEENS_CPU_TIER_AVX2
    if (tier >= cpu_tier::avx2) return count_fits_direct_avx2(xs, nx, ys, ny, width);
#endif
#if NQUEENS_CPU_TIER_POPCNT
    if (tier >= cpu_tier::popcnt) return count_fits_direct_popcnt(xs, nx, ys, ny, width);
#endif
    return count_fits_direct(xs, nx, ys, ny, width);
}

// The sliced count's table for the turned keys of ys[0 .. ny):
// table[(s * 2^slice + v) * words + w] is the OR of the planes of the key
// bits v has in slice s. The plain build, for constant evaluation and for
// compilers without vector types; join/pairs/slice_table.hpp builds the same
// at run time with AVX-512, or 8 words at a time (AVX2 or SSE2). Rows of
// `words` words, at least (ny + 63) / 64: slice 0 marks the words past the
// keys like the unused tail of the last one, so that they count no fit.
constexpr void build_slice_table(const diagonal_key* ys, std::size_t ny, int width, std::size_t bits,
                                 std::size_t slice, table_words& planes, table_words& table,
                                 std::size_t words)
{
    const std::size_t key_words = (ny + 63) / 64;
    const std::size_t slices = (bits + slice - 1) / slice;
    const std::size_t values = std::size_t{1} << slice;
    // planes[w * bits + b]: bit i set iff y number 64w + i has key bit b,
    // by transposing 64 keys at a time.
    if (std::is_constant_evaluated()) {
        // Bit by bit: fewer evaluation steps for the small groups of small n.
        planes.assign(words * bits, 0);
        for (std::size_t i = 0; i < ny; ++i) {
            for (diagonal_key k = turned_key(ys[i], width); k != 0; k &= k - 1)
                planes[(i / 64) * bits + static_cast<std::size_t>(std::countr_zero(k))] |= std::uint64_t{1}
                                                                                           << (i % 64);
        }
    } else {
        planes.resize(words * bits);
        for (std::size_t w = 0; w < words; ++w) {
            const std::array<std::uint64_t, 64> block =
                w < key_words ? turned_planes(ys, ny, w, width) : std::array<std::uint64_t, 64>{};
            for (std::size_t b = 0; b < bits; ++b) planes[w * bits + b] = block[b];
        }
    }
    // table[(s * values + v) * words + w]: the OR of the planes of the bits
    // v has in slice s. Slice 0 also marks the unused tail of the last word.
    resize_for_overwrite(table, slices * values * words);
    for (std::size_t s = 0; s < slices; ++s) {
        const std::size_t t0 = s * values * words;
        for (std::size_t w = 0; w < words; ++w) table[t0 + w] = s == 0 ? unused_bits(ny, w) : 0;
        for (std::size_t v = 1; v < values; ++v) {
            const std::size_t b = s * slice + static_cast<std::size_t>(std::countr_zero(v));
            const std::size_t to = t0 + v * words;
            const std::size_t from = t0 + (v & (v - 1)) * words;
            for (std::size_t w = 0; w < words; ++w)
                table[to + w] = table[from + w] | (b < bits ? planes[w * bits + b] : 0);
        }
    }
}

// The number of pairs (x in the runs `runs` of xs, y in ys[0 .. ny)
// turned upside down) that fit: one table of the ys for all the runs.
constexpr std::uint64_t join_key_runs(const join_layout& layout, const diagonal_key* xs,
                                      const std::vector<std::array<std::uint32_t, 2>>& runs,
                                      const diagonal_key* ys, std::size_t ny, pair_scratch& scratch)
{
    std::size_t nx = 0;
    for (const auto& run : runs) nx += run[1] - run[0];
    if (nx == 0 || ny == 0) return 0;
    if (scratch.plain) {
        std::uint64_t fits = 0;
        for (const auto& [begin, end] : runs)
            fits += count_fits_check(xs + begin, end - begin, ys, ny, layout.width);
        return fits;
    }
    // Constant evaluation runs the plain build (the others are not constexpr).
    cpu_tier tier = cpu_tier::baseline;
    if (!std::is_constant_evaluated()) tier = usable_cpu_tier(scratch.cpu);
    // The table's words a row. The AVX2 count reads 4 words at a time: from
    // 8 words its rows take a multiple of 4, so that each starts on 32 bytes
    // and no word is left to a loop of its own (the words past the keys
    // count no fit). Smaller groups (most at n <= 19) stay as they are:
    // there the padding costs more than it saves (docs/benchmarks-history.md).
    std::size_t words = (ny + 63) / 64;
    if (tier == cpu_tier::avx2 && words >= 8) words = (words + 3) / 4 * 4;
    const auto bits = static_cast<std::size_t>(layout.key_bits());
    // Wider slices mean fewer lookups per x but larger tables: pick the
    // width (4 to 8 bits) with the least work for these group sizes.
    const auto cost = [&](std::size_t w) {
        const std::size_t slices = (bits + w - 1) / w;
        return slices * words * (std::size_t{1} << w) + nx * slices * words;
    };
    std::size_t slice = 4;
    for (std::size_t w = 5; w <= 8; ++w)
        if (cost(w) < cost(slice)) slice = w;
    const std::size_t slices = (bits + slice - 1) / slice;
    // The sliced count's work besides cost(): a few steps per x for its
    // slices, a few hundred per 64 ys to transpose them.
    const std::size_t sliced = cost(slice) + 3 * nx * slices + 256 * words;
    if (nx * ny <= scratch.direct_width * sliced) {
        std::uint64_t fits = 0;
        for (const auto& [begin, end] : runs)
            fits += end - begin <= ny
                        ? count_fits_direct_as(tier, xs + begin, end - begin, ys, ny, layout.width)
                        : count_fits_direct_as(tier, ys, ny, xs + begin, end - begin, layout.width);
        return fits;
    }

#if defined(__AVX512BW__)
    if (!std::is_constant_evaluated())
        build_slice_table_avx512(ys, ny, layout.width, bits, slice, scratch.planes, scratch.table, words);
    else
#elif NQUEENS_VECTOR_SLICE_TABLE
    if (!std::is_constant_evaluated())
        build_slice_table_vector_as(tier, ys, ny, layout.width, bits, slice, scratch.planes, scratch.table,
                                    words);
    else
#endif
        build_slice_table(ys, ny, layout.width, bits, slice, scratch.planes, scratch.table, words);
    const std::uint64_t* table = scratch.table.data();
    std::uint64_t fits = 0;
    for (const auto& [begin, end] : runs) {
        const diagonal_key* x = xs + begin;
        const std::size_t count = end - begin;
        switch (slices) {
            case 4:
                fits += count_fits_as<4>(tier, x, count, table, words, slice);
                break;
            case 5:
                fits += count_fits_as<5>(tier, x, count, table, words, slice);
                break;
            case 6:
                fits += count_fits_as<6>(tier, x, count, table, words, slice);
                break;
            case 7:
                fits += count_fits_as<7>(tier, x, count, table, words, slice);
                break;
            case 8:
                fits += count_fits_as<8>(tier, x, count, table, words, slice);
                break;
            default:
                fits += count_fits_as<0>(tier, x, count, table, words, slice, slices);
        }
    }
#ifdef NQUEENS_DETAIL_PLANTED_FAULTS
    fits += planted_sliced_fault;
#endif
    return fits;
}

// How join_keys splits two groups: by the key bits chosen[0 .. bits).
struct key_split {
    int bits = 0;
    std::array<int, 8> chosen{};
};

// The split of xs[0 .. nx) and ys[0 .. ny) by h key bits (0 to 8): a
// bucket of xs with bits u meets only the buckets of ys with bits v
// disjoint from u. A bit that a share p of the xs and q of the turned ys
// hold rules out a share p * q of the pairs (about 1 in 4), and makes an x
// meet 2 - p tables on average instead of one. The bits come from a sample
// of each group, best first, and h is the cheapest by a rough cost of each
// step (`forced` > 0: that many bits whatever the cost; 0: none).
constexpr key_split choose_key_split(const join_layout& layout, const diagonal_key* xs, std::size_t nx,
                                     const diagonal_key* ys, std::size_t ny, int forced)
{
    key_split split;
    // Small groups are not split: it does not pay below thousands of tops.
    if (forced == 0 || nx == 0 || ny == 0 || (forced < 0 && (nx < 2048 || ny < 4096))) return split;
    std::array<double, 64> in_x{}, in_y{};  // the share of the sample holding each bit
    const std::size_t sample = std::min({nx, ny, std::size_t{256}});
    for (std::size_t i = 0; i < sample; ++i) {
        for (diagonal_key k = xs[i * nx / sample]; k != 0; k &= k - 1)
            in_x[static_cast<std::size_t>(std::countr_zero(k))] += 1.0 / static_cast<double>(sample);
        for (diagonal_key k = turned_key(ys[i * ny / sample], layout.width); k != 0; k &= k - 1)
            in_y[static_cast<std::size_t>(std::countr_zero(k))] += 1.0 / static_cast<double>(sample);
    }
    // The cost of splitting by the first c bits: pairs met (about 1/40 of
    // a step each: 64 to a word of 6 slices, 8 words to an instruction),
    // tables met per x (30 steps), two passes over every key (20) and a
    // fixed cost per pair of buckets (200); docs/design/join.md keeps the
    // values tried.
    const double pairs = static_cast<double>(nx) * static_cast<double>(ny);
    double best_cost = pairs / 40, kept = 1, meets = 1, bucket_pairs = 1;
    diagonal_key taken = 0;
    const auto rules_out = [&](int b) {
        return in_x[static_cast<std::size_t>(b)] * in_y[static_cast<std::size_t>(b)];
    };
    // At most 8 bits, and no more than the key has (6 at n = 6).
    const int most = std::min({forced > 0 ? forced : 8, 8, layout.key_bits()});
    for (int c = 0; c < most; ++c) {
        int best = -1;
        for (int b = 0; b < layout.key_bits(); ++b)
            if ((taken >> b & 1) == 0 && (best < 0 || rules_out(b) > rules_out(best))) best = b;
        split.chosen[static_cast<std::size_t>(c)] = best;
        taken |= diagonal_key{1} << best;
        kept *= 1 - rules_out(best);
        meets *= 2 - in_x[static_cast<std::size_t>(best)];
        bucket_pairs *= 3;
        const double cost = pairs * kept / 40 + static_cast<double>(nx) * meets * 30 +
                            static_cast<double>(nx + ny) * 20 + bucket_pairs * 200;
        if (forced > 0 || cost < best_cost) {
            best_cost = cost;
            split.bits = c + 1;
        }
    }
    return split;
}

// The number of pairs (x in xs[0 .. nx), y in ys[0 .. ny) turned upside
// down) that fit, large groups split first (choose_key_split: the groups
// of tens of thousands of tops at n = 26 to 28; docs/benchmarks-history.md).
constexpr std::uint64_t join_keys(const join_layout& layout, const diagonal_key* xs, std::size_t nx,
                                  const diagonal_key* ys, std::size_t ny, pair_scratch& scratch)
{
    const key_split by = choose_key_split(layout, xs, nx, ys, ny, scratch.split_bits);
    const int h = by.bits;
    if (h == 0) {
        scratch.runs.assign(1, {0, static_cast<std::uint32_t>(nx)});
        return join_key_runs(layout, xs, scratch.runs, ys, ny, scratch);
    }
    // A y's bucket reads its turned key's bits where it stands unturned:
    // turning swaps the two halves of `width` bits.
    std::array<int, 8> turned{};
    for (int c = 0; c < h; ++c) {
        const int b = by.chosen[static_cast<std::size_t>(c)];
        turned[static_cast<std::size_t>(c)] = b < layout.width ? b + layout.width : b - layout.width;
    }
    // Each side sorted by its bucket (a counting sort).
    const std::size_t buckets = std::size_t{1} << h;
    const auto sort_by_bucket = [&](const diagonal_key* keys, std::size_t count, const std::array<int, 8>& at,
                                    std::vector<diagonal_key>& out, std::vector<std::uint32_t>& start) {
        const auto bucket = [&](diagonal_key k) {
            std::size_t b = 0;
            for (int c = 0; c < h; ++c)
                b |= static_cast<std::size_t>(k >> at[static_cast<std::size_t>(c)] & 1) << c;
            return b;
        };
        start.assign(buckets + 1, 0);
        for (std::size_t i = 0; i < count; ++i) ++start[bucket(keys[i]) + 1];
        for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
        resize_for_overwrite(out, count);
        std::array<std::uint32_t, 257> next{};
        for (std::size_t b = 0; b < buckets; ++b) next[b] = start[b];
        for (std::size_t i = 0; i < count; ++i) out[next[bucket(keys[i])]++] = keys[i];
    };
    sort_by_bucket(xs, nx, by.chosen, scratch.split_x, scratch.start_x);
    sort_by_bucket(ys, ny, turned, scratch.split_y, scratch.start_y);
    // Each bucket v of ys against the buckets u of xs with u & v == 0.
    std::uint64_t fits = 0;
    for (std::size_t v = 0; v < buckets; ++v) {
        const std::uint32_t y0 = scratch.start_y[v], y1 = scratch.start_y[v + 1];
        if (y0 == y1) continue;
        scratch.runs.clear();
        const std::size_t open = ~v & (buckets - 1);
        for (std::size_t u = open;; u = (u - 1) & open) {
            if (scratch.start_x[u] != scratch.start_x[u + 1])
                scratch.runs.push_back({scratch.start_x[u], scratch.start_x[u + 1]});
            if (u == 0) break;
        }
        fits += join_key_runs(layout, scratch.split_x.data(), scratch.runs, scratch.split_y.data() + y0,
                              y1 - y0, scratch);
    }
    return fits;
}

// The number of pairs (x in group `group` of `tops`, y in group
// `partner` of `bottoms`, turned upside down) that fit.
constexpr std::uint64_t join_groups(const join_layout& layout, const top_list& tops, std::uint32_t group,
                                    const top_list& bottoms, std::uint32_t partner, pair_scratch& scratch)
{
    const std::uint32_t x0 = tops.start[group], y0 = bottoms.start[partner];
    return join_keys(layout, tops.keys.data() + x0, tops.start[group + 1] - x0, bottoms.keys.data() + y0,
                     bottoms.start[partner + 1] - y0, scratch);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_PAIRS_COUNT_PAIRS_HPP
