// SPDX-License-Identifier: BSL-1.0
// `nqueens merge FILE... [--recheck K|all]`: adds up the shard result files of one count, refusing
// missing, duplicate or foreign shards, and with --recheck, shards whose recounted tasks differ.
#include "common/arguments.hpp"
#include "common/count_args.hpp"
#include "common/recheck.hpp"
#include "common/result_printer.hpp"
#include "common/run_record_file.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/merge.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace nqueens::app {

int run_merge(args a)
{
    reject_repeated(a);
    bool json = false;
    bool trusted = false;                     // --trust-record
    std::optional<std::size_t> recheck_each;  // --recheck K, or all (the maximum)
    std::vector<std::string> names;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--json")
            json = true;
        else if (arg == "--trust-record")
            trusted = true;
        else if (is_named(arg, "--recheck")) {
            recheck_each = parse_recheck(option_value(a, i, "--recheck"));
        } else if (is_option(arg))
            throw usage_error("unknown option for 'merge': '" + std::string(arg) + "'");
        else
            names.emplace_back(arg);
    }
    if (names.empty()) throw usage_error("'merge' needs the shard files: nqueens merge FILE...");

    std::vector<run_record> records;
    records.reserve(names.size());
    for (const std::string& name : names) records.push_back(load_record_file(name, true, trusted));
    merged_counts m;
    std::optional<work_plan> plan;
    try {
        m = merge_records(records, names);
        // The files agree with each other; their cut must be one this
        // program can count, and its plan as long as they say.
        check_countable(records.front(), names.front());
        plan.emplace(m.n, records.front().mode, records.front().cut);
        check_record_matches(records.front(), *plan, records.front().slice, names.front());
    } catch (const record_error& e) {
        throw usage_error_from(e, "merge: ");
    }
    const bool with_distinct = plan->mode() == count_mode::with_distinct;
    const std::size_t rechecked =
        recheck_each ? recheck_records(records, names, *plan, *recheck_each, "merge: ") : 0;

    result_view shown;
    shown.kind = result_kind::merge;
    shown.n = m.n;
    shown.total = m.sum.total;
    // Every shard of the count is here: Burnside's lemma applies to the total.
    // Shards counted without --unique carry no distinct count.
    if (with_distinct) shown.distinct = plan->distinct_of(m.sum);
    shown.nodes = m.sum.nodes;
    shown.seconds = m.seconds;
    shown.shards = m.shards;
    shown.tasks = m.tasks;
    if (recheck_each) shown.rechecked = rechecked;
    shown.routes = tally_routes(records);  // with the recheck's marks
    print_result(shown, json);
    return 0;
}

}  // namespace nqueens::app
