// SPDX-License-Identifier: BSL-1.0
// The join's cut of the board (join_layout), its diagonal numbering and its task list.
#ifndef NQUEENS_DETAIL_JOIN_LAYOUT_HPP
#define NQUEENS_DETAIL_JOIN_LAYOUT_HPP

#include <nqueens/detail/cuts.hpp>
#include <nqueens/detail/join/column_index.hpp>

#include <algorithm>
#include <array>
#include <bit>
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

// The first `count` of the free columns.
constexpr std::uint32_t first_columns(std::uint32_t free, int count) noexcept
{
    std::uint32_t first = 0;
    for (int i = 0; i < count && free != 0; ++i) {
        first |= free & (~free + 1);
        free &= free - 1;
    }
    return first;
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

// Whether the tops that take `taken` of the lead columns `lead` (and leave
// the rest to the bottom) are counted: each half takes at most t of them
// (the bottom t + spare, where `spare` of them may go to band rows a part
// places: shared_lead), and for a band that is its own flip, only one of
// (taken, rest) and (rest, taken) is, the one whose `taken` is the larger
// number.
constexpr bool counted_split(const join_layout& layout, std::uint32_t lead, std::uint32_t taken,
                             bool self_flip, int spare = 0) noexcept
{
    const std::uint32_t rest = lead & ~taken;
    const bool fits = std::popcount(taken) <= layout.top && std::popcount(rest) <= layout.top + spare;
    return fits && (!self_flip || taken >= rest);
}

// Calls part(taken) for each counted split of the lead columns among
// those that take `task_taken` of the task's lead columns `task_lead`, the
// others' subsets from the largest down, until part returns false;
// returns whether it never did.
template <class F>
constexpr bool for_each_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                  std::uint32_t task_taken, bool self_flip, int spare, F&& part)
{
    const std::uint32_t inner = lead & ~task_lead;
    for (std::uint32_t more = inner;; more = (more - 1) & inner) {
        if (counted_split(layout, lead, task_taken | more, self_flip, spare) && !part(task_taken | more))
            return false;
        if (more == 0) return true;
    }
}
template <class F>
constexpr bool for_each_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                  std::uint32_t task_taken, bool self_flip, F&& part)
{
    return for_each_task_part(layout, lead, task_lead, task_taken, self_flip, 0, part);
}

// Whether a task that takes `task_taken` of its lead columns has a part.
constexpr bool has_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                        std::uint32_t task_taken, bool self_flip) noexcept
{
    const int inner = std::popcount(lead & ~task_lead);
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    // The inner columns a top may still take: between k - t and t in all.
    const int fewest = std::max(0, k - layout.top - fixed);
    const int most = std::min(inner, layout.top - fixed);
    if (fewest > most) return false;
    if (!self_flip) return true;
    if (inner == 0) return counted_split(layout, lead, task_taken, self_flip);
    // taken >= rest exactly when the top takes the highest inner column.
    return most >= 1;
}

// The parts of a task, as for_each_task_part walks them, in closed form.
// A part takes task_taken and j of the p inner columns, where each half
// keeps at most t lead columns (the bottom t + spare): j from
// max(0, k - t - spare - fixed) to
// min(p, t - fixed). For a band that is its own flip, a part is counted
// when its `taken` is the larger number, that is when it holds the highest
// lead column, an inner one where there are any: C(p - 1, j - 1) of the
// C(p, j). Cost: O(p^2), where the walk takes 2^p steps (2^27 at n = 32).
constexpr std::uint64_t count_task_parts(const join_layout& layout, std::uint32_t lead,
                                         std::uint32_t task_lead, std::uint32_t task_taken, bool self_flip,
                                         int spare = 0) noexcept
{
    const int inner = std::popcount(lead & ~task_lead);
    if (inner == 0) return counted_split(layout, lead, task_taken, self_flip, spare) ? 1 : 0;
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    std::uint64_t parts = 0;
    for (int j = std::max(0, k - layout.top - spare - fixed); j <= std::min(inner, layout.top - fixed); ++j)
        parts += self_flip ? choose(inner - 1, j - 1) : choose(inner, j);
    return parts;
}

