// nqueens 0.1.0, single header: <nqueens/nqueens.hpp> and the headers it includes, in one file.
// Generated from include/ by `cmake -P cmake/Amalgamate.cmake`; edit include/ and run that, not this file.
// Needs C++20 and the Boost headers (Boost.Hana).

// ---- <nqueens/nqueens.hpp> ----
// The front header: every public header of nqueens but checkpoint_json.hpp (it needs nlohmann/json).
#ifndef NQUEENS_NQUEENS_HPP
#define NQUEENS_NQUEENS_HPP

// ---- <nqueens/board.hpp> ----
// board: one queen per row of an n x n board (n <= 32), stored as the column of each row.
#ifndef NQUEENS_BOARD_HPP
#define NQUEENS_BOARD_HPP

#include <array>
#include <compare>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>

namespace nqueens {

namespace detail {
struct board_access;
}

// A board of n rows (0 <= n <= 32) with one queen per row: b[row] is the
// 0-based column of the queen in that row. LeetCode's ".Q.." row strings and
// the 1-based column lists "2 4 1 3" are renderings of it (render.hpp).
//
// A board is a plain value: 33 bytes, trivially copyable, usable in constant
// expressions and as an element of a constexpr std::array. It does not promise
// that the queens are non-attacking (is_solution() in verify.hpp checks that);
// it only holds columns 0..31. Boards compare as sequences of columns
// (lexicographically, a shorter prefix first), the order in which
// for_each_solution() produces them.
//
//     constexpr nqueens::board b{1, 3, 0, 2};  // ".Q..", "...Q", "Q...", "..Q."
//     static_assert(b.size() == 4 && b[1] == 3);
class board {
public:
    static constexpr int max_size = 32;

    // The empty board (size 0).
    constexpr board() noexcept = default;

    // The board with these columns, row by row. Throws std::length_error for
    // more than 32 rows and std::out_of_range for a column outside [0, 32).
    constexpr board(std::initializer_list<int> columns)
    {
        for (const int c : columns) push_back(c);
    }

    constexpr int size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }

    // The column of the queen in `row`; requires 0 <= row < size().
    constexpr int operator[](int row) const noexcept { return columns_[static_cast<unsigned>(row)]; }

    // Sets the column of the queen in `row` (0 <= row < size(), 0 <= column < 32).
    constexpr void set(int row, int column)
    {
        if (row < 0 || row >= size_) throw std::out_of_range("nqueens::board::set: row out of range");
        columns_[static_cast<unsigned>(row)] = checked_column(column);
    }

    // Appends a row whose queen is in `column` (0 <= column < 32).
    constexpr void push_back(int column)
    {
        if (size_ == max_size) throw std::length_error("nqueens::board: at most 32 rows");
        columns_[size_++] = checked_column(column);
    }

    // Removes the last row; requires !empty().
    constexpr void pop_back() noexcept { columns_[--size_] = 0; }

    constexpr const std::uint8_t* begin() const noexcept { return columns_.data(); }
    constexpr const std::uint8_t* end() const noexcept { return columns_.data() + size_; }

    // Written out rather than defaulted: they look at the used rows only, which
    // makes them several times cheaper in a constant evaluation for small n.
    friend constexpr bool operator==(const board& a, const board& b) noexcept
    {
        if (a.size_ != b.size_) return false;
        for (unsigned r = 0; r < a.size_; ++r)
            if (a.columns_[r] != b.columns_[r]) return false;
        return true;
    }

    friend constexpr std::strong_ordering operator<=>(const board& a, const board& b) noexcept
    {
        const unsigned common = a.size_ < b.size_ ? a.size_ : b.size_;
        for (unsigned r = 0; r < common; ++r)
            if (a.columns_[r] != b.columns_[r]) return a.columns_[r] <=> b.columns_[r];
        return a.size_ <=> b.size_;
    }

private:
    friend struct detail::board_access;

    static constexpr std::uint8_t checked_column(int column)
    {
        if (column < 0 || column >= max_size)
            throw std::out_of_range("nqueens::board: a column must be between 0 and 31");
        return static_cast<std::uint8_t>(column);
    }

    std::array<std::uint8_t, max_size> columns_{};
    std::uint8_t size_ = 0;
};

}  // namespace nqueens

#endif  // NQUEENS_BOARD_HPP

// ---- <nqueens/canonical.hpp> ----
// images, canonical_form, is_canonical, class_size: a board under the 8 symmetries of the square.
#ifndef NQUEENS_CANONICAL_HPP
#define NQUEENS_CANONICAL_HPP

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace nqueens {

namespace detail {

constexpr void check_permutation(const board& b, const char* what)
{
    std::array<bool, board::max_size> seen{};
    for (const int c : b) {
        if (c >= b.size() || seen[static_cast<unsigned>(c)])
            throw std::invalid_argument(std::string(what) + ": the board must use each column once");
        seen[static_cast<unsigned>(c)] = true;
    }
}

// is_canonical() for a board known to be a permutation: compares b with each
// image as it is computed, and stops at the first smaller one.
constexpr bool is_canonical_permutation(const board& b) noexcept
{
    const int n = b.size();
    std::array<std::uint8_t, board::max_size> inverse{};
    for (int r = 0; r < n; ++r) inverse[static_cast<unsigned>(b[r])] = static_cast<std::uint8_t>(r);
    // Image k at row r, in the order of images().
    auto at = [&](int k, int r) -> int {
        const int rr = n - 1 - r;
        switch (k) {
            case 1:
                return n - 1 - b[r];
            case 2:
                return b[rr];
            case 3:
                return n - 1 - b[rr];
            case 4:
                return inverse[static_cast<unsigned>(r)];
            case 5:
                return n - 1 - inverse[static_cast<unsigned>(rr)];
            case 6:
                return n - 1 - inverse[static_cast<unsigned>(r)];
            default:
                return inverse[static_cast<unsigned>(rr)];
        }
    };
    for (int k = 1; k < 8; ++k) {
        for (int r = 0; r < n; ++r) {
            const int x = at(k, r);
            if (x < b[r]) return false;
            if (x > b[r]) break;
        }
    }
    return true;
}

}  // namespace detail

// The 8 images of a board under the rotations and reflections of the square:
// identity, left-right mirror, top-bottom mirror, rotation by 180 degrees,
// transpose (main diagonal), anti-transpose, rotation by 90 degrees, rotation
// by 270 degrees, in this order.
//
// Requires b to be a permutation (each of the columns 0..n-1 used once, as in
// every solution); throws std::invalid_argument otherwise. Cost: O(n).
//
//     auto im = nqueens::images(nqueens::board{1, 3, 0, 2});  // im[1] == board{2, 0, 3, 1}
constexpr std::array<board, 8> images(const board& b)
{
    const int n = b.size();
    detail::check_permutation(b, "nqueens::images");
    std::array<std::array<std::uint8_t, board::max_size>, 8> cols{};
    for (int r = 0; r < n; ++r) {
        const auto c = static_cast<unsigned>(b[r]);
        const auto cc = static_cast<unsigned>(n - 1) - c;
        const auto r8 = static_cast<std::uint8_t>(r);
        const auto rr8 = static_cast<std::uint8_t>(n - 1 - r);
        cols[0][r8] = static_cast<std::uint8_t>(c);
        cols[1][r8] = static_cast<std::uint8_t>(cc);
        cols[2][rr8] = static_cast<std::uint8_t>(c);
        cols[3][rr8] = static_cast<std::uint8_t>(cc);
        cols[4][c] = r8;
        cols[5][cc] = rr8;
        cols[6][c] = rr8;
        cols[7][cc] = r8;
    }
    std::array<board, 8> out{};
    for (unsigned k = 0; k < 8; ++k)
        for (unsigned r = 0; r < static_cast<unsigned>(n); ++r) out[k].push_back(cols[k][r]);
    return out;
}

// The canonical representative of b's symmetry class: the lexicographically
// smallest of its 8 images. for_each_distinct_solution() and
// distinct_solutions<N>() (solutions.hpp) give exactly the solutions that are
// their own canonical form.
//
// Same requirements and cost as images().
//
//     static_assert(nqueens::canonical_form(nqueens::board{2, 0, 3, 1}) == nqueens::board{1, 3, 0, 2});
constexpr board canonical_form(const board& b)
{
    const auto im = images(b);
    board best = im[0];
    for (const board& x : im)
        if (x < best) best = x;
    return best;
}

// Whether b is the canonical representative of its class (see canonical_form()).
//
// Same requirements as images(). Cost: O(n), without building the images.
//
//     static_assert(nqueens::is_canonical(nqueens::board{1, 3, 0, 2}));
constexpr bool is_canonical(const board& b)
{
    detail::check_permutation(b, "nqueens::is_canonical");
    return detail::is_canonical_permutation(b);
}

// How many different boards b's class holds: 1, 2, 4 or 8. Summed over the
// distinct solutions it gives the total number of solutions.
//
// Same requirements and cost as images().
//
//     static_assert(nqueens::class_size(nqueens::board{1, 3, 0, 2}) == 2);
constexpr int class_size(const board& b)
{
    const auto im = images(b);
    int distinct = 0;
    for (unsigned i = 0; i < 8; ++i) {
        bool repeated = false;
        for (unsigned j = 0; j < i; ++j) repeated = repeated || im[j] == im[i];
        distinct += repeated ? 0 : 1;
    }
    return distinct;
}

}  // namespace nqueens

#endif  // NQUEENS_CANONICAL_HPP

// ---- <nqueens/checkpoint.hpp> ----
// run_record, shard, merge_records: the finished part of a long count and the checks to reuse it.
#ifndef NQUEENS_CHECKPOINT_HPP
#define NQUEENS_CHECKPOINT_HPP

// ---- <nqueens/detail/checked.hpp> ----
// Overflow-checked arithmetic for totals, usable in constant expressions.
#ifndef NQUEENS_DETAIL_CHECKED_HPP
#define NQUEENS_DETAIL_CHECKED_HPP

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace nqueens::detail {

inline constexpr const char* overflow_message = "nqueens: the count does not fit in 64 bits";

constexpr std::uint64_t checked_add(std::uint64_t a, std::uint64_t b)
{
    if (b > std::numeric_limits<std::uint64_t>::max() - a) throw std::overflow_error(overflow_message);
    return a + b;
}

constexpr std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b)
{
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
        throw std::overflow_error(overflow_message);
    return a * b;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_CHECKED_HPP

// ---- <nqueens/engine.hpp> ----
// count and work_plan: the multithreaded run-time engine for big n.
#ifndef NQUEENS_ENGINE_HPP
#define NQUEENS_ENGINE_HPP

// ---- <nqueens/detail/half_join.hpp> ----
// The meet-in-the-middle counter: top and bottom halves enumerated apart and joined, one task at a time.
#ifndef NQUEENS_DETAIL_HALF_JOIN_HPP
#define NQUEENS_DETAIL_HALF_JOIN_HPP

// ---- <nqueens/detail/join_halves.hpp> ----
// Enumerating the top placements of one band (the join's halves) and grouping them by column set.
#ifndef NQUEENS_DETAIL_JOIN_HALVES_HPP
#define NQUEENS_DETAIL_JOIN_HALVES_HPP

// ---- <nqueens/detail/column_index.hpp> ----
// column_index: a dense numbering of the column sets of one size, for grouping half-boards.
#ifndef NQUEENS_DETAIL_COLUMN_INDEX_HPP
#define NQUEENS_DETAIL_COLUMN_INDEX_HPP

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// v.resize(size), which Clang 14 cannot evaluate for libstdc++'s vector of
// integers; assign() (slower: it writes every element) works everywhere.
template <class T>
constexpr void resize_for_overwrite(std::vector<T>& v, std::size_t size)
{
    if (std::is_constant_evaluated())
        v.assign(size, T{});
    else
        v.resize(size);
}

// A dense index for the column sets of one list: sets of `size` columns
// from `columns`, numbered by two table lookups (low and high halves).
struct column_index {
    std::uint32_t columns = 0;
    int split = 0;
    std::vector<std::uint32_t> low, high;
    std::uint32_t count = 0;  // number of sets

    constexpr void reset(std::uint32_t cols, int n, int size)
    {
        columns = cols;
        split = n / 2;
        const std::uint32_t lo_mask = cols & ((std::uint32_t{1} << split) - 1);
        const std::uint32_t hi_mask = cols >> split;
        const int lo_n = std::popcount(lo_mask);
        const int hi_n = std::popcount(hi_mask);
        // Within each half, a set's rank among the sets of its size.
        const auto ranks = [](std::uint32_t mask, std::vector<std::uint32_t>& out) {
            out.assign(static_cast<std::size_t>(mask) + 1, 0);
            std::array<std::uint32_t, 33> seen{};
            for (std::uint32_t v = 0;; v = (v - mask) & mask) {
                out[v] = seen[static_cast<std::size_t>(std::popcount(v))]++;
                if (v == mask) break;
            }
        };
        std::array<std::array<std::uint64_t, 33>, 33> choose{};
        for (std::size_t i = 0; i < 33; ++i) {
            choose[i][0] = 1;
            for (std::size_t j = 1; j <= i; ++j) choose[i][j] = choose[i - 1][j - 1] + choose[i - 1][j];
        }
        ranks(lo_mask, low);
        ranks(hi_mask, high);
        // Sets with j low columns come after those with fewer; within them,
        // low rank major, high rank minor.
        std::array<std::uint64_t, 34> base{};
        std::uint64_t total = 0;
        for (int j = 0; j <= size; ++j) {
            base[static_cast<std::size_t>(j)] = total;
            if (j <= lo_n && size - j <= hi_n)
                total += choose[static_cast<std::size_t>(lo_n)][static_cast<std::size_t>(j)] *
                         choose[static_cast<std::size_t>(hi_n)][static_cast<std::size_t>(size - j)];
        }
        count = static_cast<std::uint32_t>(total);
        for (std::uint32_t v = 0;; v = (v - lo_mask) & lo_mask) {
            const int j = std::popcount(v);
            if (j <= size && size - j <= hi_n)
                low[v] = static_cast<std::uint32_t>(
                    base[static_cast<std::size_t>(j)] +
                    low[v] * choose[static_cast<std::size_t>(hi_n)][static_cast<std::size_t>(size - j)]);
            if (v == lo_mask) break;
        }
    }

    constexpr std::uint32_t operator()(std::uint32_t set) const noexcept
    {
        return low[set & columns & ((std::uint32_t{1} << split) - 1)] + high[(set & columns) >> split];
    }
};

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COLUMN_INDEX_HPP

// ---- <nqueens/detail/join_tasks.hpp> ----
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
// caches (measured best: k = 4 for n = 17, 2 for n = 16 and 18) and, from
// n = 19, for memory. A thread holds two lists at 8 bytes a placement, plus
// up to 12 bytes a placement while it groups one (build_top_list), so k keeps
// the largest list to a few million placements: about 70 MB a thread at
// n = 19, a few hundred MB at most up to n = 23, where more lead columns
// would mean too many tasks (363,012 already).
inline constexpr std::array<int, join_max_n + 1> join_lead_columns = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  0,
                                                                      0, 0, 0, 2, 2, 4, 2, 8, 6, 12, 11, 16};

