// The join's cut of the board (join_layout), its diagonal numbering and its task list.
#ifndef NQUEENS_DETAIL_JOIN_TASKS_HPP
#define NQUEENS_DETAIL_JOIN_TASKS_HPP

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// The board is cut into three parts: a top of t rows, a middle band of one
// row (odd n) or two rows (even n), and a bottom of t rows. A solution is a
// band placement B, a top placement x and a bottom placement; turned upside
// down (row r -> n-1-r) the bottom is a top placement y for the flipped band
// F(B). So one list of top placements per band serves both halves, and the
// count for B is the number of pairs (x, y) that fit (half_join.hpp).
//
// Symmetry: the mirror M (c -> n-1-c), the flip F and the half turn MF map
// bands to bands. Only the smallest band of each orbit is counted, times the
// orbit size. For odd n, F(B) = B: x and y then come from the same list and
// each pair of column groups is joined once and counted twice.
//
// Work splitting: besides the band, a task fixes which of the first k free
// columns (`lead`) the top uses (`taken`), which cuts each list by up to 2^k.

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

// The shape of the cut for one n (join_min_n <= n <= join_max_n).
struct join_layout {
    int n = 0;
    int band = 0;   // band rows: 1 (odd n) or 2 (even n)
    int top = 0;    // t: rows above the band
    int low = 0;    // the first diagonal (of either family) that top and bottom can share
    int width = 0;  // diagonals shared per family: 2t - 1
    int lead = 0;   // k: leading free columns fixed per task
    std::uint32_t all_columns = 0;

    constexpr int key_bits() const noexcept { return 2 * width; }
    constexpr int band_row(int i) const noexcept { return top + i; }
};

// The join runs for join_min_n <= n <= join_max_n. Past that its lists
// would need gigabytes (each row adds about 4.5x), so the engine counts
// totals with the symmetric search, whose memory does not grow.
inline constexpr int join_min_n = 6;
inline constexpr int join_max_n = 23;

// k, the lead columns fixed per task, for each n. Odd n has only (n + 1) / 2
// bands, too few to keep threads busy; all n need lists small enough for the
// caches (measured best: k = 4 for n = 17, 2 for n = 18, 0 for n = 16,
// whose 56 bands keep two threads busy and whose quarter tables, built
// once per list, are then built once per band instead of once per subset
// of the lead columns) and, from n = 19, for memory. A thread holds two
// lists at 8 bytes a placement, plus up to 12 bytes a placement while it
// groups one (build_top_list_by_rows; the quarter tables of n <= 18 are
// smaller), so k keeps the largest list to a few million placements: about
// 70 MB a thread at n = 19, a few hundred MB at most up to n = 23, where
// more lead columns would mean too many tasks (363,012 already).
inline constexpr std::array<int, join_max_n + 1> join_lead_columns = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  0,
                                                                      0, 0, 0, 2, 0, 4, 2, 8, 6, 12, 11, 16};

// The version of n's task list, for work_plan::version(): 2 for the lists
// of n <= 18, 4 where the lead columns grew to bound memory (n >= 19), 6
// for n = 16, whose tasks dropped their lead columns.
constexpr std::uint32_t join_task_list_version(int n) noexcept
{
    if (n == 16) return 6;
    return n >= 19 ? 4 : 2;
}

constexpr join_layout make_join_layout(int n) noexcept
{
    join_layout layout{};
    layout.n = n;
    layout.band = n % 2 == 1 ? 1 : 2;
    layout.top = (n - layout.band) / 2;
    layout.low = n - layout.top;
    layout.width = 2 * layout.top - 1;
    layout.lead = join_lead_columns[static_cast<std::size_t>(n)];
    layout.all_columns = n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
    return layout;
}

// One sub-problem: a band (its columns, row by row) and the lead columns
// the top takes. `weight` counts the band's orbit and, for odd n, the flip.
struct join_task {
    std::array<int, 2> band{};
    std::uint32_t taken = 0;
    std::uint32_t weight = 0;
    bool self_flip = false;  // F(band) == band (odd n)

    friend constexpr bool operator==(const join_task&, const join_task&) = default;
};

constexpr std::array<int, 2> band_image(const join_layout& layout, std::array<int, 2> band, bool mirror,
                                        bool flip) noexcept
{
    std::array<int, 2> image{};
    for (int i = 0; i < layout.band; ++i) {
        const int c = band[static_cast<std::size_t>(flip ? layout.band - 1 - i : i)];
        image[static_cast<std::size_t>(i)] = mirror ? layout.n - 1 - c : c;
    }
    return image;
}

// The columns a band leaves to the top and bottom.
constexpr std::uint32_t band_free_columns(const join_layout& layout, std::array<int, 2> band) noexcept
{
    std::uint32_t free = layout.all_columns;
    for (int i = 0; i < layout.band; ++i) free &= ~(std::uint32_t{1} << band[static_cast<std::size_t>(i)]);
    return free;
}

// The first `layout.lead` of the free columns.
constexpr std::uint32_t lead_columns(const join_layout& layout, std::uint32_t free) noexcept
{
    std::uint32_t lead = 0;
    for (int i = 0; i < layout.lead && free != 0; ++i) {
        lead |= free & (~free + 1);
        free &= free - 1;
    }
    return lead;
}

// Calls f(join_task) for every task of n, in a fixed order: bands in
// lexicographic order (smallest of each orbit only), then `taken` from the
// largest subset of the lead columns down.
template <class F>
constexpr void for_each_join_task(int n, F&& f)
{
    const join_layout layout = make_join_layout(n);
    const int second = layout.band == 2 ? n : 1;
    for (int c0 = 0; c0 < n; ++c0) {
        for (int c1 = 0; c1 < second; ++c1) {
            if (layout.band == 2 && (c1 - c0 <= 1 && c0 - c1 <= 1)) continue;  // same column or diagonal
            const std::array<int, 2> band{c0, layout.band == 2 ? c1 : 0};
            const std::array<std::array<int, 2>, 3> images{band_image(layout, band, true, false),
                                                           band_image(layout, band, false, true),
                                                           band_image(layout, band, true, true)};
            bool smallest = true;
            std::uint32_t orbit = 1;
            for (std::size_t i = 0; i < images.size(); ++i) {
                if (images[i] < band) smallest = false;
                bool seen = images[i] == band;
                for (std::size_t j = 0; j < i; ++j) seen = seen || images[j] == images[i];
                if (!seen) ++orbit;
            }
            if (!smallest) continue;
            const bool self_flip = images[1] == band;
            const std::uint32_t lead = lead_columns(layout, band_free_columns(layout, band));
            for (std::uint32_t taken = lead;; taken = (taken - 1) & lead) {
                const std::uint32_t rest = lead & ~taken;
                const bool fits = std::popcount(taken) <= layout.top && std::popcount(rest) <= layout.top;
                // With F(band) = band, `taken` and `rest` name the same pair of lists.
                if (fits && (!self_flip || taken >= rest))
                    f(join_task{band, taken, self_flip ? 2 * orbit : orbit, self_flip});
                if (taken == 0) break;
            }
        }
    }
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TASKS_HPP
