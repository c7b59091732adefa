// SPDX-License-Identifier: BSL-1.0
// merge_records: the results of K shards joined into one count, each task counted exactly once.
#ifndef NQUEENS_RUNTIME_MERGE_HPP
#define NQUEENS_RUNTIME_MERGE_HPP

#include <nqueens/detail/checked.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/solution_counts.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace nqueens {

// The counts of K complete shards merged.
struct merged_counts {
    int n = 0;
    std::uint32_t shards = 0;
    std::size_t tasks = 0;
    solution_counts sum{};
    double seconds = 0;  // the shards' times added up (CPU-ish, not wall)
};

// Checks that `records` are sound (check_record) and all of one plan: the
// same n, mode and sub-problem list (cut and size: whichever programs
// wrote them). names[i] names records[i] in errors. Throws record_error
// naming the first problem.
inline void check_one_plan(std::span<const run_record> records, std::span<const std::string> names)
{
    auto name = [&](std::size_t i) {
        return i < names.size() ? names[i] : "record " + std::to_string(i + 1);
    };
    if (records.empty()) throw record_error("no records");
    for (std::size_t i = 0; i < records.size(); ++i) check_record(records[i], name(i));
    const run_record& first = records.front();
    for (std::size_t i = 1; i < records.size(); ++i) {
        const run_record& r = records[i];
        const std::string pair = name(i) + " and " + name(0);
        if (r.n != first.n)
            throw record_error("foreign shard: " + name(i) + " is for n = " + std::to_string(r.n) + " but " +
                               name(0) + " is for n = " + std::to_string(first.n));
        if (r.mode != first.mode)
            throw record_error("foreign shard: " + name(i) + " was made " + std::string(mode_words(r.mode)) +
                               " but " + name(0) + " " + std::string(mode_words(first.mode)));
        if (r.cut != first.cut || r.plan_size != first.plan_size)
            throw record_error("foreign shard: " + pair + " use different sub-problem lists (" +
                               to_string(r.cut) + ", " + std::to_string(r.plan_size) + " tasks; " +
                               to_string(first.cut) + ", " + std::to_string(first.plan_size) + " tasks)");
    }
}

// Merges shard results: all of one plan (check_one_plan) and number of
// shards K, each complete, shards 0..K-1 each exactly once
// (so every task is counted exactly once). names[i] names records[i] in errors. Throws record_error with
// every problem found on one line ("missing shard 1/3; shard 2/3 given twice: a.json, b.json").
//
//     auto m = nqueens::merge_records(records, names);  // m.sum.total
inline merged_counts merge_records(std::span<const run_record> records, std::span<const std::string> names)
{
    auto name = [&](std::size_t i) {
        return i < names.size() ? names[i] : "record " + std::to_string(i + 1);
    };
    if (records.empty()) throw record_error("nothing to merge");
    check_one_plan(records, names);

    const run_record& first = records.front();
    for (std::size_t i = 1; i < records.size(); ++i) {
        const run_record& r = records[i];
        if (r.slice.count != first.slice.count)
            throw record_error("foreign shard: " + name(i) + " is shard " + to_string(r.slice) + " but " +
                               name(0) + " is shard " + to_string(first.slice) +
                               " (different numbers of shards)");
    }

    // Sorted by shard index rather than bucketed by it: K may be far larger
    // than the number of records.
    const std::uint32_t k = first.slice.count;
    std::vector<std::size_t> order(records.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return records[a].slice.index < records[b].slice.index;
    });

    std::string problems;
    auto note = [&](const std::string& p) { problems += (problems.empty() ? "" : "; ") + p; };
    constexpr std::size_t listed = 20;
    std::size_t missing = 0;
    std::string missing_list;
    auto add_missing = [&](std::uint32_t from, std::uint32_t to) {
        for (std::uint32_t s = from; s < to && missing + (s - from) < listed; ++s)
            missing_list += (missing_list.empty() ? "" : ", ") + to_string(shard{s, k});
        missing += to - from;
    };
    std::uint32_t expect = 0;
    for (std::size_t a = 0; a < order.size();) {
        const std::uint32_t s = records[order[a]].slice.index;
        std::size_t b = a;
        while (b < order.size() && records[order[b]].slice.index == s) ++b;
        add_missing(expect, s);
        if (b - a > 1) {
            std::string files;
            for (std::size_t j = a; j < b; ++j) files += (files.empty() ? "" : ", ") + name(order[j]);
            note("shard " + to_string(shard{s, k}) + " given " + std::to_string(b - a) + " times: " + files);
        }
        expect = s + 1;
        a = b;
    }
    add_missing(expect, k);
    if (missing > 0) {
        if (missing > listed) missing_list += " and " + std::to_string(missing - listed) + " more";
        note(std::string(missing == 1 ? "missing shard " : "missing shards ") + missing_list);
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!records[i].complete())
            note(name(i) + " (shard " + to_string(records[i].slice) +
                 ") is unfinished: " + std::to_string(records[i].done.size()) + " of " +
                 std::to_string(records[i].tasks_total()) + " tasks");
    }
    if (!problems.empty()) throw record_error(problems);

    merged_counts m;
    m.n = first.n;
    m.shards = k;
    for (const run_record& r : records) {
        m.tasks += r.done.size();
        for (const solution_counts& c : r.counts) m.sum += c;  // summed again from each task's counts
        m.seconds += r.seconds;
    }
    return m;
}

// How many tasks of some records each route counted and checked, by the
// routes' names (run_record::routes). Tasks whose records name no route
// for them are counted under "unrecorded".
struct route_tally {
    std::map<std::string, std::size_t> counted;
    std::map<std::string, std::size_t> checked;
    std::size_t checked_tasks = 0;  // tasks checked by some route
};

// The tally of the finished tasks of `records` (each sound: check_record).
// Cost: linear in their tasks.
inline route_tally tally_routes(std::span<const run_record> records)
{
    route_tally t;
    for (const run_record& r : records) {
        if (r.how.empty()) {
            if (!r.done.empty()) t.counted["unrecorded"] += r.done.size();
            continue;
        }
        std::vector<std::size_t> counted(r.routes.size() + 1, 0);
        std::vector<std::size_t> checked(r.routes.size() + 1, 0);
        for (const task_routes& h : r.how) {
            ++counted.at(h.counted);
            ++checked.at(h.checked);
        }
        if (counted[0] > 0) t.counted["unrecorded"] += counted[0];
        for (std::size_t i = 0; i < r.routes.size(); ++i) {
            if (counted[i + 1] > 0) t.counted[r.routes[i]] += counted[i + 1];
            if (checked[i + 1] > 0) t.checked[r.routes[i]] += checked[i + 1];
            t.checked_tasks += checked[i + 1];
        }
    }
    return t;
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_MERGE_HPP