// The version of n's task list, for work_plan::version(): 2 for the lists
// of n <= 18, 4 where the lead columns grew to bound memory (n >= 19).
constexpr std::uint32_t join_task_list_version(int n) noexcept
{
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

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nqueens::detail {

// The diagonals a top placement could share with a bottom one: of each
// family, only the 2t - 1 from layout.low on (top queens reach up to
// n + t - 2, bottom queens down to n - t). Bit i is sum diagonal low + i,
// bit width + i difference diagonal low + i.
using diagonal_key = std::uint64_t;

// The key of a top placement y as it meets a top x turned upside down: the
// flip makes y's difference diagonals sum diagonals and the other way
// round, so x and the turned y fit iff key(x) & turned_key(key(y)) == 0.
constexpr diagonal_key turned_key(diagonal_key key, int width) noexcept
{
    const diagonal_key half = (diagonal_key{1} << width) - 1;
    return (key >> width) | ((key & half) << width);
}

// The rules for the top placements under one band: free columns, the
// squares the band attacks row by row, and each square's key bits.
struct top_rules {
    join_layout layout{};
    std::uint32_t free = 0;
    std::array<std::uint32_t, 16> attacked{};
    std::array<std::array<diagonal_key, 32>, 16> bits{};

    constexpr top_rules(const join_layout& cut, std::array<int, 2> band) : layout(cut)
    {
        free = band_free_columns(layout, band);
        for (int i = 0; i < layout.band; ++i) {
            const int band_row = layout.band_row(i);
            const int c = band[static_cast<std::size_t>(i)];
            for (int r = 0; r < layout.top; ++r) {
                const int dist = band_row - r;
                if (c - dist >= 0) attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c - dist);
                if (c + dist < layout.n)
                    attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c + dist);
            }
        }
        for (int r = 0; r < layout.top; ++r) {
            for (int c = 0; c < layout.n; ++c) {
                diagonal_key key = 0;
                const int sum = sum_diagonal(r, c) - layout.low;
                const int difference = difference_diagonal(layout.n, r, c) - layout.low;
                if (sum >= 0 && sum < layout.width) key |= diagonal_key{1} << sum;
                if (difference >= 0 && difference < layout.width)
                    key |= diagonal_key{1} << (layout.width + difference);
                bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = key;
            }
        }
    }

    // The squares of row r, among `columns`, that neither the band nor the
    // queens already placed attack: `cols` their columns, `sums` and
    // `differences` their diagonals as bit masks (bit sum_diagonal(r, c) and
    // bit difference_diagonal(n, r, c)).
    constexpr std::uint32_t open(int r, std::uint32_t columns, std::uint32_t cols, std::uint64_t sums,
                                 std::uint64_t differences) const noexcept
    {
        return columns &
               ~(cols | attacked[static_cast<std::size_t>(r)] | static_cast<std::uint32_t>(sums >> r) |
                 static_cast<std::uint32_t>(differences >> difference_diagonal(layout.n, r, 0)));
    }

    // The same queens with one more at (r, c).
    struct placed_queens {
        std::uint32_t rows = 0;
        std::uint32_t cols = 0;
        std::uint64_t sums = 0;
        std::uint64_t differences = 0;
        diagonal_key key = 0;
    };
    constexpr placed_queens place(const placed_queens& s, int r, int c) const noexcept
    {
        return placed_queens{s.rows | std::uint32_t{1} << r, s.cols | std::uint32_t{1} << c,
                             s.sums | std::uint64_t{1} << sum_diagonal(r, c),
                             s.differences | std::uint64_t{1} << difference_diagonal(layout.n, r, c),
                             s.key | bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]};
    }
};

// Calls f(columns, key) for every top placement whose lead columns are
// exactly `taken`, until f returns false; returns the queens placed. The
// lead columns are placed first, column by column, then the remaining rows
// top down.
template <class F>
constexpr std::uint64_t for_each_top(const top_rules& rules, std::uint32_t lead, std::uint32_t taken, F&& f)
{
    const join_layout& layout = rules.layout;
    using state = top_rules::placed_queens;
    std::uint64_t placed = 0;
    bool stopped = false;
    // The rows the lead columns left open, top down, as an explicit stack:
    // the band and the lead queens attack them through `blocked`, the
    // queens placed here through the diagonal masks shifted row to row.
    const auto rows_phase = [&](const state& s0) {
        std::array<int, 16> order{};
        std::array<std::uint32_t, 16> blocked{};
        std::size_t count = 0;
        for (int r = 0; r < layout.top; ++r) {
            if ((s0.rows >> r & 1) != 0) continue;
            order[count] = r;
            blocked[count++] = ~rules.open(r, ~std::uint32_t{0}, s0.cols, s0.sums, s0.differences);
        }
        if (count == 0) {
            stopped = !f(s0.cols, s0.key);
            return;
        }
        const std::uint32_t columns = rules.free & ~lead;
        struct frame {
            std::uint32_t cols = 0, left = 0, right = 0, choices = 0;
            diagonal_key key = 0;
        };
        std::array<frame, 16> stack{};
        stack[0] = frame{s0.cols, 0, 0, columns & ~blocked[0], s0.key};
        std::size_t i = 0;
        while (true) {
            frame& at = stack[i];
            if (at.choices == 0) {
                if (i == 0) return;
                --i;
                continue;
            }
            const std::uint32_t bit = at.choices & (~at.choices + 1);
            at.choices ^= bit;
            ++placed;
            const std::uint32_t cols = at.cols | bit;
            const diagonal_key key = at.key | rules.bits[static_cast<std::size_t>(order[i])]
                                                        [static_cast<std::size_t>(std::countr_zero(bit))];
            if (i + 1 == count) {
                if (!f(cols, key)) {
                    stopped = true;
                    return;
                }
                continue;
            }
            const int gap = order[i + 1] - order[i];
            frame& next = stack[i + 1];
            next.cols = cols;
            next.left = (at.left | bit) << gap;
            next.right = (at.right | bit) >> gap;
            next.key = key;
            next.choices = columns & ~(cols | next.left | next.right | blocked[i + 1]);
            ++i;
        }
    };
    // Each lead column in `taken` gets a queen in some open row.
    const auto lead_phase = [&](const auto& self, const state& s, std::uint32_t todo) -> void {
        if (todo == 0) {
            rows_phase(s);
            return;
        }
        const int c = std::countr_zero(todo);
        for (int r = 0; r < layout.top && !stopped; ++r) {
            if ((s.rows >> r & 1) != 0) continue;
            if (rules.open(r, std::uint32_t{1} << c, s.cols, s.sums, s.differences) == 0) continue;
            ++placed;
            self(self, rules.place(s, r, c), todo & (todo - 1));
        }
    };
    if (layout.top == 0) {
        if (taken == 0) f(std::uint32_t{0}, diagonal_key{0});
        return 0;
    }
    lead_phase(lead_phase, state{}, taken);
    return placed;
}

// The top placements of one list, grouped by column set: group g holds
// keys[start[g] .. start[g + 1]) and has columns set_of[g].
struct top_list {
    column_index index;
    std::vector<diagonal_key> keys;
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> set_of;
};

// What a list needs while it is built, kept between tasks: each
// placement's group, each group's next free slot, and a copy of the keys
// for lists of at most about `copied_keys` placements (0: none, which the
// tests use to reach the in-place grouping with small n).
struct top_scratch {
    std::size_t copied_keys = std::size_t{1} << 21;
    std::vector<std::uint32_t> groups;
    std::vector<std::uint32_t> next;
    std::vector<diagonal_key> keys;
};

