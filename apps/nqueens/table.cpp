// SPDX-License-Identifier: BSL-1.0
// `nqueens table`: prints the counts the compiler baked into the binary.
#include "common/arguments.hpp"

#include <nqueens/table.hpp>

#include <cstddef>
#include <cstdio>
#include <string>

namespace nqueens::app {

int run_table(args a)
{
    reject_repeated(a);
    bool json = false;
    for (const std::string_view arg : a) {
        if (arg == "--json")
            json = true;
        else
            throw usage_error("unknown option for 'table': '" + std::string(arg) + "'");
    }
    if (json) std::printf("[");
    constexpr auto totals = counts_table();
    for (std::size_t i = 0; i < totals.size(); ++i) {
        const int n = table_first_n + static_cast<int>(i);
        const auto total = static_cast<unsigned long long>(totals[i]);
        if (json)
            std::printf("%s{\"n\":%d,\"total\":%llu}", i == 0 ? "" : ",", n, total);
        else
            std::printf("%2d %llu\n", n, total);
    }
    if (json) std::printf("]\n");
    return 0;
}

}  // namespace nqueens::app
