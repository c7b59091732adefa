// SPDX-License-Identifier: BSL-1.0
// Argument parsing shared by the subcommands.
#include "common/arguments.hpp"

#include <nqueens/domain.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <new>
#include <stdexcept>
#include <system_error>

namespace nqueens::app {

namespace {
const char* label = "nqueens";
}  // namespace

const char* program_label() noexcept
{
    return label;
}

void set_program_label(const char* name) noexcept
{
    label = name;
}

int report_failure(const std::exception& e, const char* who)
{
    const auto* system = dynamic_cast<const std::system_error*>(&e);
    if (dynamic_cast<const std::bad_alloc*>(&e))
        std::fprintf(
            stderr,
            "%s: error: out of memory for this count; try fewer threads (--threads T) or a smaller n\n", who);
    else if (system && system->code() == std::errc::resource_unavailable_try_again)
        std::fprintf(stderr,
                     "%s: error: cannot start a counting thread (%s): the system allows no more threads or "
                     "processes; try fewer threads (--threads T)\n",
                     who, system->code().message().c_str());
    else
        std::fprintf(stderr, "%s: error: %s\n", who, e.what());
    std::fflush(stderr);
    return 1;
}

void print_text(const char* text)
{
    if (std::fputs(text, stdout) < 0 || std::fflush(stdout) != 0)
        throw output_error(errno != 0 ? errno : EIO);
}

long long parse_integer(std::string_view text, std::string_view what, long long lo, long long hi)
{
    long long value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (!text.empty() && *first == '+') ++first;
    const auto [end, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec == std::errc::invalid_argument || end != last)
        throw usage_error(std::string(what) + " must be a whole number, got '" + std::string(text) + "'");
    if (ec == std::errc::result_out_of_range || value < lo || value > hi)
        throw usage_error(std::string(what) + " must be between " + std::to_string(lo) + " and " +
                          std::to_string(hi) + ", got " + std::string(text));
    return value;
}

int report_output_error(const output_error& e, const char* who)
{
    const int status = e.error == EPIPE ? 141 : 1;
    if (!e.kept.empty())
        std::fprintf(stderr, "%s: error: cannot write the output: %s; the count, not printed: %s\n", who,
                     std::strerror(e.error), e.kept.c_str());
    else if (status == 1)
        std::fprintf(stderr, "%s: error: cannot write the output: %s\n", who, std::strerror(e.error));
    std::fflush(stderr);
    return status;
}

bool is_option(std::string_view arg) noexcept
{
    return arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9');
}

int parse_board_size(std::string_view text)
{
    return static_cast<int>(parse_integer(text, "n", min_n, max_n));
}

void take_board_size(std::optional<int>& n, std::string_view arg, std::string_view command)
{
    if (is_option(arg))
        throw usage_error("unknown option for '" + std::string(command) + "': '" + std::string(arg) + "'");
    if (n)
        throw usage_error("'" + std::string(command) + "' takes one board size, got a second: '" +
                          std::string(arg) + "'");
    n = parse_board_size(arg);
}

bool is_named(std::string_view arg, std::string_view name) noexcept
{
    return arg.starts_with(name) && (arg.size() == name.size() || arg[name.size()] == '=');
}

std::string_view option_value(args a, std::size_t& i, std::string_view name)
{
    if (!takes_value(name))
        throw std::logic_error("nqueens: " + std::string(name) + " is not in value_options");
    const std::string_view arg = a[i];
    if (arg.size() > name.size() && is_named(arg, name)) return arg.substr(name.size() + 1);
    if (i + 1 >= a.size()) throw usage_error(std::string(name) + " needs a value");
    if (is_option(a[i + 1]))
        throw usage_error(std::string(name) + " needs a value, not the option '" + std::string(a[i + 1]) +
                          "' (for a value that starts with '-', write " + std::string(name) + "=" +
                          std::string(a[i + 1]) + ")");
    return a[++i];
}

bool takes_value(std::string_view option) noexcept
{
    return std::find(std::begin(value_options), std::end(value_options), option) != std::end(value_options);
}

void reject_repeated(args a)
{
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!is_option(a[i])) continue;
        const std::string_view name = a[i].substr(0, a[i].find('='));
        for (std::size_t j = 0; j < i; ++j) {
            if (is_option(a[j]) && a[j].substr(0, a[j].find('=')) == name)
                throw usage_error("'" + std::string(name) + "' is given twice; give each option once");
        }
    }
}

std::string format_seconds(double seconds)
{
    if (!std::isfinite(seconds)) return "null";
    return formatted("%.3f", seconds);
}

std::string formatted(const char* format, ...)
{
    std::va_list list;
    va_start(list, format);
    std::va_list again;
    va_copy(again, list);
    const int size = std::vsnprintf(nullptr, 0, format, list);
    va_end(list);
    std::string text(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
    if (size > 0) std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    return text;
}

}  // namespace nqueens::app
