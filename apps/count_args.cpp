// Parsing the arguments of `count`, for nqueens and nqueens-mpi alike.
#include "count_args.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace nqueens::cli {

count_args parse_count_args(args a, std::string_view usage)
{
    reject_repeated(a);
    count_args c;
    std::optional<int> n;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--json")
            c.json = true;
        else if (arg == "--unique")
            c.unique = true;
        else if (arg == "--progress")
            c.progress = progress_mode::on;
        else if (arg == "--no-progress")
            c.progress = progress_mode::off;
        else if (arg == "--threads" || arg.starts_with("--threads="))
            c.threads =
                static_cast<unsigned>(parse_integer(option_value(a, i, "--threads"), "--threads", 1, 4096));
        else if (c.persist.parse(a, i))
            continue;
        else if (is_option(arg))
            throw usage_error("unknown option for 'count': '" + std::string(arg) + "'");
        else if (n)
            throw usage_error("'count' takes one board size, got a second: '" + std::string(arg) + "'");
        else
            n = parse_board_size(arg);
    }
    if (!n) throw usage_error("'count' needs a board size: " + std::string(usage));
    c.n = *n;
    c.persist.check();
    // The shard summary of --json names the --out file: refused now, not
    // after the count, if JSON cannot hold it.
    if (c.json && !c.persist.out.empty()) {
        try {
            (void)nlohmann::json(c.persist.out).dump();
        } catch (const nlohmann::json::exception&) {
            throw usage_error("--out '" + c.persist.out +
                              "' is not valid UTF-8, so --json cannot print it; rename it or drop --json");
        }
    }
    return c;
}

}  // namespace nqueens::cli
