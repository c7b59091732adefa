// SPDX-License-Identifier: BSL-1.0
// render_rows, render_board, render_columns, render_json and their parsers: boards as text.
#ifndef NQUEENS_RENDER_HPP
#define NQUEENS_RENDER_HPP

#include <nqueens/board.hpp>

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
