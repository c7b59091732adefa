// SPDX-License-Identifier: BSL-1.0
// The sliced pair count's lookup table at run time, with AVX-512 or 8 words at a time: rows from two
// half tables.
#ifndef NQUEENS_DETAIL_JOIN_PAIRS_SLICE_TABLE_HPP
#define NQUEENS_DETAIL_JOIN_PAIRS_SLICE_TABLE_HPP

#include <nqueens/detail/join/pairs/cpu_tier.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#if defined(__AVX512BW__)
#include <immintrin.h>
#endif

namespace nqueens::detail {

// Storage on 64-byte boundaries at run time (a whole cache line, an
// AVX-512 register, two AVX2 ones): a table row that starts there is read
// without loads split across lines. Constant evaluation takes
// std::allocator's storage, the only kind it has.
template <class T>
struct line_allocator {
    using value_type = T;
    static constexpr std::align_val_t line{64};
    line_allocator() = default;
    template <class U>
    constexpr line_allocator(const line_allocator<U>&) noexcept
    {
    }
    constexpr T* allocate(std::size_t count)
    {
        if (std::is_constant_evaluated()) return std::allocator<T>{}.allocate(count);
        return static_cast<T*>(::operator new(count * sizeof(T), line));
    }
    constexpr void deallocate(T* p, std::size_t count) noexcept
    {
        if (std::is_constant_evaluated()) return std::allocator<T>{}.deallocate(p, count);
        ::operator delete(p, line);
    }
    friend constexpr bool operator==(const line_allocator&, const line_allocator&) noexcept { return true; }
};

// The slice table's words (and the planes it is built from).
using table_words = std::vector<std::uint64_t, line_allocator<std::uint64_t>>;

// The bits of word w of a table row that stand for no key of ny (all of
// them past the keys): slice 0 marks them, so that they count no fit.
constexpr std::uint64_t unused_bits(std::size_t ny, std::size_t w) noexcept
{
    return 64 * w >= ny ? ~std::uint64_t{0} : ny - 64 * w >= 64 ? 0 : ~std::uint64_t{0} << (ny - 64 * w);
}

// Transposes a 64 x 64 bit matrix: afterwards bit i of m[b] is what bit b
// of m[i] was (6 rounds of swapping ever smaller blocks).
constexpr void transpose64(std::array<std::uint64_t, 64>& m) noexcept
{
    // Rows k and k + j for k in runs of j: the runs of 8 and more vectorize.
    std::uint64_t mask = 0x00000000FFFFFFFFu;
    for (std::size_t j = 32; j != 0; j >>= 1, mask ^= mask << j) {
        for (std::size_t base = 0; base < 64; base += 2 * j) {
            for (std::size_t k = base; k < base + j; ++k) {
                const std::uint64_t t = ((m[k] >> j) ^ m[k + j]) & mask;
                m[k] ^= t << j;
                m[k + j] ^= t;
            }
        }
    }
}

// The bit planes of the turned keys ys[64w .. 64w + 64) (fewer at the end
// of ys): bit i of the result's word b is key bit b of the turned key
// number 64w + i, zero past the last key. Both builds of the slice table
// without AVX-512 take their planes from it.
constexpr std::array<std::uint64_t, 64> turned_planes(const diagonal_key* ys, std::size_t ny, std::size_t w,
                                                      int width) noexcept
{
    std::array<std::uint64_t, 64> block{};
    const std::size_t first = 64 * w;
    const std::size_t count = ny - first < 64 ? ny - first : 64;
    for (std::size_t i = 0; i < count; ++i) block[i] = turned_key(ys[first + i], width);
    transpose64(block);
    return block;
}

#if defined(__AVX512BW__)
// The same table as join/pairs/count_pairs.hpp's build_slice_table, for run time only
// where the compiler may use AVX-512BW. table[(s * 2^slice + v) * words +
// w]: bit i set iff turned top y number 64w + i has a key bit in slice s
// that v has (slice 0 also marks the unused tail of the last word).
//
// The planes (bit b of 64 turned keys in one word) come from a byte
// transpose, one 64-byte row per key byte (8 keys per conversion to bytes),
// and one byte test per plane: tens of instructions per 64 keys where the
// 64 x 64 bit transpose takes hundreds. A slice's 2^slice rows are the ORs
// of a row of a table of its low bits and one of its high bits, both held in
// registers, for 8 words at a time: one OR and one store per row, no load.
// Rows of `words` words, at least (ny + 63) / 64, as in
// build_slice_table_vector (below).
inline void build_slice_table_avx512(const diagonal_key* ys, std::size_t ny, int width, std::size_t bits,
                                     std::size_t slice, table_words& planes, table_words& table,
                                     std::size_t words)
{
    const std::size_t key_words = (ny + 63) / 64;
    const std::size_t stride = (words + 7) / 8 * 8;  // planes[b * stride + w]
    const std::size_t slices = (bits + slice - 1) / slice;
    const std::size_t values = std::size_t{1} << slice;
    const std::size_t key_bytes = (bits + 7) / 8;
    const auto live_mask = [](std::size_t left) {
        return static_cast<__mmask8>(left >= 8 ? 0xFF : (1u << left) - 1);
    };
    if (planes.size() < bits * stride) planes.resize(bits * stride);
    const __mmask8 all = 0xFF;
    const __m512i half = _mm512_set1_epi64(static_cast<long long>((diagonal_key{1} << width) - 1));
    alignas(64) std::array<std::uint8_t, 8 * 64> bytes{};  // bytes[j * 64 + i]: byte j of key i
    for (std::size_t b = 0; b < bits; ++b)
        for (std::size_t w = key_words; w < words; ++w) planes[b * stride + w] = 0;
    for (std::size_t w = 0; w < key_words; ++w) {
        for (std::size_t k = 0; k < 8; ++k) {
            const std::size_t at = 64 * w + 8 * k;
            const __m512i key = _mm512_maskz_loadu_epi64(at < ny ? live_mask(ny - at) : 0, ys + at);
            // The maskz forms: GCC 12's plain shifts and conversion trip -Wmaybe-uninitialized.
            const __m512i turned = _mm512_or_si512(
                _mm512_maskz_srli_epi64(all, key, static_cast<unsigned>(width)),
                _mm512_maskz_slli_epi64(all, _mm512_and_si512(key, half), static_cast<unsigned>(width)));
            for (std::size_t j = 0; j < key_bytes; ++j)
                _mm_storel_epi64(
                    reinterpret_cast<__m128i*>(bytes.data() + j * 64 + 8 * k),
                    _mm512_maskz_cvtepi64_epi8(
                        all, _mm512_maskz_srli_epi64(all, turned, static_cast<unsigned>(8 * j))));
        }
        for (std::size_t j = 0; j < key_bytes; ++j) {
            const __m512i row = _mm512_load_si512(bytes.data() + j * 64);
            for (std::size_t i = 0; i < 8 && 8 * j + i < bits; ++i)
                planes[(8 * j + i) * stride + w] =
                    _mm512_test_epi8_mask(row, _mm512_set1_epi8(static_cast<char>(1u << i)));
        }
    }

    if (table.size() < slices * values * words) table.resize(slices * values * words);
    const std::size_t low_bits = slice / 2;
    const std::size_t low_values = std::size_t{1} << low_bits;
    const std::size_t high_values = values / low_values;
    __m512i low[16], high[16];  // a slice's rows for its low and its high bits
    for (std::size_t s = 0; s < slices; ++s) {
        std::uint64_t* rows = table.data() + s * values * words;
        for (std::size_t c = 0; c < words; c += 8) {
            const __mmask8 live = live_mask(words - c);
            const auto plane = [&](std::size_t b) {
                return b < bits ? _mm512_maskz_loadu_epi64(live, planes.data() + b * stride + c)
                                : _mm512_setzero_si512();
            };
            low[0] = _mm512_setzero_si512();
            // Slice 0 also marks the unused tail of the last word, and the words past it.
            if (s == 0)
                for (std::size_t w = c; w < c + 8 && w < words; ++w)
                    low[0] = _mm512_mask_set1_epi64(low[0], static_cast<__mmask8>(1u << (w - c)),
                                                    static_cast<long long>(unused_bits(ny, w)));
            for (std::size_t v = 1; v < low_values; ++v)
                low[v] = _mm512_or_si512(low[v & (v - 1)],
                                         plane(s * slice + static_cast<std::size_t>(std::countr_zero(v))));
            high[0] = _mm512_setzero_si512();
            for (std::size_t v = 1; v < high_values; ++v)
                high[v] = _mm512_or_si512(
                    high[v & (v - 1)],
                    plane(s * slice + low_bits + static_cast<std::size_t>(std::countr_zero(v))));
            for (std::size_t h = 0; h < high_values; ++h)
                for (std::size_t l = 0; l < low_values; ++l)
                    _mm512_mask_storeu_epi64(rows + (h * low_values + l) * words + c, live,
                                             _mm512_or_si512(high[h], low[l]));
        }
    }
}
#endif

#if !defined(__AVX512BW__) && (defined(__GNUC__) || defined(__clang__))
#define NQUEENS_VECTOR_SLICE_TABLE 1
// The same table as join/pairs/count_pairs.hpp's build_slice_table, for run
// time only, with the vector types of GCC and Clang: 8 words at a time (two
// AVX2 registers, or four SSE2 ones), a whole cache line of each row. The
// planes are stored plane by plane (planes[b * stride + w]), so that 8
// words of one plane are one load. A slice's rows are the ORs of a row of
// a table of its low bits and one of its high bits (at most 16 rows each),
// both built for 8 words before their rows are written: one OR and one
// store per row and 8 words, where the plain build loads a row and a plane
// word by word. Slices of 1 to 8 bits (join_key_runs picks 4 to 8). Rows
// of `words` words, at least (ny + 63) / 64: the words past the keys are
// marked in slice 0 like the unused tail of the last one.
inline void build_slice_table_vector(const diagonal_key* ys, std::size_t ny, int width, std::size_t bits,
                                     std::size_t slice, table_words& planes, table_words& table,
                                     std::size_t words)
{
    using words8 = std::uint64_t __attribute__((vector_size(64)));
    constexpr std::size_t lanes = 8;
    const std::size_t key_words = (ny + 63) / 64;
    const std::size_t stride = (words + lanes - 1) / lanes * lanes;
    const std::size_t slices = (bits + slice - 1) / slice;
    const std::size_t values = std::size_t{1} << slice;
    // Every plane a slice reads, zero past the key's bits and past the last word.
    const std::size_t plane_count = slices * slice;
    if (planes.size() < plane_count * stride) planes.resize(plane_count * stride);
    for (std::size_t w = 0; w < key_words; ++w) {
        const std::array<std::uint64_t, 64> block = turned_planes(ys, ny, w, width);
        for (std::size_t b = 0; b < bits; ++b) planes[b * stride + w] = block[b];
    }
    for (std::size_t b = 0; b < plane_count; ++b)
        for (std::size_t w = b < bits ? key_words : 0; w < stride; ++w) planes[b * stride + w] = 0;

    // 3 words of room past the table: the last row's last block of 1 to 3
    // words (below 4 words a row, the whole row) is stored 4 words at once.
    if (table.size() < slices * values * words + 3) table.resize(slices * values * words + 3);
    const std::size_t low_bits = slice / 2;
    const std::size_t low_values = std::size_t{1} << low_bits;
    const std::size_t high_values = values / low_values;
    // The rows of slice s for the words from word c, with vectors of type V,
    // each row's vector stored whole, rows in order.
    // Always inlined, so that the AVX2 build below compiles it for AVX2
    // (Clang's flatten inlines only the calls made directly).
    const auto rows_at = [&]<class V>(std::type_identity<V>, std::size_t s, std::size_t c)
        __attribute__((always_inline))
    {
        constexpr std::size_t vector_words = sizeof(V) / sizeof(std::uint64_t);
        std::uint64_t* rows = table.data() + s * values * words;
        const std::uint64_t* plane = planes.data() + s * slice * stride;
        V low[16], high[16], p;  // the slice's rows for its low and its high bits
        low[0] = V{};
        // Slice 0 also marks the unused tail of the last word, and the words past it.
        if (s == 0)
            for (std::size_t w = c; w < c + vector_words && w < words; ++w)
                low[0][w - c] = unused_bits(ny, w);
        for (std::size_t v = 1; v < low_values; ++v) {
            __builtin_memcpy(&p, plane + static_cast<std::size_t>(std::countr_zero(v)) * stride + c,
                             sizeof p);
            low[v] = low[v & (v - 1)] | p;
        }
        high[0] = V{};
        for (std::size_t v = 1; v < high_values; ++v) {
            __builtin_memcpy(&p,
                             plane + (low_bits + static_cast<std::size_t>(std::countr_zero(v))) * stride + c,
                             sizeof p);
            high[v] = high[v & (v - 1)] | p;
        }
        for (std::size_t h = 0; h < high_values; ++h) {
            for (std::size_t l = 0; l < low_values; ++l) {
                std::uint64_t* row = rows + (h * low_values + l) * words + c;
                const V r = high[h] | low[l];
                __builtin_memcpy(row, &r, sizeof r);
            }
        }
    };
    // A whole cache line of each row at a time, then 4 words at a time. A
    // last block of 1 to 3 words is stored 4 words a row too, and first
    // (word by word out of a register, it made a group of a few words
    // slower than the plain build): each row's spill into the next row's
    // first words is then written over by the blocks before it, or by the
    // next row itself where there are none.
    using words4 = std::uint64_t __attribute__((vector_size(32)));
    const std::size_t whole = words / lanes * lanes;
    const std::size_t tail = words / 4 * 4;  // the first word of the last block of 1 to 3 words
    for (std::size_t s = 0; s < slices; ++s) {
        if (tail < words) rows_at(std::type_identity<words4>{}, s, tail);
        for (std::size_t c = 0; c < whole; c += lanes) rows_at(std::type_identity<words8>{}, s, c);
        for (std::size_t c = whole; c < tail; c += 4) rows_at(std::type_identity<words4>{}, s, c);
    }
}
#if NQUEENS_CPU_TIER_AVX2
// The same, built for AVX2 (join/pairs/cpu_tier.hpp): 4 words a register.
[[gnu::target(NQUEENS_TARGET_AVX2), gnu::flatten]] inline void build_slice_table_vector_avx2(
    const diagonal_key* ys, std::size_t ny, int width, std::size_t bits, std::size_t slice,
    table_words& planes, table_words& table, std::size_t words)
{
    build_slice_table_vector(ys, ny, width, bits, slice, planes, table, words);
}
#endif
// build_slice_table_vector in the widest build that `tier` allows.
inline void build_slice_table_vector_as([[maybe_unused]] cpu_tier tier, const diagonal_key* ys,
                                        std::size_t ny, int width, std::size_t bits, std::size_t slice,
                                        table_words& planes, table_words& table, std::size_t words)
{
#if NQUEENS_CPU_TIER_AVX2
    if (tier >= cpu_tier::avx2)
        return build_slice_table_vector_avx2(ys, ny, width, bits, slice, planes, table, words);
#endif
    build_slice_table_vector(ys, ny, width, bits, slice, planes, table, words);
}
#else
#define NQUEENS_VECTOR_SLICE_TABLE 0
#endif

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_PAIRS_SLICE_TABLE_HPP
