// SPDX-License-Identifier: BSL-1.0
// The boards themselves: for_each_solution, solutions<N>, first_solution and their distinct forms.
#ifndef NQUEENS_SOLUTIONS_HPP
#define NQUEENS_SOLUTIONS_HPP

#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/detail/compile_time/solutions.hpp>
#include <nqueens/detail/search/enumerate.hpp>
#include <nqueens/detail/search/kernel.hpp>
#include <nqueens/domain.hpp>

#include <cstdint>
#include <optional>
#include <type_traits>

namespace nqueens {

// Calls f(const board&) with every solution for an n x n board, in
// lexicographic order of the columns (the order of the kernel's depth-first
// search, lowest column first). f returns void, or a bool: false stops the
// enumeration. Returns how many solutions f was given.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Nothing is stored: memory is O(n) whatever the count. Cost: the kernel's
// plain search (every queen placement: several times the work of
// count_queens(n), which uses the symmetry) plus O(n) per solution;
// milliseconds for n = 12. Usable in a constant expression, with a callback
// that does little, for n <= 10 on Clang 14 and n <= 11 on GCC 12 with
// default limits.
//
//     nqueens::for_each_solution(8, [](const nqueens::board& b) { use(b); });  // 92 calls
//     nqueens::for_each_solution(30, [](const nqueens::board& b) { use(b); return false; });  // one
template <class F>
constexpr std::uint64_t for_each_solution(int n, F&& f)
{
    static_assert(std::is_invocable_v<F&, const board&>,
                  "nqueens::for_each_solution(n, f) requires f(const nqueens::board&)");
    check_domain(n);
    std::uint64_t given = 0;
    auto counted = [&](const board& b) {
        ++given;
        return detail::deliver(f, b);
    };
    detail::enumerate_completions(detail::full_mask(n), detail::partial{}, nullptr, counted);
    return given;
}

// Calls f(const board&) with one solution from every class of solutions
// equivalent under rotation and reflection: the canonical one, the
// lexicographically smallest of its 8 images (canonical_form() in
// canonical.hpp). In lexicographic order; f may stop the enumeration as in
// for_each_solution(). Returns how many solutions f was given.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost: half of for_each_solution()'s search (a canonical solution starts in
// the left half) plus an O(n) symmetry check per solution found there. For
// n = 8 f is called 12 times (OEIS A002562).
//
//     nqueens::for_each_distinct_solution(8, [](const nqueens::board& b) { use(b); });  // 12 calls
template <class F>
constexpr std::uint64_t for_each_distinct_solution(int n, F&& f)
{
    static_assert(std::is_invocable_v<F&, const board&>,
                  "nqueens::for_each_distinct_solution(n, f) requires f(const nqueens::board&)");
    check_domain(n);
    std::uint64_t given = 0;
    auto canonical_only = [&](const board& b) {
        if (!detail::is_canonical_permutation(b)) return true;
        ++given;
        return detail::deliver(f, b);
    };
    const detail::mask_t all = detail::full_mask(n);
    // A canonical solution starts in the left half: its mirror image starts at n - 1 - b[0].
    for (int col = 0; col < (n + 1) / 2; ++col) {
        const detail::trail first{col, nullptr};
        const auto masks = detail::partial{}.place(detail::mask_t{1} << col);
        if (!detail::enumerate_completions(all, masks, &first, canonical_only)) break;
    }
    return given;
}

// The largest N that solutions<N>() and distinct_solutions<N>() bake. Past it
// the final table (365,596 boards for N = 14) no longer fits Clang 14's
// 1,048,576-step budget for one constant evaluation, and GCC 12 needs many
// gigabytes; use for_each_solution() at run time instead.
inline constexpr int max_baked_n = 13;

// Every solution for an N x N board, computed by the compiler: a reference to
// a constexpr std::array<board, count_queens(N)>, in lexicographic order (the
// order of for_each_solution()). Each board takes 33 bytes of the binary.
//
// Requires 1 <= N <= 13 (a static_assert says so). Compiles with the default
// limits of GCC 12 and Clang 14 (no flags) up to N = 13: about a second up
// to N = 10, seconds for N = 11, tens of seconds for N = 12 and a minute or
// more for N = 13, with up to about 2 GB on GCC (measured figures:
// docs/benchmarks.md). The table is built by many separate constant evaluations (one
// per placement of the first rows), so no single one exceeds the compilers'
// budgets.
//
//     static_assert(nqueens::solutions<8>().size() == 92);
//     for (const nqueens::board& b : nqueens::solutions<8>()) use(b);
template <int N>
constexpr const auto& solutions() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::solutions<N>() requires 1 <= N <= 32");
    static_assert(N <= max_baked_n,
                  "nqueens::solutions<N>() is baked only up to N = 13; "
                  "use for_each_solution(n, f) at run time");
    return detail::solution_table<(N >= min_n && N <= max_baked_n ? N : 1), false>;
}

