// SPDX-License-Identifier: BSL-1.0
// `nqueens count N`: counts the solutions with the threaded engine and times the count.
#include "common/arguments.hpp"
#include "common/count_args.hpp"
#include "common/local_count.hpp"

namespace nqueens::app {

int run_count(args a)
{
    return count_on_this_machine(parse_count_args(a, "nqueens count N"));
}

}  // namespace nqueens::app