// The `index`-th part (from 0, index < count_task_parts) in the order of
// for_each_task_part, without walking the others: the inner columns from
// the highest down, each taken where at least `index` + 1 of the parts still
// open hold it. Cost: O(p^2).
constexpr std::uint32_t nth_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                      std::uint32_t task_taken, bool self_flip, std::uint64_t index,
                                      int spare = 0) noexcept
{
    const std::uint32_t inner = lead & ~task_lead;
    if (inner == 0) return task_taken;
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    const int fewest = std::max(0, k - layout.top - spare - fixed);
    const int most = layout.top - fixed;
    // The subsets of `left` lower columns that, with `chosen` columns taken
    // so far, give a part (the highest inner column is decided first).
    const auto completions = [&](int left, int chosen) {
        std::uint64_t ways = 0;
        for (int j = std::max(0, fewest - chosen); j <= std::min(left, most - chosen); ++j)
            ways += choose(left, j);
        return ways;
    };
    std::uint32_t taken = task_taken;
    int chosen = 0;
    int left = std::popcount(inner);
    for (std::uint32_t rest = inner; rest != 0;) {
        const std::uint32_t high = std::uint32_t{1} << (31 - std::countl_zero(rest));
        const bool highest = rest == inner;  // a self-flipped band's parts all hold it
        rest &= ~high;
        --left;
        const std::uint64_t with = completions(left, chosen + 1);
        if ((self_flip && highest) || index < with) {
            taken |= high;
            ++chosen;
        } else {
            index -= with;
        }
    }
    return taken;
}

// Calls f(band) for each placement of non-attacking queens on rows
// first to rows - 1 of `band` that fits its rows above `first`, in
// lexicographic order (each row from the lowest column up), until f
// returns false; returns whether it never did.
template <class F>
constexpr bool place_band_rows(int n, band_columns band, int first, int rows, F&& f)
{
    int i = first;
    band[static_cast<std::size_t>(i)] = -1;
    while (i >= first) {
        int& c = band[static_cast<std::size_t>(i)];
        ++c;
        if (c >= n) {
            c = 0;
            --i;
            continue;
        }
        bool fits = true;
        for (int j = 0; j < i; ++j) {
            const int other = band[static_cast<std::size_t>(j)];
            fits = fits && other != c && other - c != i - j && c - other != i - j;
        }
        if (!fits) continue;
        if (i + 1 == rows) {
            const band_columns& placed = band;
            if (!f(placed)) return false;
        } else {
            ++i;
            band[static_cast<std::size_t>(i)] = -1;
        }
    }
    return true;
}

// Calls f(band) for every placement of layout.band rows of non-attacking
// queens, in lexicographic order.
template <class F>
constexpr void for_each_band(const join_layout& layout, F&& f)
{
    place_band_rows(layout.n, band_columns{}, 0, layout.band_rows, [&](const band_columns& band) {
        f(band);
        return true;
    });
}

// A band's orbit under the mirror, the flip and the half turn: whether the
// band is its smallest member (lexicographically), the orbit's size, and
// whether the band is its own flip.
struct band_orbit {
    bool smallest = true;
    std::uint32_t size = 1;
    bool self_flip = false;
};

constexpr band_orbit orbit_of(const join_layout& layout, const band_columns& band) noexcept
{
    const std::array<band_columns, 3> images{band_image(layout, band, true, false),
                                             band_image(layout, band, false, true),
                                             band_image(layout, band, true, true)};
    band_orbit orbit;
    for (std::size_t i = 0; i < images.size(); ++i) {
        if (images[i] < band) orbit.smallest = false;
        bool seen = images[i] == band;
        for (std::size_t j = 0; j < i; ++j) seen = seen || images[j] == images[i];
        if (!seen) ++orbit.size;
    }
    orbit.self_flip = images[1] == band;
    return orbit;
}

