// `nqueens count N`: counts the solutions with the threaded engine and times the count.
#include "cli.hpp"
#include "count_args.hpp"
#include "local_count.hpp"

namespace nqueens::cli {

int run_count(args a)
{
    return count_on_this_machine(parse_count_args(a, "nqueens count N"));
}

}  // namespace nqueens::cli
