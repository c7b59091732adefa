// SPDX-License-Identifier: BSL-1.0
// The join's direct pair count in AVX-512: 8 tops against 8 turned tops a step (16 for keys of 32 bits).
#ifndef NQUEENS_DETAIL_JOIN_PAIRS_DIRECT_AVX512_HPP
#define NQUEENS_DETAIL_JOIN_PAIRS_DIRECT_AVX512_HPP

#include <nqueens/detail/join/top_rules.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace nqueens::detail {

#if defined(__AVX512F__)
// Adds to fits[k] (lane by lane) the ys[0 .. ny) that fit xs[k], k < K:
// each load of 8 ys is tested against K turned xs; full loads need no mask.
template <std::size_t K>
inline void count_fits_block(const diagonal_key* xs, const diagonal_key* ys, std::size_t ny, int width,
                             __m512i (&fits)[8]) noexcept
{
    const __m512i one = _mm512_set1_epi64(1);
    __m512i turned[K];
    for (std::size_t k = 0; k < K; ++k)
        turned[k] = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[k], width)));
    std::size_t j = 0;
    for (; j + 8 <= ny; j += 8) {
        const __m512i y = _mm512_loadu_si512(ys + j);
        for (std::size_t k = 0; k < K; ++k)
            fits[k] = _mm512_mask_add_epi64(fits[k], _mm512_testn_epi64_mask(y, turned[k]), fits[k], one);
    }
    if (j < ny) {
        const auto live = static_cast<__mmask8>((1u << (ny - j)) - 1);
        const __m512i y = _mm512_maskz_loadu_epi64(live, ys + j);
        for (std::size_t k = 0; k < K; ++k)
            fits[k] = _mm512_mask_add_epi64(fits[k], _mm512_mask_testn_epi64_mask(live, y, turned[k]),
                                            fits[k], one);
    }
}

// count_fits_block for keys of at most 32 bits, ys[0 .. ny) narrowed to
// 32 bits: 16 ys a load, so half the instructions per pair.
template <std::size_t K>
inline void count_fits_block_narrow(const diagonal_key* xs, const std::uint32_t* ys, std::size_t ny,
                                    int width, __m512i (&fits)[8]) noexcept
{
    const __m512i one = _mm512_set1_epi32(1);
    __m512i turned[K];
    for (std::size_t k = 0; k < K; ++k)
        turned[k] = _mm512_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(turned_key(xs[k], width))));
    std::size_t j = 0;
    for (; j + 16 <= ny; j += 16) {
        const __m512i y = _mm512_loadu_si512(ys + j);
        for (std::size_t k = 0; k < K; ++k)
            fits[k] = _mm512_mask_add_epi32(fits[k], _mm512_testn_epi32_mask(y, turned[k]), fits[k], one);
    }
    if (j < ny) {
        const auto live = static_cast<__mmask16>((1u << (ny - j)) - 1);
        const __m512i y = _mm512_maskz_loadu_epi32(live, ys + j);
        for (std::size_t k = 0; k < K; ++k)
            fits[k] = _mm512_mask_add_epi32(fits[k], _mm512_mask_testn_epi32_mask(live, y, turned[k]),
                                            fits[k], one);
    }
}

// The pairs of xs[0 .. nx) and ys[0 .. ny) that fit, for keys of at most 32
// bits (n <= 18) and ny <= 1024: the ys narrowed once, then as above with
// 32-bit lanes (each lane's count stays far below 2^32).
inline std::uint64_t count_fits_direct_narrow(const diagonal_key* xs, std::size_t nx, const diagonal_key* ys,
                                              std::size_t ny, int width) noexcept
{
    alignas(64) std::array<std::uint32_t, 1024> narrow;  // not cleared: all lanes read are written
    const __mmask8 all = 0xFF;
    for (std::size_t j = 0; j < ny; j += 8) {
        const auto live = static_cast<__mmask8>(ny - j >= 8 ? 0xFF : (1u << (ny - j)) - 1);
        _mm256_store_si256(reinterpret_cast<__m256i*>(narrow.data() + j),
                           _mm512_maskz_cvtepi64_epi32(all, _mm512_maskz_loadu_epi64(live, ys + j)));
    }
    __m512i fits[8];  // C arrays: std::array drops the vector type's attributes
    for (__m512i& lanes : fits) lanes = _mm512_setzero_si512();
    std::size_t i = 0;
    for (; i + 8 <= nx; i += 8) count_fits_block_narrow<8>(xs + i, narrow.data(), ny, width, fits);
    if (nx - i >= 4) {
        count_fits_block_narrow<4>(xs + i, narrow.data(), ny, width, fits);
        i += 4;
    }
    if (nx - i >= 2) {
        count_fits_block_narrow<2>(xs + i, narrow.data(), ny, width, fits);
        i += 2;
    }
    if (nx - i >= 1) count_fits_block_narrow<1>(xs + i, narrow.data(), ny, width, fits);
    alignas(64) std::array<std::uint32_t, 16> lanes{};
    __m512i sum = fits[0];
    for (std::size_t k = 1; k < 8; ++k) sum = _mm512_add_epi32(sum, fits[k]);
    _mm512_store_si512(lanes.data(), sum);
    std::uint64_t total = 0;
    for (const std::uint32_t lane : lanes) total += lane;
    return total;
}

// The number of pairs of xs[0 .. nx) and ys[0 .. ny) with turned(x) & y
// == 0, for run time only (count_fits_direct in join/pairs/count_pairs.hpp calls it
// where the compiler may use AVX-512). Each load of 8 ys is tested against
// 8 turned xs, and the fits are counted lane by lane in vector registers: a
// few instructions per 64 pairs, where GCC 12's own vectorization of the
// plain loop (one x at a time, a scalar tail per x) takes several times as
// many on the small groups the direct count gets.
inline std::uint64_t count_fits_direct_avx512(const diagonal_key* xs, std::size_t nx, const diagonal_key* ys,
                                              std::size_t ny, int width) noexcept
{
    if (2 * width <= 32 && ny <= 1024) return count_fits_direct_narrow(xs, nx, ys, ny, width);
    __m512i fits[8];  // C arrays: std::array drops the vector type's attributes
    for (__m512i& lanes : fits) lanes = _mm512_setzero_si512();
    std::size_t i = 0;
    for (; i + 8 <= nx; i += 8) count_fits_block<8>(xs + i, ys, ny, width, fits);
    if (nx - i >= 4) {
        count_fits_block<4>(xs + i, ys, ny, width, fits);
        i += 4;
    }
    if (nx - i >= 2) {
        count_fits_block<2>(xs + i, ys, ny, width, fits);
        i += 2;
    }
    if (nx - i >= 1) count_fits_block<1>(xs + i, ys, ny, width, fits);
    // Summed through memory: GCC 12's _mm512_reduce_add_epi64 trips -Wmaybe-uninitialized.
    alignas(64) std::array<std::uint64_t, 8> lanes{};
    __m512i sum = fits[0];
    for (std::size_t k = 1; k < 8; ++k) sum = _mm512_add_epi64(sum, fits[k]);
    _mm512_store_si512(lanes.data(), sum);
    std::uint64_t total = 0;
    for (const std::uint64_t lane : lanes) total += lane;
    return total;
}
#endif

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_PAIRS_DIRECT_AVX512_HPP