// The distinct solutions for an N x N board, computed by the compiler: one
// canonical board per symmetry class (as for_each_distinct_solution()), as a
// constexpr std::array in lexicographic order.
//
// Requires 1 <= N <= 13 (a static_assert says so). Built by filtering the
// table of solutions<N>() (so it costs that table plus about a quarter more;
// see solutions<N>() for the times).
//
//     static_assert(nqueens::distinct_solutions<8>().size() == 12);
template <int N>
constexpr const auto& distinct_solutions() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::distinct_solutions<N>() requires 1 <= N <= 32");
    static_assert(N <= max_baked_n,
                  "nqueens::distinct_solutions<N>() is baked only up to N = 13; "
                  "use for_each_distinct_solution(n, f) at run time");
    return detail::solution_table<(N >= min_n && N <= max_baked_n ? N : 1), true>;
}

// One solution for an n x n board, by an explicit construction rather than a
// search (the first solution a search finds costs 56 million queen placements
// at n = 30): the rows take the even columns 2, 4, ... (1-based) in order,
// then the odd ones 1, 3, ..., with the classical corrections when n % 6 is 2
// (odd part 3, 1, 7, 9, ..., 5) or 3 (even part 4, 6, ..., 2; odd part
// 5, 7, ..., 1, 3): Hoffman, Loessi and Moore, Mathematics Magazine 42 (1969).
// It is not in general the lexicographically first solution.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// n = 2 and n = 3 have no solution: the result is std::nullopt. Cost: O(n),
// at compile time as at run time.
//
//     auto b = nqueens::first_solution(8);   // board{1, 3, 5, 7, 2, 0, 6, 4}
//     auto none = nqueens::first_solution(3);  // std::nullopt
constexpr std::optional<board> first_solution(int n)
{
    check_domain(n);
    if (n == 2 || n == 3) return std::nullopt;
    board b;
    const int r = n % 6;
    auto add = [&](int one_based) { b.push_back(one_based - 1); };
    // Even columns.
    for (int c = r == 3 ? 4 : 2; c <= n; c += 2) add(c);
    if (r == 3) add(2);
    // Odd columns.
    if (r == 2) {
        add(3);
        add(1);
        for (int c = 7; c <= n; c += 2) add(c);
        add(5);
    } else if (r == 3) {
        for (int c = 5; c <= n; c += 2) add(c);
        add(1);
        add(3);
    } else {
        for (int c = 1; c <= n; c += 2) add(c);
    }
    return b;
}

// first_solution(N), always answered by the compiler.
//
// Requires 1 <= N <= 32 (a static_assert says so); std::nullopt for N = 2, 3.
// Clang 19's -fexperimental-new-constant-interpreter cannot read the value of
// a std::optional in a constant expression (has_value() works): a defect of
// that interpreter (docs/design/compile-time.md).
//
//     constexpr nqueens::board b = *nqueens::first_solution<32>();
template <int N>
constexpr std::optional<board> first_solution() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::first_solution<N>() requires 1 <= N <= 32");
    constexpr std::optional<board> b = first_solution(N >= min_n && N <= max_n ? N : 1);
    return b;
}

}  // namespace nqueens

#endif  // NQUEENS_SOLUTIONS_HPP
