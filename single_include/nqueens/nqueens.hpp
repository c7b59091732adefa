// nqueens 0.1.0, single header: <nqueens/nqueens.hpp> and the headers it includes, in one file.
// Generated from include/ by `cmake -P cmake/Amalgamate.cmake`; edit include/ and run that, not this file.
// Needs C++20 and the Boost headers (Boost.Hana).

// ---- <nqueens/nqueens.hpp> ----
// The front header: everything that the compiler can evaluate (counts, tables, solutions, boards).
#ifndef NQUEENS_NQUEENS_HPP
#define NQUEENS_NQUEENS_HPP

// The drivers that need the run-time library are separate headers, so that a
// file that only counts at compile time does not parse <thread> (about a
// second of compile time alone): <nqueens/plan.hpp> (a count as a list of
// tasks), <nqueens/engine.hpp> (the threaded engine), <nqueens/checkpoint.hpp>
// (run records), <nqueens/merge.hpp> (joining shards) and
// <nqueens/checkpoint_json.hpp> (records as JSON, which needs nlohmann/json).

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

// ---- <nqueens/count.hpp> ----
// count_queens and count_distinct: all solutions of the n-queens problem (OEIS A000170), and the distinct
// ones (A002562).
#ifndef NQUEENS_COUNT_HPP
#define NQUEENS_COUNT_HPP

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

