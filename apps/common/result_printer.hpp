// SPDX-License-Identifier: BSL-1.0
// What count, a shard, merge and nqueens-mpi print at the end: one JSON object or one line, composed whole.
#ifndef NQUEENS_APPS_COMMON_RESULT_PRINTER_HPP
#define NQUEENS_APPS_COMMON_RESULT_PRINTER_HPP

#include <nqueens/runtime/merge.hpp>
#include <nqueens/runtime/parallel_options.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace nqueens::app {

enum class result_kind { count, shard, merge };

// A finished count, shard or merge, as the user sees it.
struct result_view {
    result_kind kind = result_kind::count;
    int n = 0;
    count128 total = 0;
    std::optional<count128> distinct;  // printed when set
    count128 nodes = 0;
    double seconds = 0;
    unsigned threads = 0;                    // count, shard (nqueens-mpi: a counting rank's, the most)
    std::optional<thread_limit> limited_by;  // count, shard: why that many threads
    std::uint64_t memory_budget = 0;         // count, shard: the budget they were chosen for, if any
    std::optional<int> ranks;                // nqueens-mpi
    shard slice{};                           // shard
    std::size_t tasks = 0;                   // shard: the tasks done; merge: all tasks
    std::size_t plan_size = 0;               // shard
    std::string out;                         // shard: its --out file
    unsigned shards = 0;                     // merge
    std::optional<std::size_t> rechecked;    // merge --recheck, count --recheck
    std::optional<route_tally> routes;       // merge: how its tasks were counted and checked
};

// The view of a complete record: a count, or a shard if r.slice is one.
result_view view_of(const run_record& r, std::optional<count128> distinct, unsigned threads,
                    const std::string& out);

// "n = 12: 14200 solutions (0.004 s)", without the newline.
std::string result_line(const result_view& r);

// "cores", "asked" (--threads), "memory" (the memory budget) or "tasks" (fewer tasks than threads).
const char* thread_limit_name(thread_limit l);

// One JSON object, through nlohmann, without the newline.
std::string result_json(const result_view& r);

// Writes the result and flushes stdout; output_error (carrying
// result_line, so that main can still give the count on stderr) if it
// does not get through. With a `result_file` (--result FILE), the same
// text is first saved whole in it (save_text_file), so that the count
// outlives a stdout that a launcher (mpirun) loses without a word;
// std::runtime_error naming the file and giving the count if it cannot be,
// after the text went to stdout.
void print_result(const result_view& r, bool json, const std::string& result_file = {});

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RESULT_PRINTER_HPP
