// `nqueens merge FILE... [--recheck K|all]`: adds up the shard result files of one count, refusing
// missing, duplicate or foreign shards, and with --recheck, shards whose recounted tasks differ.
#include "cli.hpp"
#include "persist.hpp"

#include <nqueens/checkpoint.hpp>
#include <nqueens/engine.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace nqueens::cli {

namespace {

// Recounts `k` tasks drawn at random from each of `records` (all of a
// record's tasks if it has no more), on all cores, and throws usage_error
// naming the first file whose recounted task differs from what it says.
// The records must be merge_records' (so that no task is in two). Returns
// how many tasks it recounted. Cost: those tasks' share of a full count.
std::size_t recheck(std::span<const run_record> records, std::span<const std::string> names,
                    const work_plan& plan, std::size_t k)
{
    constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> owner(plan.size(), none);  // the record of a picked task id
    std::vector<std::size_t> at(plan.size(), 0);        // and its position there
    std::mt19937_64 random(std::random_device{}());
    std::size_t picked = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::vector<std::size_t> positions(records[i].done.size());
        std::iota(positions.begin(), positions.end(), std::size_t{0});
        if (k < positions.size()) {
            std::shuffle(positions.begin(), positions.end(), random);
            positions.resize(k);
        }
        for (const std::size_t p : positions) {
            owner[records[i].done[p]] = i;
            at[records[i].done[p]] = p;
        }
        picked += positions.size();
    }
    std::optional<std::string> wrong;
    count_options o;
    o.mode = plan.counts_distinct() ? count_mode::with_distinct : count_mode::total;
    o.include = [&](std::size_t id) { return owner[id] != none; };
    o.on_task_done = [&](std::size_t id, const task_result& t) {
        const task_result& said = records[owner[id]].counts[at[id]];
        // Node counts may differ between program versions; the counts may not.
        if (wrong || (t.total == said.total && t.distinct == said.distinct)) return;
        wrong = "'" + names[owner[id]] + "' fails the recheck: task " + std::to_string(id) + " counts " +
                std::to_string(t.total) + " solutions (" + std::to_string(t.distinct) +
                " distinct), the file says " + std::to_string(said.total) + " (" +
                std::to_string(said.distinct) +
                "); the file is damaged or forged, or was counted by a faulty machine";
    };
    count(plan, o);
    if (wrong) throw usage_error("merge: " + *wrong);
    return picked;
}

}  // namespace

int run_merge(args a)
{
    reject_repeated(a);
    bool json = false;
    std::optional<std::size_t> recheck_each;  // --recheck K, or all (the maximum)
    std::vector<std::string> names;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view arg = a[i];
        if (arg == "--json")
            json = true;
        else if (arg == "--recheck" || arg.starts_with("--recheck=")) {
            const std::string_view k = option_value(a, i, "--recheck");
            recheck_each = k == "all"
                               ? std::numeric_limits<std::size_t>::max()
                               : static_cast<std::size_t>(parse_integer(
                                     k, "--recheck (K or all)", 1, std::numeric_limits<long long>::max()));
        } else if (arg.starts_with("-") && arg.size() > 1)
            throw usage_error("unknown option for 'merge': '" + std::string(arg) + "'");
        else
            names.emplace_back(arg);
    }
    if (names.empty()) throw usage_error("'merge' needs the shard files: nqueens merge FILE...");

    std::vector<run_record> records;
    records.reserve(names.size());
    for (const std::string& name : names) records.push_back(load_record_file(name));
    merged_counts m;
    std::optional<work_plan> plan;
    try {
        m = merge_records(records, names);
        // The files agree with each other; they must also agree with the
        // sub-problem list of this program, or the ids mean other tasks.
        plan.emplace(m.n, work_plan::mode_of_version(records.front().plan_version));
        check_record_matches(records.front(), *plan, records.front().slice, names.front());
    } catch (const record_error& e) {
        throw usage_error(std::string("merge: ") + e.what());
    }
    const bool with_distinct = plan->counts_distinct();
    const std::size_t rechecked = recheck_each ? recheck(records, names, *plan, *recheck_each) : 0;

    const auto total = static_cast<unsigned long long>(m.sum.total);
    const auto distinct = static_cast<unsigned long long>(m.sum.distinct);
    // Shards counted without --unique carry no distinct count.
    std::string text;  // composed whole before any of it is printed
    if (json) {
        text = formatted("{\"n\":%d,\"total\":%llu", m.n, total);
        if (with_distinct) text += formatted(",\"distinct\":%llu", distinct);
        text += formatted(",\"nodes\":%llu,\"shards\":%u,\"tasks\":%zu,\"seconds\":%s",
                          static_cast<unsigned long long>(m.sum.nodes), m.shards, m.tasks,
                          format_seconds(m.seconds).c_str());
        if (recheck_each) text += formatted(",\"rechecked\":%zu", rechecked);
        text += "}\n";
    } else {
        text = formatted("n = %d: %llu solutions", m.n, total);
        if (with_distinct) text += formatted(", %llu distinct", distinct);
        text += formatted(" (%u shards, %zu tasks, %s s of counting", m.shards, m.tasks,
                          format_seconds(m.seconds).c_str());
        if (recheck_each) text += formatted("; %zu tasks recounted, all as the files say", rechecked);
        text += ")\n";
    }
    std::fputs(text.c_str(), stdout);
    return 0;
}

}  // namespace nqueens::cli
