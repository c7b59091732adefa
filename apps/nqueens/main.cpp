// SPDX-License-Identifier: BSL-1.0
// The nqueens command line: parses the subcommand and hands over to it.
#include "common/arguments.hpp"
#include "common/fault_injection.hpp"
#include "common/signals.hpp"
#include "common/version.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#ifdef NQUEENS_FAULT_INJECTION
#include <unistd.h>
#endif

namespace {

constexpr const char* usage = R"(usage: nqueens <command> [options]

Counts the solutions of the n-queens problem (1 <= N <= 32).

commands:
  count N [--threads T | --memory SIZE] [--unique] [--json]
          [--progress | --no-progress]
                       count the solutions for an N x N board on T threads
                       (default: all cores, at most as many as fit in SIZE,
                       such as 8G; default half the memory) and time it;
                       --unique adds the distinct count (N >= 6: at little
                       extra cost);
                       progress goes to stderr (default: on when stderr is a
                       terminal)
  count N ... [--checkpoint FILE [--checkpoint-interval S] [--recheck K|all]]
              [--shard I/K] [--out FILE] [--result FILE] [--trust-record]
                       --checkpoint saves the finished work every S seconds
                       (default 2) and on SIGINT/SIGTERM/SIGHUP; the same
                       command again resumes it; --shard counts slice I
                       of K; --out writes the result file that merge adds up;
                       --recheck K|all recounts K finished tasks first;
                       --result also saves the printed result in FILE;
                       --trust-record reads a checkpoint of another user
  table [--json]       print the counts for n = 1..12 baked in at compile time
  solve N [--limit K] [--unique] [--format board|cols|json]
                       print the solutions as they are found (the first K;
                       --unique: one per class under rotation and reflection);
                       cols: one per line, 1-based columns
  merge FILE... [--json] [--recheck K|all] [--trust-record]
                       add up the result files of count --shard I/K --out FILE
                       (every shard of one count, each exactly once);
                       --recheck recounts K random tasks of each file first;
                       --trust-record reads files of other users
  subtotals FILE... [--trust-record]
                       print the finished tasks of records (checkpoints or
                       --out files of one count, N >= 6) as one line per
                       sub-problem: the queens it places and its count, for
                       other counters to check

options:
  -h, --help           print this help
  --version            print the version, the compiler and the target CPU

The manual, with exit statuses and examples: man nqueens
)";

}  // namespace

int main(int argc, char** argv)
{
    using namespace nqueens::app;
    const std::vector<std::string_view> all(argv + 1, argv + argc);
    // A count's signals wait for its watcher from the first instruction of
    // main: one in the first milliseconds still stops it with its line.
    if (!all.empty() && all.front() == "count") hold_stop_signals();
    // A closed pipe must not end a count or a merge before it says its
    // result: their write then fails (EPIPE) into the line that gives it.
    if (!all.empty() && (all.front() == "count" || all.front() == "merge")) std::signal(SIGPIPE, SIG_IGN);
    try {
        load_fault_hooks();
#ifdef NQUEENS_FAULT_INJECTION
        if (faults().start_delay_ms) ::usleep(static_cast<useconds_t>(*faults().start_delay_ms) * 1000);
#endif
        if (all.empty()) throw usage_error("missing command; try 'nqueens --help'");
        const std::string_view command = all.front();
        const args rest(all.data() + 1, all.size() - 1);
        for (std::size_t i = 0; i < all.size(); ++i) {
            // "--out -h" is an --out without its value, not a call for help.
            if ((all[i] == "--help" || all[i] == "-h") && !(i > 0 && takes_value(all[i - 1]))) {
                print_text(usage);
                return 0;
            }
            if (all[i] == "--version" && !(i > 0 && takes_value(all[i - 1]))) {
                print_text(version_text("nqueens").c_str());
                return 0;
            }
        }
        int status = 0;
        if (command == "count")
            status = run_count(rest);
        else if (command == "table")
            status = run_table(rest);
        else if (command == "solve")
            status = run_solve(rest);
        else if (command == "merge")
            status = run_merge(rest);
        else if (command == "subtotals")
            status = run_subtotals(rest);
        else
            throw usage_error("unknown command '" + std::string(command) + "'; try 'nqueens --help'");
        // A result that did not reach stdout (a full disk, a closed pipe) is an error, not a success.
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) return report_output_error(output_error(errno));
        return status;
    } catch (const output_error& e) {
        return report_output_error(e);
    } catch (const usage_error& e) {
        std::fprintf(stderr, "nqueens: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        return report_failure(e);
    }
}
