// SPDX-License-Identifier: BSL-1.0
// The arguments of `count`, for nqueens and nqueens-mpi alike: parsed in one place.
#ifndef NQUEENS_APPS_COMMON_COUNT_ARGS_HPP
#define NQUEENS_APPS_COMMON_COUNT_ARGS_HPP

#include "common/arguments.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nqueens::app {

// Parses "I/K" with 0 <= I < K <= 1000000; usage_error otherwise.
shard parse_shard(std::string_view text);

// The K of --recheck K|all: a whole number >= 1, or "all" (the largest
// size_t). usage_error otherwise.
std::size_t parse_recheck(std::string_view text);

// The options of `count` about its record files.
struct record_options {
    std::string checkpoint;  // --checkpoint FILE
    shard slice{};           // --shard I/K
    std::string out;         // --out FILE
    std::string result;      // --result FILE: the printed result, also saved whole in FILE
    double interval = 2.0;   // --checkpoint-interval SECONDS (0: after every task)
    bool interval_given = false;
    std::size_t recheck = 0;    // --recheck K|all: tasks of the checkpoint recounted first (0: none)
    bool trust_record = false;  // --trust-record: read record files of other users too

    // Throws usage_error for combinations that make no sense (--shard
    // without --out, --checkpoint-interval or --recheck without
    // --checkpoint, --result naming another record file).
    void check() const;
    bool any() const noexcept { return !checkpoint.empty() || !out.empty() || slice != shard{}; }
};

enum class progress_mode { automatic, on, off };

struct count_args {
    int n = 0;
    unsigned threads = 0;      // 0: the engine's default (all cores)
    std::uint64_t memory = 0;  // --memory SIZE in bytes; 0: the machine's budget
    bool unique = false;
    bool json = false;
    progress_mode progress = progress_mode::automatic;
    record_options records;       // --checkpoint, --shard, --out, ...
    std::optional<double> lease;  // nqueens-mpi's --lease S; none: its default

    // --unique needs the symmetric search; totals alone take the join.
    count_mode mode() const noexcept { return unique ? count_mode::with_distinct : count_mode::total; }
};

// "512M", "2G", "1073741824": bytes, with K, M, G or T for powers of 1024,
// from 1M to 1024T; usage_error naming `--memory` otherwise.
std::uint64_t parse_memory_size(std::string_view text);

// Parses `N [--threads T | --memory SIZE] [--unique] [--json] [--progress | --no-progress]`
// and the record options, in any order, and --lease S where `with_lease`
// (nqueens-mpi); `usage` ("nqueens count N") completes the error for a
// missing N. Throws usage_error.
count_args parse_count_args(args a, std::string_view usage, bool with_lease = false);

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_COUNT_ARGS_HPP
