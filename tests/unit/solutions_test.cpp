// SPDX-License-Identifier: BSL-1.0
// for_each_solution, for_each_distinct_solution, solutions<N>, distinct_solutions<N>, first_solution.
#include "support/oeis.hpp"

#include <nqueens/canonical.hpp>
#include <nqueens/count.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/verify.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using nqueens::board;
using nqueens::test::distinct;
using nqueens::test::total;

namespace {

// Every board a solution, in strictly increasing order (so no two equal).
template <class Boards>
constexpr bool all_solutions_in_order(const Boards& boards)
{
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (!nqueens::is_solution(boards[i])) return false;
        if (i != 0 && !(boards[i - 1] < boards[i])) return false;
    }
    return true;
}

// Every board canonical and the classes they stand for adding up to all solutions.
template <class Boards>
constexpr std::uint64_t class_total(const Boards& boards)
{
    std::uint64_t sum = 0;
    for (const board& b : boards)
        if (nqueens::is_canonical(b)) sum += static_cast<std::uint64_t>(nqueens::class_size(b));
    return sum;
}

// One static_assert per property: each is a constant evaluation with its own budget.
#define NQUEENS_CHECK_TABLES(N)                                              \
    static_assert(nqueens::solutions<N>().size() == total(N));               \
    static_assert(nqueens::distinct_solutions<N>().size() == distinct(N));   \
    static_assert(all_solutions_in_order(nqueens::solutions<N>()));          \
    static_assert(all_solutions_in_order(nqueens::distinct_solutions<N>())); \
    static_assert(class_total(nqueens::distinct_solutions<N>()) == total(N))

constexpr bool first_solutions_valid()
{
    for (int n = 1; n <= 32; ++n) {
        const auto b = nqueens::first_solution(n);
        if (b.has_value() != (n != 2 && n != 3)) return false;
        if (b && (b->size() != n || !nqueens::is_solution(*b))) return false;
    }
    return true;
}

}  // namespace

// The compile-time tables: sizes from OEIS, every board a solution, sorted,
// and the distinct ones canonical and standing for every solution.
NQUEENS_CHECK_TABLES(1);
NQUEENS_CHECK_TABLES(2);
NQUEENS_CHECK_TABLES(3);
NQUEENS_CHECK_TABLES(4);
NQUEENS_CHECK_TABLES(5);
NQUEENS_CHECK_TABLES(6);
NQUEENS_CHECK_TABLES(7);
NQUEENS_CHECK_TABLES(8);
NQUEENS_CHECK_TABLES(9);
NQUEENS_CHECK_TABLES(10);

static_assert(nqueens::solutions<8>().size() == 92);
static_assert(nqueens::distinct_solutions<8>().size() == 12);
static_assert(nqueens::solutions<10>().size() == 724);
static_assert(nqueens::solutions<4>()[0] == board{1, 3, 0, 2});
static_assert(nqueens::solutions<4>()[1] == board{2, 0, 3, 1});
static_assert(nqueens::distinct_solutions<4>()[0] == board{1, 3, 0, 2});
static_assert(nqueens::solutions<8>()[0] == board{0, 4, 7, 5, 2, 6, 1, 3});
static_assert(nqueens::solutions<8>()[91] == board{7, 3, 0, 2, 5, 1, 6, 4});

// first_solution: a valid board for every n but 2 and 3, at compile time.
// Clang 19's new constant interpreter cannot read a std::optional's value
// (tests/unit/detail/search/new_interpreter_test.cpp, defect 3).
#ifndef NQUEENS_TEST_NEW_INTERPRETER
static_assert(first_solutions_valid());
static_assert(*nqueens::first_solution<1>() == board{0});
static_assert(*nqueens::first_solution<4>() == board{1, 3, 0, 2});
static_assert(*nqueens::first_solution<8>() == board{1, 3, 5, 7, 2, 0, 6, 4});
static_assert(nqueens::is_solution(*nqueens::first_solution<32>()));
#endif
static_assert(nqueens::first_solution<8>().has_value());
static_assert(!nqueens::first_solution<2>().has_value());
static_assert(!nqueens::first_solution<3>().has_value());

// The enumerators in constant expressions, for small n.
static_assert(nqueens::for_each_solution(8, [](const board&) {}) == 92);
static_assert(nqueens::for_each_distinct_solution(8, [](const board&) {}) == 12);

