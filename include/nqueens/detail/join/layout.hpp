// SPDX-License-Identifier: BSL-1.0
// The join's cut of the board (join_layout), its diagonal numbering, bands and tasks as data, lead columns.
#ifndef NQUEENS_DETAIL_JOIN_LAYOUT_HPP
#define NQUEENS_DETAIL_JOIN_LAYOUT_HPP

#include <nqueens/detail/cuts.hpp>
#include <nqueens/detail/join/helpers.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// The board is cut into three parts: a top of t rows, a middle band of b
// rows (b = n - 2t: band_rows of n's row in default_cuts, detail/cuts.hpp)
// and a bottom of t rows. A solution is a band placement B, a top
// placement x and a bottom placement; turned upside down (row r -> n-1-r)
// the bottom is a top placement y for the flipped band F(B). So one list
// of top placements per band serves both halves, and the count for B is
// the number of pairs (x, y) that fit (join/run_task.hpp).
//
// Symmetry: the mirror M (c -> n-1-c), the flip F and the half turn MF map
// bands to bands. Only the smallest band of each orbit is counted, times the
// orbit size. A band of one row is its own flip (F(B) = B): x and y then
// come from the same list and each pair of column groups is joined once and
// counted twice.
//
// Work splitting: besides the band, the lists may fix which of the first k
// free columns (lead_columns) the top uses (`taken`), which cuts each list
// by up to 2^k. A task fixes the first of them (task_lead_columns); where
// there are more, the task counts each way of splitting the others in turn
// (its parts), so that the plan stays a few hundred thousand tasks while
// each list stays small. Where a band has more orbits than a plan may hold
// tasks, a task fixes only its first rows (task_band_rows), and its parts
// also place the others.

// The two diagonals through square (r, c), each family numbered 0 .. 2n - 2.
// Turning the board upside down (r -> n-1-r) swaps the two numberings.
constexpr int sum_diagonal(int r, int c) noexcept
{
    return r + c;
}
constexpr int difference_diagonal(int n, int r, int c) noexcept
{
    return c - r + n - 1;
}

// The shape of the cut for one n (join_min_n <= n <= join_max_n): the
// cut's parameters (detail/cuts.hpp) and what follows from them.
struct join_layout : plan_cut {
    int n = 0;
    int top = 0;    // t: rows above the band
    int low = 0;    // the first diagonal (of either family) that top and bottom can share
    int width = 0;  // diagonals shared per family: 2t - 1
    std::uint32_t all_columns = 0;

    constexpr int key_bits() const noexcept { return 2 * width; }
    constexpr int band_row(int i) const noexcept { return top + i; }
};

// The layout of n's join cut `c` (cut_error(n, c) == nullptr).
constexpr join_layout make_join_layout(int n, const plan_cut& c) noexcept
{
    join_layout layout{};
    static_cast<plan_cut&>(layout) = c;
    layout.shared_tops = c.shared_tops && c.task_band_rows < c.band_rows;
    layout.n = n;
    layout.top = (n - c.band_rows) / 2;
    layout.low = n - layout.top;
    layout.width = 2 * layout.top - 1;
    layout.all_columns = n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
    return layout;
}

// The cut with b band rows, k lead columns of which a task fixes k1
// (n - b even, k1 <= k <= n - b), and a task that fixes the first `tb` band
// rows: b, or fewer (tb >= 1, k1 = 0) where each part also places the
// others; make_join_layout(n) is the one counts use, the tests try others.
constexpr join_layout make_join_layout(int n, int b, int k, int k1, int tb, bool shared = false) noexcept
{
    return make_join_layout(n, plan_cut{plan_cut::method_kind::join, 0, b, tb, k, k1, shared});
}

constexpr join_layout make_join_layout(int n, int b, int k, int k1) noexcept
{
    return make_join_layout(n, b, k, k1, b);
}

// n's default cut (default_cuts).
constexpr join_layout make_join_layout(int n) noexcept
{
    return make_join_layout(n, default_cuts[static_cast<std::size_t>(n)].cut);
}

// Whether a task of the cut fixes only the first rows of its band, the
// others placed by its parts.
constexpr bool partial_band(const join_layout& layout) noexcept
{
    return layout.task_band_rows < layout.band_rows;
}

// A band's columns, row by row (entries past layout.band, or past
// layout.task_band in a task that fixes part of its band, are 0).
using band_columns = std::array<int, 8>;

// One sub-problem: a band and which of the task's lead columns the top
// takes. `weight` counts the band's orbit and, for a band of one row, the
// flip. Where the cut's tasks fix only the first rows of the band
// (partial_band), `band` holds those rows (the others 0), `taken` is 0 and
// `weight` 0: each part is weighted by its own band's orbit
// (for_each_task_band).
struct join_task {
    band_columns band{};
    std::uint32_t taken = 0;
    std::uint32_t weight = 0;
    bool self_flip = false;  // F(band) == band (one band row)

    friend constexpr bool operator==(const join_task&, const join_task&) = default;
};

constexpr band_columns band_image(const join_layout& layout, band_columns band, bool mirror,
                                  bool flip) noexcept
{
    band_columns image{};
    for (int i = 0; i < layout.band_rows; ++i) {
        const int c = band[static_cast<std::size_t>(flip ? layout.band_rows - 1 - i : i)];
        image[static_cast<std::size_t>(i)] = mirror ? layout.n - 1 - c : c;
    }
    return image;
}

// The columns that the first `rows` rows of a band leave free.
constexpr std::uint32_t rows_free_columns(const join_layout& layout, const band_columns& band,
                                          int rows) noexcept
{
    std::uint32_t free = layout.all_columns;
    for (int i = 0; i < rows; ++i) free &= ~(std::uint32_t{1} << band[static_cast<std::size_t>(i)]);
    return free;
}

// The columns a band leaves to the top and bottom.
constexpr std::uint32_t band_free_columns(const join_layout& layout, band_columns band) noexcept
{
    return rows_free_columns(layout, band, layout.band_rows);
}

// The first `layout.lead` of the free columns.
constexpr std::uint32_t lead_columns(const join_layout& layout, std::uint32_t free) noexcept
{
    return first_columns(free, layout.lead_columns);
}

// The lead columns a task fixes: the first `layout.task_lead` of them. The
// others are split inside the task.
constexpr std::uint32_t task_lead_columns(const join_layout& layout, std::uint32_t free) noexcept
{
    return first_columns(free, layout.task_lead_columns);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LAYOUT_HPP