// The whole-band task of a band, the smallest of its orbit, that takes
// `taken` of its task lead columns.
constexpr join_task whole_band_task(const band_columns& band, const band_orbit& orbit,
                                    std::uint32_t taken) noexcept
{
    return join_task{band, taken, orbit.self_flip ? 2 * orbit.size : orbit.size, orbit.self_flip};
}

// Calls f(whole) for each band that task t stands for, as a task of the
// whole band, until f returns false; returns whether it never did. Where
// the cut's tasks fix the whole band, that is t itself; where they fix its
// first rows (partial_band), each completion of the other rows that fits
// them and makes a band the smallest of its orbit, in lexicographic order
// (one row: from the lowest column up).
template <class F>
constexpr bool for_each_task_band(const join_layout& layout, const join_task& t, F&& f)
{
    if (!partial_band(layout)) return f(t);
    return place_band_rows(layout.n, t.band, layout.task_band_rows, layout.band_rows,
                           [&](const band_columns& band) {
                               const band_orbit orbit = orbit_of(layout, band);
                               return !orbit.smallest || f(whole_band_task(band, orbit, t.taken));
                           });
}

// The bands a task stands for (those of for_each_task_band, in the same
// order), counted and found without a walk of each: a task of n = 31 or
// 32 stands for thousands to hundreds of thousands of them.
//
// Where the task's rows order the band against its mirror image (they do
// from two rows on), the flip and the half turn are ordered by the last row
// against the first: a last row in columns first + 1 to n - 2 - first makes
// the band the smallest of its orbit, column n - 1 - first ties the half
// turn's first row (the rows below decide), any other makes the flip or the
// half turn smaller. So the last row is a popcount, and the last two rows
// a few popcounts and a look at the tie: a task of n = 32 that leaves four
// rows takes about a thousand steps where for_each_task_band places
// hundreds of thousands of queens. Otherwise orbit_of decides each band.
class task_bands {
public:
    constexpr task_bands(const join_layout& layout, const join_task& t) : layout_(layout), t_(t)
    {
        for (int i = 0; i < layout.task_band_rows && mirror_ == 0; ++i) {
            const int c = t.band[static_cast<std::size_t>(i)];
            mirror_ = layout.n - 1 - c < c ? -1 : (layout.n - 1 - c > c ? 1 : 0);
        }
        first_ = t.band[0];
        tie_ = layout.n - 1 - first_;
        for (int c = first_ + 1; c < tie_; ++c) between_ |= std::uint32_t{1} << c;
        for (int i = 0; i < layout.task_band_rows; ++i)
            start_ = start_.place(t.band[static_cast<std::size_t>(i)]);
    }

    // The number of bands.
    constexpr std::uint64_t count() const
    {
        if (mirror_ < 0) return 0;
        band_columns band = t_.band;
        return count_from(band, layout_.task_band_rows, start_);
    }

    // Whether there is a band at all (stops at the first).
    constexpr bool any() const
    {
        if (mirror_ < 0) return false;
        band_columns band = t_.band;
        return any_from(band, layout_.task_band_rows, start_);
    }

    // The `index`-th band (from 0, index < count()), as a task of the whole band.
    constexpr join_task nth(std::uint64_t index) const
    {
        band_columns band = t_.band;
        return nth_from(band, layout_.task_band_rows, start_, index);
    }

