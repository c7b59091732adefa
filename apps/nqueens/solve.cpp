// SPDX-License-Identifier: BSL-1.0
// `nqueens solve N`: prints the solutions as they are found, never holding them all.
#include "common/arguments.hpp"

#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>

namespace nqueens::app {

namespace {

enum class solve_format { board, cols, json };

solve_format parse_format(std::string_view text)
{
    if (text == "board") return solve_format::board;
    if (text == "cols") return solve_format::cols;
    if (text == "json") return solve_format::json;
    throw usage_error("--format must be board, cols or json, got '" + std::string(text) + "'");
}

}  // namespace

int run_solve(args a)
{
    reject_repeated(a);
    std::optional<int> n;
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
    bool unique = false;
    solve_format format = solve_format::board;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--unique")
            unique = true;
        else if (is_named(arg, "--limit"))
            limit = static_cast<std::uint64_t>(parse_integer(option_value(a, i, "--limit"), "--limit", 1,
                                                             std::numeric_limits<long long>::max()));
        else if (is_named(arg, "--format"))
            format = parse_format(option_value(a, i, "--format"));
        else
            take_board_size(n, arg, "solve");
    }
    if (!n)
        throw usage_error("'solve' needs a board size: nqueens solve N [--limit K] [--unique] [--format F]");

    if (format == solve_format::json)
        std::printf("{\"n\":%d,\"unique\":%s,\"solutions\":[", *n, unique ? "true" : "false");
    std::uint64_t printed = 0;
    int write_error = 0;  // errno of the first failed write: the search stops there
    const auto print = [&](const board& b) {
        switch (format) {
            case solve_format::board:
                if (printed != 0) std::fputs("\n", stdout);
                std::fputs(render_board(b).c_str(), stdout);
                break;
            case solve_format::cols:
                std::fputs(render_columns(b).c_str(), stdout);
                std::fputs("\n", stdout);
                break;
            case solve_format::json:
                std::fputs(printed == 0 ? "\n" : ",\n", stdout);
                std::fputs(render_json(b).c_str(), stdout);
                break;
        }
        if (std::ferror(stdout)) {
            write_error = errno;
            return false;
        }
        return ++printed < limit;
    };
    if (unique)
        for_each_distinct_solution(*n, print);
    else
        for_each_solution(*n, print);
    if (write_error != 0) throw output_error(write_error);
    if (format == solve_format::json)
        std::printf("\n],\"count\":%llu}\n", static_cast<unsigned long long>(printed));
    return 0;
}

}  // namespace nqueens::app
