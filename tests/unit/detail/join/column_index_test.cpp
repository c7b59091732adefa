// SPDX-License-Identifier: BSL-1.0
// detail/join/helpers.hpp's binomial coefficient and detail/join/column_index.hpp's dense numbering of column
// sets.
#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/helpers.hpp>

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <set>

namespace {

namespace d = nqueens::detail;

// One binomial coefficient for the column index and the task estimates, exact up to 32 columns.
static_assert(d::choose(32, 16) == 601080390 && d::choose(31, 15) == 300540195 && d::choose(9, 0) == 1);
static_assert(d::choose(9, 10) == 0 && d::choose(9, -1) == 0);

}  // namespace

TEST_CASE("column_index numbers the column sets of one size densely", "[join]")
{
    for (const std::uint32_t columns : {0b1111110111u, 0x3ff5fu, 0xfffeu}) {
        for (const int size : {0, 3, 5}) {
            INFO("columns " << columns << ", size " << size);
            d::column_index index;
            index.reset(columns, 18, size);
            std::set<std::uint32_t> seen;
            for (std::uint32_t s = columns;; s = (s - 1) & columns) {
                if (std::popcount(s) == size) {
                    CHECK(index(s) < index.count);
                    seen.insert(index(s));
                }
                if (s == 0) break;
            }
            CHECK(seen.size() == index.count);
        }
    }
}