    // Calls f(band) for the middle band of each of `samples` equal runs of
    // the bands (all of them where there are no more), as for nth, in
    // order; returns count(). One count, where nth each time would take one.
    template <class F>
    constexpr std::uint64_t sample(std::uint64_t samples, F&& f) const
    {
        if (mirror_ < 0) return 0;
        band_columns band = t_.band;
        const int i = layout_.task_band_rows;
        if (i + 1 == layout_.band_rows) {
            const std::uint64_t bands = count();
            for (std::uint64_t k = 0, most = std::min(bands, samples); k < most; ++k)
                f(nth((2 * k + 1) * bands / (2 * most)));
            return bands;
        }
        // The bands under each column of the task's first free row.
        std::array<std::uint64_t, 32> below{};
        std::uint64_t bands = 0;
        const std::uint32_t open = start_.open(layout_);
        for (std::uint32_t rest = open; rest != 0; rest &= rest - 1) {
            const int c = std::countr_zero(rest);
            band[static_cast<std::size_t>(i)] = c;
            below[static_cast<std::size_t>(c)] = count_from(band, i + 1, start_.place(c));
            bands += below[static_cast<std::size_t>(c)];
        }
        for (std::uint64_t k = 0, most = std::min(bands, samples); k < most; ++k) {
            std::uint64_t index = (2 * k + 1) * bands / (2 * most);
            for (std::uint32_t rest = open; rest != 0; rest &= rest - 1) {
                const int c = std::countr_zero(rest);
                if (index >= below[static_cast<std::size_t>(c)]) {
                    index -= below[static_cast<std::size_t>(c)];
                    continue;
                }
                band[static_cast<std::size_t>(i)] = c;
                f(nth_from(band, i + 1, start_.place(c), index));
                break;
            }
        }
        return bands;
    }

private:
    // The columns the rows so far take, and the diagonals that reach the
    // next row (moved one column a row).
    struct row_state {
        std::uint32_t columns = 0, left = 0, right = 0;
        constexpr std::uint32_t open(const join_layout& layout) const noexcept
        {
            return layout.all_columns & ~(columns | left | right);
        }
        constexpr row_state place(int c) const noexcept
        {
            const std::uint32_t q = std::uint32_t{1} << c;
            return {columns | q, (left | q) << 1, (right | q) >> 1};
        }
        constexpr row_state skip() const noexcept { return {columns, left << 1, right >> 1}; }
    };

    // Whether the band (every row but the last placed) with its last row in
    // column tie_ is no larger than its half turn.
    constexpr bool tie_holds(const band_columns& band) const noexcept
    {
        const int b = layout_.band_rows;
        for (int r = 1; r < b; ++r) {
            const int turned = layout_.n - 1 - band[static_cast<std::size_t>(b - 1 - r)];
            const int own = r == b - 1 ? tie_ : band[static_cast<std::size_t>(r)];
            if (turned != own) return turned > own;
        }
        return true;
    }

    // The columns of `open` in the last row that make the band the smallest of its orbit.
    constexpr std::uint32_t last_row(band_columns band, std::uint32_t open) const
    {
        if (mirror_ > 0) {
            std::uint32_t smallest = open & between_;
            if (tie_ > first_ && ((open >> tie_) & 1u) != 0 && tie_holds(band))
                smallest |= std::uint32_t{1} << tie_;
            return smallest;
        }
        std::uint32_t smallest = 0;
        for (; open != 0; open &= open - 1) {
            const int c = std::countr_zero(open);
            band[static_cast<std::size_t>(layout_.band_rows - 1)] = c;
            if (orbit_of(layout_, band).smallest) smallest |= std::uint32_t{1} << c;
        }
        return smallest;
    }

    // The `index`-th band below row i (rows before it placed in `band`).
    constexpr join_task nth_from(band_columns& band, int i, row_state state, std::uint64_t index) const
    {
        for (; i + 1 < layout_.band_rows; ++i) {
            for (std::uint32_t rest = state.open(layout_); rest != 0; rest &= rest - 1) {
                const int c = std::countr_zero(rest);
                band[static_cast<std::size_t>(i)] = c;
                const std::uint64_t below = count_from(band, i + 1, state.place(c));
                if (index < below) {
                    state = state.place(c);
                    break;
                }
                index -= below;
            }
        }
        std::uint32_t last = last_row(band, state.open(layout_));
        for (; index > 0; --index) last &= last - 1;
        band[static_cast<std::size_t>(layout_.band_rows - 1)] = std::countr_zero(last);
        return whole_band_task(band, orbit_of(layout_, band), t_.taken);
    }

