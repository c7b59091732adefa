// SPDX-License-Identifier: BSL-1.0
// subtotals_of and to_line: finished tasks as sub-problems of placed queens, the tasks of one set added up.
#include "support/oeis.hpp"

#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/subtotals.hpp>

#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <vector>

namespace {

std::vector<nqueens::finished_task> run_all(const nqueens::work_plan& plan)
{
    std::vector<nqueens::finished_task> tasks;
    for (std::size_t id = 0; id < plan.size(); ++id) tasks.push_back({id, plan.run(id).total});
    return tasks;
}

}  // namespace

TEST_CASE("the subtotals of every task add up to the total, one per set of queens", "[subtotals]")
{
    for (const int n : {8, 12, 15}) {
        const nqueens::work_plan plan(n);
        const auto lines = nqueens::subtotals_of(plan, run_all(plan));
        nqueens::count128 sum{};
        std::set<std::vector<int>> seen;
        for (const nqueens::subtotal& s : lines) {
            sum += s.count;
            CHECK(s.n == n);
            CHECK(s.queens.first_row + s.queens.rows / 2 == n / 2);  // the band sits in the middle
            seen.insert(std::vector<int>(s.queens.columns.begin(), s.queens.columns.end()));
        }
        CHECK(sum == nqueens::test::total(n));
        CHECK(seen.size() == lines.size());  // no set of queens twice
    }
    // n = 15 fixes 2 leading columns a task: 16 tasks, 8 sets of queens.
    const nqueens::work_plan plan15(15);
    CHECK(nqueens::subtotals_of(plan15, run_all(plan15)).size() < plan15.size());
}

TEST_CASE("a set of queens with a task missing is left out, the others kept", "[subtotals]")
{
    const nqueens::work_plan plan(15);
    auto tasks = run_all(plan);
    const auto all = nqueens::subtotals_of(plan, tasks);
    const nqueens::work_plan::band_queens gone = plan.queens_of(5);
    tasks.erase(tasks.begin() + 5);
    const auto some = nqueens::subtotals_of(plan, tasks);
    REQUIRE(some.size() + 1 == all.size());
    for (const nqueens::subtotal& s : some) CHECK_FALSE(s.queens == gone);
    // The first task of a set missing, and the last.
    std::size_t first = 5;
    while (first > 0 && plan.queens_of(first - 1) == gone) --first;
    auto without_first = run_all(plan);
    without_first.erase(without_first.begin() + static_cast<std::ptrdiff_t>(first));
    CHECK(nqueens::subtotals_of(plan, without_first).size() + 1 == all.size());
    auto without_last = run_all(plan);
    without_last.pop_back();
    CHECK(nqueens::subtotals_of(plan, without_last).size() + 1 == all.size());
    // n = 17 fixes 4 leading columns a task: sets of up to 16 tasks; one
    // without a task from its middle is left out whole.
    const nqueens::work_plan plan17(17);
    auto tasks17 = run_all(plan17);
    const auto all17 = nqueens::subtotals_of(plan17, tasks17);
    std::size_t a = 0;  // the first task of the largest set
    std::size_t largest = 0;
    for (std::size_t id = 0; id < plan17.size();) {
        std::size_t end = id + 1;
        while (end < plan17.size() && plan17.queens_of(end) == plan17.queens_of(id)) ++end;
        if (end - id > largest) {
            largest = end - id;
            a = id;
        }
        id = end;
    }
    REQUIRE(largest >= 8);
    tasks17.erase(tasks17.begin() + static_cast<std::ptrdiff_t>(a + largest / 2));
    const auto some17 = nqueens::subtotals_of(plan17, tasks17);
    CHECK(some17.size() + 1 == all17.size());
    for (const nqueens::subtotal& s : some17) CHECK_FALSE(s.queens == plan17.queens_of(a));
}

TEST_CASE("subtotals_of refuses ids out of order or range and plans of the symmetric search", "[subtotals]")
{
    const nqueens::work_plan plan(12);
    const std::vector<nqueens::finished_task> backwards{{3, 1}, {2, 1}};
    CHECK_THROWS_AS(nqueens::subtotals_of(plan, backwards), std::invalid_argument);
    const std::vector<nqueens::finished_task> twice{{2, 1}, {2, 1}};
    CHECK_THROWS_AS(nqueens::subtotals_of(plan, twice), std::invalid_argument);
    const std::vector<nqueens::finished_task> outside{{plan.size(), 1}};
    CHECK_THROWS_AS(nqueens::subtotals_of(plan, outside), std::invalid_argument);
    CHECK_THROWS_AS(plan.queens_of(plan.size()), std::out_of_range);
    const nqueens::work_plan small(5);
    CHECK_THROWS_AS(small.queens_of(0), std::logic_error);
}

TEST_CASE("to_line states the band, the queens and the count in format 1", "[subtotals]")
{
    nqueens::subtotal s;
    s.n = 16;
    s.queens.first_row = 7;
    s.queens.rows = 2;
    s.queens.placed = 2;
    s.queens.columns = {0, 2};
    s.count = 519064;
    CHECK(nqueens::to_line(s) == "n=16 band=7-8 queens=7:0,8:2 count=519064");
    // A task that places the first rows of its band, and a count past 2^64.
    s.n = 29;
    s.queens = {12, 5, 4, {1, 3, 5, 7}};
    s.count = nqueens::count128{1, 0};
    CHECK(nqueens::to_line(s) == "n=29 band=12-16 queens=12:1,13:3,14:5,15:7 count=18446744073709551616");
    // The queens of a plan's task, as a line names them.
    const nqueens::work_plan plan(16);
    const nqueens::work_plan::band_queens q = plan.queens_of(0);
    CHECK(q.first_row == 7);
    CHECK(q.rows == 2);
    CHECK(q.placed == 2);
}
