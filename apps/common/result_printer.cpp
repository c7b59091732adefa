// SPDX-License-Identifier: BSL-1.0
// The one printer of results: JSON through nlohmann, text with the same fields.
#include "common/result_printer.hpp"

#include "common/arguments.hpp"
#include "common/recheck.hpp"
#include "common/run_record_file.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

#include <stdio_ext.h>

namespace nqueens::app {

namespace {

// Milliseconds, as the text shows them; JSON has no NaN or Inf (null then).
double rounded_seconds(double seconds)
{
    return std::isfinite(seconds) ? std::round(seconds * 1000) / 1000 : seconds;
}

// A count as --json gives it: a number below 2^53, which every JSON parser
// reads exactly (JavaScript's and jq's doubles too), else a string of its
// decimal digits (n >= 26's totals, big counts' nodes).
nlohmann::ordered_json json_count(count128 v)
{
    if (v < count128{std::uint64_t{1} << 53}) return v.low;
    return to_string(v);
}

// "fast:avx2 (250 tasks), unrecorded (6 tasks)".
std::string route_list(const std::map<std::string, std::size_t>& by_route)
{
    std::string text;
    for (const auto& [name, tasks] : by_route) {
        if (!text.empty()) text += ", ";
        text += name;
        text += formatted(" (%zu tasks)", tasks);
    }
    return text;
}

nlohmann::ordered_json route_object(const std::map<std::string, std::size_t>& by_route)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const auto& [name, tasks] : by_route) j[name] = tasks;
    return j;
}

}  // namespace

result_view view_of(const run_record& r, std::optional<count128> distinct, unsigned threads,
                    const std::string& out)
{
    result_view v;
    v.kind = r.slice == shard{} ? result_kind::count : result_kind::shard;
    v.n = r.n;
    v.total = r.sum.total;
    v.distinct = distinct;
    v.nodes = r.sum.nodes;
    v.seconds = r.seconds;
    v.threads = threads;
    v.slice = r.slice;
    v.tasks = r.done.size();
    v.plan_size = r.plan_size;
    v.out = out;
    return v;
}

std::string result_line(const result_view& r)
{
    // Appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict
    // overlap for `" " + std::to_string(...)` temporaries here.
    std::string text = "n = " + std::to_string(r.n);
    if (r.kind == result_kind::shard)
        text += formatted(", shard %s: %zu of %zu tasks,", to_string(r.slice).c_str(), r.tasks, r.plan_size);
    else
        text += ':';
    text += ' ';
    text += to_string(r.total);
    text += " solutions";
    if (r.distinct) {
        text += ", ";
        text += to_string(*r.distinct);
        text += " distinct";
    }
    const std::string seconds = format_seconds(r.seconds);
    switch (r.kind) {
        case result_kind::count:
            text += formatted(" (%s s", seconds.c_str());
            if (r.rechecked)
                text +=
                    formatted("; %zu tasks of the checkpoint recounted first by the %s route, all as it says",
                              *r.rechecked, route_name(recheck_route()));
            return text + ")";
        case result_kind::shard:
            return text + formatted(" (%s s); written to ", seconds.c_str()) + r.out;
        case result_kind::merge:
            text += formatted(" (%u shards, %zu tasks, %s s of counting", r.shards, r.tasks, seconds.c_str());
            if (r.rechecked)
                text += formatted("; %zu tasks recounted by the %s route, all as the files say", *r.rechecked,
                                  route_name(recheck_route()));
            if (r.routes) {
                text += "; counted by ";
                text += route_list(r.routes->counted);
                if (r.routes->checked_tasks == 0)
                    text += "; no task checked";
                else
                    text += formatted("; %zu tasks checked, by ", r.routes->checked_tasks) +
                            route_list(r.routes->checked);
            }
            return text + ")";
    }
    return text;
}

const char* thread_limit_name(thread_limit l)
{
    switch (l) {
        case thread_limit::asked:
            return "asked";
        case thread_limit::memory:
            return "memory";
        case thread_limit::tasks:
            return "tasks";
        case thread_limit::cores:
            break;
    }
    return "cores";
}

std::string result_json(const result_view& r)
{
    nlohmann::ordered_json j;
    j["n"] = r.n;
    if (r.kind == result_kind::shard) {
        j["shard"] = to_string(r.slice);
        j["tasks"] = r.tasks;
    }
    j["total"] = json_count(r.total);
    if (r.distinct) j["distinct"] = json_count(*r.distinct);
    if (r.kind == result_kind::merge) {
        j["nodes"] = json_count(r.nodes);
        j["shards"] = r.shards;
        j["tasks"] = r.tasks;
        j["seconds"] = rounded_seconds(r.seconds);
        if (r.rechecked) {
            j["rechecked"] = *r.rechecked;
            j["recheck_route"] = route_name(recheck_route());
        }
        if (r.routes) {
            j["counted_by"] = route_object(r.routes->counted);
            j["checked"] = r.routes->checked_tasks;
            j["checked_by"] = route_object(r.routes->checked);
        }
        return j.dump();
    }
    j["threads"] = r.threads;
    if (r.limited_by) j["threads_limited_by"] = thread_limit_name(*r.limited_by);
    if (r.memory_budget != 0) j["memory_budget"] = r.memory_budget;
    if (r.ranks) j["ranks"] = *r.ranks;
    j["seconds"] = rounded_seconds(r.seconds);
    j["nodes"] = json_count(r.nodes);
    if (r.rechecked) {
        j["rechecked"] = *r.rechecked;
        j["recheck_route"] = route_name(recheck_route());
    }
    // --out is valid UTF-8 with --json (parse_count_args): dump() does not throw.
    if (r.kind == result_kind::shard) j["out"] = r.out;
    return j.dump();
}

void print_result(const result_view& r, bool json, const std::string& result_file)
{
    const std::string text = (json ? result_json(r) : result_line(r)) + "\n";
    std::string not_saved;
    if (!result_file.empty()) {
        try {
            save_text_file(result_file, text);
        } catch (const std::exception& e) {
            not_saved = std::string(e.what()) + "; the count, not saved: " + result_line(r);
        }
    }
    // fputs may leave the error to the flush (a full disk shows there).
    if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
        const int error = errno != 0 ? errno : EIO;
        __fpurge(stdout);  // what is left would only fail again at exit
        std::clearerr(stdout);
        throw output_error(error, result_line(r));
    }
    if (!not_saved.empty()) throw std::runtime_error(not_saved);
}

}  // namespace nqueens::app
