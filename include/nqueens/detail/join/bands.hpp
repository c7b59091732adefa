// SPDX-License-Identifier: BSL-1.0
// The join's bands: placements of the band rows, their orbits under the mirror and the flip, the bands a task
// stands for.
#ifndef NQUEENS_DETAIL_JOIN_BANDS_HPP
#define NQUEENS_DETAIL_JOIN_BANDS_HPP

#include <nqueens/detail/join/layout.hpp>

#include <cstdint>

namespace nqueens::detail {

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

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_BANDS_HPP