// ---- <nqueens/detail/compile_time.hpp> ----
// The compile-time driver: one count as many small constant evaluations.
#ifndef NQUEENS_DETAIL_COMPILE_TIME_HPP
#define NQUEENS_DETAIL_COMPILE_TIME_HPP

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
// do no harm: a diagonal that leaves the board attacks nothing more, and
// free() keeps the board's columns only.
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
// recursion: it costs fewer of the constant evaluator's steps than an
// explicit stack (about half, Clang 14) and runs as fast at run time. Each
// call places three rows: GCC keeps a few dozen bytes of every call until
// the whole count is done, and both evaluators charge more for a call than
// for a row placed inside one (no slower at run time).
//
// Written for the constant evaluators, which charge for every name read,
// operator and local, and most for a call (Clang 14: a call with four
// arguments costs about as much as twenty operators): the node counter is
// an optional trailing argument, so that the compile-time path neither
// passes nor updates it; `while (free)` with `free ^= bit` and const locals
// cost less than a `for` with `free &= free - 1` or locals assigned in place. `left` is cut to the board on each call's first
// row, so it carries at most one bit past the board into a call: GCC keeps
// every distinct integer it computes for the rest of the translation unit,
// and masks that keep all their off-board bits are ever new values (about an
// eighth of its memory at N = 14).
template <class... Nodes>
constexpr std::uint64_t search(mask_t all, mask_t cols, mask_t left, mask_t right, Nodes&... nodes) noexcept
{
    static_assert(sizeof...(Nodes) <= 1, "search takes at most one node counter");
    std::uint64_t solutions = 0;
    mask_t free = all & ~(cols | left | right);
    while (free) {
        const mask_t bit = free & (0u - free);  // lowest_bit(), spelled out: a call costs Clang 14 steps
        free ^= bit;
        (++nodes, ...);
        const mask_t c1 = cols | bit;
        if (c1 == all) {
            ++solutions;
            continue;
        }
        const mask_t l1 = ((left | bit) << 1) & all, r1 = (right | bit) >> 1;
        mask_t free1 = all & ~(c1 | l1 | r1);
        while (free1) {
            const mask_t bit1 = free1 & (0u - free1);
            free1 ^= bit1;
            (++nodes, ...);
            const mask_t c2 = c1 | bit1;
            if (c2 == all) {
                ++solutions;
                continue;
            }
            const mask_t l2 = ((l1 | bit1) << 1) & all, r2 = (r1 | bit1) >> 1;
            mask_t free2 = all & ~(c2 | l2 | r2);
            while (free2) {
                const mask_t bit2 = free2 & (0u - free2);
                free2 ^= bit2;
                (++nodes, ...);
                if ((c2 | bit2) == all)
                    ++solutions;
                else
                    solutions += search(all, c2 | bit2, (l2 | bit2) << 1, (r2 | bit2) >> 1, nodes...);
            }
        }
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

// ---- <nqueens/detail/orbit_walk.hpp> ----
// The total by the 8-fold symmetry: walk a few images of each solution, weigh each by how many are walked.
#ifndef NQUEENS_DETAIL_ORBIT_WALK_HPP
#define NQUEENS_DETAIL_ORBIT_WALK_HPP

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
// The walk is written like the kernel, for the constant evaluators' costs,
// and cuts `left` to the board the same way (search.hpp says why).
//
// So the walk adds 24 / m per board (24 for the corner family), and the
// total is the sum over 3. It visits about 2.3 times fewer queens than the
// mirror-halved plain search, and the same kernel does the corner family's
// rows below a.
//
// Why not fewer queens by another order (queens counted at run time):
// placing the border queens first (rows 0 and n-1, columns 0 and n-1; one
// border per class, weighted by its class size) places more queens, not
// fewer (n = 14: 8.4 million, 7.4 million with the middle rows first,
// against the walk's 6.1 million), because every border repeats the search
// of the rows between; so does placing the last row's queen first. Filling
// the row with the fewest open squares next places 2.2 to 2.6 times fewer
// queens (n = 12..15), but finding that row costs more than it saves: at
// n = 12 it took 3.4 times the walk's instructions on Clang 14, 2.6 times on
// GCC 12.

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

// Rows b2+1 .. n-1 (only b1 rows): the plain search, every board weighted
// by its ties; two rows a call (three measured no cheaper here).
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_bottom(const edge_rules& e, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    std::uint64_t sum = 0;
    mask_t free = e.all & ~(cols | left | right);
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        const mask_t next = cols | bit;
        if (next == e.all) {
            if ((bit & e.last) == 0) sum += bit == e.half_turn ? edge_weight(Ties + 1) : edge_weight(Ties);
            continue;
        }
        const mask_t l1 = ((left | bit) << 1) & e.all, r1 = (right | bit) >> 1;
        mask_t free1 = e.all & ~(next | l1 | r1);
        while (free1) {
            const mask_t bit1 = free1 & (0u - free1);
            free1 ^= bit1;
            (++nodes, ...);
            if ((next | bit1) == e.all) {
                if ((bit1 & e.last) == 0)
                    sum += bit1 == e.half_turn ? edge_weight(Ties + 1) : edge_weight(Ties);
            } else {
                sum +=
                    edge_bottom<Ties>(e, next | bit1, (l1 | bit1) << 1, (r1 | bit1) >> 1, nodes...);
            }
        }
    }
    return sum;
}

// Rows b1+1 .. b2, `to_b2` rows above row b2, a multiple of 3: three rows a
// call (a call costs both evaluators more than a row placed inside it; see
// search.hpp). By row b2 both edge columns are filled (below it an edge queen
// would be nearer a bottom corner than b1).
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_middle_thirds(const edge_rules& e, int to_b2, mask_t cols, mask_t left,
                                           mask_t right, Nodes&... nodes)
{
    std::uint64_t sum = 0;
    mask_t free = e.all & ~(cols | left | right);
    if (to_b2) {
        while (free) {
            const mask_t bit = free & (0u - free);
            free ^= bit;
            (++nodes, ...);
            const mask_t c1 = cols | bit, l1 = ((left | bit) << 1) & e.all, r1 = (right | bit) >> 1;
            mask_t free1 = e.all & ~(c1 | l1 | r1);
            while (free1) {
                const mask_t bit1 = free1 & (0u - free1);
                free1 ^= bit1;
                (++nodes, ...);
                const mask_t c2 = c1 | bit1, l2 = ((l1 | bit1) << 1) & e.all, r2 = (r1 | bit1) >> 1;
                mask_t free2 = e.all & ~(c2 | l2 | r2);
                while (free2) {
                    const mask_t bit2 = free2 & (0u - free2);
                    free2 ^= bit2;
                    (++nodes, ...);
                    sum += edge_middle_thirds<Ties>(e, to_b2 - 3, c2 | bit2, (l2 | bit2) << 1, (r2 | bit2) >> 1,
                                                    nodes...);
                }
            }
        }
        return sum;
    }
    const mask_t used = cols & e.side;
    if (used == 0) return 0;
    if (used != e.side) free &= e.side;
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        if (bit == 1)  // the column-0 queen in row b2
            sum += edge_bottom<Ties + 1>(e, cols | bit, ((left | bit) << 1) & e.all, (right | bit) >> 1,
                                         nodes...);
        else
            sum +=
                edge_bottom<Ties>(e, cols | bit, ((left | bit) << 1) & e.all, (right | bit) >> 1, nodes...);
    }
    return sum;
}

