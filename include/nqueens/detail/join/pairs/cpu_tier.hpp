// SPDX-License-Identifier: BSL-1.0
// cpu_tier: which of the join's builds for wider instruction sets this CPU can run, asked once at run time.
#ifndef NQUEENS_DETAIL_JOIN_PAIRS_CPU_TIER_HPP
#define NQUEENS_DETAIL_JOIN_PAIRS_CPU_TIER_HPP

#include <cstdint>

// The join's pair count is popcounts. Compiled for the x86-64 baseline (no
// -march), a popcount is a call into libgcc on GCC and a dozen instructions
// on Clang: a large task of the join takes about 5x as long on GCC as with
// the POPCNT instruction and 7x as long as with AVX-512's vector popcount
// (VPOPCNTDQ: Ice Lake, Zen 4 and later); on Clang 1.5x and 2.5x. So that
// users need no special flags, the pair count is also compiled for those
// instruction sets and for AVX2 (Haswell, Zen 1 and later), as functions of their own ([[gnu::target]],
// join/pairs/count_pairs.hpp), and picks one at run time where the CPU has it. A build
// for a set the translation unit already has (as -march=native may give) is
// left out. Defining NQUEENS_NO_CPU_DISPATCH before the first include
// switches it all off.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(NQUEENS_NO_CPU_DISPATCH)
#define NQUEENS_CPU_DISPATCH 1
#else
#define NQUEENS_CPU_DISPATCH 0
#endif
// Whether this translation unit builds the join for each tier of its own.
#if NQUEENS_CPU_DISPATCH && !defined(__POPCNT__)
#define NQUEENS_CPU_TIER_POPCNT 1
#else
#define NQUEENS_CPU_TIER_POPCNT 0
#endif
#if NQUEENS_CPU_DISPATCH && !defined(__AVX2__)
#define NQUEENS_CPU_TIER_AVX2 1
#else
#define NQUEENS_CPU_TIER_AVX2 0
#endif
#if NQUEENS_CPU_DISPATCH && !(defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__))
#define NQUEENS_CPU_TIER_VPOPCNT 1
#else
#define NQUEENS_CPU_TIER_VPOPCNT 0
#endif
// Whether the sliced count's AVX2 loop (join/pairs/count_pairs.hpp) is
// built: for the AVX2 tier, or where the translation unit has AVX2 but not
// AVX-512's popcount (with it, the plain loop vectorizes better).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    (NQUEENS_CPU_TIER_AVX2 ||                                           \
     (defined(__AVX2__) && !(defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__))))
#define NQUEENS_AVX2_SLICES 1
#else
#define NQUEENS_AVX2_SLICES 0
#endif
// The instruction sets of the builds: the AVX2 one counts the bits of 4
// words at once by nibble lookups, the last adds what GCC and Clang need
// for AVX-512's popcount of 4 or 8 words.
#define NQUEENS_TARGET_POPCNT "popcnt,sse4.2"
#define NQUEENS_TARGET_AVX2 "popcnt,sse4.2,avx2"
#define NQUEENS_TARGET_VPOPCNT "popcnt,bmi,bmi2,avx2,avx512f,avx512vl,avx512vpopcntdq"

namespace nqueens::detail {

// The builds of the pair count, narrowest first: a CPU that runs one runs
// those before it. `best` asks for the widest the CPU has; the others cap
// the choice (the tests compare them).
enum class cpu_tier : std::uint8_t { best, baseline, popcnt, avx2, vpopcnt };

// The widest tier this CPU has, asked once and kept. baseline where the
// builds are switched off.
inline cpu_tier host_cpu_tier() noexcept
{
#if NQUEENS_CPU_DISPATCH
    static const cpu_tier tier = [] {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
            __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2") &&
            __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
            __builtin_cpu_supports("avx512vpopcntdq"))
            return cpu_tier::vpopcnt;
        if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.2") &&
            __builtin_cpu_supports("avx2"))
            return cpu_tier::avx2;
        return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.2") ? cpu_tier::popcnt
                                                                                    : cpu_tier::baseline;
    }();
    return tier;
#else
    return cpu_tier::baseline;
#endif
}

// The widest tier this translation unit is compiled for (-march): what its
// baseline build runs.
constexpr cpu_tier compiled_cpu_tier() noexcept
{
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__) && defined(__AVX2__) && defined(__POPCNT__)
    return cpu_tier::vpopcnt;
#elif defined(__AVX2__) && defined(__POPCNT__)
    return cpu_tier::avx2;
#elif defined(__POPCNT__)
    return cpu_tier::popcnt;
#else
    return cpu_tier::baseline;
#endif
}

// The tier to run for a request: the one asked for, unless this CPU lacks
// it; baseline at once where this translation unit builds no other tier.
inline cpu_tier usable_cpu_tier(cpu_tier wanted) noexcept
{
    if constexpr (!NQUEENS_CPU_TIER_POPCNT && !NQUEENS_CPU_TIER_AVX2 && !NQUEENS_CPU_TIER_VPOPCNT)
        return cpu_tier::baseline;
    const cpu_tier host = host_cpu_tier();
    return wanted == cpu_tier::best || wanted > host ? host : wanted;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_PAIRS_CPU_TIER_HPP
