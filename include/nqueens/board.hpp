// SPDX-License-Identifier: BSL-1.0
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
