// SPDX-License-Identifier: BSL-1.0
// count128: the unsigned 128-bit whole number that sums of counts are kept in, usable in constant
// expressions.
#ifndef NQUEENS_COUNT128_HPP
#define NQUEENS_COUNT128_HPP

#include <compare>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nqueens {

// An unsigned whole number below 2^128, for the counts that 64 bits do not
// hold: the total of n = 29 (about 3 * 10^19) passes 2^64 (about 1.8 *
// 10^19), and the queens placed pass it sooner; n = 32's total is about
// 10^23. A plain struct of two 64-bit halves rather than the compilers'
// `unsigned __int128`, which -Wpedantic refuses and not every compiler
// has. Made from a std::uint64_t implicitly, so that `c == 92` and
// `c += task.total` read as they would with a built-in type; adding throws
// std::overflow_error rather than wrap (no count of n <= 32 comes near).
//
//     nqueens::count128 sum = 18446744073709551615u;  // 2^64 - 1
//     sum += 1;                                        // sum.high == 1, sum.low == 0
//     nqueens::to_string(sum)                          // "18446744073709551616"
struct count128 {
    std::uint64_t high = 0;  // the value is high * 2^64 + low
    std::uint64_t low = 0;

    constexpr count128() noexcept = default;
    constexpr count128(std::uint64_t value) noexcept : low(value) {}  // NOLINT: implicit on purpose
    constexpr count128(std::uint64_t high_half, std::uint64_t low_half) noexcept
        : high(high_half), low(low_half)
    {
    }

    // Whether the value is below 2^64 (then `low` is all of it).
    constexpr bool fits_64() const noexcept { return high == 0; }

    // The value as a std::uint64_t; throws std::overflow_error unless fits_64().
    constexpr std::uint64_t to_u64() const
    {
        if (high != 0) throw std::overflow_error("nqueens: the count does not fit in 64 bits");
        return low;
    }

    // The value as a double, rounded (for rates and fractions).
    constexpr double to_double() const noexcept
    {
        return static_cast<double>(high) * 18446744073709551616.0 + static_cast<double>(low);
    }

    constexpr count128& operator+=(const count128& b)
    {
        const std::uint64_t low_sum = low + b.low;
        const std::uint64_t carry = low_sum < low ? 1 : 0;
        if (b.high > ~std::uint64_t{0} - high || (carry != 0 && high + b.high == ~std::uint64_t{0}))
            throw std::overflow_error("nqueens: the count does not fit in 128 bits");
        high += b.high + carry;
        low = low_sum;
        return *this;
    }

    friend constexpr count128 operator+(count128 a, const count128& b) { return a += b; }

    // The value times `m` (a weight or a small factor); throws std::overflow_error rather than wrap.
    friend constexpr count128 operator*(const count128& a, std::uint32_t m)
    {
        // Four 32-bit limbs, low first, each times m plus the carry: fits in 64 bits.
        const std::uint64_t limbs[4] = {a.low & 0xffffffffu, a.low >> 32, a.high & 0xffffffffu, a.high >> 32};
        std::uint64_t out[4] = {};
        std::uint64_t carry = 0;
        for (int i = 0; i < 4; ++i) {
            const std::uint64_t v = limbs[i] * m + carry;
            out[i] = v & 0xffffffffu;
            carry = v >> 32;
        }
        if (carry != 0) throw std::overflow_error("nqueens: the count does not fit in 128 bits");
        return {out[3] << 32 | out[2], out[1] << 32 | out[0]};
    }

    // The quotient and remainder of a division by `d` (1 <= d < 2^32).
    struct division;
    constexpr division divided_by(std::uint32_t d) const noexcept;

    friend constexpr bool operator==(const count128&, const count128&) = default;
    friend constexpr std::strong_ordering operator<=>(const count128&, const count128&) = default;
};

struct count128::division {
    count128 quotient;
    std::uint32_t remainder = 0;
};

constexpr count128::division count128::divided_by(std::uint32_t d) const noexcept
{
    // Long division by 32-bit limbs, high first: each step's dividend
    // (remainder * 2^32 + limb) fits in 64 bits.
    const std::uint64_t limbs[4] = {high >> 32, high & 0xffffffffu, low >> 32, low & 0xffffffffu};
    std::uint64_t q[4] = {};
    std::uint64_t r = 0;
    for (int i = 0; i < 4; ++i) {
        const std::uint64_t v = r << 32 | limbs[i];
        q[i] = v / d;
        r = v % d;
    }
    return {count128{q[0] << 32 | q[1], q[2] << 32 | q[3]}, static_cast<std::uint32_t>(r)};
}

// The value in decimal, e.g. "92" or "34349208867289406751" (n = 29's
// order of magnitude): what the command line prints and records keep.
inline std::string to_string(count128 v)
{
    if (v.fits_64()) return std::to_string(v.low);
    char digits[40];
    int at = 40;
    do {
        const count128::division d = v.divided_by(10);
        digits[--at] = static_cast<char>('0' + d.remainder);
        v = d.quotient;
    } while (v != count128{});
    return std::string(digits + at, digits + 40);
}

// The number `text` writes in decimal as to_string does (digits only, no
// sign, no leading zero but for "0" itself), or std::nullopt for anything
// else or a value of 2^128 or more.
constexpr std::optional<count128> count128_from_decimal(std::string_view text)
{
    if (text.empty() || text.size() > 39 || (text.size() > 1 && text.front() == '0')) return std::nullopt;
    count128 v;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        // v * 10 + digit, refusing 2^128 and more rather than throwing.
        if (v > count128{0x1999999999999999u, 0x9999999999999999u}) return std::nullopt;  // (2^128 - 1) / 10
        const count128 tenfold = v * 10u;
        const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
        if (tenfold.high == ~std::uint64_t{0} && tenfold.low > ~std::uint64_t{0} - digit) return std::nullopt;
        v = tenfold + count128{digit};
    }
    return v;
}

}  // namespace nqueens

#endif  // NQUEENS_COUNT128_HPP
