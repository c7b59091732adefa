// `nqueens count N`: counts the solutions at run time and times the count.
#include "cli.hpp"

#include <nqueens/count.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

namespace nqueens::cli {

int run_count(args a)
{
    std::optional<int> n;
    bool json = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--json")
            json = true;
        else if (arg.starts_with("-") && arg.size() > 1 && !(arg[1] >= '0' && arg[1] <= '9'))
            throw usage_error("unknown option for 'count': '" + std::string(arg) + "'");
        else if (n)
            throw usage_error("'count' takes one board size, got a second: '" + std::string(arg) + "'");
        else
            n = parse_board_size(arg);
    }
    if (!n) throw usage_error("'count' needs a board size: nqueens count N");

    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t total = count_queens(*n);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    const auto t = static_cast<unsigned long long>(total);
    if (json)
        std::printf("{\"n\":%d,\"total\":%llu,\"seconds\":%s}\n", *n, t, format_seconds(seconds).c_str());
    else
        std::printf("n = %d: %llu solutions (%s s)\n", *n, t, format_seconds(seconds).c_str());
    return 0;
}

}  // namespace nqueens::cli
