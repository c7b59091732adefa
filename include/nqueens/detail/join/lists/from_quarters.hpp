// SPDX-License-Identifier: BSL-1.0
// The join's lists: the top placements of one band, grouped by column set, built from quarter tables.
#ifndef NQUEENS_DETAIL_JOIN_LISTS_FROM_QUARTERS_HPP
#define NQUEENS_DETAIL_JOIN_LISTS_FROM_QUARTERS_HPP

#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/lists/quarter_tables.hpp>
#include <nqueens/detail/join/top_list.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#if defined(__AVX512F__) || defined(__AVX2__) || defined(__BMI2__)
#include <immintrin.h>
#endif

namespace nqueens::detail {

#if defined(__AVX2__) && !defined(__AVX512F__)
// lanes_to_front[m]: the 32-bit halves of the 64-bit lanes that the 4-bit
// mask m has, in order: the permute that packs them (build_top_group).
inline constexpr std::array<std::array<std::uint32_t, 8>, 16> lanes_to_front = [] {
    std::array<std::array<std::uint32_t, 8>, 16> table{};
    for (std::uint32_t m = 0; m < 16; ++m) {
        std::size_t at = 0;
        for (std::uint32_t l = 0; l < 4; ++l)
            if ((m >> l & 1) != 0) {
                table[m][at++] = 2 * l;
                table[m][at++] = 2 * l + 1;
            }
    }
    return table;
}();
#endif

// The buckets of an upper and a lower block that make tops of one group:
// upper parts u0 .. u1 - 1 with lower parts v0 .. v1 - 1.
struct block_pair {
    std::uint32_t u0 = 0, u1 = 0, v0 = 0, v1 = 0;
};

// What a list needs while it is built, kept between tasks: the quarter
// tables of its two blocks of rows. `upper_rows` is where the rows split:
// -1 picks 2t/5 rows (2 of 7 at n = 16, 3 of 8 at n = 17, 18), measured
// best: a smaller upper block has few placements per column set, a larger
// lower one is checked less often. The tests try other splits.
struct top_scratch {
    int upper_rows = -1;
    quarter_table upper, lower;
    // With AVX-512 or AVX2: each block's meet masks and keys, each in an array of
    // its own, or for the lower block both in one word (prepare_top_list);
    // the upper arrays have one more part (the AVX-512 loop reads it, masked off).
    std::vector<std::uint64_t> upper_meets, lower_meets;
    std::vector<diagonal_key> upper_keys, lower_keys;
    std::vector<block_pair> blocks;  // one group's pairs of blocks
    // What prepare_top_list leaves for build_top_group.
    int split = 0;
    std::uint32_t taken = 0;
    bool packed = false;  // lower parts as one word each
    int key_bits = 0;
};

// Makes keys.size() at least `size`, keeping the keys, growing geometrically.
constexpr void reserve_keys(std::vector<diagonal_key>& keys, std::size_t size)
{
    if (size <= keys.size()) return;
    const std::size_t target = size > 2 * keys.size() ? size : 2 * keys.size();
    if (std::is_constant_evaluated()) {
        // Clang 14 cannot evaluate libstdc++'s resize() of a vector of integers.
        while (keys.size() < target) keys.push_back(0);
    } else {
        keys.resize(target);
    }
}

// The columns of `set` that pick's bits name: bit i names column[i], the
// set's i-th lowest column.
constexpr std::uint32_t picked_columns(std::uint32_t pick, [[maybe_unused]] std::uint32_t set,
                                       const std::array<std::uint32_t, 32>& column) noexcept
{
#if defined(__BMI2__)
    // One instruction deposits pick's bits on the set's columns.
    if (!std::is_constant_evaluated()) return _pdep_u32(pick, set);
#endif
    std::uint32_t part = 0;
    for (std::uint32_t p = pick; p != 0; p &= p - 1)
        part |= column[static_cast<std::size_t>(std::countr_zero(p))];
    return part;
}

// Calls f(pick) for each number below 2^m with k ones, in increasing
// order (the next by Gosper's hack).
template <class F>
constexpr void for_each_pick(int k, int m, F&& f)
{
    const std::uint32_t end = std::uint32_t{1} << m;
    for (std::uint32_t pick = (std::uint32_t{1} << k) - 1; pick < end;) {
        f(pick);
        if (pick == 0) break;  // k == 0: the one empty pick
        const std::uint32_t low = pick & (~pick + 1);
        const std::uint32_t ripple = pick + low;
        pick = ripple | ((pick ^ ripple) >> (std::countr_zero(low) + 2));
    }
}

// Prepares the list of the tops of one band whose lead columns are exactly
// `taken` (build_top_list): the quarter tables, the groups and their
// column sets, but no tops yet (start is all zeros); build_top_group then
// makes one group's tops. Adds the queens of the quarter tables to `placed`.
constexpr void prepare_top_list(const top_rules& rules, std::uint32_t lead, std::uint32_t taken,
                                top_list& out, top_scratch& scratch, std::uint64_t& placed)
{
    const join_layout& layout = rules.layout;
    const int rows = layout.top;
    const int split =
        scratch.upper_rows < 0 ? 2 * rows / 5 : (scratch.upper_rows < rows ? scratch.upper_rows : rows);
    const std::uint32_t columns = rules.free & ~lead;
    const std::uint32_t allowed = columns | taken;
    placed += build_quarter_table(rules, 0, split, split, allowed, scratch.upper);
    placed += build_quarter_table(rules, split, rows, split, allowed, scratch.lower);
    scratch.split = split;
    scratch.taken = taken;
    // With AVX-512 or AVX2 (run time only), each block's parts in arrays of their
    // own for the vector loop below: where a part's meet mask and key fit in
    // one 64-bit word (n <= 18), the lower parts as that word (key low, meet
    // mask high) and the upper meet masks shifted to match, so that a lower
    // bucket is half the bytes and one load a part; else meet masks and keys apart.
    scratch.packed = false;
    scratch.key_bits = layout.key_bits();
#if defined(__AVX512F__) || defined(__AVX2__)
    if (!std::is_constant_evaluated()) {
        scratch.packed = 2 * layout.n - 2 + scratch.key_bits <= 64;
        const int shift = scratch.packed ? scratch.key_bits : 0;
        const auto split_parts = [&](const quarter_table& table, std::vector<std::uint64_t>& meets,
                                     std::vector<diagonal_key>& keys, std::size_t room, bool fold) {
            const std::size_t parts = table.parts.size();
            if (!fold) resize_for_overwrite(meets, parts + room);
            resize_for_overwrite(keys, parts + room);
            for (std::size_t j = 0; j < parts; ++j) {
                const std::uint64_t meet = table.parts[j].meet << shift;
                keys[j] = fold ? table.parts[j].key | meet : table.parts[j].key;
                if (!fold) meets[j] = meet;
            }
            for (std::size_t j = parts; j < parts + room; ++j) {
                if (!fold) meets[j] = ~std::uint64_t{0};
                keys[j] = 0;
            }
        };
        split_parts(scratch.upper, scratch.upper_meets, scratch.upper_keys, 1, false);
        split_parts(scratch.lower, scratch.lower_meets, scratch.lower_keys, 0, scratch.packed);
    }
#endif

    const int size = rows - std::popcount(taken);
    out.index.reset(columns, layout.n, size);
    const std::uint32_t groups = out.index.count;
    out.set_of.assign(groups, 0);
    std::array<std::uint32_t, 32> column{};  // a set's columns, lowest first
    int free_count = 0;
    for (std::uint32_t rest = columns; rest != 0; rest &= rest - 1)
        column[static_cast<std::size_t>(free_count++)] = rest & (~rest + 1);
    for_each_pick(size, free_count, [&](std::uint32_t pick) {
        const std::uint32_t set = picked_columns(pick, columns, column);
        out.set_of[out.index(set)] = set;
    });
    out.start.assign(groups + 1, 0);
    resize_for_overwrite(scratch.blocks, static_cast<std::size_t>(choose(rows, split)));
}

// Writes the tops of group g of a list that prepare_top_list prepared to
// keys[count ..), growing keys as needed (and writing a little past the
// tops); returns the count after them. A group's tops are the pairs of an
// upper block and a lower block, one from each quarter table, whose column
// sets make the group's and whose meet masks are disjoint. So the tops come
// out grouped, with no sort, at a few comparisons each (8 at a time where
// the compiler may use AVX-512, as -march=native does on such a CPU, 4 with AVX2).
constexpr std::size_t build_top_group(const top_list& list, std::uint32_t g, top_scratch& scratch,
                                      std::vector<diagonal_key>& out_keys, std::size_t count)
{
    const int split = scratch.split;
    [[maybe_unused]] const bool packed = scratch.packed;
    [[maybe_unused]] const int key_bits = scratch.key_bits;
    // The group's pairs of blocks, found before any is joined: their buckets'
    // bounds are then loaded together, and the loop over them is left once a
    // group (prefetching their lower buckets there gained nothing measurable).
    block_pair* blocks = scratch.blocks.data();
    std::array<std::uint32_t, 32> column{};  // the set's columns, lowest first
    // Each way to split the group's columns between the blocks: `pick`
    // runs through the numbers below 2^t with `split` ones, and its
    // bits pick the group's columns, so no subset of the wrong size is
    // visited. A pair with an empty upper bucket is written but not kept.
    const std::uint32_t set = list.set_of[g] | scratch.taken;
    int m = 0;
    for (std::uint32_t rest = set; rest != 0; rest &= rest - 1)
        column[static_cast<std::size_t>(m++)] = rest & (~rest + 1);
    std::size_t found = 0;
    std::size_t bound = 0;  // the most tops the group can have
    for_each_pick(split, m, [&](std::uint32_t pick) {
        const std::uint32_t part = picked_columns(pick, set, column);
        const std::uint32_t u = scratch.upper.index(part);
        const std::uint32_t v = scratch.lower.index(set ^ part);
        const block_pair b{scratch.upper.start[u], scratch.upper.start[u + 1], scratch.lower.start[v],
                           scratch.lower.start[v + 1]};
        blocks[found] = b;
        found += b.u0 != b.u1 ? 1 : 0;
        bound += std::size_t{b.u1 - b.u0} * (b.v1 - b.v0);
    });
    // 8 more: the vector loops store 8 keys (AVX-512) or 4 (AVX2) at a time.
    reserve_keys(out_keys, count + bound + 8);
    diagonal_key* keys = out_keys.data();
    bool vectored = false;
#if defined(__AVX512F__) || defined(__AVX2__)
    if (!std::is_constant_evaluated()) {
        const auto join_blocks = [&](auto packed_parts) {
            constexpr bool folded = decltype(packed_parts)::value;
            const std::uint64_t* meets = folded ? scratch.lower_keys.data() : scratch.lower_meets.data();
            const diagonal_key* lower_keys = scratch.lower_keys.data();
            const std::uint64_t* upper_meets = scratch.upper_meets.data();
            const diagonal_key* upper_keys = scratch.upper_keys.data();
            // (their keys | key) & key_mask drops the meet mask of packed parts.
            const diagonal_key key_mask_value = folded ? (diagonal_key{1} << key_bits) - 1 : ~diagonal_key{0};
#if defined(__AVX512F__)
            // Tiles of 2 upper parts by 16 lower parts: the ones that fit picked by
            // masks and their keys packed by compresses, with no branch but the loops'.
            // Most pairs of blocks at n = 16 take one tile, so the loops' exits, hard to
            // predict, come once a pair of blocks rather than once an upper part.
            // GCC 12 cannot vectorize the plain loop.
            const __m512i key_mask = _mm512_set1_epi64(static_cast<long long>(key_mask_value));
            for (std::size_t k = 0; k < found; ++k) {
                const block_pair b = blocks[k];
                for (std::uint32_t j = b.v0; j < b.v1; j += 16) {
                    // The live parts of the tile by a shift: GCC 12 makes
                    // branches of a test per half, mispredicted as bucket
                    // sizes vary.
                    const std::uint32_t left = b.v1 - j;
                    const std::uint32_t live = (std::uint32_t{1} << (left < 16 ? left : 16)) - 1;
                    const auto live0 = static_cast<__mmask8>(live);
                    const auto live1 = static_cast<__mmask8>(live >> 8);
                    const __m512i keys0 = _mm512_maskz_loadu_epi64(live0, lower_keys + j);
                    const __m512i keys1 = _mm512_maskz_loadu_epi64(live1, lower_keys + j + 8);
                    __m512i meets0 = keys0, meets1 = keys1;
                    if constexpr (!folded) {
                        meets0 = _mm512_maskz_loadu_epi64(live0, meets + j);
                        meets1 = _mm512_maskz_loadu_epi64(live1, meets + j + 8);
                    }
                    const auto emit = [&](__mmask8 fit, __m512i their_keys, __m512i key) {
                        // (their_keys | key) & key_mask: the meet mask dropped.
                        const __m512i top = _mm512_ternarylogic_epi64(their_keys, key, key_mask, 0xA8);
                        _mm512_storeu_si512(keys + count, _mm512_maskz_compress_epi64(fit, top));
                        count += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
                    };
                    for (std::uint32_t i = b.u0; i < b.u1; i += 2) {
                        // Past u1 the next bucket's part or the end's: masked off.
                        const __mmask8 has_b = i + 1 < b.u1 ? 0xFF : 0;
                        const __m512i meet_a = _mm512_set1_epi64(static_cast<long long>(upper_meets[i]));
                        const __m512i meet_b = _mm512_set1_epi64(static_cast<long long>(upper_meets[i + 1]));
                        const __m512i key_a = _mm512_set1_epi64(static_cast<long long>(upper_keys[i]));
                        const __m512i key_b = _mm512_set1_epi64(static_cast<long long>(upper_keys[i + 1]));
                        emit(_mm512_mask_testn_epi64_mask(live0, meets0, meet_a), keys0, key_a);
                        emit(_mm512_mask_testn_epi64_mask(live1, meets1, meet_a), keys1, key_a);
                        emit(_mm512_mask_testn_epi64_mask(live0 & has_b, meets0, meet_b), keys0, key_b);
                        emit(_mm512_mask_testn_epi64_mask(live1 & has_b, meets1, meet_b), keys1, key_b);
                    }
                }
            }
#else
            // Tiles of 1 upper part by 4 lower parts. AVX2 has no compress:
            // the keys that fit are moved to the front of the tile by one
            // permute, picked from a table by their 4-bit mask.
            const __m256i key_mask = _mm256_set1_epi64x(static_cast<long long>(key_mask_value));
            const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
            const __m256i zero = _mm256_setzero_si256();
            for (std::size_t k = 0; k < found; ++k) {
                const block_pair b = blocks[k];
                for (std::uint32_t j = b.v0; j < b.v1; j += 4) {
                    const __m256i live =
                        _mm256_cmpgt_epi64(_mm256_set1_epi64x(static_cast<long long>(b.v1 - j)), lane);
                    const int live_bits = _mm256_movemask_pd(_mm256_castsi256_pd(live));
                    const __m256i keys4 =
                        _mm256_maskload_epi64(reinterpret_cast<const long long*>(lower_keys + j), live);
                    __m256i meets4 = keys4;
                    if constexpr (!folded)
                        meets4 = _mm256_maskload_epi64(reinterpret_cast<const long long*>(meets + j), live);
                    for (std::uint32_t i = b.u0; i < b.u1; ++i) {
                        const __m256i meet = _mm256_set1_epi64x(static_cast<long long>(upper_meets[i]));
                        const __m256i apart = _mm256_cmpeq_epi64(_mm256_and_si256(meets4, meet), zero);
                        const int fit = _mm256_movemask_pd(_mm256_castsi256_pd(apart)) & live_bits;
                        // (their keys | key) & key_mask: the meet mask dropped.
                        const __m256i top = _mm256_and_si256(
                            _mm256_or_si256(keys4, _mm256_set1_epi64x(static_cast<long long>(upper_keys[i]))),
                            key_mask);
                        const __m256i order = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                            lanes_to_front[static_cast<std::size_t>(fit)].data()));
                        _mm256_storeu_si256(reinterpret_cast<__m256i*>(keys + count),
                                            _mm256_permutevar8x32_epi32(top, order));
                        count += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
                    }
                }
            }
#endif
        };
        if (packed)
            join_blocks(std::true_type{});
        else
            join_blocks(std::false_type{});
        vectored = true;
    }
