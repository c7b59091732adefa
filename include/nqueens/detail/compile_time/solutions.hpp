// SPDX-License-Identifier: BSL-1.0
// The compile-time driver for solutions<N>(): one table of boards as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP

#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/detail/search/enumerate.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <array>
#include <cstddef>
#include <utility>

namespace nqueens::detail {

// Each constant evaluation has its own budget (GCC 12: 33,554,432 operations;
// Clang 14: 1,048,576 steps), and keeping the board costs more per queen than
// the counting kernel, so the table is split by its first rows: one variable
// per placement of those rows, each filled by an evaluation of its own.
constexpr int solutions_depth(int n) noexcept
{
    return n <= 8 ? 1 : 2;
}

constexpr std::size_t count_prefixes(int n)
{
    std::size_t k = 0;
    for_each_prefix(n, solutions_depth(n), [&k](const prefix&) { ++k; });
    return k;
}

template <int N>
constexpr auto make_prefixes()
{
    std::array<prefix, count_prefixes(N)> out{};
    std::size_t i = 0;
    for_each_prefix(N, solutions_depth(N), [&](const prefix& p) {
        out[i].masks = p.masks;
        board_access::copy_into_new(out[i++].rows, p.rows);
    });
    return out;
}

template <int N>
inline constexpr auto solution_prefixes = make_prefixes<N>();

template <std::size_t K>
constexpr std::array<board, K> fill_part(int n, const prefix& pre)
{
    std::array<board, K> out{};
    std::size_t k = 0;
    auto keep = [&](const trail* last, int rows) { write_board(out[k++], last, rows); };
    enumerate_completions(n, pre, keep);
    return out;
}

template <std::size_t M>
constexpr std::size_t count_canonical(const std::array<board, M>& all) noexcept
{
    std::size_t k = 0;
    for (const board& b : all) k += is_canonical_permutation(b) ? 1 : 0;
    return k;
}

template <std::size_t K, std::size_t M>
constexpr std::array<board, K> filter_canonical(const std::array<board, M>& all) noexcept
{
    std::array<board, K> out{};
    std::size_t k = 0;
    for (const board& b : all)
        if (is_canonical_permutation(b)) board_access::copy_into_new(out[k++], b);
    return out;
}

// One variable per part: each initializer is a constant evaluation of its own.
// The distinct solutions are filtered from the parts of the full table, which
// costs far less than a second search.
template <int N, bool Distinct, std::size_t I>
inline constexpr std::size_t part_size = count_completions(N, solution_prefixes<N>[I].masks).solutions;

template <int N, bool Distinct, std::size_t I>
inline constexpr auto part_solutions = fill_part<part_size<N, false, I>>(N, solution_prefixes<N>[I]);

template <int N, std::size_t I>
inline constexpr std::size_t part_size<N, true, I> = count_canonical(part_solutions<N, false, I>);

template <int N, std::size_t I>
inline constexpr auto part_solutions<N, true, I> =
    filter_canonical<part_size<N, true, I>>(part_solutions<N, false, I>);

template <std::size_t K>
constexpr std::size_t sum(std::array<std::size_t, K> xs) noexcept
{
    std::size_t total = 0;
    for (const std::size_t x : xs) total += x;
    return total;
}

// Joined through arrays, not folds: Clang 14 caps a fold at 256 terms.
template <int N, bool Distinct, std::size_t... I>
constexpr auto join_parts(std::index_sequence<I...>)
{
    constexpr std::array<std::size_t, sizeof...(I) + 1> sizes{std::size_t{0}, part_size<N, Distinct, I>...};
    constexpr std::size_t total = sum(sizes);
    const board* const starts[] = {nullptr, part_solutions<N, Distinct, I>.data()...};
    std::array<board, total> out{};
    std::size_t k = 0;
    for (std::size_t p = 1; p < sizeof...(I) + 1; ++p)
        for (std::size_t j = 0; j < sizes[p]; ++j) board_access::copy_into_new(out[k++], starts[p][j]);
    return out;
}

template <int N, bool Distinct>
inline constexpr auto solution_table =
    join_parts<N, Distinct>(std::make_index_sequence<solution_prefixes<N>.size()>{});

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP
