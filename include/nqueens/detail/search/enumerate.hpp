// SPDX-License-Identifier: BSL-1.0
// The enumerating search: the kernel's bitmask depth-first search, keeping the queens it places.
#ifndef NQUEENS_DETAIL_SEARCH_ENUMERATE_HPP
#define NQUEENS_DETAIL_SEARCH_ENUMERATE_HPP

#include <nqueens/board.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <bit>
#include <cstdint>
#include <type_traits>

namespace nqueens::detail {

// Clang 19's -fexperimental-new-constant-interpreter rejects the defaulted
// copy assignment of a struct that holds an array (such as board), with no
// note (tests/unit/detail/search/new_interpreter_test.cpp). This probe asks
// the evaluator at hand: the default template argument is not a constant
// there, and the overload drops out.
struct assign_probe {
    int a[1]{};
};
constexpr int assign_struct_with_array() noexcept
{
    assign_probe x{}, y{};
    y = x;
    return y.a[0];
}
template <int = assign_struct_with_array()>
constexpr bool evaluator_assigns_arrays(int) noexcept
{
    return true;
}
constexpr bool evaluator_assigns_arrays(...) noexcept
{
    return false;
}

// Unchecked writes for the searches, which only make valid boards.
struct board_access {
    // For a new board, whose columns are all 0 already. (No `columns_ = {}`:
    // Clang 19's new constant interpreter rejects the assignment of an array
    // member, as it does a struct's defaulted copy assignment; see
    // compile_time/count.hpp.)
    static constexpr void resize(board& b, int size) noexcept { b.size_ = static_cast<std::uint8_t>(size); }
    // `to = from` for a new board `to`: a plain assignment where the evaluator
    // can (one step, and GCC 12 keeps less), else row by row (see below).
    static constexpr void copy_into_new(board& to, const board& from) noexcept
    {
        if constexpr (evaluator_assigns_arrays(0)) {
            to = from;
        } else {
            for (unsigned r = 0; r < from.size_; ++r) to.columns_[r] = from.columns_[r];
            to.size_ = from.size_;
        }
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

// Writes the queens of `last` and the rows above it into b, a new board.
constexpr void write_board(board& b, const trail* last, int rows) noexcept
{
    board_access::resize(b, rows);
    for (int row = rows - 1; row >= 0; --row, last = last->up) board_access::set(b, row, last->column);
}

constexpr board to_board(const trail* last, int rows) noexcept
{
    board b;
    write_board(b, last, rows);
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

// A sink that takes the trail itself (f(last, rows), returning void) writes
// the board where it keeps it: the compile-time table, which would otherwise
// copy every board once more.
template <class F>
constexpr bool deliver(F& f, const trail* last, int rows)
{
    if constexpr (std::is_invocable_v<F&, const trail*, int>) {
        f(last, rows);
        return true;
    } else {
        return deliver(f, to_board(last, rows));
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
        const trail here{bit_index(bit), path};
        const bool go = (cols | bit) == all
                            ? deliver(f, &here, row + 1)
                            : enumerate_completions(all, row + 1, cols | bit, (left | bit) << 1,
                                                    (right | bit) >> 1, &here, f);
        if (!go) return false;
    }
    return true;
}

template <class F>
constexpr bool enumerate_completions(mask_t all, partial p, const trail* path, F& f)
{
    if (p.cols == all) return deliver(f, path, p.row);
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
            const trail here{bit_index(bit), path};
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

#endif  // NQUEENS_DETAIL_SEARCH_ENUMERATE_HPP