#endif
    if (!vectored) {
        const quarter_part* lower = scratch.lower.parts.data();
        for (std::size_t k = 0; k < found; ++k) {
            const block_pair b = blocks[k];
            for (std::uint32_t i = b.u0; i < b.u1; ++i) {
                const std::uint64_t meet = scratch.upper.parts[i].meet;
                const diagonal_key key = scratch.upper.parts[i].key;
                for (std::uint32_t j = b.v0; j < b.v1; ++j) {
                    // Written always, kept only if the blocks fit: no branch to mispredict.
                    keys[count] = key | lower[j].key;
                    count += (meet & lower[j].meet) == 0 ? 1 : 0;
                }
            }
        }
    }
    return count;
}

// Builds the list of the tops of one band whose lead columns are exactly
// `taken`, group by group (prepare_top_list, build_top_group). Adds the
// queens placed (of the quarter tables and of the tops made) to `placed`;
// returns false if stop() said yes (polled every 64 groups and after every
// 2^16 tops). (What else was tried here: docs/design/join.md.)
template <class Stop>
constexpr bool build_top_list(const top_rules& rules, std::uint32_t lead, std::uint32_t taken, top_list& out,
                              top_scratch& scratch, std::uint64_t& placed, Stop&& stop)
{
    prepare_top_list(rules, lead, taken, out, scratch, placed);
    if (stop()) return false;
    const std::uint32_t groups = out.index.count;
    std::size_t count = 0;
    std::size_t polled = 0;
    for (std::uint32_t g = 0; g < groups; ++g) {
        out.start[g] = static_cast<std::uint32_t>(count);
        if (count - polled >= 65536 || g % 64 == 63) {
            if (stop()) return false;
            polled = count;
        }
        count = build_top_group(out, g, scratch, out.keys, count);
    }
    out.start[groups] = static_cast<std::uint32_t>(count);
    placed += count;
    return true;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LISTS_FROM_QUARTERS_HPP
