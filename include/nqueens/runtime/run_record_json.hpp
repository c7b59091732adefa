// SPDX-License-Identifier: BSL-1.0
// record_to_json, record_from_json: run_record as JSON (opt-in: needs nlohmann-json 3).
#ifndef NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP
#define NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP

#include <nqueens/runtime/run_record.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>

namespace nqueens {

// The "format" field of every record file, and its layout version.
inline constexpr const char* record_format = "nqueens-run";
// Version 2: each task's counts, and `seconds` covered by the checksum.
inline constexpr int record_format_version = 2;

// `r` as one JSON object with a checksum (record_checksum), e.g.
//     {"format":"nqueens-run","format_version":2,"program":"nqueens 0.1.0",
//      "n":16,"plan_version":1,"plan_size":860,"shard":{"index":1,"count":3},
//      "tasks_done":287,"tasks_total":287,"complete":true,"total":4923...,
//      "distinct":...,"nodes":...,"seconds":0.41,"done":[1,4,...],
//      "counts":[[total,distinct,nodes] of task 1, of task 4, ...],
//      "checksum":"fnv1a64:..."}
// Cost: linear in r.done.size().
inline std::string record_to_json(const run_record& r)
{
    char sum[32];
    std::snprintf(sum, sizeof sum, "fnv1a64:%016llx", static_cast<unsigned long long>(record_checksum(r)));
    nlohmann::ordered_json j;
    j["format"] = record_format;
    j["format_version"] = record_format_version;
    j["program"] = r.program;
    j["n"] = r.n;
    j["plan_version"] = r.plan_version;
    j["plan_size"] = r.plan_size;
    j["shard"] = {{"index", r.slice.index}, {"count", r.slice.count}};
    j["tasks_done"] = r.done.size();
    j["tasks_total"] = r.tasks_total();
    j["complete"] = r.complete();
    j["total"] = r.sum.total;
    j["distinct"] = r.sum.distinct;
    j["nodes"] = r.sum.nodes;
    j["seconds"] = r.seconds;
    j["done"] = r.done;
    nlohmann::ordered_json counts = nlohmann::ordered_json::array();
    for (const solution_counts& c : r.counts) counts.push_back({c.total, c.distinct, c.nodes});
    j["counts"] = std::move(counts);
    j["checksum"] = sum;
    return j.dump() + "\n";
}

namespace detail {

template <class Json>
const Json& record_field(const Json& j, const char* key, const std::string& what)
{
    const auto it = j.find(key);
    if (it == j.end()) throw record_error(what + " is damaged: no \"" + key + "\" field");
    return *it;
}

template <class Json>
std::uint64_t record_unsigned(const Json& j, const char* key, const std::string& what,
                              std::uint64_t max = std::numeric_limits<std::uint64_t>::max())
{
    const Json& v = record_field(j, key, what);
    if (!v.is_number_unsigned() || v.template get<std::uint64_t>() > max)
        throw record_error(what + " is damaged: \"" + key + "\" is not a whole number in range");
    return v.template get<std::uint64_t>();
}

}  // namespace detail

// Reads a record written by record_to_json, refusing anything else: not
// JSON, another format, missing or mistyped fields, derived fields that
// disagree, a record check_record rejects, or a checksum mismatch. Errors
// are record_error sentences that start with `what` (the file name).
// Cost: linear in the text.
inline run_record record_from_json(std::string_view text, std::string_view what = "record")
{
    const std::string w(what);
    const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded()) throw record_error(w + " is damaged: not valid JSON");
    if (!j.is_object()) throw record_error(w + " is damaged: not a JSON object");
    const auto& format = detail::record_field(j, "format", w);
    if (!format.is_string() || format.get<std::string>() != record_format)
        throw record_error(w + " is not an nqueens checkpoint or shard file");
    const std::uint64_t version = detail::record_unsigned(j, "format_version", w);
    if (version != static_cast<std::uint64_t>(record_format_version))
        throw record_error(w + " has layout version " + std::to_string(version) +
                           (version < static_cast<std::uint64_t>(record_format_version)
                                ? " (an older program's)"
                                : " (a newer program's)") +
                           "; this program reads version " + std::to_string(record_format_version) +
                           " only: finish it with the program that wrote it");

    run_record r;
    const auto& program = detail::record_field(j, "program", w);
    if (!program.is_string()) throw record_error(w + " is damaged: \"program\" is not a string");
    r.program = program.get<std::string>();
    r.n = static_cast<int>(detail::record_unsigned(j, "n", w, 1000));
    r.plan_version = static_cast<std::uint32_t>(detail::record_unsigned(j, "plan_version", w, 0xffffffffu));
    r.plan_size = static_cast<std::size_t>(detail::record_unsigned(j, "plan_size", w, 0xffffffffu));
    const auto& s = detail::record_field(j, "shard", w);
    if (!s.is_object()) throw record_error(w + " is damaged: \"shard\" is not an object");
    r.slice.index = static_cast<std::uint32_t>(detail::record_unsigned(s, "index", w, 0xffffffffu));
    r.slice.count = static_cast<std::uint32_t>(detail::record_unsigned(s, "count", w, 0xffffffffu));
    r.sum.total = detail::record_unsigned(j, "total", w);
    r.sum.distinct = detail::record_unsigned(j, "distinct", w);
    r.sum.nodes = detail::record_unsigned(j, "nodes", w);
    const auto& seconds = detail::record_field(j, "seconds", w);
    if (!seconds.is_number()) throw record_error(w + " is damaged: \"seconds\" is not a number of seconds");
    r.seconds = seconds.get<double>();
    const auto& done = detail::record_field(j, "done", w);
    if (!done.is_array()) throw record_error(w + " is damaged: \"done\" is not a list of task ids");
    r.done.reserve(done.size());
    for (const auto& id : done) {
        if (!id.is_number_unsigned())
            throw record_error(w + " is damaged: \"done\" holds something not a task id");
        r.done.push_back(static_cast<std::size_t>(id.get<std::uint64_t>()));
    }
    const auto& counts = detail::record_field(j, "counts", w);
    if (!counts.is_array()) throw record_error(w + " is damaged: \"counts\" is not a list of task counts");
    r.counts.reserve(counts.size());
    for (const auto& c : counts) {
        if (!c.is_array() || c.size() != 3 || !c[0].is_number_unsigned() || !c[1].is_number_unsigned() ||
            !c[2].is_number_unsigned())
            throw record_error(w + " is damaged: \"counts\" holds something not [total, distinct, nodes]");
        r.counts.push_back(
            solution_counts{c[0].get<std::uint64_t>(), c[1].get<std::uint64_t>(), c[2].get<std::uint64_t>()});
    }

    const auto& sum = detail::record_field(j, "checksum", w);
    char expect[32];
    std::snprintf(expect, sizeof expect, "fnv1a64:%016llx",
                  static_cast<unsigned long long>(record_checksum(r)));
    if (!sum.is_string() || sum.get<std::string>() != expect)
        throw record_error(w + " is damaged: checksum mismatch");
    check_record(r, w);
    if (detail::record_unsigned(j, "tasks_done", w) != r.done.size() ||
        detail::record_unsigned(j, "tasks_total", w) != r.tasks_total())
        throw record_error(w + " is damaged: task counts disagree with the list of finished tasks");
    const auto& complete = detail::record_field(j, "complete", w);
    if (!complete.is_boolean() || complete.get<bool>() != r.complete())
        throw record_error(w + " is damaged: \"complete\" disagrees with the list of finished tasks");
    return r;
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP
