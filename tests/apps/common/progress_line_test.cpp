// SPDX-License-Identifier: BSL-1.0
// apps/common/progress_line: durations as the progress line shows them, at each unit and its boundaries;
// progress_tally (nqueens-mpi's rank 0) over tasks begun, parts and whole tasks.
#include "common/progress_line.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using nqueens::app::format_duration;

TEST_CASE("durations under a minute show tenths of a second", "[progress_line]")
{
    CHECK(format_duration(0) == "0.0s");
    CHECK(format_duration(0.04) == "0.0s");
    CHECK(format_duration(4.24) == "4.2s");
    CHECK(format_duration(4.26) == "4.3s");
    CHECK(format_duration(59.94) == "59.9s");
}

TEST_CASE("durations from a minute to an hour show minutes and seconds", "[progress_line]")
{
    CHECK(format_duration(59.95) == "1m00s");  // would print as 60.0s
    CHECK(format_duration(60) == "1m00s");
    CHECK(format_duration(61.4) == "1m01s");
    CHECK(format_duration(725) == "12m05s");
    CHECK(format_duration(3599.4) == "59m59s");
}

TEST_CASE("durations from an hour to a day show hours and minutes", "[progress_line]")
{
    CHECK(format_duration(3599.5) == "1h00m");  // rounds to 3600 s
    CHECK(format_duration(3600) == "1h00m");
    CHECK(format_duration(12000) == "3h20m");
    CHECK(format_duration(12059) == "3h20m");  // cut to the minute
    CHECK(format_duration(86399) == "23h59m");
}

TEST_CASE("durations of a day or more show days and hours", "[progress_line]")
{
    CHECK(format_duration(86399.5) == "1d00h");
    CHECK(format_duration(86400) == "1d00h");
    CHECK(format_duration(90061) == "1d01h");
    CHECK(format_duration(10 * 86400 + 23 * 3600 + 3599) == "10d23h");
    CHECK(format_duration(2.24e6 * 3600 / 2) == "46666d16h");  // n = 27 on 2 cores, at today's projection
    CHECK(format_duration(1e300) == "11574074074d01h");        // capped at 1e15 s, not undefined
}

TEST_CASE("an unknown duration shows as --", "[progress_line]")
{
    CHECK(format_duration(-1) == "--");
    CHECK(format_duration(-0.01) == "--");
    CHECK(format_duration(std::nan("")) == "--");
    CHECK(format_duration(std::numeric_limits<double>::infinity()) == "--");
}

TEST_CASE("progress_tally counts tasks begun before, parts and whole tasks once each", "[progress_line]")
{
    const nqueens::work_plan plan(12);
    const std::vector<std::size_t> ids{0, 1, 2};
    nqueens::app::progress_tally tally(plan, ids);
    const auto e = [&](std::size_t id) { return static_cast<double>(plan.estimate(id)); };
    // Task 0 half done before; a quarter of task 1 counted now.
    tally.begun(0, 2, 4);
    tally.add_parts(1, 1, 4);
    const double total = e(0) / 2 + e(1) + e(2);
    CHECK(tally.at(1).fraction == Approx(e(1) / 4 / total));
    CHECK(tally.at(1).tasks_begun == 2);
    tally.add(1);
    tally.add(0);
    CHECK(tally.at(2).fraction == Approx((e(1) + e(0) / 2) / total));
    CHECK(tally.at(2).tasks_begun == 0);
    CHECK(tally.at(2).tasks_done == 2);
    tally.add(2);
    CHECK(tally.at(3).fraction == 1.0);
}
