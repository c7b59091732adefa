// SPDX-License-Identifier: BSL-1.0
// A program outside the project that links nqueens::json: <nqueens/runtime/run_record_json.hpp> and
// nlohmann/json.
#include <nqueens/nqueens.hpp>
#include <nqueens/runtime/run_record_json.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>

int main()
{
    const nlohmann::json j = {{"n", 8}, {"total", nqueens::count_queens(8)}};
    std::printf("%s\n", j.dump().c_str());
    return j.at("total").get<unsigned long long>() == 92 ? 0 : 1;
}
