// SPDX-License-Identifier: BSL-1.0
// The bands a task that fixes part of its band stands for, counted and indexed without a walk.
#ifndef NQUEENS_DETAIL_JOIN_TASK_BANDS_HPP
#define NQUEENS_DETAIL_JOIN_TASK_BANDS_HPP

#include <nqueens/detail/join/bands.hpp>
#include <nqueens/detail/join/layout.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace nqueens::detail {

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

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TASK_BANDS_HPP