TEST_CASE("for_each_solution gives count_queens(n) valid, different boards for n = 1..12", "[solutions]")
{
    for (int n = 1; n <= 12; ++n) {
        std::vector<board> seen;
        const auto given = nqueens::for_each_solution(n, [&](const board& b) { seen.push_back(b); });
        INFO("n = " << n);
        CHECK(given == total(n));
        CHECK(seen.size() == nqueens::count_queens(n));
        CHECK(all_solutions_in_order(seen));
        for (const board& b : seen) CHECK(b.size() == n);
    }
}

TEST_CASE("for_each_distinct_solution gives OEIS A002562 canonical boards, no two symmetric, for n = 1..12",
          "[solutions]")
{
    for (int n = 1; n <= 12; ++n) {
        std::vector<board> seen;
        const auto given = nqueens::for_each_distinct_solution(n, [&](const board& b) { seen.push_back(b); });
        INFO("n = " << n);
        CHECK(given == distinct(n));
        CHECK(seen.size() == distinct(n));
        CHECK(all_solutions_in_order(seen));
        // Each is its own canonical form and the forms are all different, so
        // no two are images of each other; their classes cover every solution.
        for (const board& b : seen) CHECK(nqueens::canonical_form(b) == b);
        CHECK(class_total(seen) == total(n));
    }
}

TEST_CASE("the distinct solutions are the canonical ones among all solutions", "[solutions]")
{
    for (int n = 1; n <= 10; ++n) {
        std::vector<board> canonical;
        nqueens::for_each_solution(n, [&](const board& b) {
            if (nqueens::is_canonical(b)) canonical.push_back(b);
        });
        std::vector<board> distinct_ones;
        nqueens::for_each_distinct_solution(n, [&](const board& b) { distinct_ones.push_back(b); });
        INFO("n = " << n);
        CHECK(canonical == distinct_ones);
    }
}

TEST_CASE("solutions<N>() and distinct_solutions<N>() hold what the enumerators give at run time",
          "[solutions][static]")
{
    std::vector<board> all;
    nqueens::for_each_solution(10, [&](const board& b) { all.push_back(b); });
    const auto& ten = nqueens::solutions<10>();
    CHECK(std::vector<board>(ten.begin(), ten.end()) == all);

    std::vector<board> unique;
    nqueens::for_each_distinct_solution(8, [&](const board& b) { unique.push_back(b); });
    const auto& eight = nqueens::distinct_solutions<8>();
    CHECK(std::vector<board>(eight.begin(), eight.end()) == unique);
}

TEST_CASE("a callback returning false stops the enumeration", "[solutions]")
{
    int calls = 0;
    const auto given = nqueens::for_each_solution(8, [&](const board&) { return ++calls < 5; });
    CHECK(calls == 5);
    CHECK(given == 5);

    std::optional<board> first;
    nqueens::for_each_solution(30, [&](const board& b) {
        first = b;
        return false;
    });
    REQUIRE(first);
    CHECK(first->size() == 30);
    CHECK(nqueens::is_solution(*first));

    calls = 0;
    CHECK(nqueens::for_each_distinct_solution(12, [&](const board&) { return ++calls < 3; }) == 3);
}

TEST_CASE("first_solution gives a valid board for n = 1 and 4..32 and nothing for 2 and 3", "[solutions]")
{
    for (int n = 1; n <= 32; ++n) {
        const auto b = nqueens::first_solution(n);
        INFO("n = " << n);
        if (n == 2 || n == 3) {
            CHECK_FALSE(b.has_value());
        } else {
            REQUIRE(b.has_value());
            CHECK(b->size() == n);
            CHECK(nqueens::is_solution(*b));
        }
    }
    CHECK(nqueens::first_solution(32) == nqueens::first_solution<32>());
}

TEST_CASE("sizes outside 1..32 throw std::domain_error with the domain sentence", "[solutions]")
{
    const auto ignore = [](const board&) {};
    for (const int n : {0, -1, 33}) {
        CHECK_THROWS_WITH(nqueens::for_each_solution(n, ignore), nqueens::domain_message);
        CHECK_THROWS_WITH(nqueens::for_each_distinct_solution(n, ignore), nqueens::domain_message);
        CHECK_THROWS_AS(nqueens::first_solution(n), std::domain_error);
    }
}
