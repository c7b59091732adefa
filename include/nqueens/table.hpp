// make_table and counts_table: counts for a range of n, computed by the compiler through Boost.Hana.
#ifndef NQUEENS_TABLE_HPP
#define NQUEENS_TABLE_HPP

#include <nqueens/count.hpp>

#include <boost/hana/integral_constant.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/transform.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace nqueens {

// The counts for n = First .. Last as a std::array (element i is n = First + i),
// every one computed by count_queens<N>() at compile time.
//
// Requires 1 <= First <= Last <= 32. Costs what the count_queens<N>() it asks
// for cost: about 3 s for 1..12 on GCC 12 or Clang 14.
//
//     constexpr auto t = nqueens::make_table<1, 8>();  // {1, 0, 0, 2, 10, 4, 40, 92}
template <int First, int Last>
constexpr auto make_table() noexcept
{
    static_assert(First >= min_n && First <= Last && Last <= max_n,
                  "nqueens::make_table<First, Last>() requires 1 <= First <= Last <= 32");
    namespace hana = boost::hana;
    constexpr auto sizes = hana::to_tuple(hana::make_range(hana::int_c<First>, hana::int_c<Last + 1>));
    constexpr auto counts = hana::transform(
        sizes, [](auto n) { return hana::integral_c<std::uint64_t, count_queens<decltype(n)::value>()>; });
    return hana::unpack(counts, [](auto... count) {
        return std::array<std::uint64_t, sizeof...(count)>{decltype(count)::value...};
    });
}

// The first size in counts_table, and the baked counts for n = 1 .. 12.
inline constexpr int table_first_n = 1;
inline constexpr int table_last_n = 12;
inline constexpr auto counts_table = make_table<table_first_n, table_last_n>();

}  // namespace nqueens

#endif  // NQUEENS_TABLE_HPP