// Rows b1+1 .. b2, `to_b2` rows above row b2: one row a call until the rows
// left are a multiple of 3 (near the top, where rows are narrow), then
// edge_middle_thirds.
template <int Ties, class... Nodes>
constexpr std::uint64_t edge_middle(const edge_rules& e, int to_b2, mask_t cols, mask_t left, mask_t right,
                                    Nodes&... nodes)
{
    if (to_b2 % 3 == 0) return edge_middle_thirds<Ties>(e, to_b2, cols, left, right, nodes...);
    std::uint64_t sum = 0;
    mask_t free = e.all & ~(cols | left | right);
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        sum += edge_middle<Ties>(e, to_b2 - 1, cols | bit, ((left | bit) << 1) & e.all, (right | bit) >> 1,
                                 nodes...);
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
        while (free) {
            const mask_t bit = free & (0u - free);
            free ^= bit;
            (++nodes, ...);
            sum += edge_top(e, to_b1 - 1, b1_to_b2, cols | bit, ((left | bit) << 1) & e.all,
                            (right | bit) >> 1, nodes...);
        }
        return sum;
    }
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        if (bit == e.top)  // the column-(n-1) queen in row b1
            sum += edge_middle<1>(e, b1_to_b2 - 1, cols | bit, ((left | bit) << 1) & e.all,
                                  (right | bit) >> 1, nodes...);
        else
            sum += edge_middle<0>(e, b1_to_b2 - 1, cols | bit, ((left | bit) << 1) & e.all,
                                  (right | bit) >> 1, nodes...);
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
    mask_t free = all & ~(cols | left | right | mask_t{2});
    while (free) {
        const mask_t bit = free & (0u - free);
        free ^= bit;
        (++nodes, ...);
        boards +=
            corner_rows(all, to_a - 1, cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1, nodes...);
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
    // Copied field by field: Clang 19's experimental constant interpreter
    // (-fexperimental-new-constant-interpreter) rejects the defaulted copy
    // assignment of a struct that holds an array.
    for_each_sym_task(N, compile_time_depth(N), [&](const sym_task& t) {
        sym_task& slot = tasks[i++];
        slot.rule = t.rule;
        slot.row = t.row;
        slot.cols = t.cols;
        slot.left = t.left;
        slot.right = t.right;
        for (std::size_t q = 0; q < t.queens.size(); ++q) slot.queens[q] = t.queens[q];
    });
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
// seconds at n = 16); for big n use nqueens::parallel_count (engine.hpp),
// which runs on every core.
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
// the compilers' default limits: seconds up to N = 13, about a minute for
// N = 14, several minutes (and on GCC gigabytes) for N = 15; each further N
// costs about 5 to 6 times more (measured figures: the README).
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
// the total (a tenth of a second at n = 20). So it costs what count_queens(n)
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
// the same two small searches: count_queens<N>() plus a second or two at
// N = 13, and only the searches once the total is computed in the same
// translation unit.
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
// count_symmetric: the total and the distinct count (OEIS A000170, A002562) from one 8-fold symmetric search.
#ifndef NQUEENS_SYMMETRY_HPP
#define NQUEENS_SYMMETRY_HPP

// ---- <nqueens/solution_counts.hpp> ----
// solution_counts: what every count gives back (the total, the distinct count, the queens placed).
#ifndef NQUEENS_SOLUTION_COUNTS_HPP
#define NQUEENS_SOLUTION_COUNTS_HPP

#include <cstdint>

namespace nqueens {

// The counts of one board size, of one sub-problem of it, or of several
// sub-problems added up. Every result nests it the same way, as `sum`:
// parallel_result::sum, run_record::sum, merged_counts::sum; a task's
// result (work_plan::run) and count_symmetric(n) are one.
struct solution_counts {
    std::uint64_t total = 0;     // solutions (OEIS A000170)
    std::uint64_t distinct = 0;  // classes under rotation and reflection (OEIS A002562); 0 where not counted
    std::uint64_t nodes = 0;     // queens placed by the search

    friend constexpr bool operator==(const solution_counts&, const solution_counts&) = default;
};

}  // namespace nqueens

#endif  // NQUEENS_SOLUTION_COUNTS_HPP

namespace nqueens {

// Both counts of one board size from one search that visits one
// representative of each class of solutions (two solutions are the same
// when a rotation or reflection of the board maps one onto the other) and
// weighs it by the size of its class (2, 4 or 8). The tests use it to
// cross-check count_queens(n) and count_distinct(n) (count.hpp), which get
// the same numbers by another route; parallel_count (engine.hpp) runs it on
// all cores for n < 6.
//
// Valid for 1 <= n <= 32; throws std::domain_error(domain_message) otherwise
// and std::overflow_error rather than wrap. Cost: single-threaded, about as
// many queens placed as count_queens(n) (whose walk visits the same boards
// without comparing them with their images), so about the same time; usable
// in a constant expression with the compilers' default limits up to n = 10
// on Clang 14 and n = 11 on GCC 12.
//
//     static_assert(nqueens::count_symmetric(8).distinct == 12);
constexpr solution_counts count_symmetric(int n)
{
    check_domain(n);
    detail::sym_tally tally{};
    detail::for_each_sym_task(n, 2, [&](const detail::sym_task& t) { detail::search_symmetric(t, tally); });
    return {tally.total(), tally.distinct(), tally.nodes};
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
