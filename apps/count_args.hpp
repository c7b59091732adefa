// The arguments of `count`, shared by nqueens and nqueens-mpi.
#ifndef NQUEENS_APPS_COUNT_ARGS_HPP
#define NQUEENS_APPS_COUNT_ARGS_HPP

#include "cli.hpp"
#include "persist.hpp"

#include <string_view>

namespace nqueens::cli {

enum class progress_mode { automatic, on, off };

struct count_args {
    int n = 0;
    unsigned threads = 0;  // 0: the engine's default (all cores)
    bool unique = false;
    bool json = false;
    progress_mode progress = progress_mode::automatic;
    persist_options persist;  // --checkpoint, --shard, --out

    // --unique needs the symmetric search; totals alone take the join.
    count_mode mode() const noexcept { return unique ? count_mode::with_distinct : count_mode::total; }
};

// Parses `N [--threads T] [--unique] [--json] [--progress | --no-progress]`
// and the persistence options, in any order; `usage` ("nqueens count N")
// completes the error for a missing N. Throws usage_error.
count_args parse_count_args(args a, std::string_view usage);

}  // namespace nqueens::cli

#endif  // NQUEENS_APPS_COUNT_ARGS_HPP
