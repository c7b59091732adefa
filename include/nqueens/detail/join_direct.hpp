// The join's direct pair count in AVX-512: 4 tops against 8 turned tops a step.
#ifndef NQUEENS_DETAIL_JOIN_DIRECT_HPP
#define NQUEENS_DETAIL_JOIN_DIRECT_HPP

#include <nqueens/detail/join_halves.hpp>

#include <cstddef>
#include <cstdint>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace nqueens::detail {

#if defined(__AVX512F__)
// The number of pairs of xs[0 .. nx) and ys[0 .. ny) with turned(x) & y
// == 0, for run time only (count_fits_direct in join_kernel.hpp calls it
// where the compiler may use AVX-512). Each load of 8 ys is tested against
// 4 turned xs, and the fits are counted lane by lane in vector registers:
// a few instructions per 32 pairs, where GCC 12's own vectorization of the
// plain loop (one x at a time, a scalar tail per x) takes several times as
// many on the small groups the direct count gets.
inline std::uint64_t count_fits_direct_avx512(const diagonal_key* xs, std::size_t nx, const diagonal_key* ys,
                                              std::size_t ny, int width) noexcept
{
    const __m512i one = _mm512_set1_epi64(1);
    __m512i fits0 = _mm512_setzero_si512(), fits1 = fits0, fits2 = fits0, fits3 = fits0;
    const auto live_mask = [](std::size_t left) {
        return static_cast<__mmask8>(left >= 8 ? 0xFF : (1u << left) - 1);
    };
    std::size_t i = 0;
    for (; i + 4 <= nx; i += 4) {
        const __m512i x0 = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[i], width)));
        const __m512i x1 = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[i + 1], width)));
        const __m512i x2 = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[i + 2], width)));
        const __m512i x3 = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[i + 3], width)));
        for (std::size_t j = 0; j < ny; j += 8) {
            const __mmask8 live = live_mask(ny - j);
            const __m512i y = _mm512_maskz_loadu_epi64(live, ys + j);
            fits0 = _mm512_mask_add_epi64(fits0, _mm512_mask_testn_epi64_mask(live, y, x0), fits0, one);
            fits1 = _mm512_mask_add_epi64(fits1, _mm512_mask_testn_epi64_mask(live, y, x1), fits1, one);
            fits2 = _mm512_mask_add_epi64(fits2, _mm512_mask_testn_epi64_mask(live, y, x2), fits2, one);
            fits3 = _mm512_mask_add_epi64(fits3, _mm512_mask_testn_epi64_mask(live, y, x3), fits3, one);
        }
    }
    for (; i < nx; ++i) {
        const __m512i x = _mm512_set1_epi64(static_cast<long long>(turned_key(xs[i], width)));
        for (std::size_t j = 0; j < ny; j += 8) {
            const __mmask8 live = live_mask(ny - j);
            const __m512i y = _mm512_maskz_loadu_epi64(live, ys + j);
            fits0 = _mm512_mask_add_epi64(fits0, _mm512_mask_testn_epi64_mask(live, y, x), fits0, one);
        }
    }
    // Summed through memory: GCC 12's _mm512_reduce_add_epi64 trips -Wmaybe-uninitialized.
    alignas(64) std::uint64_t lanes[8];
    _mm512_store_si512(lanes, _mm512_add_epi64(_mm512_add_epi64(fits0, fits1), _mm512_add_epi64(fits2, fits3)));
    std::uint64_t fits = 0;
    for (const std::uint64_t lane : lanes) fits += lane;
    return fits;
}
#endif

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_DIRECT_HPP