    // Whether there is a band below row i.
    constexpr bool any_from(band_columns& band, int i, row_state state) const
    {
        if (i + 2 >= layout_.band_rows) return count_from(band, i, state) != 0;
        for (std::uint32_t rest = state.open(layout_); rest != 0; rest &= rest - 1) {
            const int c = std::countr_zero(rest);
            band[static_cast<std::size_t>(i)] = c;
            if (any_from(band, i + 1, state.place(c))) return true;
        }
        return false;
    }

    // The bands below row i (rows before it placed in `band`).
    constexpr std::uint64_t count_from(band_columns& band, int i, row_state state) const
    {
        const std::uint32_t open = state.open(layout_);
        const int b = layout_.band_rows;
        if (i + 1 == b) return static_cast<std::uint64_t>(std::popcount(last_row(band, open)));
        if (i + 2 == b && mirror_ > 0) {
            // Row b - 2 in column c, the last in column d of `sure`: all
            // pairs, but those where d is c - 1, c or c + 1.
            const std::uint32_t after = state.skip().open(layout_);
            const std::uint32_t sure = after & between_;
            auto pairs = static_cast<std::uint64_t>(std::popcount(open)) *
                         static_cast<std::uint64_t>(std::popcount(sure));
            pairs -=
                static_cast<std::uint64_t>(std::popcount(open & sure) + std::popcount(open & (sure >> 1)) +
                                           std::popcount(open & (sure << 1)));
            if (tie_ > first_ && ((after >> tie_) & 1u) != 0) {
                for (std::uint32_t rest = open; rest != 0; rest &= rest - 1) {
                    const int c = std::countr_zero(rest);
                    if (c >= tie_ - 1 && c <= tie_ + 1) continue;
                    band[static_cast<std::size_t>(i)] = c;
                    if (tie_holds(band)) ++pairs;
                }
            }
            return pairs;
        }
        std::uint64_t bands = 0;
        for (std::uint32_t rest = open; rest != 0; rest &= rest - 1) {
            const int c = std::countr_zero(rest);
            band[static_cast<std::size_t>(i)] = c;
            bands += count_from(band, i + 1, state.place(c));
        }
        return bands;
    }

    join_layout layout_;
    join_task t_;
    int mirror_ = 0;  // the mirror image against the task's rows: -1 smaller, 1 larger, 0 not decided
    int first_ = 0, tie_ = 0;
    std::uint32_t between_ = 0;
    row_state start_{};
};

// The number of bands task t stands for (for_each_task_band).
constexpr std::uint64_t count_task_bands(const join_layout& layout, const join_task& t)
{
    return partial_band(layout) ? task_bands(layout, t).count() : 1;
}

// The `index`-th band task t stands for (from 0, index < count_task_bands)
// in the order of for_each_task_band, as a task of the whole band.
constexpr join_task nth_task_band(const join_layout& layout, const join_task& t, std::uint64_t index)
{
    return partial_band(layout) ? task_bands(layout, t).nth(index) : t;
}

