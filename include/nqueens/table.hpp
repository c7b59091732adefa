// SPDX-License-Identifier: BSL-1.0
// make_table and counts_table: counts for a range of n, computed by the compiler through Boost.Hana.
#ifndef NQUEENS_TABLE_HPP
#define NQUEENS_TABLE_HPP

#include <nqueens/count.hpp>

#include <boost/hana/integral_constant.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/unpack.hpp>

#include <array>
#include <cstdint>

namespace nqueens {

// Which count a table holds: all solutions (OEIS A000170), or the distinct
// ones (OEIS A002562).
enum class table_of : std::uint8_t { totals, distinct };

// The counts for n = First .. Last as a std::array (element i is n = First + i),
// every one computed by count_queens<N>() (or count_distinct<N>()) at compile
// time: hana::range holds the sizes as types, and hana::unpack hands them
// to a lambda that expands them into the array's elements.
//
// Requires 1 <= First <= Last <= 32. Costs what the count_queens<N>() it asks
// for cost (seconds for 1..12); the distinct table of a range costs little
// more than its totals, and nothing more once they are computed.
//
//     constexpr auto t = nqueens::make_table<1, 8>();  // {1, 0, 0, 2, 10, 4, 40, 92}
//     constexpr auto d = nqueens::make_table<1, 8, nqueens::table_of::distinct>();  // {1, 0, 0, 1, 2, 1, 6,
//     12}
template <int First, int Last, table_of Of = table_of::totals>
constexpr auto make_table() noexcept
{
    static_assert(First >= min_n && First <= Last && Last <= max_n,
                  "nqueens::make_table<First, Last>() requires 1 <= First <= Last <= 32");
    // Qualified names, no namespace alias: Clang 19's new constant interpreter
    // rejects a constexpr function whose body declares one (detail/search/kernel.hpp).
    return boost::hana::unpack(
        boost::hana::make_range(boost::hana::int_c<First>, boost::hana::int_c<Last + 1>), [](auto... n) {
            if constexpr (Of == table_of::totals)
                return std::array<std::uint64_t, sizeof...(n)>{count_queens<decltype(n)::value>()...};
            else
                return std::array<std::uint64_t, sizeof...(n)>{count_distinct<decltype(n)::value>()...};
        });
}

// The sizes of the baked tables: n = 1 .. 12.
inline constexpr int table_first_n = 1;
inline constexpr int table_last_n = 12;

// The baked table: the counts for n = 1 .. 12, totals unless asked for the
// distinct ones. A function template, not a variable, and its body depends
// on the template argument, so the compiler computes the table only in a
// file that calls it: including this header costs nothing.
//
//     static_assert(nqueens::counts_table()[7] == 92);  // n = 8
//     static_assert(nqueens::counts_table<nqueens::table_of::distinct>()[7] == 12);
template <table_of Of = table_of::totals>
constexpr auto counts_table() noexcept
{
    return make_table<table_first_n, table_last_n, Of>();
}

}  // namespace nqueens

#endif  // NQUEENS_TABLE_HPP
