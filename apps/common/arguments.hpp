// SPDX-License-Identifier: BSL-1.0
// Shared pieces of the command line: argument parsing and the usage error.
#ifndef NQUEENS_APPS_COMMON_ARGUMENTS_HPP
#define NQUEENS_APPS_COMMON_ARGUMENTS_HPP

#include <exception>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace nqueens::app {

// A mistake in the command line: main prints it on one line and exits 2.
struct usage_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The name that starts every message on stderr: "nqueens" unless main sets
// another ("nqueens-mpi").
const char* program_label() noexcept;
void set_program_label(const char* name) noexcept;

// stdout could not be written (errno `error`): main exits 141 on EPIPE
// (the reader is gone, as if SIGPIPE had ended the program, which it does
// not when SIGPIPE is ignored), else 1 with one line. `kept` is the result
// that did not get through (a count's line), or empty.
struct output_error : std::runtime_error {
    explicit output_error(int e, std::string k = {})
        : std::runtime_error("cannot write the output"), error(e), kept(std::move(k))
    {
    }
    int error;
    std::string kept;
};

// The exit status for an output_error, after its line on stderr from
// `who`: none for EPIPE without a result; with one, the line gives the
// count that was computed, so that no work is lost.
int report_output_error(const output_error& e, const char* who = program_label());

using args = std::span<const std::string_view>;

// Parses a whole decimal integer in [lo, hi]; `what` names it in the error.
long long parse_integer(std::string_view text, std::string_view what, long long lo, long long hi);

// True for an option ("--json", "-x"), false for a value, including a
// negative number ("-1" is a bad board size, not an unknown option).
bool is_option(std::string_view arg) noexcept;

// Parses the board size: 1 <= n <= 32.
int parse_board_size(std::string_view text);

// True if `arg` is the option `name` ("--out"), alone or with its value
// ("--out=FILE").
bool is_named(std::string_view arg, std::string_view name) noexcept;

// An argument of `command` that none of its options took: the board size
// into `n`; usage_error if it is an unknown option or a second size.
void take_board_size(std::optional<int>& n, std::string_view arg, std::string_view command);

// Every option of both programs that takes a value: the one list that
// option_value() and takes_value() read.
inline constexpr std::string_view value_options[] = {
    "--threads", "--memory", "--checkpoint", "--checkpoint-interval",
    "--out",     "--result", "--shard",      "--recheck",
    "--lease",   "--limit",  "--format"};

// The value after an option such as "--threads 4" (or "--threads=4").
// Advances i past the value. A next argument that looks like an option
// (is_option: "--json", "-h") is not taken: usage_error, unless written
// "--out=--json". `name` must be one of value_options (std::logic_error
// otherwise, so that a new option cannot be left out of the list).
std::string_view option_value(args a, std::size_t& i, std::string_view name);

// True for value_options: main reads "-h" after one of them as a missing
// value, not as a call for help.
bool takes_value(std::string_view option) noexcept;

// usage_error if an option appears twice in `a` ("--json --json",
// "--threads 2 --threads=4"): one would silently override the other.
void reject_repeated(args a);

// Formats seconds with millisecond precision ("3.214"), however large;
// "null" for a non-finite value (JSON has no such number).
std::string format_seconds(double seconds);

// printf into a std::string, so that an output is composed whole before
// any of it is written.
[[gnu::format(printf, 1, 2)]] std::string formatted(const char* format, ...);

// The line on stderr and the exit status (1) of a run that failed with `e`:
// its message, or for std::bad_alloc and a thread that cannot start, what
// could not be done and what to try.
int report_failure(const std::exception& e, const char* who = program_label());

// Writes `text` to stdout and flushes it; output_error if it does not get
// through (--help or --version into a full disk).
void print_text(const char* text);

int run_count(args a);
int run_table(args a);
int run_solve(args a);      // apps/nqueens/solve.cpp
int run_merge(args a);      // apps/nqueens/merge.cpp
int run_subtotals(args a);  // apps/nqueens/subtotals.cpp

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_ARGUMENTS_HPP