// Calls f(join_task) for every task of the cut, in a fixed order: bands (or
// the rows of them a task fixes) in lexicographic order, the smallest of
// each orbit only (where a task fixes part of the band: those that some
// completion makes the smallest of its orbit), then `taken` from the largest
// subset of the task's lead columns down.
template <class F>
constexpr void for_each_join_task(const join_layout& layout, F&& f)
{
    if (partial_band(layout)) {
        // Tasks without task lead columns (make_join_layout): the task fixes
        // the first rows, its parts the other rows and all the lead columns. A band of two rows or more is
        // never its own flip, so whether a part is counted depends only on
        // how many lead columns it takes (has_part).
        join_layout rows = layout;
        rows.band_rows = layout.task_band_rows;
        for_each_band(rows, [&](const band_columns& prefix) {
            const join_task t{prefix, 0, 0, false};
            const bool any = task_bands(layout, t).any();
            const std::uint32_t lead = first_columns(layout.all_columns, layout.lead_columns);
            if (any && has_part(layout, lead, 0, 0, false)) f(t);
        });
        return;
    }
    for_each_band(layout, [&](const band_columns& band) {
        const band_orbit orbit = orbit_of(layout, band);
        if (!orbit.smallest) return;
        const std::uint32_t free = band_free_columns(layout, band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        for (std::uint32_t taken = fixed;; taken = (taken - 1) & fixed) {
            if (has_part(layout, lead, fixed, taken, orbit.self_flip)) f(whole_band_task(band, orbit, taken));
            if (taken == 0) break;
        }
    });
}

// One part of a task: the band it places (as a whole-band task; where tops
// are shared, the task itself, whose bands the part places in turn), the
// lead columns its lists fix and which of them the top takes.
struct join_part {
    join_task whole{};
    std::uint32_t lead = 0;
    std::uint32_t taken = 0;
};

// Where a part's tops serve every completion of the band (shared_tops),
// its lead columns are the first k that the task's rows leave free, and it
// takes a split of them: the bottom takes the rest but those of the
// completion's queens, so it may be left up to spare = b - tb more than t
// of them.
constexpr std::uint32_t shared_lead(const join_layout& layout, const join_task& t) noexcept
{
    return lead_columns(layout, rows_free_columns(layout, t.band, layout.task_band_rows));
}
constexpr int shared_spare(const join_layout& layout) noexcept
{
    return layout.band_rows - layout.task_band_rows;
}

// Calls part(join_part) for each part of task t: each band it stands for
// (for_each_task_band), each split of that band's lead columns
// (for_each_task_part), until part returns false; returns whether it never
// did. Where tops are shared (shared_tops), each split of the task's lead
// columns (shared_lead), `whole` the task itself.
template <class F>
constexpr bool for_each_join_part(const join_layout& layout, const join_task& t, F&& part)
{
    if (layout.shared_tops) {
        const std::uint32_t lead = shared_lead(layout, t);
        return for_each_task_part(layout, lead, 0, 0, false, shared_spare(layout), [&](std::uint32_t taken) {
            return part(join_part{t, lead, taken});
        });
    }
    return for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        return for_each_task_part(layout, lead, fixed, whole.taken, whole.self_flip,
                                  [&](std::uint32_t taken) {
                                      return part(join_part{whole, lead, taken});
                                  });
    });
}

// The number of parts of task t, as for_each_join_part walks them. Cost:
// O(p^2) per band it stands for.
constexpr std::uint64_t count_join_parts(const join_layout& layout, const join_task& t)
{
    if (layout.shared_tops)
        return count_task_parts(layout, shared_lead(layout, t), 0, 0, false, shared_spare(layout));
    std::uint64_t parts = 0;
    for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        parts += count_task_parts(layout, lead_columns(layout, free), task_lead_columns(layout, free),
                                  whole.taken, whole.self_flip);
        return true;
    });
    return parts;
}

// The `index`-th part of task t (from 0, index < count_join_parts) in the
// order of for_each_join_part, without walking the others.
constexpr join_part nth_join_part(const join_layout& layout, const join_task& t, std::uint64_t index)
{
    if (layout.shared_tops) {
        const std::uint32_t lead = shared_lead(layout, t);
        return join_part{t, lead, nth_task_part(layout, lead, 0, 0, false, index, shared_spare(layout))};
    }
    join_part out{};
    for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        const std::uint64_t parts = count_task_parts(layout, lead, fixed, whole.taken, whole.self_flip);
        if (index >= parts) {
            index -= parts;
            return true;
        }
        out = join_part{whole, lead, nth_task_part(layout, lead, fixed, whole.taken, whole.self_flip, index)};
        return false;
    });
    return out;
}

template <class F>
constexpr void for_each_join_task(int n, F&& f)
{
    for_each_join_task(make_join_layout(n), f);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LAYOUT_HPP
