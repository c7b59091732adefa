// SPDX-License-Identifier: BSL-1.0
// `nqueens subtotals FILE...`: the finished tasks of records (checkpoints or shard results of one count) as
// one line per sub-problem in board terms, for other counters to check (docs/cluster.md, "Subtotals").
#include "common/arguments.hpp"
#include "common/run_record_file.hpp"

#include <nqueens/runtime/merge.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/runtime/subtotals.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace nqueens::app {

int run_subtotals(args a)
{
    reject_repeated(a);
    bool trusted = false;  // --trust-record
    std::vector<std::string> names;
    for (const std::string_view arg : a) {
        if (arg == "--trust-record")
            trusted = true;
        else if (is_option(arg))
            throw usage_error("unknown option for 'subtotals': '" + std::string(arg) + "'");
        else
            names.emplace_back(arg);
    }
    if (names.empty())
        throw usage_error(
            "'subtotals' needs record files: nqueens subtotals FILE... (checkpoints or --out files)");

    std::vector<run_record> records;
    records.reserve(names.size());
    for (const std::string& name : names) records.push_back(load_record_file(name, true, trusted));
    std::optional<work_plan> plan;
    try {
        check_one_plan(records, names);
        check_countable(records.front(), names.front());
        plan.emplace(records.front().n, records.front().mode, records.front().cut);
        for (std::size_t i = 0; i < records.size(); ++i)
            check_record_matches(records[i], *plan, records[i].slice, names[i]);
    } catch (const record_error& e) {
        throw usage_error_from(e, "subtotals: ");
    }
    if (plan->n() < detail::join_min_n)
        throw usage_error("subtotals: n = " + std::to_string(plan->n()) +
                          " is counted by classes of solutions, " +
                          "not by sub-problems of placed queens (subtotals need n >= " +
                          std::to_string(detail::join_min_n) + ")");

    // Every finished task once, whichever file holds it.
    struct held {
        finished_task task;
        std::size_t file;
    };
    std::vector<held> all;
    for (std::size_t f = 0; f < records.size(); ++f)
        for (std::size_t i = 0; i < records[f].done.size(); ++i)
            all.push_back(held{finished_task{records[f].done[i], records[f].counts[i].total}, f});
    std::stable_sort(all.begin(), all.end(),
                     [](const held& x, const held& y) { return x.task.id < y.task.id; });
    std::vector<finished_task> tasks;
    tasks.reserve(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i > 0 && all[i].task.id == all[i - 1].task.id)
            throw usage_error("subtotals: task " + std::to_string(all[i].task.id) + " is in both " +
                              names[all[i - 1].file] + " and " + names[all[i].file] +
                              "; give each task's record once");
        tasks.push_back(all[i].task);
    }

    const std::vector<subtotal> lines = subtotals_of(*plan, tasks);
    count128 sum{};
    for (const subtotal& s : lines) sum += s.count;
    std::string head = "# nqueens subtotals 1: n=";
    head += std::to_string(plan->n());
    head += ", ";
    head += std::to_string(lines.size());
    head += " sub-problems from ";
    head += std::to_string(tasks.size());
    head += " of ";
    head += std::to_string(plan->size());
    head += " tasks, counts adding up to ";
    head += to_string(sum);
    head += '\n';
    std::fputs(head.c_str(), stdout);
    for (const subtotal& s : lines) {
        std::fputs(to_line(s).c_str(), stdout);
        std::fputc('\n', stdout);
    }
    return 0;
}

}  // namespace nqueens::app
