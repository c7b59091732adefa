// count_queens(n) at run time: OEIS values, the domain and its error.
#include "oeis.hpp"

#include <nqueens/count.hpp>
#include <nqueens/detail/search.hpp>
#include <nqueens/detail/split.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

TEST_CASE("count_queens(n) at run time equals OEIS A000170 for n = 1..16", "[count][runtime]")
{
    for (int n = 1; n <= 16; ++n) {
        INFO("n = " << n);
        CHECK(nqueens::count_queens(n) == nqueens::test::total(n));
    }
}

TEST_CASE("count_queens(n) rejects n outside 1..32 with the domain sentence", "[count][domain]")
{
    for (const int n : {0, -1, 33, 1000}) {
        INFO("n = " << n);
        CHECK_THROWS_MATCHES(nqueens::count_queens(n), std::domain_error,
                             Catch::Matchers::Message("nqueens: n must be between 1 and 32"));
    }
    CHECK(std::string(nqueens::domain_message) == "nqueens: n must be between 1 and 32");
    CHECK_NOTHROW(nqueens::check_domain(1));
    CHECK_NOTHROW(nqueens::check_domain(32));
}

TEST_CASE("the sub-problems of every split add up to the same total", "[count][split]")
{
    for (int n = 1; n <= 11; ++n) {
        for (int depth = 1; depth <= 5; ++depth) {
            std::uint64_t sum = 0;
            nqueens::detail::for_each_subproblem(n, depth, [&](const nqueens::detail::subproblem& s) {
                sum += s.weight * nqueens::detail::count_completions(n, s.board).solutions;
            });
            INFO("n = " << n << ", depth = " << depth);
            CHECK(sum == nqueens::test::total(n));
        }
    }
}

TEST_CASE("the kernel counts the queens it places", "[count][nodes]")
{
    // With the first row halved by mirror symmetry, n = 12 places 428,094
    // queens, the figure public mirror-halving counters report.
    std::uint64_t nodes = 0;
    nqueens::detail::for_each_subproblem(12, 1, [&](const nqueens::detail::subproblem& s) {
        nodes += 1 + nqueens::detail::count_completions<true>(12, s.board).nodes;
    });
    CHECK(nodes == 428094);
}

TEST_CASE("a complete board has exactly one completion", "[count][kernel]")
{
    using namespace nqueens::detail;
    // 4 queens at columns 1, 3, 0, 2.
    partial p{};
    for (const int col : {1, 3, 0, 2}) p = p.place(mask_t{1} << col);
    CHECK(count_completions(4, p).solutions == 1);
    // A dead end: column 0 then column 1 on a 4 x 4 board.
    const partial dead = partial{}.place(1).place(2);
    CHECK(count_completions(4, dead).solutions == 0);
}
