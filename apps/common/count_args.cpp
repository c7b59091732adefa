// SPDX-License-Identifier: BSL-1.0
// Parsing the arguments of `count`, for nqueens and nqueens-mpi alike.
#include "common/count_args.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <string>

namespace nqueens::app {

shard parse_shard(std::string_view text)
{
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        throw usage_error("--shard must be I/K (the I-th of K slices, 0 <= I < K), got '" +
                          std::string(text) + "'");
    const auto k = parse_integer(text.substr(slash + 1), "the K of --shard I/K", 1, max_shards);
    const auto i = parse_integer(text.substr(0, slash), "the I of --shard I/K", 0, k - 1);
    return shard{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k)};
}

std::size_t parse_recheck(std::string_view text)
{
    if (text == "all") return std::numeric_limits<std::size_t>::max();
    return static_cast<std::size_t>(
        parse_integer(text, "--recheck (K or all)", 1, std::numeric_limits<long long>::max()));
}

void record_options::check() const
{
    if (slice != shard{} && out.empty())
        throw usage_error("--shard " + to_string(slice) + " needs --out FILE for its result");
    if (!out.empty() && out == checkpoint)
        throw usage_error("--out and --checkpoint must be different files");
    if (!result.empty() && (result == checkpoint || result == out))
        throw usage_error("--result and " + std::string(result == out ? "--out" : "--checkpoint") +
                          " must be different files");
    if (interval_given && checkpoint.empty())
        throw usage_error("--checkpoint-interval needs --checkpoint FILE");
    if (recheck != 0 && checkpoint.empty())
        throw usage_error("--recheck needs --checkpoint FILE (merge --recheck checks shard files)");
}

std::uint64_t parse_memory_size(std::string_view text)
{
    const auto bad = [&] {
        return usage_error(
            "--memory takes a size such as 512M, 4G or 1T (powers of 1024, from 1M to 1024T), got '" +
            std::string(text) + "'");
    };
    std::string_view digits = text;
    int shift = 0;
    if (!digits.empty()) {
        switch (digits.back()) {
            case 'K':
            case 'k':
                shift = 10;
                break;
            case 'M':
            case 'm':
                shift = 20;
                break;
            case 'G':
            case 'g':
                shift = 30;
                break;
            case 'T':
            case 't':
                shift = 40;
                break;
            default:
                break;
        }
        if (shift != 0) digits.remove_suffix(1);
    }
    if (digits.empty() || digits.size() > 16 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        throw bad();
    std::uint64_t value = 0;
    for (const char d : digits) value = value * 10 + static_cast<std::uint64_t>(d - '0');
    constexpr std::uint64_t lo = std::uint64_t{1} << 20, hi = std::uint64_t{1} << 50;
    if (value > (hi >> shift)) throw bad();
    value <<= shift;
    if (value < lo) throw bad();
    return value;
}

count_args parse_count_args(args a, std::string_view usage, bool with_lease)
{
    reject_repeated(a);
    count_args c;
    record_options& p = c.records;
    std::optional<int> n;
    auto file_name = [&](std::size_t& i, std::string_view name) {
        std::string value(option_value(a, i, name));
        if (value.empty()) throw usage_error(std::string(name) + " needs a file name");
        return value;
    };
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--json")
            c.json = true;
        else if (arg == "--unique")
            c.unique = true;
        else if ((arg == "--progress" && c.progress == progress_mode::off) ||
                 (arg == "--no-progress" && c.progress == progress_mode::on))
            throw usage_error("--progress and --no-progress contradict each other; give one of them");
        else if (arg == "--progress")
            c.progress = progress_mode::on;
        else if (arg == "--no-progress")
            c.progress = progress_mode::off;
        else if (arg == "--trust-record")
            p.trust_record = true;
        else if (is_named(arg, "--memory"))
            c.memory = parse_memory_size(option_value(a, i, "--memory"));
        else if (is_named(arg, "--threads"))
            c.threads =
                static_cast<unsigned>(parse_integer(option_value(a, i, "--threads"), "--threads", 1, 4096));
        else if (is_named(arg, "--checkpoint"))
            p.checkpoint = file_name(i, "--checkpoint");
        else if (is_named(arg, "--out"))
            p.out = file_name(i, "--out");
        else if (is_named(arg, "--result"))
            p.result = file_name(i, "--result");
        else if (is_named(arg, "--shard"))
            p.slice = parse_shard(option_value(a, i, "--shard"));
        else if (is_named(arg, "--recheck"))
            p.recheck = parse_recheck(option_value(a, i, "--recheck"));
        else if (is_named(arg, "--checkpoint-interval")) {
            p.interval_given = true;
            p.interval = static_cast<double>(parse_integer(option_value(a, i, "--checkpoint-interval"),
                                                           "--checkpoint-interval", 0, 86400));
        } else if (with_lease && is_named(arg, "--lease"))
            c.lease = static_cast<double>(parse_integer(option_value(a, i, "--lease"), "--lease", 1, 86400));
        else
            take_board_size(n, arg, "count");
    }
    if (!n) throw usage_error("'count' needs a board size: " + std::string(usage));
    c.n = *n;
    // --memory picks the threads; with --threads it would be ignored.
    if (c.threads != 0 && c.memory != 0)
        throw usage_error("--threads and --memory both set the threads; give one of them");
    p.check();
    // The shard summary of --json names the --out file: refused now, not
    // after the count, if JSON cannot hold it.
    if (c.json && !p.out.empty()) {
        try {
            (void)nlohmann::json(p.out).dump();
        } catch (const nlohmann::json::exception&) {
            throw usage_error("--out '" + p.out +
                              "' is not valid UTF-8, so --json cannot print it; rename it or drop --json");
        }
    }
    return c;
}

}  // namespace nqueens::app