// Enumerates the tops of one list and groups them by a counting sort; with
// `name_groups`, also records each group's column set. Adds the queens
// placed to `placed`; returns false if stop() said yes (polled every 2^16
// placements). A list of at most about scratch.copied_keys placements is
// copied into its groups (fast); a longer one is grouped in place, each
// placement swapped into its group's next slot, so that a list needs 12
// bytes a placement while it is built and 8 after, whatever its length.
template <class Stop>
constexpr bool build_top_list(const top_rules& rules, std::uint32_t lead, std::uint32_t taken,
                              bool name_groups, top_list& out, top_scratch& scratch, std::uint64_t& placed,
                              Stop&& stop)
{
    const std::uint32_t columns = rules.free & ~lead;
    out.index.reset(columns, rules.layout.n, rules.layout.top - std::popcount(taken));
    const std::size_t groups = out.index.count;
    out.set_of.assign(name_groups ? groups : 0, 0);
    out.keys.clear();
    scratch.keys.clear();
    scratch.groups.clear();
    // The keys go to the scratch copy until they outnumber copied_keys, then
    // to the list itself.
    std::vector<diagonal_key>* unsorted = scratch.copied_keys == 0 ? &out.keys : &scratch.keys;
    bool stopped = false;
    placed += for_each_top(rules, lead, taken, [&](std::uint32_t cols, diagonal_key key) {
        const std::uint32_t g = out.index(cols);
        unsorted->push_back(key);
        scratch.groups.push_back(g);
        if (name_groups) out.set_of[g] = cols;
        if (scratch.groups.size() % 65536 == 0) {
            if (unsorted != &out.keys && scratch.groups.size() >= scratch.copied_keys) {
                out.keys.assign(scratch.keys.begin(), scratch.keys.end());
                unsorted = &out.keys;
            }
            stopped = stop();
        }
        return !stopped;
    });
    if (stopped) return false;
    out.start.assign(groups + 1, 0);
    for (const std::uint32_t g : scratch.groups) ++out.start[g + 1];
    for (std::size_t g = 0; g < groups; ++g) out.start[g + 1] += out.start[g];
    scratch.next.assign(out.start.begin(), out.start.end() - 1);
    std::vector<diagonal_key>& keys = out.keys;
    std::vector<std::uint32_t>& group_of = scratch.groups;
    if (unsorted != &out.keys) {
        resize_for_overwrite(keys, scratch.keys.size());
        for (std::size_t i = 0; i < scratch.keys.size(); ++i)
            keys[scratch.next[group_of[i]]++] = scratch.keys[i];
        return true;
    }
    for (std::uint32_t g = 0; g < groups; ++g) {
        // Slots before next[g] hold group g; the one at next[g] is swapped
        // to its own group's next slot until a placement of group g is there.
        for (std::uint32_t i = scratch.next[g]; i < out.start[g + 1]; i = scratch.next[g]) {
            const std::uint32_t home = group_of[i];
            if (home == g) {
                ++scratch.next[g];
                continue;
            }
            const std::uint32_t j = scratch.next[home]++;
            const diagonal_key key = keys[i];
            keys[i] = keys[j];
            keys[j] = key;
            group_of[i] = group_of[j];
            group_of[j] = home;
        }
    }
    return true;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_HALVES_HPP

// ---- <nqueens/detail/join_kernel.hpp> ----
// The join's kernel: how many pairs of one group of tops and one group of turned tops fit.
#ifndef NQUEENS_DETAIL_JOIN_KERNEL_HPP
#define NQUEENS_DETAIL_JOIN_KERNEL_HPP

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// The keys of the partner group are stored bit-sliced (one 64-bit word per
// key bit for every 64 placements, by a 64 x 64 bit transpose), and the
// words for each 4- to 8-bit slice of a key (the width chosen per pair of
// groups) are OR-ed in advance; a placement x then finds its partners 64 at
// a time with one lookup per slice and a popcount.

// The kernel's buffers, kept between calls.
struct kernel_scratch {
    std::vector<std::uint64_t> planes, table;
};

// Transposes a 64 x 64 bit matrix: afterwards bit i of m[b] is what bit b
// of m[i] was (6 rounds of swapping ever smaller blocks).
constexpr void transpose64(std::array<std::uint64_t, 64>& m) noexcept
{
    std::uint64_t mask = 0x00000000FFFFFFFFu;
    for (std::size_t j = 32; j != 0; j >>= 1, mask ^= mask << j) {
        for (std::size_t k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            const std::uint64_t t = ((m[k] >> j) ^ m[k | j]) & mask;
            m[k] ^= t << j;
            m[k | j] ^= t;
        }
    }
}

// The number of x in xs[0 .. nx) with each y of the table's group: for
// each x, the OR of one table row per slice of its key, and the zeros
// counted. Slices is a template argument where it can be (4 to 8: the loop
// over words then vectorizes); 0 means "read it from `runtime_slices`".
template <std::size_t Slices>
constexpr std::uint64_t count_fits(const diagonal_key* xs, std::size_t nx, const std::uint64_t* table,
                                   std::size_t words, std::size_t slice, std::size_t runtime_slices = Slices)
{
    const std::size_t slices = Slices != 0 ? Slices : runtime_slices;
    const std::size_t values = std::size_t{1} << slice;
    const diagonal_key value_mask = values - 1;
    std::uint64_t fits = 0;
    std::array<const std::uint64_t*, 16> rows{};  // each slice's table row, for one x
    for (std::size_t i = 0; i < nx; ++i) {
        const diagonal_key k = xs[i];
        for (std::size_t s = 0; s < slices; ++s)
            rows[s] =
                table + (s * values + static_cast<std::size_t>((k >> (s * slice)) & value_mask)) * words;
        for (std::size_t w = 0; w < words; ++w) {
            std::uint64_t blocked = rows[0][w];
            for (std::size_t s = 1; s < slices; ++s) blocked |= rows[s][w];
            fits += static_cast<std::uint64_t>(std::popcount(~blocked));
        }
    }
    return fits;
}

// The number of pairs (x in group `group` of `mine`, y in group
// `partner` of `theirs`, turned upside down) that fit.
constexpr std::uint64_t join_groups(const join_layout& layout, const top_list& mine, std::uint32_t group,
                                    const top_list& theirs, std::uint32_t partner, kernel_scratch& scratch)
{
    const std::uint32_t x0 = mine.start[group], x1 = mine.start[group + 1];
    const std::uint32_t y0 = theirs.start[partner], y1 = theirs.start[partner + 1];
    if (x0 == x1 || y0 == y1) return 0;
    const std::uint32_t ny = y1 - y0;
    const std::size_t words = (ny + 63) / 64;
    const std::size_t nx = x1 - x0;
    const auto bits = static_cast<std::size_t>(layout.key_bits());
    // Wider slices mean fewer lookups per x but larger tables: pick the
    // width (4 to 8 bits) with the least work for these group sizes.
    const auto cost = [&](std::size_t w) {
        const std::size_t slices = (bits + w - 1) / w;
        return slices * words * (std::size_t{1} << w) + nx * slices * words;
    };
    std::size_t slice = 4;
    for (std::size_t w = 5; w <= 8; ++w)
        if (cost(w) < cost(slice)) slice = w;
    const std::size_t slices = (bits + slice - 1) / slice;
    const std::size_t values = std::size_t{1} << slice;

    // planes[w * bits + b]: bit i set iff y number 64w + i has key bit b,
    // by transposing 64 keys at a time.
    std::vector<std::uint64_t>& planes = scratch.planes;
    if (std::is_constant_evaluated()) {
        // Bit by bit: fewer evaluation steps for the small groups of small n.
        planes.assign(words * bits, 0);
        for (std::size_t i = 0; i < ny; ++i) {
            for (diagonal_key k = turned_key(theirs.keys[y0 + i], layout.width); k != 0; k &= k - 1)
                planes[(i / 64) * bits + static_cast<std::size_t>(std::countr_zero(k))] |= std::uint64_t{1}
                                                                                           << (i % 64);
        }
    } else {
        planes.resize(words * bits);
        for (std::size_t w = 0; w < words; ++w) {
            std::array<std::uint64_t, 64> block{};
            const std::size_t first = 64 * w;
            const std::size_t count = ny - first < 64 ? ny - first : 64;
            for (std::size_t i = 0; i < count; ++i)
                block[i] = turned_key(theirs.keys[y0 + first + i], layout.width);
            transpose64(block);
            for (std::size_t b = 0; b < bits; ++b) planes[w * bits + b] = block[b];
        }
    }
    // table[(s * values + v) * words + w]: the OR of the planes of the bits
    // v has in slice s. Slice 0 also marks the unused tail of the last word.
    std::vector<std::uint64_t>& table = scratch.table;
    resize_for_overwrite(table, slices * values * words);
    for (std::size_t s = 0; s < slices; ++s) {
        const std::size_t t0 = s * values * words;
        for (std::size_t w = 0; w < words; ++w) {
            const std::size_t used = ny - 64 * w;
            table[t0 + w] = (s == 0 && used < 64) ? ~std::uint64_t{0} << used : 0;
        }
        for (std::size_t v = 1; v < values; ++v) {
            const std::size_t b = s * slice + static_cast<std::size_t>(std::countr_zero(v));
            const std::size_t to = t0 + v * words;
            const std::size_t from = t0 + (v & (v - 1)) * words;
            for (std::size_t w = 0; w < words; ++w)
                table[to + w] = table[from + w] | (b < bits ? planes[w * bits + b] : 0);
        }
    }
    const diagonal_key* xs = mine.keys.data() + x0;
    switch (slices) {
        case 4:
            return count_fits<4>(xs, nx, table.data(), words, slice);
        case 5:
            return count_fits<5>(xs, nx, table.data(), words, slice);
        case 6:
            return count_fits<6>(xs, nx, table.data(), words, slice);
        case 7:
            return count_fits<7>(xs, nx, table.data(), words, slice);
        case 8:
            return count_fits<8>(xs, nx, table.data(), words, slice);
        default:
            return count_fits<0>(xs, nx, table.data(), words, slice, slices);
    }
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_KERNEL_HPP

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

namespace nqueens::detail {

// A task (join_tasks.hpp: a band and the lead columns its top takes) is
// counted in three steps: the top placements x of the band and the top
// placements y of the flipped band are enumerated and grouped by column set
// (join_halves.hpp); x and y use complementary columns, so group S only
// meets group "free minus S"; and for each such pair of groups the kernel
// (join_kernel.hpp) counts the pairs whose shared diagonals are disjoint.
// This is a run-time algorithm built from constexpr functions; the kernel
// (search.hpp) checks it in the tests, and it runs in constant evaluation
// for small n.

// Reusable buffers for one thread, so that tasks do not allocate.
struct join_workspace {
    top_list mine, theirs;
    top_scratch tops;
    kernel_scratch kernel;
};

// The outcome of one task: its weighted count and the queens placed.
struct join_tally {
    std::uint64_t total = 0;
    std::uint64_t nodes = 0;
};

// A rough, relative cost of a task: the placements of the first three rows
// of its top list times those of its partner list.
constexpr std::uint64_t join_task_breadth(int n, const join_task& t)
{
    const join_layout layout = make_join_layout(n);
    const std::uint32_t lead = lead_columns(layout, band_free_columns(layout, t.band));
    const auto breadth = [&](std::array<int, 2> band, std::uint32_t taken) {
        const top_rules rules(layout, band);
        const std::uint32_t columns = (rules.free & ~lead) | taken;
        // Three rows, or two where the tasks number in the hundreds of
        // thousands (n = 22, 23), so that a plan is built in a fraction of a second.
        const int most = layout.lead >= 10 ? 2 : 3;
        const int rows = layout.top < most ? layout.top : most;
        const auto walk = [&](const auto& self, const top_rules::placed_queens& s) -> std::uint64_t {
            const int r = std::popcount(s.rows);
            if (r == rows) return 1;
            std::uint64_t k = 0;
            for (std::uint32_t open = rules.open(r, columns, s.cols, s.sums, s.differences); open != 0;
                 open &= open - 1)
                k += self(self, rules.place(s, r, std::countr_zero(open)));
            return k;
        };
        return walk(walk, top_rules::placed_queens{});
    };
    return breadth(t.band, t.taken) * breadth(band_image(layout, t.band, false, true), lead & ~t.taken);
}

// Counts one task. `stop()` is polled while the lists are built (every 2^16
// placements) and every 64 column groups of the join; returns std::nullopt
// if it said yes.
template <class Stop>
constexpr std::optional<join_tally> run_join_task(int n, const join_task& t, join_workspace& ws, Stop&& stop)
{
    const join_layout layout = make_join_layout(n);
    const std::uint32_t lead = lead_columns(layout, band_free_columns(layout, t.band));
    const std::uint32_t rest = lead & ~t.taken;
    const top_rules my_rules(layout, t.band);
    join_tally out{};
    if (!build_top_list(my_rules, lead, t.taken, true, ws.mine, ws.tops, out.nodes, stop))
        return std::nullopt;
    // The partner list: the same list when both names coincide.
    const bool same = t.self_flip && t.taken == rest;
    if (!same) {
        const top_rules their_rules(layout, band_image(layout, t.band, false, true));
        if (!build_top_list(their_rules, lead, rest, false, ws.theirs, ws.tops, out.nodes, stop))
            return std::nullopt;
    }
    const top_list& theirs = same ? ws.mine : ws.theirs;
    const std::uint32_t columns = my_rules.free & ~lead;
    std::uint64_t pairs = 0;
    for (std::uint32_t g = 0; g < ws.mine.index.count; ++g) {
        if (ws.mine.start[g] == ws.mine.start[g + 1]) continue;
        if (g % 64 == 0 && stop()) return std::nullopt;
        const std::uint32_t set = ws.mine.set_of[g];
        const std::uint32_t partner = columns & ~set;
        if (same && partner < set) continue;  // each unordered pair once
        pairs += join_groups(layout, ws.mine, g, theirs, theirs.index(partner), ws.kernel);
    }
    out.total = checked_mul(pairs, t.weight);
    return out;
}

// The total for n (OEIS A000170) by the join alone, one task after another.
// Valid for join_min_n <= n <= join_max_n; constexpr, but meant for run time
// (one constant evaluation holds n <= 9 on Clang 14, n <= 10 on GCC 12).
constexpr std::uint64_t count_by_join(int n)
{
    join_workspace ws;
    std::uint64_t total = 0;
    for_each_join_task(n, [&](const join_task& t) {
        total = checked_add(total, run_join_task(n, t, ws, [] { return false; })->total);
    });
    return total;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_HALF_JOIN_HPP

// ---- <nqueens/detail/invariant.hpp> ----
// Counting the solutions that a half turn or a quarter turn of the board maps onto themselves.
#ifndef NQUEENS_DETAIL_INVARIANT_HPP
#define NQUEENS_DETAIL_INVARIANT_HPP

// ---- <nqueens/detail/search.hpp> ----
// The constexpr kernel: a recursive bitmask depth-first search that every driver calls.
#ifndef NQUEENS_DETAIL_SEARCH_HPP
#define NQUEENS_DETAIL_SEARCH_HPP

// ---- <nqueens/domain.hpp> ----
// The board sizes the library accepts, and the error for the others.
#ifndef NQUEENS_DOMAIN_HPP
#define NQUEENS_DOMAIN_HPP

#include <stdexcept>

namespace nqueens {

// Smallest and largest board sizes: a board row is one 32-bit mask.
// n = 0 (the empty board) is outside the domain and rejected like n = 33.
inline constexpr int min_n = 1;
inline constexpr int max_n = 32;

constexpr bool in_domain(int n) noexcept
{
    return n >= min_n && n <= max_n;
}

// The sentence every API gives for a size outside [1, 32]; the compile-time
// forms spell the same words in their static_assert.
inline constexpr const char* domain_message = "nqueens: n must be between 1 and 32";

// Throws std::domain_error(domain_message) unless 1 <= n <= 32.
constexpr void check_domain(int n)
{
    if (!in_domain(n)) throw std::domain_error(domain_message);
}

}  // namespace nqueens

#endif  // NQUEENS_DOMAIN_HPP

#include <bit>
#include <cstdint>

namespace nqueens::detail {

using mask_t = std::uint32_t;

constexpr mask_t full_mask(int n) noexcept
{
    return n >= 32 ? ~mask_t{0} : (mask_t{1} << n) - 1;
}

constexpr mask_t lowest_bit(mask_t x) noexcept
{
    return x & (0u - x);
}

// Queens in rows [0, row), kept as the squares of row `row` they attack:
// `cols` by column, `left` along the diagonal that moves one column up per row,
// `right` along the one that moves one column down. Bits shifted off the board
// are dropped on purpose: a diagonal that leaves the board attacks nothing more.
struct partial {
    int row = 0;
    mask_t cols = 0;
    mask_t left = 0;
    mask_t right = 0;

    constexpr mask_t free(mask_t all) const noexcept { return all & ~(cols | left | right); }

    constexpr partial place(mask_t bit) const noexcept
    {
        return {row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1};
    }

    friend constexpr bool operator==(const partial&, const partial&) = default;
};

struct search_result {
    std::uint64_t solutions = 0;
    std::uint64_t nodes = 0;  // queens placed
};

// The search itself: the number of ways to fill the rows below a partial board
// whose occupied columns, diagonals and full-board mask are given. Plain
// recursion, one call per queen placed: it costs fewer of the constant
// evaluator's steps than an explicit stack (Clang 14: 14 s instead of 29 s for
// count_queens<13>()) and runs as fast at run time (GCC 12, Clang 14, -O2).
// The node counter is an optional trailing argument, so that the compile-time
// path neither passes nor updates it (each costs Clang 14 steps).
template <class... Nodes>
constexpr std::uint64_t search(mask_t all, mask_t cols, mask_t left, mask_t right, Nodes&... nodes) noexcept
{
    static_assert(sizeof...(Nodes) <= 1, "search takes at most one node counter");
    std::uint64_t solutions = 0;
    for (mask_t free = all & ~(cols | left | right); free != 0; free &= free - 1) {
        const mask_t bit = free & (0u - free);  // lowest_bit(), spelled out: a call costs Clang 14 steps
        (++nodes, ...);
        const mask_t next = cols | bit;
        if (next == all)
            ++solutions;
        else
            solutions += search(all, next, (left | bit) << 1, (right | bit) >> 1, nodes...);
    }
    return solutions;
}

// Counts the ways to complete `p` to a full n x n solution (1 if p is full).
template <bool CountNodes = false>
constexpr search_result count_completions(int n, partial p) noexcept
{
    const mask_t all = full_mask(n);
    search_result r{};
    if (p.cols == all)
        r.solutions = 1;
    else if constexpr (CountNodes)
        r.solutions = search(all, p.cols, p.left, p.right, r.nodes);
    else
        r.solutions = search(all, p.cols, p.left, p.right);
    return r;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SEARCH_HPP

#include <bit>
#include <cstdint>

namespace nqueens::detail {

// A partial board on which queens are placed anywhere, not row by row:
// rows, columns and both diagonals in use. Diagonal r + c is bit r + c of
// `sums`; diagonal c - r is bit c - r + n - 1 of `diffs` (2n - 1 <= 63 bits).
struct free_board {
    int n = 0;
    mask_t rows = 0;
    mask_t cols = 0;
    std::uint64_t sums = 0;
    std::uint64_t diffs = 0;

    // Places a queen at (r, c); false, leaving the board unusable, if a
    // queen already there or on its row, column or a diagonal attacks it.
    constexpr bool place(int r, int c) noexcept
    {
        const mask_t row = mask_t{1} << r;
        const mask_t col = mask_t{1} << c;
        const std::uint64_t sum = std::uint64_t{1} << (r + c);
        const std::uint64_t diff = std::uint64_t{1} << (c - r + n - 1);
        if ((rows & row) != 0 || (cols & col) != 0 || (sums & sum) != 0 || (diffs & diff) != 0) return false;
        rows |= row;
        cols |= col;
        sums |= sum;
        diffs |= diff;
        return true;
    }

    // The columns of row r that no queen attacks.
    constexpr mask_t open_in_row(int r) const noexcept
    {
        const mask_t by_sum = static_cast<mask_t>(sums >> r);
        const mask_t by_diff = static_cast<mask_t>(diffs >> (n - 1 - r));
        return full_mask(n) & ~(cols | by_sum | by_diff);
    }
};

// Completes `b` in every way that the rotation by `quarters` quarter turns
// (1 or 2) maps onto itself: the first empty row gets a queen, and with it
// every image of that queen under the rotation (4 queens for a quarter turn,
// 2 for a half turn), all at once. Returns the number of full boards.
constexpr std::uint64_t count_invariant_from(const free_board& b, int quarters) noexcept
{
    const int n = b.n;
    if (b.rows == full_mask(n)) return 1;
    const int r = std::countr_one(b.rows);
    std::uint64_t found = 0;
    for (mask_t open = b.open_in_row(r); open != 0; open &= open - 1) {
        free_board next = b;
        int y = r;
        int x = std::countr_zero(open);
        bool fits = next.place(y, x);
        // The images of (y, x) under the rotation, until back at (r, c).
        for (int image = 1; fits && image < 4 / quarters; ++image) {
            for (int q = 0; q < quarters; ++q) {
                const int turned = x;  // a quarter turn: (y, x) -> (x, n - 1 - y)
                x = n - 1 - y;
                y = turned;
            }
            fits = next.place(y, x);
        }
        if (fits) found += count_invariant_from(next, quarters);
    }
    return found;
}

// The number of solutions of the n x n board that a rotation by `quarters`
// quarter turns (1 or 2) leaves unchanged. On an odd board such a solution
// has a queen in the centre (the middle row's queen is its own image); a
// quarter turn leaves none unchanged unless n % 4 is 0 or 1, since the other
// queens come in fours. Cost: a search over about half (half turn) or a
// quarter (quarter turn) of the rows, tiny next to the full count.
constexpr std::uint64_t count_invariant(int n, int quarters) noexcept
{
    if (quarters == 1 && n % 4 > 1) return 0;
    free_board b{};
    b.n = n;
    if (n % 2 == 1 && !b.place(n / 2, n / 2)) return 0;
    return count_invariant_from(b, quarters);
}

// Burnside's lemma on the 8 symmetries of the square: the classes of
// solutions are the average number of solutions each symmetry fixes. The
// four reflections fix none for n > 1 (a queen and its mirror image would
// share a row, a column or a diagonal), the half turn fixes `half`, each
// quarter turn `quarter`, the identity all `total`.
// Throws std::overflow_error rather than wrap.
constexpr std::uint64_t distinct_from(int n, std::uint64_t total, std::uint64_t half, std::uint64_t quarter)
{
    if (n == 1) return total;
    return checked_add(total, checked_add(half, checked_mul(2, quarter))) / 8;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_INVARIANT_HPP

// ---- <nqueens/detail/symmetric_search.hpp> ----
// The 8-fold symmetric search: one representative per class of solutions, weighted by the class size.
#ifndef NQUEENS_DETAIL_SYMMETRIC_SEARCH_HPP
#define NQUEENS_DETAIL_SYMMETRIC_SEARCH_HPP

#include <array>
#include <bit>
#include <cstdint>

namespace nqueens::detail {

// A board is read as its rows top to bottom, each the column of its queen;
// the representative of a class is its lexicographically smallest image under
// the 8 rotations and reflections. Every solution (n > 1) has one queen on
// each edge, so the smallest image has its first queen either in the corner
// or at distance b1 from it, with every other edge queen at distance >= b1
// from its nearest corner. The search walks only boards that satisfy this:
// about 4.5 times fewer queens than the plain search, 2.3 times fewer than
// the plain search halved by the mirror (n = 10..15).
//
// corner: a queen at (0, 0). The only other image keeping it there is the
//   transpose, which swaps "column of the row-1 queen" (a) and "row of the
//   column-1 queen"; keep a below it by keeping column 1 empty in rows < a.
//   The opposite corner is on the queen's diagonal, the other two share its
//   row or column: no rotation maps the board to itself, its class has 8.
// edge: no corner queen, first queen at column b1 with b1 < n - 1 - b1 (for
//   odd n the middle column cannot hold it: the four edge queens would sit at
//   the edge midpoints, two of which share a diagonal). Reflections cannot
//   tie with the board itself (a reflected first queen would attack the
//   original), so only the three rotations are compared at the leaf.
// single: n = 1, whose one solution is its own class.
enum class sym_family : std::uint8_t { corner, edge, single };

// The pruning rules of one family and first-row choice. b1 is the column of
// the row-1 queen for `corner`, the column of the row-0 queen for `edge`.
struct sym_rule {
    sym_family family = sym_family::single;
    int n = 1;
    int b1 = 0;
    int b2 = -1;       // edge: the last row that may hold an edge-column queen
    mask_t all = 1;    // the board's columns
    mask_t early = 0;  // columns closed in rows < b1
    mask_t side = 0;   // edge: both edge columns
    mask_t last = 0;   // columns closed in the last row

    // The columns open in row y, given the columns in use above it and the
    // squares not attacked (`free`).
    constexpr mask_t allowed(int y, mask_t cols, mask_t free) const noexcept
    {
        if (y < b1) {
            free &= ~early;
        } else if (y == b2) {
            // Rows below b2 are too close to a bottom corner for an edge
            // column, so both edge columns must be filled by this row.
            const mask_t used = cols & side;
            if (used == 0) return 0;
            if (used != side) free &= side;
        }
        if (y == n - 1) free &= ~last;
        return free;
    }
};

constexpr sym_rule corner_rule(int n, int a) noexcept
{
    sym_rule s{};
    s.family = sym_family::corner;
    s.n = n;
    s.b1 = a;
    s.all = full_mask(n);
    s.early = mask_t{2};
    return s;
}

constexpr sym_rule edge_rule(int n, int b1) noexcept
{
    sym_rule s{};
    s.family = sym_family::edge;
    s.n = n;
    s.b1 = b1;
    s.b2 = n - 1 - b1;
    s.all = full_mask(n);
    s.side = mask_t{1} | (mask_t{1} << (n - 1));
    s.early = s.side;
    const mask_t low = (mask_t{1} << b1) - 1;
    s.last = low | (low << (n - b1));
    return s;
}

// The longest prefix a task may carry: the engine splits at depth <= 4, the
// compile-time count at <= 5, count_queens(n) at 6 from n = 28.
inline constexpr int max_prefix = 6;

// A sub-problem of the symmetric search: the first `row` rows placed.
struct sym_task {
    sym_rule rule{};
    int row = 0;
    mask_t cols = 0;
    mask_t left = 0;
    mask_t right = 0;
    std::array<mask_t, max_prefix> queens{};  // column bit of each placed row

    constexpr sym_task place(mask_t bit) const noexcept
    {
        sym_task t = *this;
        if (row < max_prefix) t.queens[static_cast<std::size_t>(row)] = bit;
        t.row = row + 1;
        t.cols = cols | bit;
        t.left = (left | bit) << 1;
        t.right = (right | bit) >> 1;
        return t;
    }

    constexpr mask_t open() const noexcept
    {
        return rule.allowed(row, cols, rule.all & ~(cols | left | right));
    }
};

// What a search found: representatives by class size (1 only for n = 1),
// and the queens placed on the way.
struct sym_tally {
    std::uint64_t orbits1 = 0;
    std::uint64_t orbits2 = 0;
    std::uint64_t orbits4 = 0;
    std::uint64_t orbits8 = 0;
    std::uint64_t nodes = 0;

    constexpr std::uint64_t distinct() const
    {
        return checked_add(checked_add(orbits1, orbits2), checked_add(orbits4, orbits8));
    }
    constexpr std::uint64_t total() const
    {
        return checked_add(checked_add(orbits1, checked_mul(2, orbits2)),
                           checked_add(checked_mul(4, orbits4), checked_mul(8, orbits8)));
    }
    constexpr sym_tally& operator+=(const sym_tally& o) noexcept
    {
        orbits1 += o.orbits1;
        orbits2 += o.orbits2;
        orbits4 += o.orbits4;
        orbits8 += o.orbits8;
        nodes += o.nodes;
        return *this;
    }
};

// For a full board of the edge family (rows[y] = column bit of row y): 0 if
// a rotation of it is lexicographically smaller, else the size of its class.
constexpr int edge_orbit(int n, const mask_t* rows) noexcept
{
    std::array<int, max_n> col{};
    std::array<int, max_n> row_of{};
    for (int y = 0; y < n; ++y) {
        col[static_cast<std::size_t>(y)] = std::countr_zero(rows[y]);
        row_of[static_cast<std::size_t>(col[static_cast<std::size_t>(y)])] = y;
    }
    // Rotation by 90 degrees maps (y, c) to (c, n-1-y); by 180 to
    // (n-1-y, n-1-c); by 270 to (n-1-c, y). image(i) is the column of row i.
    const auto compare = [&](auto image) {
        for (int i = 0; i < n; ++i) {
            const int a = image(i);
            const int b = col[static_cast<std::size_t>(i)];
            if (a != b) return a < b ? -1 : 1;
        }
        return 0;
    };
    const int r90 = compare([&](int i) { return n - 1 - row_of[static_cast<std::size_t>(i)]; });
    if (r90 < 0) return 0;
    if (r90 == 0) return 2;  // then the 180 and 270 images equal it too
    const int r180 = compare([&](int i) { return n - 1 - col[static_cast<std::size_t>(n - 1 - i)]; });
    if (r180 < 0) return 0;
    const int r270 = compare([&](int i) { return row_of[static_cast<std::size_t>(n - 1 - i)]; });
    if (r270 < 0) return 0;
    return r180 == 0 ? 4 : 8;
}

struct never_stop {
    constexpr bool operator()() const noexcept { return false; }
};

// How many nodes pass between two calls of the search's stop predicate: a
// few milliseconds of work.
inline constexpr std::uint64_t stop_check_interval = std::uint64_t{1} << 20;

// edge_orbit for a leaf of the edge family's search. A rotation's first
// queen is never nearer its corner than b1 there (the rules keep every edge
// queen at distance >= b1), so a rotation whose first queen is farther is
// larger and needs no comparison: usually none is left.
constexpr int edge_leaf_orbit(int n, int b1, const mask_t* rows) noexcept
{
    const mask_t top = mask_t{1} << (n - 1);
    int row_of_first = -1;  // the queen in column 0
    int row_of_last = -1;   // the queen in column n - 1
    for (int y = b1; y <= n - 1 - b1; ++y) {
        if (rows[y] == 1) row_of_first = y;
        if (rows[y] == top) row_of_last = y;
    }
    const bool tie90 = row_of_first == n - 1 - b1;
    const bool tie180 = rows[n - 1] == (top >> b1);
    const bool tie270 = row_of_last == b1;
    if (!tie90 && !tie180 && !tie270) return 8;
    return edge_orbit(n, rows);
}

// Adds the representatives below task `t` to `out`: an iterative DFS with an
// explicit stack, one entry per row. The last two rows are not pushed: they
// have at most two open columns between them and are tried in place.
// Returns false, with `out` partly updated, if `should_stop()` said so (it
// is asked every stop_check_interval nodes).
template <class StopFn = never_stop>
constexpr bool search_symmetric(const sym_task& t, sym_tally& out, StopFn&& should_stop = {})
{
    const sym_rule& s = t.rule;
    const int n = s.n;
    if (s.family == sym_family::single) {
        ++out.orbits1;
        ++out.nodes;
        return true;
    }
    const int last_row = n - 1;
    const bool corner = s.family == sym_family::corner;

    // The squares each row may use before attacks: the rule's masks.
    std::array<mask_t, max_n> row_open{};
    for (int y = 0; y < n; ++y) {
        mask_t m = s.all;
        if (y < s.b1) m &= ~s.early;
        if (y == last_row) m &= ~s.last;
        row_open[static_cast<std::size_t>(y)] = m;
    }
    const auto open_at = [&](int y, mask_t c, mask_t l, mask_t r) {
        mask_t open = row_open[static_cast<std::size_t>(y)] & ~(c | l | r);
        if (y == s.b2) {
            const mask_t used = c & s.side;
            if (used == 0) return mask_t{0};
            if (used != s.side) open &= s.side;
        }
        return open;
    };

    std::array<mask_t, max_n> rows{};
    std::array<mask_t, max_n> cols{};
    std::array<mask_t, max_n> left{};
    std::array<mask_t, max_n> right{};
    std::array<mask_t, max_n> open{};
    for (int y = 0; y < t.row; ++y) rows[static_cast<std::size_t>(y)] = t.queens[static_cast<std::size_t>(y)];

    std::uint64_t nodes = 0;
    std::uint64_t next_check = stop_check_interval;
    sym_tally found{};
    // The last row of a board whose rows above are in `rows`: a leaf if open.
    const auto leaf = [&](mask_t c, mask_t l, mask_t r) {
        const mask_t q = row_open[static_cast<std::size_t>(last_row)] & ~(c | l | r);
        if (q == 0) return;
        ++nodes;
        if (corner) {
            ++found.orbits8;
            return;
        }
        rows[static_cast<std::size_t>(last_row)] = q;
        switch (edge_leaf_orbit(n, s.b1, rows.data())) {
            case 2:
                ++found.orbits2;
                break;
            case 4:
                ++found.orbits4;
                break;
            case 8:
                ++found.orbits8;
                break;
            default:
                break;
        }
    };

    const int top = t.row;
    std::size_t y = static_cast<std::size_t>(top);
    open[y] = open_at(top, t.cols, t.left, t.right);
    cols[y] = t.cols;
    left[y] = t.left;
    right[y] = t.right;
    for (;;) {
        if (open[y] == 0) {
            if (y == static_cast<std::size_t>(top)) break;
            --y;
            continue;
        }
        const mask_t bit = lowest_bit(open[y]);
        open[y] ^= bit;
        rows[y] = bit;
        ++nodes;
        const mask_t c = cols[y] | bit;
        const mask_t l = (left[y] | bit) << 1;
        const mask_t r = (right[y] | bit) >> 1;
        const int below = static_cast<int>(y) + 1;
        if (below == last_row) {
            leaf(c, l, r);
        } else if (below + 1 == last_row) {
            for (mask_t two = open_at(below, c, l, r); two != 0; two &= two - 1) {
                const mask_t b = lowest_bit(two);
                rows[static_cast<std::size_t>(below)] = b;
                ++nodes;
                leaf(c | b, (l | b) << 1, (r | b) >> 1);
            }
        } else {
            ++y;
            open[y] = open_at(below, c, l, r);
            cols[y] = c;
            left[y] = l;
            right[y] = r;
            continue;
        }
        if (nodes >= next_check) {
            next_check = nodes + stop_check_interval;
            if (should_stop()) {
                found.nodes = nodes;
                out += found;
                return false;
            }
        }
    }
    found.nodes = nodes;
    out += found;
    return true;
}

template <class F>
constexpr void extend_sym_task(const sym_task& t, int depth, F& f)
{
    if (t.row == depth) {
        f(t);
        return;
    }
    for (mask_t open = t.open(); open != 0; open &= open - 1)
        extend_sym_task(t.place(lowest_bit(open)), depth, f);
}

// Calls f(sym_task) for every sub-problem of the symmetric search of an
// n x n board split after `depth` rows (clamped to [2, min(n - 2, max_prefix)]),
// in an order fixed by n and depth: corner family by a, then edge family by
// b1, each in the order of the plain search. n = 1 gives one `single` task,
// n = 2 and 3 give none.
template <class F>
constexpr void for_each_sym_task(int n, int depth, F&& f)
{
    if (n == 1) {
        f(sym_task{});
        return;
    }
    if (n < 4) return;
    const int hi = n - 2 < max_prefix ? n - 2 : max_prefix;
    depth = depth < 2 ? 2 : (depth > hi ? hi : depth);
    for (int a = 2; a <= n - 2; ++a) {
        sym_task t{};
        t.rule = corner_rule(n, a);
        extend_sym_task(t.place(mask_t{1}).place(mask_t{1} << a), depth, f);
    }
    for (int b1 = 1; b1 < n - 1 - b1; ++b1) {
        sym_task t{};
        t.rule = edge_rule(n, b1);
        extend_sym_task(t.place(mask_t{1} << b1), depth, f);
    }
}

// The number of placements of the next `rows` rows below t: a cheap estimate
// of the task's cost, to start the largest tasks first.
constexpr std::uint64_t sym_task_breadth(const sym_task& t, int rows)
{
    if (rows == 0 || t.row >= t.rule.n - 1) return 1;
    std::uint64_t k = 0;
    for (mask_t open = t.open(); open != 0; open &= open - 1)
        k += sym_task_breadth(t.place(lowest_bit(open)), rows - 1);
    return k;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SYMMETRIC_SEARCH_HPP

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <thread>
#include <vector>

namespace nqueens {

namespace detail {
class engine_run;
}

// The counts of one sub-problem, or of several added up.
struct task_result {
    std::uint64_t total = 0;     // solutions (OEIS A000170 summed over all tasks)
    std::uint64_t distinct = 0;  // classes under rotation and reflection (OEIS A002562)
    std::uint64_t nodes = 0;     // queens placed by the search

    friend constexpr bool operator==(const task_result&, const task_result&) = default;
};

// What a count computes, and so which search it runs.
enum class count_mode : std::uint8_t {
    // The total only (OEIS A000170), by the meet-in-the-middle join of top
    // and bottom halves (detail/half_join.hpp) for 6 <= n <= 23: about ten
    // times faster than the symmetric search at n = 17. Other n use the
    // symmetric search (whose memory, unlike the join's, does not grow).
    total,
    // The total and the distinct count (OEIS A002562). For 6 <= n <= 23 the
    // join's total, then Burnside's lemma (count_distinct in count.hpp):
    // the distinct count follows from the total and the few boards a half
    // or quarter turn fixes, found in at most a second or so. Other n run
    // the 8-fold symmetric search (detail/symmetric_search.hpp), which
    // counts one representative per class.
    with_distinct,
};

// The count for one n as a fixed list of independent sub-problems (tasks).
// Summing run(id) over all ids gives the counts for n, whatever the order,
// the machine or the thread.
//
// - count_mode::total, 6 <= n <= 23: a task is a placement of the middle
//   row(s), one per class under mirror and flip, and which of a few leading
//   columns the top half uses; run() joins the top and bottom halves.
//   `distinct` is 0. Memory: a few MB per thread at n = 16, tens of MB at
//   n = 17..19, at most a few hundred MB per process at n = 20..23 (2 threads).
// - count_mode::with_distinct, 6 <= n <= 23: the same tasks, but a plan of
//   its own version (3; 5 from n = 19); `distinct` is 0 in every task, and
//   distinct_of() turns the sum of all tasks into the distinct count.
// - n < 6 or n > 23: a task is a placement of the first rows of the 8-fold
//   symmetric search, one representative per class of solutions; `distinct`
//   adds up over the tasks.
//
// Ids 0 .. size() - 1 are stable: the same n, mode and version() give the
// same list in the same order, so slices of it can run on other machines or
// resume from a checkpoint. version() changes whenever the split does.
//
// Valid for 1 <= n <= 32. Building a plan takes milliseconds, at most about
// a second (n = 22, 23): 224 tasks for n = 16, 72 for n = 17, 288 for n = 18,
// 1,280 for n = 19, up to 363,012 for n = 23 (the same with distinct); the
// symmetric search's plans, up to 240,730 tasks for n = 32. n = 2 and 3 have
// no tasks.
//
//     const nqueens::work_plan plan(16);
//     nqueens::task_result sum{};
//     for (std::size_t id = 0; id < plan.size(); ++id) sum.total += plan.run(id).total;  // 14772512
class work_plan {
public:
    // Throws std::domain_error(domain_message) unless 1 <= n <= 32.
    explicit work_plan(int n, count_mode mode = count_mode::total) : n_(n)
    {
        check_domain(n);
        join_ = n >= detail::join_min_n && n <= detail::join_max_n;
        distinct_ = mode == count_mode::with_distinct || !join_;
        if (join_) {
            detail::for_each_join_task(n, [this](const detail::join_task& t) {
                join_tasks_.push_back(t);
                estimates_.push_back(detail::join_task_breadth(n_, t));
            });
        } else {
            detail::for_each_sym_task(n, split_depth(n), [this](const detail::sym_task& t) {
                sym_tasks_.push_back(t);
                estimates_.push_back(detail::sym_task_breadth(t, 2));
            });
        }
    }

    int n() const noexcept { return n_; }
    std::size_t size() const noexcept { return estimates_.size(); }

    // Whether the plan gives a distinct count (through distinct_of()).
    bool counts_distinct() const noexcept { return distinct_; }
    count_mode mode() const noexcept { return distinct_ ? count_mode::with_distinct : count_mode::total; }

    // The version of the split: 1 for the symmetric search's tasks, 2 for
    // the join's totals, 3 for the join's tasks whose distinct count comes
    // from Burnside's lemma; 4 and 5 the same for n >= 19, whose tasks split
    // the work further to bound memory. Checkpoints and shards record it.
    std::uint32_t version() const noexcept
    {
        if (!join_) return 1;
        const std::uint32_t totals = detail::join_task_list_version(n_);
        return distinct_ ? totals + 1 : totals;
    }

    // The mode whose plans have `version` (for reading records back).
    static constexpr count_mode mode_of_version(std::uint32_t version) noexcept
    {
        return version == 2 || version == 4 ? count_mode::total : count_mode::with_distinct;
    }

    // Whether each task's distinct count is its share of the whole (the
    // symmetric search's tasks), so that a slice of the plan has one too.
    // With the join's tasks only the whole plan has a distinct count.
    bool distinct_per_task() const noexcept { return distinct_ && !join_; }

    // The distinct count of n from `sum`, the counts of every task of the
    // plan added up: sum.distinct for the symmetric search's tasks; for the
    // join's, Burnside's lemma on sum.total (milliseconds; about a second at
    // n = 22 or 23). 0 for a plan without distinct counts. Throws
    // std::overflow_error rather than wrap.
    std::uint64_t distinct_of(const task_result& sum) const
    {
        if (!distinct_) return 0;
        if (!join_) return sum.distinct;
        return detail::distinct_from(n_, sum.total, detail::count_invariant(n_, 2),
                                     detail::count_invariant(n_, 1));
    }

    // A rough, relative cost of task id; count() starts the largest first
    // and weighs progress by it. Throws std::out_of_range unless id < size().
    std::uint64_t estimate(std::size_t id) const { return estimates_.at(id); }

    // Counts task id on the calling thread. Throws std::out_of_range unless
    // id < size(). Cost: from microseconds to minutes depending on n (a
    // task is about 1/size() of the whole count).
    task_result run(std::size_t id) const { return *run(id, std::stop_token{}); }

    // The same, but gives up and returns std::nullopt soon (within a few
    // milliseconds) after `stop` is requested.
    std::optional<task_result> run(std::size_t id, std::stop_token stop) const
    {
        workspace ws;
        return run(id, stop, ws);
    }

    // The buffers a task of the join fills (its half-board lists: tens of MB,
    // a hundred or two at n = 20..23): a thread that runs many tasks should
    // keep one and pass it to every run() rather than pay for fresh memory
    // each time.
    using workspace = detail::join_workspace;

    std::optional<task_result> run(std::size_t id, std::stop_token stop, workspace& ws) const
    {
        return run_task(
            id, [&stop] { return stop.stop_requested(); }, ws);
    }

private:
    friend class detail::engine_run;

    // Rows placed per symmetric task: enough tasks to keep every thread
    // busy to the end, few enough to enumerate them in milliseconds.
    static constexpr int split_depth(int n) noexcept { return n <= 9 ? 2 : (n <= 19 ? 3 : 4); }

    // `ws` holds the join's buffers, so that a worker reuses them.
    template <class Stop>
    std::optional<task_result> run_task(std::size_t id, Stop&& stop, workspace& ws) const
    {
        if (id >= size()) throw std::out_of_range("nqueens: no such task");
        if (join_) {
            const auto r = detail::run_join_task(n_, join_tasks_[id], ws, stop);
            if (!r) return std::nullopt;
            return task_result{r->total, 0, r->nodes};
        }
        detail::sym_tally tally{};
        if (!detail::search_symmetric(sym_tasks_[id], tally, stop)) return std::nullopt;
        return task_result{tally.total(), tally.distinct(), tally.nodes};
    }

    int n_;
    bool join_ = false;
    bool distinct_ = false;
    std::vector<detail::sym_task> sym_tasks_;
    std::vector<detail::join_task> join_tasks_;
    std::vector<std::uint64_t> estimates_;
};

// Where a running count() stands, passed to count_options::on_progress.
struct progress {
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;  // the tasks this call runs (after `include`)
    double fraction = 0;          // of the work done, weighted by work_plan::estimate; 1 at the end
    double seconds = 0;           // since count() started
    double eta_seconds = -1;      // estimated seconds left; negative while unknown
};

// How count() runs. Every member is optional.
struct count_options {
    unsigned threads = 0;  // 0 = std::thread::hardware_concurrency()
    // What count(n, options) computes; count(plan, options) follows the plan.
    count_mode mode = count_mode::total;
    // Called from the worker threads, one call at a time, at most about 10
    // times a second, and once more when the count ends (fraction 1 unless
    // it was cancelled).
    std::function<void(const progress&)> on_progress;
    // Cancellation: count() returns soon after a stop is requested, with
    // `cancelled` set and the counts of the tasks that finished.
    std::stop_token stop;
    // Runs only the tasks whose id it accepts (shards, resuming); called on
    // the calling thread before the workers start.
    std::function<bool(std::size_t id)> include;
    // Called after each task, one call at a time, from the worker that ran
    // it (for checkpoints). An exception thrown here stops the count and is
    // rethrown by count().
    std::function<void(std::size_t id, const task_result&)> on_task_done;
};

// The outcome of count(). When cancelled, the counts cover the finished tasks only.
struct count_result {
    int n = 0;
    std::uint64_t total = 0;
    std::uint64_t distinct = 0;  // 0 unless counts_distinct; of the whole count only when every task ran
    bool counts_distinct = false;
    std::uint64_t nodes = 0;
    double seconds = 0;
    unsigned threads = 0;  // worker threads used
    bool cancelled = false;
    std::size_t tasks_done = 0;
    std::size_t tasks_total = 0;
};

namespace detail {

// The shared state of one count(): the task queue, the sums, the callbacks.
class engine_run {
public:
    engine_run(const work_plan& plan, const count_options& options)
        : plan_(plan), options_(options), start_(std::chrono::steady_clock::now())
    {
        for (std::size_t id = 0; id < plan.size(); ++id) {
            if (options.include && !options.include(id)) continue;
            order_.push_back(id);
            work_total_ += static_cast<double>(plan.estimate(id));
        }
        // Largest first, so that no thread is left with a long task at the
        // end; ties keep id order so that runs repeat.
        std::stable_sort(order_.begin(), order_.end(),
                         [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
    }

    count_result run()
    {
        unsigned threads = options_.threads != 0 ? options_.threads : std::thread::hardware_concurrency();
        if (threads == 0) threads = 1;
        if (threads > order_.size()) threads = order_.empty() ? 1 : static_cast<unsigned>(order_.size());
        {
            std::vector<std::jthread> workers;
            workers.reserve(threads);
            try {
                for (unsigned i = 0; i < threads; ++i) workers.emplace_back([this] { work(); });
            } catch (...) {
                failed_.store(true);  // let the started workers stop before they are joined
                throw;
            }
        }
        if (error_) std::rethrow_exception(error_);

        count_result r{};
        r.n = plan_.n();
        r.total = sum_.total;
        r.counts_distinct = plan_.counts_distinct();
        r.cancelled = done_ != order_.size();
        // The distinct count needs every task: a slice or a cancelled run
        // gives its tasks' own sum (0 for the join's tasks).
        r.distinct = !r.cancelled && order_.size() == plan_.size() ? plan_.distinct_of(sum_) : sum_.distinct;
        r.nodes = sum_.nodes;
        r.seconds = elapsed();
        r.threads = threads;
        r.tasks_done = done_;
        r.tasks_total = order_.size();
        if (options_.on_progress) options_.on_progress(snapshot(r.seconds));
        return r;
    }

private:
    double elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

    bool stopping() const noexcept
    {
        return options_.stop.stop_requested() || failed_.load(std::memory_order_relaxed);
    }

    progress snapshot(double seconds) const
    {
        progress p{};
        p.tasks_done = done_;
        p.tasks_total = order_.size();
        p.fraction = done_ == order_.size() ? 1.0 : (work_total_ > 0 ? work_done_ / work_total_ : 0.0);
        p.seconds = seconds;
        p.eta_seconds =
            p.fraction >= 1.0 ? 0.0 : (p.fraction > 0 ? seconds * (1 - p.fraction) / p.fraction : -1.0);
        return p;
    }

    void work()
    {
        const auto should_stop = [this] { return stopping(); };
        work_plan::workspace ws;
        while (!stopping()) {
            const std::size_t k = next_.fetch_add(1, std::memory_order_relaxed);
            if (k >= order_.size()) break;
            const std::size_t id = order_[k];
            try {
                const std::optional<task_result> done = plan_.run_task(id, should_stop, ws);
                if (!done) break;
                const task_result r = *done;
                const std::lock_guard lock(mutex_);
                sum_.total = checked_add(sum_.total, r.total);
                sum_.distinct = checked_add(sum_.distinct, r.distinct);
                sum_.nodes += r.nodes;
                ++done_;
                work_done_ += static_cast<double>(plan_.estimate(id));
                if (options_.on_task_done) options_.on_task_done(id, r);
                if (options_.on_progress && done_ != order_.size()) {
                    const double now = elapsed();
                    if (now - last_report_ >= 0.1) {
                        last_report_ = now;
                        options_.on_progress(snapshot(now));
                    }
                }
            } catch (...) {
                const std::lock_guard lock(mutex_);
                if (!error_) error_ = std::current_exception();
                failed_.store(true, std::memory_order_relaxed);
                break;
            }
        }
    }

    const work_plan& plan_;
    const count_options& options_;
    const std::chrono::steady_clock::time_point start_;
    std::vector<std::size_t> order_;
    double work_total_ = 0;

    std::atomic<std::size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::mutex mutex_;  // guards everything below and serializes the callbacks
    task_result sum_{};
    std::size_t done_ = 0;
    double work_done_ = 0;
    double last_report_ = 0;
    std::exception_ptr error_;
};

}  // namespace detail

// Counts the solutions of `plan` (or of the tasks `options.include` keeps)
// on several threads, which take tasks from a shared counter, largest
// estimate first.
//
// Valid for every plan; throws std::overflow_error rather than wrap, and
// rethrows what a callback throws. Cost: the plan's tasks divided among the
// threads; see count(n).
//
//     const nqueens::work_plan plan(18);
//     nqueens::count_options o;
//     o.include = [](std::size_t id) { return id % 4 == 1; };  // shard 1 of 4
//     auto part = nqueens::count(plan, o);
inline count_result count(const work_plan& plan, const count_options& options = {})
{
    return detail::engine_run(plan, options).run();
}

// Counts the solutions for an n x n board with every core: the total (OEIS
// A000170) by default, or with options.mode = count_mode::with_distinct
// also the number distinct under rotation and reflection (OEIS A002562).
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost, totals only: about a second of one core at n = 17 and ten seconds at
// n = 18, divided among the threads, with tens of MB of memory per thread up
// to n = 19 and at most a few hundred MB per process up to n = 23. Each extra row costs about 4 to 5 times
// more on average, but unevenly: an odd n about twice the even n below it, the next even n about ten times
// the odd one. With distinct: the same for 6 <= n <= 23 (plus about a second at most for Burnside's lemma),
// about ten times more for other n (the symmetric search). Measured figures, with the commands that give
// them: README, "Speed".
//
//     auto r = nqueens::count(16);  // r.total == 14772512
//     nqueens::count_options o;
//     o.mode = nqueens::count_mode::with_distinct;
//     o.threads = 2;
//     o.on_progress = [](const nqueens::progress& p) { std::printf("%.0f %%\n", 100 * p.fraction); };
//     auto both = nqueens::count(16, o);  // both.distinct == 1846955
inline count_result count(int n, const count_options& options = {})
{
    return count(work_plan(n, options.mode), options);
}

}  // namespace nqueens

#endif  // NQUEENS_ENGINE_HPP

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nqueens {

// A record, a set of records or a file that must not be used: from another
// n or sub-problem list, damaged, or (for merging) incomplete, missing or
// duplicated. The message is one sentence.
struct record_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The most seconds a record may hold (about 31,700 years): more is damage,
// and a bound keeps the sum over max_shards records finite.
inline constexpr double max_record_seconds = 1e12;

// The most slices a count is cut into: more would leave most slices empty
// (no n has that many sub-problems), and a record claiming more is damaged.
inline constexpr std::uint32_t max_shards = 1000000;

// The index-th of `count` deterministic slices of a work_plan: the tasks
// whose id % count == index. {0, 1}, the default, is the whole plan.
//
//     nqueens::shard s{1, 3};
//     s.contains(4);  // true
struct shard {
    std::uint32_t index = 0;
    std::uint32_t count = 1;

    constexpr bool valid() const noexcept { return count >= 1 && index < count; }
    constexpr bool contains(std::size_t id) const noexcept { return id % count == index; }
    // The number of ids below plan_size in this slice.
    constexpr std::size_t size(std::size_t plan_size) const noexcept
    {
        return plan_size > index ? (plan_size - index + count - 1) / count : 0;
    }
    friend constexpr bool operator==(const shard&, const shard&) = default;
};

// "1/3", or "all" for the whole plan.
inline std::string to_string(const shard& s)
{
    if (s == shard{}) return "all";
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

// What part of one count is done: which tasks of which plan, each one's
// counts and their sum. A checkpoint is an incomplete record; a shard
// result is a complete one. The program that wrote it is noted for merging.
struct run_record {
    int n = 0;
    std::uint32_t plan_version = 0;   // work_plan::version(): which split, and so which mode
    std::size_t plan_size = 0;        // work_plan(n).size() when written
    shard slice{};                    // the tasks this record is about
    std::vector<std::size_t> done;    // finished task ids, increasing
    std::vector<task_result> counts;  // counts[i]: what task done[i] counted
    task_result sum{};                // the sum of `counts`
    double seconds = 0;               // wall time spent on them so far
    std::string program;              // e.g. "nqueens 0.1.0"

    // The tasks of the slice (done or not).
    std::size_t tasks_total() const noexcept { return slice.size(plan_size); }
    bool complete() const noexcept { return done.size() == tasks_total(); }
};

// An empty record for the tasks of `s` in `plan`, written by `program`.
inline run_record make_record(const work_plan& plan, shard s = {}, std::string program = {})
{
    run_record r;
    r.n = plan.n();
    r.plan_version = plan.version();
    r.plan_size = plan.size();
    r.slice = s;
    r.program = std::move(program);
    return r;
}

namespace detail {

// FNV-1a, 64 bits: not a defence against forgery, a check against damage
// and hand edits that would silently change a count.
struct fnv1a64 {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void add(std::string_view s) noexcept
    {
        for (const unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
    }
    void add(std::uint64_t v)
    {
        add(std::string_view(std::to_string(v)));
        add(std::string_view(","));
    }
};

}  // namespace detail

// A checksum of every field of `r` (`seconds` by its bits): a file keeps
// it and is refused when it no longer matches. Cost: linear in
// done.size().
inline std::uint64_t record_checksum(const run_record& r)
{
    detail::fnv1a64 f;
    f.add(std::string_view("nqueens-run/2:"));
    f.add(r.program);
    f.add(std::string_view("|"));
    f.add(static_cast<std::uint64_t>(r.n));
    f.add(std::uint64_t{r.plan_version});
    f.add(static_cast<std::uint64_t>(r.plan_size));
    f.add(std::uint64_t{r.slice.index});
    f.add(std::uint64_t{r.slice.count});
    f.add(r.sum.total);
    f.add(r.sum.distinct);
    f.add(r.sum.nodes);
    f.add(std::bit_cast<std::uint64_t>(r.seconds));
    f.add(static_cast<std::uint64_t>(r.done.size()));
    for (const std::size_t id : r.done) f.add(static_cast<std::uint64_t>(id));
    f.add(static_cast<std::uint64_t>(r.counts.size()));
    for (const task_result& c : r.counts) {
        f.add(c.total);
        f.add(c.distinct);
        f.add(c.nodes);
    }
    return f.h;
}

// Checks that `r` is internally sound: 1 <= n <= 32, a valid slice of at
// most max_shards, ids increasing (so no duplicates), below plan_size and in
// the slice, one entry of `counts` per id adding up to `sum`, seconds
// finite and in 0..max_record_seconds. Throws
// record_error naming the first problem, prefixed by `what` (a file name).
inline void check_record(const run_record& r, std::string_view what = "record")
{
    const std::string w(what);
    if (!in_domain(r.n)) throw record_error(w + ": n = " + std::to_string(r.n) + " is outside 1..32");
    if (!(r.seconds >= 0 && r.seconds <= max_record_seconds))  // also refuses NaN
        throw record_error(w + ": \"seconds\" is not a time between 0 and 1e12 seconds");
    if (!r.slice.valid())
        throw record_error(w + ": shard " + std::to_string(r.slice.index) + "/" +
                           std::to_string(r.slice.count) + " is not a valid slice");
    if (r.slice.count > max_shards)
        throw record_error(w + ": shard " + to_string(r.slice) + " is cut into more than " +
                           std::to_string(max_shards) + " shards");
    for (std::size_t i = 0; i < r.done.size(); ++i) {
        const std::size_t id = r.done[i];
        if (id >= r.plan_size)
            throw record_error(w + ": task id " + std::to_string(id) + " is out of range (the plan has " +
                               std::to_string(r.plan_size) + " tasks)");
        if (i > 0 && id <= r.done[i - 1])
            throw record_error(w + (id == r.done[i - 1]
                                        ? ": task id " + std::to_string(id) + " is listed twice"
                                        : ": task ids are not in increasing order"));
        if (!r.slice.contains(id))
            throw record_error(w + ": task id " + std::to_string(id) + " is not in shard " +
                               to_string(r.slice));
    }
    if (r.done.empty() && (r.sum.total != 0 || r.sum.distinct != 0 || r.sum.nodes != 0))
        throw record_error(w + ": counts without any finished task");
    if (r.counts.size() != r.done.size())
        throw record_error(w + ": " + std::to_string(r.counts.size()) + " per-task counts for " +
                           std::to_string(r.done.size()) + " finished tasks");
    task_result sum{};
    const auto add = [&](std::uint64_t& to, std::uint64_t v) {
        if (v > ~std::uint64_t{0} - to) throw record_error(w + ": the per-task counts overflow 64 bits");
        to += v;
    };
    for (const task_result& c : r.counts) {
        add(sum.total, c.total);
        add(sum.distinct, c.distinct);
        add(sum.nodes, c.nodes);
    }
    if (sum != r.sum)
        throw record_error(w + ": its per-task counts add up to " + std::to_string(sum.total) +
                           " solutions, " + std::to_string(sum.distinct) + " distinct, " +
                           std::to_string(sum.nodes) + " nodes, not the totals it gives (" +
                           std::to_string(r.sum.total) + ", " + std::to_string(r.sum.distinct) + ", " +
                           std::to_string(r.sum.nodes) + ")");
}

// Checks that `r` (sound by check_record) belongs to a run of `plan` over
// `s`: same n, same sub-problem list (version and size) and same slice.
// Throws record_error naming the mismatch, prefixed by `what`.
inline void check_record_matches(const run_record& r, const work_plan& plan, shard s,
                                 std::string_view what = "record")
{
    const std::string w(what);
    if (r.n != plan.n())
        throw record_error(w + " is for n = " + std::to_string(r.n) +
                           ", not n = " + std::to_string(plan.n()));
    if (r.plan_version != plan.version())
        throw record_error(w + " uses sub-problem list version " + std::to_string(r.plan_version) +
                           "; this run uses version " + std::to_string(plan.version()) +
                           (plan.counts_distinct() ? " (with --unique)" : " (without --unique)"));
    if (r.plan_size != plan.size())
        throw record_error(w + " has " + std::to_string(r.plan_size) + " sub-problems for n = " +
                           std::to_string(r.n) + "; this program has " + std::to_string(plan.size()));
    if (r.slice != s)
        throw record_error(w + " is for shard " + to_string(r.slice) + ", not shard " + to_string(s));
}

// Keeps a run_record up to date as tasks finish; the run-time companion of
// a checkpoint. Not synchronized: count_options::on_task_done calls come one
// at a time, which is all it needs.
//
//     nqueens::record_builder b(nqueens::make_record(plan));
//     o.include = [&](std::size_t id) { return !b.is_done(id); };
//     o.on_task_done = [&](std::size_t id, const nqueens::task_result& t) { b.add(id, t); };
class record_builder {
public:
    // Starts from `r` (a checked record: check_record).
    explicit record_builder(run_record r)
        : record_(std::move(r)), mask_(record_.plan_size, false), counts_(record_.plan_size)
    {
        for (std::size_t i = 0; i < record_.done.size(); ++i) {
            mask_.at(record_.done[i]) = true;
            counts_.at(record_.done[i]) = record_.counts.at(i);
        }
        count_ = record_.done.size();
    }

    bool is_done(std::size_t id) const { return id < mask_.size() && mask_[id]; }
    // What task id counted; is_done(id) must hold.
    const task_result& counts_of(std::size_t id) const { return counts_.at(id); }
    std::size_t tasks_done() const noexcept { return count_; }
    const run_record& base() const noexcept { return record_; }
    task_result sum() const noexcept { return record_.sum; }

    // Records that task id finished with `t`. Throws record_error if id is
    // out of range, outside the slice or already done; std::overflow_error
    // rather than wrap.
    void add(std::size_t id, const task_result& t)
    {
        if (id >= mask_.size() || !record_.slice.contains(id))
            throw record_error("task id " + std::to_string(id) + " does not belong to this run");
        if (mask_[id]) throw record_error("task id " + std::to_string(id) + " finished twice");
        record_.sum.total = detail::checked_add(record_.sum.total, t.total);
        record_.sum.distinct = detail::checked_add(record_.sum.distinct, t.distinct);
        record_.sum.nodes = detail::checked_add(record_.sum.nodes, t.nodes);
        mask_[id] = true;
        counts_[id] = t;
        ++count_;
    }

    void add_seconds(double s) noexcept { record_.seconds += s; }

    // The record as it stands, with `done` in increasing order. Cost: linear
    // in plan_size.
    run_record snapshot() const
    {
        run_record r = record_;
        r.done.clear();
        r.done.reserve(count_);
        r.counts.clear();
        r.counts.reserve(count_);
        for (std::size_t id = 0; id < mask_.size(); ++id) {
            if (!mask_[id]) continue;
            r.done.push_back(id);
            r.counts.push_back(counts_[id]);
        }
        return r;
    }

private:
    run_record record_;
    std::vector<bool> mask_;
    std::vector<task_result> counts_;  // by id, for the done ones
    std::size_t count_ = 0;
};

// The counts of K complete shards merged.
struct merged_counts {
    int n = 0;
    std::uint32_t shards = 0;
    std::size_t tasks = 0;
    task_result sum{};
    double seconds = 0;  // the shards' times added up (CPU-ish, not wall)
};

// Merges shard results: all for the same n, sub-problem list, program and
// number of shards K, each complete, shards 0..K-1 each exactly once (so
// every task is counted exactly once). names[i] names records[i] in errors.
// Throws record_error with every problem found on one line ("missing shard
// 1/3; shard 2/3 given twice: a.json, b.json").
//
//     auto m = nqueens::merge_records(records, names);  // m.sum.total
inline merged_counts merge_records(std::span<const run_record> records, std::span<const std::string> names)
{
    auto name = [&](std::size_t i) {
        return i < names.size() ? names[i] : "record " + std::to_string(i + 1);
    };
    if (records.empty()) throw record_error("nothing to merge");
    for (std::size_t i = 0; i < records.size(); ++i) check_record(records[i], name(i));

    const run_record& first = records.front();
    for (std::size_t i = 1; i < records.size(); ++i) {
        const run_record& r = records[i];
        const std::string pair = name(i) + " and " + name(0);
        if (r.n != first.n)
            throw record_error("foreign shard: " + name(i) + " is for n = " + std::to_string(r.n) + " but " +
                               name(0) + " is for n = " + std::to_string(first.n));
        if (r.plan_version != first.plan_version || r.plan_size != first.plan_size)
            throw record_error("foreign shard: " + pair + " use different sub-problem lists (version " +
                               std::to_string(r.plan_version) + " with " + std::to_string(r.plan_size) +
                               " tasks, version " + std::to_string(first.plan_version) + " with " +
                               std::to_string(first.plan_size) + ")");
        if (r.program != first.program)
            throw record_error("foreign shard: " + pair + " were made by different programs ('" + r.program +
                               "', '" + first.program + "')");
        if (r.slice.count != first.slice.count)
            throw record_error("foreign shard: " + name(i) + " is shard " + to_string(r.slice) + " but " +
                               name(0) + " is shard " + to_string(first.slice) +
                               " (different numbers of shards)");
    }

    // Sorted by shard index rather than bucketed by it: K may be far larger
    // than the number of records.
    const std::uint32_t k = first.slice.count;
    std::vector<std::size_t> order(records.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return records[a].slice.index < records[b].slice.index;
    });

    std::string problems;
    auto note = [&](const std::string& p) { problems += (problems.empty() ? "" : "; ") + p; };
    constexpr std::size_t listed = 20;
    std::size_t missing = 0;
    std::string missing_list;
    auto add_missing = [&](std::uint32_t from, std::uint32_t to) {
        for (std::uint32_t s = from; s < to && missing + (s - from) < listed; ++s)
            missing_list += (missing_list.empty() ? "" : ", ") + to_string(shard{s, k});
        missing += to - from;
    };
    std::uint32_t expect = 0;
    for (std::size_t a = 0; a < order.size();) {
        const std::uint32_t s = records[order[a]].slice.index;
        std::size_t b = a;
        while (b < order.size() && records[order[b]].slice.index == s) ++b;
        add_missing(expect, s);
        if (b - a > 1) {
            std::string files;
            for (std::size_t j = a; j < b; ++j) files += (files.empty() ? "" : ", ") + name(order[j]);
            note("shard " + to_string(shard{s, k}) + " given " + std::to_string(b - a) + " times: " + files);
        }
        expect = s + 1;
        a = b;
    }
    add_missing(expect, k);
    if (missing > 0) {
        if (missing > listed) missing_list += " and " + std::to_string(missing - listed) + " more";
        note(std::string(missing == 1 ? "missing shard " : "missing shards ") + missing_list);
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!records[i].complete())
            note(name(i) + " (shard " + to_string(records[i].slice) +
                 ") is unfinished: " + std::to_string(records[i].done.size()) + " of " +
                 std::to_string(records[i].tasks_total()) + " tasks");
    }
    if (!problems.empty()) throw record_error(problems);

    merged_counts m;
    m.n = first.n;
    m.shards = k;
    for (const run_record& r : records) {
        m.tasks += r.done.size();
        for (const task_result& c : r.counts) {  // summed again from each task's counts
            m.sum.total = detail::checked_add(m.sum.total, c.total);
            m.sum.distinct = detail::checked_add(m.sum.distinct, c.distinct);
            m.sum.nodes = detail::checked_add(m.sum.nodes, c.nodes);
        }
        m.seconds += r.seconds;
    }
    return m;
}

}  // namespace nqueens

#endif  // NQUEENS_CHECKPOINT_HPP

// ---- <nqueens/count.hpp> ----
// count_queens and count_distinct: all solutions of the n-queens problem (OEIS A000170), and the distinct
// ones (A002562).
#ifndef NQUEENS_COUNT_HPP
#define NQUEENS_COUNT_HPP

// ---- <nqueens/detail/compile_time.hpp> ----
// The compile-time driver: one count as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_HPP

// ---- <nqueens/detail/orbit_walk.hpp> ----
// The total by the 8-fold symmetry: walk a few images of each solution, weigh each by how many are walked.
#ifndef NQUEENS_DETAIL_ORBIT_WALK_HPP
#define NQUEENS_DETAIL_ORBIT_WALK_HPP

#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// The walk visits the boards of the symmetric search's two families
// (symmetric_search.hpp) without comparing any board with its images:
//
// - corner: every board walked stands for 8 (its class has 8 boards, and
//   the transpose rule leaves one of them on the walk);
// - edge: a board is walked once for each of its queens on an edge at the
//   smallest distance b1 from a corner: the rotation or reflection that
//   brings that queen to column b1 of row 0 maps the board onto the walk,
//   and no other does. With m such queens (1 to 4), each board walked
//   stands for 8 / m. Besides the row-0 queen, only three can be at that
//   distance (the others would attack it): the column-(n-1) queen in row b1,
//   the column-0 queen in row b2 = n-1-b1, and the row-(n-1) queen in
//   column n-1-b1. The walk counts them as it places those rows. (A board
//   that a rotation maps onto itself is walked fewer times, but its class
//   is smaller by the same factor, so 8 / m still holds.)
//
// So the walk adds 24 / m per board (24 for the corner family), and the
// total is the sum over 3. It visits about 2.3 times fewer queens than the
// mirror-halved plain search, and the same kernel does the corner family's
// rows below a.

// What the edge walk of one b1 reads on every row.
struct edge_rules {
    mask_t all = 0;
    mask_t side = 0;       // columns 0 and n - 1
    mask_t top = 0;        // column n - 1
    mask_t last = 0;       // columns closed in the last row: < b1 and > n-1-b1
    mask_t half_turn = 0;  // column n-1-b1: the last queen there is one more at distance b1
};

// 24 / m for a board with `ties` queens at distance b1 besides the first.
constexpr std::uint64_t edge_weight(int ties) noexcept
{
    return ties == 0 ? 24 : ties == 1 ? 12 : ties == 2 ? 8 : 6;
}

// Rows b2+1 .. n-1: the plain search, every board weighted by its ties.
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_bottom(const edge_rules& e, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    std::uint64_t sum = 0;
    for (mask_t free = e.all & ~(cols | left | right), bit; free != 0; free &= free - 1) {
        bit = free & (0u - free);
        (++nodes, ...);
        if ((cols | bit) == e.all) {
            if ((bit & e.last) == 0) sum += bit == e.half_turn ? edge_weight(Ties + 1) : edge_weight(Ties);
        } else {
            sum += edge_bottom<Ties>(e, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
        }
    }
    return sum;
}

// Rows b1+1 .. b2, `to_b2` rows above row b2. By row b2 both edge columns
// are filled (below it an edge queen would be nearer a bottom corner than b1).
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_middle(const edge_rules& e, int to_b2, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    std::uint64_t sum = 0;
    mask_t free = e.all & ~(cols | left | right);
    if (to_b2 > 0) {
        for (mask_t bit; free != 0; free &= free - 1) {
            bit = free & (0u - free);
            (++nodes, ...);
            sum +=
                edge_middle<Ties>(e, to_b2 - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
        }
        return sum;
    }
    const mask_t used = cols & e.side;
    if (used == 0) return 0;
    if (used != e.side) free &= e.side;
    for (mask_t bit; free != 0; free &= free - 1) {
        bit = free & (0u - free);
        (++nodes, ...);
        if (bit == 1)  // the column-0 queen in row b2
            sum += edge_bottom<Ties + 1>(e, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
        else
            sum += edge_bottom<Ties>(e, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
    }
    return sum;
}

// Rows 1 .. b1, `to_b1` rows above row b1: edge columns closed above row b1.
// `b1_to_b2` is b2 - b1.
template <class... Nodes>
constexpr std::uint64_t edge_top(const edge_rules& e, int to_b1, int b1_to_b2, mask_t cols, mask_t left,
                                 mask_t right, Nodes&... nodes)
{
    std::uint64_t sum = 0;
    mask_t free = e.all & ~(cols | left | right);
    if (to_b1 > 0) {
        free &= ~e.side;
        for (mask_t bit; free != 0; free &= free - 1) {
            bit = free & (0u - free);
            (++nodes, ...);
            sum +=
                edge_top(e, to_b1 - 1, b1_to_b2, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
        }
        return sum;
    }
    for (mask_t bit; free != 0; free &= free - 1) {
        bit = free & (0u - free);
        (++nodes, ...);
        if (bit == e.top)  // the column-(n-1) queen in row b1
            sum +=
                edge_middle<1>(e, b1_to_b2 - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
        else
            sum +=
                edge_middle<0>(e, b1_to_b2 - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
    }
    return sum;
}

// The corner family below its prefix: column 1 stays empty in the `to_a`
// rows above row a, then the plain kernel.
template <class... Nodes>
constexpr std::uint64_t corner_rows(mask_t all, int to_a, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    if (to_a == 0) return search(all, cols, left, right, nodes...);
    std::uint64_t boards = 0;
    for (mask_t free = all & ~(cols | left | right | mask_t{2}), bit; free != 0; free &= free - 1) {
        bit = free & (0u - free);
        (++nodes, ...);
        boards += corner_rows(all, to_a - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1, nodes...);
    }
    return boards;
}

// Three times the solutions that the boards below task `t` stand for (see
// above), and the queens placed if a counter is passed. t is a task of
// for_each_sym_task: its prefix obeys the family's rules already.
template <class... Nodes>
constexpr std::uint64_t orbit_walk(const sym_task& t, Nodes&... nodes)
{
    const sym_rule& s = t.rule;
    if (s.family == sym_family::single) return 3;
    if (s.family == sym_family::corner) {
        const int to_a = s.b1 > t.row ? s.b1 - t.row : 0;
        return 24 * corner_rows(s.all, to_a, t.cols, t.left, t.right, nodes...);
    }
    edge_rules e{};
    e.all = s.all;
    e.side = s.side;
    e.top = mask_t{1} << (s.n - 1);
    e.last = s.last;
    e.half_turn = e.top >> s.b1;
    const auto queen = [&](int row) { return t.queens[static_cast<std::size_t>(row)]; };
    if (t.row <= s.b1) return edge_top(e, s.b1 - t.row, s.b2 - s.b1, t.cols, t.left, t.right, nodes...);
    const bool tie_b1 = queen(s.b1) == e.top;
    if (t.row <= s.b2) {
        const int to_b2 = s.b2 - t.row;
        return tie_b1 ? edge_middle<1>(e, to_b2, t.cols, t.left, t.right, nodes...)
                      : edge_middle<0>(e, to_b2, t.cols, t.left, t.right, nodes...);
    }
    const int ties = (tie_b1 ? 1 : 0) + (queen(s.b2) == 1 ? 1 : 0);
    return ties == 0   ? edge_bottom<0>(e, t.cols, t.left, t.right, nodes...)
           : ties == 1 ? edge_bottom<1>(e, t.cols, t.left, t.right, nodes...)
                       : edge_bottom<2>(e, t.cols, t.left, t.right, nodes...);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_ORBIT_WALK_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace nqueens::detail {

// Every constant evaluation has its own budget (GCC 12: 33,554,432 operations
// and 262,144 iterations per loop; Clang 14: 1,048,576 steps), so the count is
// split into the symmetric search's tasks (its first rows), small enough for
// one evaluation each: at most about 25,000 queens per part up to n = 16.
constexpr int compile_time_depth(int n) noexcept
{
    return n <= 12 ? 2 : n <= 14 ? 3 : n == 15 ? 4 : 5;
}

template <int N>
constexpr auto make_compile_time_split()
{
    std::size_t size = 0;
    for_each_sym_task(N, compile_time_depth(N), [&](const sym_task&) { ++size; });
    return size;
}

template <int N>
constexpr auto make_compile_time_tasks()
{
    std::array<sym_task, make_compile_time_split<N>()> tasks{};
    std::size_t i = 0;
    for_each_sym_task(N, compile_time_depth(N), [&](const sym_task& t) { tasks[i++] = t; });
    return tasks;
}

template <int N>
inline constexpr auto compile_time_tasks = make_compile_time_tasks<N>();

// One variable per task: each initializer is a constant evaluation of its
// own. It holds three times the solutions the task stands for (orbit_walk.hpp).
template <int N, std::size_t I>
inline constexpr std::uint64_t compile_time_part = orbit_walk(compile_time_tasks<N>[I]);

// Summed through an array, not a fold: Clang 14 caps a fold at 256 terms.
template <int N, std::size_t... I>
constexpr std::uint64_t sum_compile_time_parts(std::index_sequence<I...>)
{
    constexpr std::uint64_t parts[] = {std::uint64_t{0}, compile_time_part<N, I>...};
    std::uint64_t thrice = 0;
    for (const std::uint64_t part : parts) thrice = checked_add(thrice, part);
    return thrice / 3;
}

template <int N>
inline constexpr std::uint64_t compile_time_count =
    sum_compile_time_parts<N>(std::make_index_sequence<compile_time_tasks<N>.size()>{});

// The distinct count by Burnside's lemma: the total above, plus the boards a
// half turn and a quarter turn leave unchanged, each one small evaluation.
template <int N>
inline constexpr std::uint64_t compile_time_distinct = distinct_from(N, compile_time_count<N>,
                                                                     count_invariant(N, 2),
                                                                     count_invariant(N, 1));

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COMPILE_TIME_HPP

#include <cstdint>

namespace nqueens {

// The number of ways to place n non-attacking queens on an n x n board.
//
// One search over the board's 8 symmetries (detail/orbit_walk.hpp): it walks
// a few images of each solution, never all 8, and weighs each board it
// completes by how many images of it the walk meets. Single-threaded; about
// 200,000 queens placed at n = 12, growing about 6x per extra row (a few
// seconds at n = 16); for big n use nqueens::count (engine.hpp), which runs
// on every core.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise,
// and std::overflow_error rather than wrap: the tasks are added with checks,
// and from n = 28 (where the total nears 2^64) they are small enough that no
// task's own sum can wrap. Usable in a constant expression while one
// evaluation stays inside the compiler's budget (n <= 11 on Clang 14, n <= 12
// on GCC 12 with default limits); past that use count_queens<N>().
//
//     constexpr auto eight = nqueens::count_queens(8);  // 92
//     auto sixteen = nqueens::count_queens(16);         // 14772512
constexpr std::uint64_t count_queens(int n)
{
    check_domain(n);
    std::uint64_t thrice = 0;  // the walk's weights are 3 times the solutions they stand for
    const int depth = n >= 28 ? detail::max_prefix : 2;
    detail::for_each_sym_task(n, depth, [&](const detail::sym_task& t) {
        thrice = detail::checked_add(thrice, detail::orbit_walk(t));
    });
    return thrice / 3;
}

// The same count, always answered by the compiler: the result is a constant
// even where it is used at run time. The compiler runs the walk above on
// the same tasks, split deeper, each a constant evaluation of its own.
//
// Requires 1 <= N <= 32 (a static_assert says so otherwise). Compiles with
// the compilers' default limits up to N = 14: seconds up to N = 12, tens of
// seconds for N = 13, minutes for N = 14 (measured figures: the README).
// Nothing is computed unless the function is used.
//
//     static_assert(nqueens::count_queens<8>() == 92);
template <int N>
constexpr std::uint64_t count_queens() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens: n must be between 1 and 32");
    if constexpr (N >= min_n && N <= max_n)
        return detail::compile_time_count<N>;
    else
        return 0;
}

// The number of distinct solutions: classes of solutions under the 8
// rotations and reflections of the board (OEIS A002562).
//
// Burnside's lemma gives it from count_queens(n) and the solutions that a
// half turn or a quarter turn of the board leaves unchanged; those are
// counted by a search over half the rows, whose cost is negligible next to
// the total (milliseconds at n = 20). So it costs what count_queens(n)
// costs, with the same errors and limits in a constant expression.
//
//     static_assert(nqueens::count_distinct(8) == 12);
constexpr std::uint64_t count_distinct(int n)
{
    check_domain(n);
    return detail::distinct_from(n, count_queens(n), detail::count_invariant(n, 2),
                                 detail::count_invariant(n, 1));
}

// The distinct count, answered by the compiler from count_queens<N>() and
// the same two small searches: no dearer than count_queens<N>(), and free
// once that has been computed in the same translation unit.
//
// Requires 1 <= N <= 32 (a static_assert says so otherwise).
//
//     static_assert(nqueens::count_distinct<8>() == 12);
template <int N>
constexpr std::uint64_t count_distinct() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens: n must be between 1 and 32");
    if constexpr (N >= min_n && N <= max_n)
        return detail::compile_time_distinct<N>;
    else
        return 0;
}

}  // namespace nqueens

#endif  // NQUEENS_COUNT_HPP

// ---- <nqueens/render.hpp> ----
// render_rows, render_board, render_columns, render_json and their parsers: boards as text.
#ifndef NQUEENS_RENDER_HPP
#define NQUEENS_RENDER_HPP

#include <charconv>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nqueens {

// The board as LeetCode 51 prints it: one string per row, 'Q' for the queen
// and '.' for the other squares. Cost: O(n^2) characters.
//
//     nqueens::render_rows(nqueens::board{1, 3, 0, 2});  // {".Q..", "...Q", "Q...", "..Q."}
inline std::vector<std::string> render_rows(const board& b)
{
    std::vector<std::string> rows;
    rows.reserve(static_cast<std::size_t>(b.size()));
    for (const int c : b) {
        std::string row(static_cast<std::size_t>(b.size()), '.');
        if (c < b.size()) row[static_cast<std::size_t>(c)] = 'Q';
        rows.push_back(std::move(row));
    }
    return rows;
}

// The rows of render_rows(), each ended by '\n': a picture of the board.
//
//     nqueens::render_board(nqueens::board{1, 3, 0, 2});  // ".Q..\n...Q\nQ...\n..Q.\n"
inline std::string render_board(const board& b)
{
    std::string out;
    for (const std::string& row : render_rows(b)) out.append(row).push_back('\n');
    return out;
}

namespace detail {

inline void append_one_based(std::string& out, int column)
{
    char digits[4];
    const auto r = std::to_chars(digits, digits + sizeof digits, column + 1);
    out.append(digits, r.ptr);
}

}  // namespace detail

// The 1-based columns of the queens, row by row, separated by single spaces:
// the format of `nqueens solve --format cols`. Cost: O(n).
//
//     nqueens::render_columns(nqueens::board{1, 3, 0, 2});  // "2 4 1 3"
inline std::string render_columns(const board& b)
{
    std::string out;
    for (int r = 0; r < b.size(); ++r) {
        if (r != 0) out.push_back(' ');
        detail::append_one_based(out, b[r]);
    }
    return out;
}

// The same 1-based columns as a JSON array. Cost: O(n).
//
//     nqueens::render_json(nqueens::board{1, 3, 0, 2});  // "[2,4,1,3]"
inline std::string render_json(const board& b)
{
    std::string out = "[";
    for (int r = 0; r < b.size(); ++r) {
        if (r != 0) out.push_back(',');
        detail::append_one_based(out, b[r]);
    }
    out.push_back(']');
    return out;
}

namespace detail {

[[noreturn]] inline void parse_failure(std::string_view what, std::string_view why, std::string_view text)
{
    throw std::invalid_argument(std::string(what) + ": " + std::string(why) + ", got '" + std::string(text) +
                                "'");
}

inline bool is_space(char c) noexcept
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Reads 1-based columns separated by `separator` (' ' also allows any run of
// white space) between optional `open` and `close` characters.
inline board parse_column_list(std::string_view text, char open, char separator, char close,
                               std::string_view what)
{
    const char* p = text.data();
    const char* const end = p + text.size();
    auto skip_space = [&] {
        while (p != end && is_space(*p)) ++p;
    };
    skip_space();
    if (open != '\0') {
        if (p == end || *p != open) parse_failure(what, std::string("expected '") + open + "'", text);
        ++p;
        skip_space();
    }
    board b;
    bool first = true;
    while (p != end && *p != close) {
        if (!first && separator != ' ') {
            if (*p != separator) parse_failure(what, std::string("expected '") + separator + "'", text);
            ++p;
            skip_space();
        }
        int column = 0;
        const auto r = std::from_chars(p, end, column);
        if (r.ec != std::errc{}) parse_failure(what, "expected a column number", text);
        if (column < 1 || column > board::max_size)
            parse_failure(what, "a column must be between 1 and 32", text);
        if (b.size() == board::max_size) parse_failure(what, "a board has at most 32 rows", text);
        b.push_back(column - 1);
        p = r.ptr;
        if (p != end && !is_space(*p) && *p != separator && *p != close)
            parse_failure(what, "unexpected character", text);
        skip_space();
        first = false;
    }
    if (close != '\0') {
        if (p == end) parse_failure(what, std::string("expected '") + close + "'", text);
        ++p;
        skip_space();
    }
    if (p != end) parse_failure(what, "unexpected text after the board", text);
    return b;
}

}  // namespace detail

// Reads render_columns()'s format back: 1-based columns (1..32, at most 32 of
// them) separated by white space. Does not check that the queens are
// non-attacking (is_solution() does). Throws std::invalid_argument with a
// sentence on malformed text. Cost: O(length).
//
//     nqueens::parse_columns("2 4 1 3");  // board{1, 3, 0, 2}
inline board parse_columns(std::string_view text)
{
    return detail::parse_column_list(text, '\0', ' ', '\0', "nqueens::parse_columns");
}

// Reads render_json()'s format back: a JSON array of 1-based columns. Throws
// std::invalid_argument on malformed text. Cost: O(length).
//
//     nqueens::parse_json("[2, 4, 1, 3]");  // board{1, 3, 0, 2}
inline board parse_json(std::string_view text)
{
    return detail::parse_column_list(text, '[', ',', ']', "nqueens::parse_json");
}

// Reads render_rows()'s format back: n strings of n characters, each with one
// 'Q' and '.' elsewhere (1 <= n <= 32). Throws std::invalid_argument on any
// other shape. Cost: O(n^2).
//
//     nqueens::parse_rows({".Q..", "...Q", "Q...", "..Q."});  // board{1, 3, 0, 2}
inline board parse_rows(const std::vector<std::string>& rows)
{
    constexpr std::string_view what = "nqueens::parse_rows";
    const std::size_t n = rows.size();
    if (n < 1 || n > board::max_size)
        throw std::invalid_argument(std::string(what) + ": a board has between 1 and 32 rows, got " +
                                    std::to_string(n));
    board b;
    for (const std::string& row : rows) {
        if (row.size() != n)
            detail::parse_failure(what, "every row must have one square per row of the board", row);
        const auto q = row.find('Q');
        if (q == std::string::npos || row.find('Q', q + 1) != std::string::npos)
            detail::parse_failure(what, "every row must hold exactly one 'Q'", row);
        if (row.find_first_not_of(".Q") != std::string::npos)
            detail::parse_failure(what, "a row may only hold '.' and 'Q'", row);
        b.push_back(static_cast<int>(q));
    }
    return b;
}

// Reads render_board()'s format back: the rows of parse_rows(), each ended by
// '\n' (the last one may omit it). Cost: O(n^2).
//
//     nqueens::parse_board(".Q..\n...Q\nQ...\n..Q.\n");  // board{1, 3, 0, 2}
inline board parse_board(std::string_view text)
{
    std::vector<std::string> rows;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        rows.emplace_back(text.substr(0, eol));
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    }
    return parse_rows(rows);
}

}  // namespace nqueens

#endif  // NQUEENS_RENDER_HPP

// ---- <nqueens/solutions.hpp> ----
// The boards themselves: for_each_solution, solutions<N>, first_solution and their distinct forms.
#ifndef NQUEENS_SOLUTIONS_HPP
#define NQUEENS_SOLUTIONS_HPP

// ---- <nqueens/detail/compile_time_solutions.hpp> ----
// The compile-time driver for solutions<N>(): one table of boards as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP

// ---- <nqueens/detail/enumerate.hpp> ----
// The enumerating search: the kernel's bitmask depth-first search, keeping the queens it places.
#ifndef NQUEENS_DETAIL_ENUMERATE_HPP
#define NQUEENS_DETAIL_ENUMERATE_HPP

#include <bit>
#include <cstdint>
#include <type_traits>

namespace nqueens::detail {

// Unchecked writes for the searches, which only make valid boards.
struct board_access {
    static constexpr void assign(board& b, int size) noexcept
    {
        b.columns_ = {};
        b.size_ = static_cast<std::uint8_t>(size);
    }
    static constexpr void set(board& b, int row, int column) noexcept
    {
        b.columns_[static_cast<unsigned>(row)] = static_cast<std::uint8_t>(column);
    }
};

// The queens placed so far, one per stack frame of the search, linked upwards.
// Writing them into a board only at a solution, rather than updating a board
// at every queen, halves the time and the memory of solutions<12>() on GCC 12
// (1.6 GB before), whose constant evaluator allocates on every write to an
// array element.
struct trail {
    int column = 0;
    const trail* up = nullptr;
};

constexpr board to_board(const trail* last, int rows) noexcept
{
    board b;
    board_access::assign(b, rows);
    for (int row = rows - 1; row >= 0; --row, last = last->up) board_access::set(b, row, last->column);
    return b;
}

// Calls f(b); a callback that returns a bool stops the enumeration with false.
template <class F>
constexpr bool deliver(F& f, const board& b)
{
    if constexpr (std::is_void_v<std::invoke_result_t<F&, const board&>>) {
        f(b);
        return true;
    } else {
        return static_cast<bool>(f(b));
    }
}

// Calls f with every completion of a partial board of `row` rows, whose
// queens are `path` (the last first) and attack `cols`, `left` and `right` in
// the next row (as in partial). The same search as search(), with scalar
// arguments for the same reason, lowest free column first: the completions
// come in lexicographic order. Returns false once f asked to stop.
template <class F>
constexpr bool enumerate_completions(mask_t all, int row, mask_t cols, mask_t left, mask_t right,
                                     const trail* path, F& f)
{
    for (mask_t free = all & ~(cols | left | right); free != 0; free &= free - 1) {
        const mask_t bit = lowest_bit(free);
        const trail here{std::countr_zero(bit), path};
        const bool go = (cols | bit) == all
                            ? deliver(f, to_board(&here, row + 1))
                            : enumerate_completions(all, row + 1, cols | bit, (left | bit) << 1,
                                                    (right | bit) >> 1, &here, f);
        if (!go) return false;
    }
    return true;
}

template <class F>
constexpr bool enumerate_completions(mask_t all, partial p, const trail* path, F& f)
{
    if (p.cols == all) return deliver(f, to_board(path, p.row));
    return enumerate_completions(all, p.row, p.cols, p.left, p.right, path, f);
}

// A placement of the first rows, as masks for the search and as a board.
struct prefix {
    partial masks{};
    board rows{};
};

// Calls f(prefix) for every conflict-free placement of the first `depth` rows
// (clamped to [1, n]), in lexicographic order.
template <class F>
constexpr void for_each_prefix(int n, int depth, F&& f)
{
    depth = depth < 1 ? 1 : (depth > n ? n : depth);
    const mask_t all = full_mask(n);
    auto visit = [&](auto& self, partial p, const trail* path) -> void {
        if (p.row == depth) {
            f(prefix{p, to_board(path, p.row)});
            return;
        }
        for (mask_t free = p.free(all); free != 0; free &= free - 1) {
            const mask_t bit = lowest_bit(free);
            const trail here{std::countr_zero(bit), path};
            self(self, p.place(bit), &here);
        }
    };
    visit(visit, partial{}, nullptr);
}

// Calls f with every completion of a prefix.
template <class F>
constexpr bool enumerate_completions(int n, const prefix& pre, F& f)
{
    // Rebuild the prefix's trail on this evaluation's stack.
    trail rows[board::max_size]{};
    const trail* path = nullptr;
    for (int r = 0; r < pre.rows.size(); ++r) {
        rows[r] = trail{pre.rows[r], path};
        path = &rows[r];
    }
    return enumerate_completions(full_mask(n), pre.masks, path, f);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_ENUMERATE_HPP

#include <array>
#include <cstddef>
#include <utility>

namespace nqueens::detail {

// Each constant evaluation has its own budget (GCC 12: 33,554,432 operations;
// Clang 14: 1,048,576 steps), and keeping the board costs more per queen than
// the counting kernel, so the table is split by its first rows: one variable
// per placement of those rows, each filled by an evaluation of its own.
constexpr int solutions_depth(int n) noexcept
{
    return n <= 8 ? 1 : 2;
}

constexpr std::size_t count_prefixes(int n)
{
    std::size_t k = 0;
    for_each_prefix(n, solutions_depth(n), [&k](const prefix&) { ++k; });
    return k;
}

template <int N>
constexpr auto make_prefixes()
{
    std::array<prefix, count_prefixes(N)> out{};
    std::size_t i = 0;
    for_each_prefix(N, solutions_depth(N), [&](const prefix& p) { out[i++] = p; });
    return out;
}

template <int N>
inline constexpr auto solution_prefixes = make_prefixes<N>();

template <std::size_t K>
constexpr std::array<board, K> fill_part(int n, const prefix& pre)
{
    std::array<board, K> out{};
    std::size_t k = 0;
    auto keep = [&](const board& s) { out[k++] = s; };
    enumerate_completions(n, pre, keep);
    return out;
}

template <std::size_t M>
constexpr std::size_t count_canonical(const std::array<board, M>& all) noexcept
{
    std::size_t k = 0;
    for (const board& b : all) k += is_canonical_permutation(b) ? 1 : 0;
    return k;
}

template <std::size_t K, std::size_t M>
constexpr std::array<board, K> filter_canonical(const std::array<board, M>& all) noexcept
{
    std::array<board, K> out{};
    std::size_t k = 0;
    for (const board& b : all)
        if (is_canonical_permutation(b)) out[k++] = b;
    return out;
}

// One variable per part: each initializer is a constant evaluation of its own.
// The distinct solutions are filtered from the parts of the full table, which
// costs far less than a second search.
template <int N, bool Distinct, std::size_t I>
inline constexpr std::size_t part_size = count_completions(N, solution_prefixes<N>[I].masks).solutions;

template <int N, bool Distinct, std::size_t I>
inline constexpr auto part_solutions = fill_part<part_size<N, false, I>>(N, solution_prefixes<N>[I]);

template <int N, std::size_t I>
inline constexpr std::size_t part_size<N, true, I> = count_canonical(part_solutions<N, false, I>);

template <int N, std::size_t I>
inline constexpr auto part_solutions<N, true, I> =
    filter_canonical<part_size<N, true, I>>(part_solutions<N, false, I>);

template <std::size_t K>
constexpr std::size_t sum(std::array<std::size_t, K> xs) noexcept
{
    std::size_t total = 0;
    for (const std::size_t x : xs) total += x;
    return total;
}

// Joined through arrays, not folds: Clang 14 caps a fold at 256 terms.
template <int N, bool Distinct, std::size_t... I>
constexpr auto join_parts(std::index_sequence<I...>)
{
    constexpr std::array<std::size_t, sizeof...(I) + 1> sizes{std::size_t{0}, part_size<N, Distinct, I>...};
    constexpr std::size_t total = sum(sizes);
    const board* const starts[] = {nullptr, part_solutions<N, Distinct, I>.data()...};
    std::array<board, total> out{};
    std::size_t k = 0;
    for (std::size_t p = 1; p < sizeof...(I) + 1; ++p)
        for (std::size_t j = 0; j < sizes[p]; ++j) out[k++] = starts[p][j];
    return out;
}

template <int N, bool Distinct>
inline constexpr auto solution_table =
    join_parts<N, Distinct>(std::make_index_sequence<solution_prefixes<N>.size()>{});

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_COMPILE_TIME_SOLUTIONS_HPP

#include <cstdint>
#include <optional>
#include <type_traits>

namespace nqueens {

// Calls f(const board&) with every solution for an n x n board, in
// lexicographic order of the columns (the order of the kernel's depth-first
// search, lowest column first). f returns void, or a bool: false stops the
// enumeration. Returns how many solutions f was given.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Nothing is stored: memory is O(n) whatever the count. Cost: the kernel's
// plain search (every queen placement: several times the work of
// count_queens(n), which uses the symmetry) plus O(n) per solution;
// milliseconds for n = 12. Usable in a constant expression, with a callback
// that does little, for n <= 10 on Clang 14 and n <= 11 on GCC 12 with
// default limits.
//
//     nqueens::for_each_solution(8, [](const nqueens::board& b) { use(b); });  // 92 calls
//     nqueens::for_each_solution(30, [](const nqueens::board& b) { use(b); return false; });  // one
template <class F>
constexpr std::uint64_t for_each_solution(int n, F&& f)
{
    static_assert(std::is_invocable_v<F&, const board&>,
                  "nqueens::for_each_solution(n, f) requires f(const nqueens::board&)");
    check_domain(n);
    std::uint64_t given = 0;
    auto counted = [&](const board& b) {
        ++given;
        return detail::deliver(f, b);
    };
    detail::enumerate_completions(detail::full_mask(n), detail::partial{}, nullptr, counted);
    return given;
}

// Calls f(const board&) with one solution from every class of solutions
// equivalent under rotation and reflection: the canonical one, the
// lexicographically smallest of its 8 images (canonical_form() in
// canonical.hpp). In lexicographic order; f may stop the enumeration as in
// for_each_solution(). Returns how many solutions f was given.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// Cost: half of for_each_solution()'s search (a canonical solution starts in
// the left half) plus an O(n) symmetry check per solution found there. For
// n = 8 f is called 12 times (OEIS A002562).
//
//     nqueens::for_each_distinct_solution(8, [](const nqueens::board& b) { use(b); });  // 12 calls
template <class F>
constexpr std::uint64_t for_each_distinct_solution(int n, F&& f)
{
    static_assert(std::is_invocable_v<F&, const board&>,
                  "nqueens::for_each_distinct_solution(n, f) requires f(const nqueens::board&)");
    check_domain(n);
    std::uint64_t given = 0;
    auto canonical_only = [&](const board& b) {
        if (!detail::is_canonical_permutation(b)) return true;
        ++given;
        return detail::deliver(f, b);
    };
    const detail::mask_t all = detail::full_mask(n);
    // A canonical solution starts in the left half: its mirror image starts at n - 1 - b[0].
    for (int col = 0; col < (n + 1) / 2; ++col) {
        const detail::trail first{col, nullptr};
        const auto masks = detail::partial{}.place(detail::mask_t{1} << col);
        if (!detail::enumerate_completions(all, masks, &first, canonical_only)) break;
    }
    return given;
}

// The largest N that solutions<N>() and distinct_solutions<N>() bake. Past it
// the final table (365,596 boards for N = 14) no longer fits Clang 14's
// 1,048,576-step budget for one constant evaluation, and GCC 12 needs many
// gigabytes; use for_each_solution() at run time instead.
inline constexpr int max_baked_n = 13;

// Every solution for an N x N board, computed by the compiler: a reference to
// a constexpr std::array<board, count_queens(N)>, in lexicographic order (the
// order of for_each_solution()). Each board takes 33 bytes of the binary.
//
// Requires 1 <= N <= 13 (a static_assert says so). Compiles with the default
// limits of GCC 12 and Clang 14 (no flags) up to N = 13: about a second up
// to N = 10, seconds for N = 11, tens of seconds for N = 12 and a minute or
// more for N = 13, with up to about 2 GB on GCC (measured figures: the
// README). The table is built by many separate constant evaluations (one
// per placement of the first rows), so no single one exceeds the compilers'
// budgets.
//
//     static_assert(nqueens::solutions<8>().size() == 92);
//     for (const nqueens::board& b : nqueens::solutions<8>()) use(b);
template <int N>
constexpr const auto& solutions() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::solutions<N>() requires 1 <= N <= 32");
    static_assert(N <= max_baked_n,
                  "nqueens::solutions<N>() is baked only up to N = 13; "
                  "use for_each_solution(n, f) at run time");
    return detail::solution_table<(N >= min_n && N <= max_baked_n ? N : 1), false>;
}

// The distinct solutions for an N x N board, computed by the compiler: one
// canonical board per symmetry class (as for_each_distinct_solution()), as a
// constexpr std::array in lexicographic order.
//
// Requires 1 <= N <= 13 (a static_assert says so). Built by filtering the
// table of solutions<N>() (so it costs that table plus about a quarter more;
// see solutions<N>() for the times).
//
//     static_assert(nqueens::distinct_solutions<8>().size() == 12);
template <int N>
constexpr const auto& distinct_solutions() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::distinct_solutions<N>() requires 1 <= N <= 32");
    static_assert(N <= max_baked_n,
                  "nqueens::distinct_solutions<N>() is baked only up to N = 13; "
                  "use for_each_distinct_solution(n, f) at run time");
    return detail::solution_table<(N >= min_n && N <= max_baked_n ? N : 1), true>;
}

// One solution for an n x n board, by an explicit construction rather than a
// search (the first solution a search finds costs 56 million queen placements
// at n = 30): the rows take the even columns 2, 4, ... (1-based) in order,
// then the odd ones 1, 3, ..., with the classical corrections when n % 6 is 2
// (odd part 3, 1, 7, 9, ..., 5) or 3 (even part 4, 6, ..., 2; odd part
// 5, 7, ..., 1, 3): Hoffman, Loessi and Moore, Mathematics Magazine 42 (1969).
// It is not in general the lexicographically first solution.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise.
// n = 2 and n = 3 have no solution: the result is std::nullopt. Cost: O(n),
// at compile time as at run time.
//
//     auto b = nqueens::first_solution(8);   // board{1, 3, 5, 7, 2, 0, 6, 4}
//     auto none = nqueens::first_solution(3);  // std::nullopt
constexpr std::optional<board> first_solution(int n)
{
    check_domain(n);
    if (n == 2 || n == 3) return std::nullopt;
    board b;
    const int r = n % 6;
    auto add = [&](int one_based) { b.push_back(one_based - 1); };
    // Even columns.
    for (int c = r == 3 ? 4 : 2; c <= n; c += 2) add(c);
    if (r == 3) add(2);
    // Odd columns.
    if (r == 2) {
        add(3);
        add(1);
        for (int c = 7; c <= n; c += 2) add(c);
        add(5);
    } else if (r == 3) {
        for (int c = 5; c <= n; c += 2) add(c);
        add(1);
        add(3);
    } else {
        for (int c = 1; c <= n; c += 2) add(c);
    }
    return b;
}

// first_solution(N), always answered by the compiler.
//
// Requires 1 <= N <= 32 (a static_assert says so); std::nullopt for N = 2, 3.
//
//     constexpr nqueens::board b = *nqueens::first_solution<32>();
template <int N>
constexpr std::optional<board> first_solution() noexcept
{
    static_assert(N >= min_n && N <= max_n, "nqueens::first_solution<N>() requires 1 <= N <= 32");
    constexpr std::optional<board> b = first_solution(N >= min_n && N <= max_n ? N : 1);
    return b;
}

}  // namespace nqueens

#endif  // NQUEENS_SOLUTIONS_HPP

// ---- <nqueens/symmetry.hpp> ----
// count_both: totals and classes under rotation and reflection (OEIS A000170, A002562) from one symmetric
// search.
#ifndef NQUEENS_SYMMETRY_HPP
#define NQUEENS_SYMMETRY_HPP

#include <cstdint>

namespace nqueens {

// Both counts of one board size: all solutions, and the distinct ones (two
// solutions are the same when a rotation or reflection of the board maps one
// onto the other).
struct counts {
    std::uint64_t total = 0;
    std::uint64_t distinct = 0;

    friend constexpr bool operator==(const counts&, const counts&) = default;
};

// Both counts from one search that visits one representative of each class
// of solutions and weighs it by the size of its class (2, 4 or 8).
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise
// and std::overflow_error rather than wrap. Cost: single-threaded, about as
// many queens placed as count_queens(n) (whose walk visits the same boards
// without comparing them), so about the same time; usable in a constant
// expression with the compilers' default limits up to n = 10 on Clang 14
// and n = 11 on GCC 12. count_distinct(n) (count.hpp) gives the distinct
// count by Burnside's lemma instead, at the cost of count_queens(n).
// nqueens::count (engine.hpp) runs this search on all cores for
// count_mode::with_distinct.
//
//     static_assert(nqueens::count_both(8) == nqueens::counts{92, 12});
constexpr counts count_both(int n)
{
    check_domain(n);
    detail::sym_tally tally{};
    detail::for_each_sym_task(n, 2, [&](const detail::sym_task& t) { detail::search_symmetric(t, tally); });
    return {tally.total(), tally.distinct()};
}

}  // namespace nqueens

#endif  // NQUEENS_SYMMETRY_HPP

// ---- <nqueens/table.hpp> ----
// make_table and counts_table: counts for a range of n, computed by the compiler through Boost.Hana.
#ifndef NQUEENS_TABLE_HPP
#define NQUEENS_TABLE_HPP

#include <boost/hana/integral_constant.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/unpack.hpp>

#include <array>
#include <cstdint>

namespace nqueens {

// Which count a table holds: all solutions (OEIS A000170), or the distinct
// ones (OEIS A002562).
enum class table_of : std::uint8_t { totals, distinct };

// The counts for n = First .. Last as a std::array (element i is n = First + i),
// every one computed by count_queens<N>() (or count_distinct<N>()) at compile
// time: hana::range holds the sizes as types, and hana::unpack hands them
// to a lambda that expands them into the array's elements.
//
// Requires 1 <= First <= Last <= 32. Costs what the count_queens<N>() it asks
// for cost (seconds for 1..12); the distinct table of a range costs little
// more than its totals, and nothing more once they are computed.
//
//     constexpr auto t = nqueens::make_table<1, 8>();  // {1, 0, 0, 2, 10, 4, 40, 92}
//     constexpr auto d = nqueens::make_table<1, 8, nqueens::table_of::distinct>();  // {1, 0, 0, 1, 2, 1, 6,
//     12}
template <int First, int Last, table_of Of = table_of::totals>
constexpr auto make_table() noexcept
{
    static_assert(First >= min_n && First <= Last && Last <= max_n,
                  "nqueens::make_table<First, Last>() requires 1 <= First <= Last <= 32");
    namespace hana = boost::hana;
    return hana::unpack(hana::make_range(hana::int_c<First>, hana::int_c<Last + 1>), [](auto... n) {
        if constexpr (Of == table_of::totals)
            return std::array<std::uint64_t, sizeof...(n)>{count_queens<decltype(n)::value>()...};
        else
            return std::array<std::uint64_t, sizeof...(n)>{count_distinct<decltype(n)::value>()...};
    });
}

// The sizes of the baked tables: n = 1 .. 12.
inline constexpr int table_first_n = 1;
inline constexpr int table_last_n = 12;

// The baked table: the counts for n = 1 .. 12, totals unless asked for the
// distinct ones. A function template, not a variable, and its body depends
// on the template argument, so the compiler computes the table only in a
// file that calls it: including this header costs nothing.
//
//     static_assert(nqueens::counts_table()[7] == 92);  // n = 8
//     static_assert(nqueens::counts_table<nqueens::table_of::distinct>()[7] == 12);
template <table_of Of = table_of::totals>
constexpr auto counts_table() noexcept
{
    return make_table<table_first_n, table_last_n, Of>();
}

}  // namespace nqueens

#endif  // NQUEENS_TABLE_HPP

// ---- <nqueens/verify.hpp> ----
// is_solution: an independent check that a board's queens do not attack each other.
#ifndef NQUEENS_VERIFY_HPP
#define NQUEENS_VERIFY_HPP

namespace nqueens {

// Whether b is a solution: 1 <= b.size() <= 32, every column inside the board
// (0 <= b[row] < b.size()), and no two queens in the same column or on the same
// diagonal. Deliberately not the search's bitmasks: it compares every pair of
// queens, so that it can check the search.
//
// Valid for any board; never throws (the empty board is not a solution).
// Cost: O(n^2), about 500 comparisons for n = 32.
//
//     static_assert(nqueens::is_solution(nqueens::board{1, 3, 0, 2}));
//     static_assert(!nqueens::is_solution(nqueens::board{0, 2, 1, 3}));  // rows 1 and 2 on a diagonal
constexpr bool is_solution(const board& b) noexcept
{
    const int n = b.size();
    if (!in_domain(n)) return false;
    for (int i = 0; i < n; ++i) {
        if (b[i] >= n) return false;
        for (int j = i + 1; j < n; ++j) {
            const int dc = b[j] - b[i];
            if (dc == 0 || dc == j - i || dc == i - j) return false;
        }
    }
    return true;
}

}  // namespace nqueens

#endif  // NQUEENS_VERIFY_HPP

#endif  // NQUEENS_NQUEENS_HPP
