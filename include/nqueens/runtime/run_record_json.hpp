// SPDX-License-Identifier: BSL-1.0
// record_to_json, record_from_json: run_record as JSON (opt-in: needs nlohmann-json 3).
#ifndef NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP
#define NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP

#include <nqueens/detail/record_reader.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>

namespace nqueens {

// The "format" field of every record file, and its layout version.
inline constexpr const char* record_format = "nqueens-run";
// Version 3: the mode and the cut by name ("mode", "plan"). Version 2 gave
// a plan number ("plan_version") instead, and is still read.
inline constexpr int record_format_version = 3;
inline constexpr int record_format_oldest = 2;

// `r` as one JSON object with a checksum (record_checksum), e.g.
//     {"format":"nqueens-run","format_version":3,"program":"nqueens 0.1.0",
//      "n":16,"mode":"totals","plan":{"method":"join","band_rows":2,
//      "lead_columns":0,"task_lead_columns":0},"plan_size":56,
//      "shard":{"index":1,"count":3},"tasks_done":18,"tasks_total":18,
//      "complete":true,"total":4871264,"distinct":0,"nodes":...,
//      "seconds":0.41,"done":[1,4,...],
//      "counts":[[total,distinct,nodes] of task 1, of task 4, ...],
//      "checksum":"fnv1a64:..."}
// ("plan":{"method":"symmetric","split_depth":2} for n < 6.) Cost: linear
// in r.done.size().
inline std::string record_to_json(const run_record& r)
{
    char sum[32];
    std::snprintf(sum, sizeof sum, "fnv1a64:%016llx", static_cast<unsigned long long>(record_checksum(r)));
    nlohmann::ordered_json j;
    j["format"] = record_format;
    j["format_version"] = record_format_version;
    j["program"] = r.program;
    j["n"] = r.n;
    j["mode"] = mode_name(r.mode);
    nlohmann::ordered_json plan;
    plan["method"] = method_name(r.cut.method);
    if (r.cut.method == plan_cut::method_kind::symmetric) {
        plan["split_depth"] = r.cut.split_depth;
    } else {
        plan["band_rows"] = r.cut.band_rows;
        plan["lead_columns"] = r.cut.lead_columns;
        plan["task_lead_columns"] = r.cut.task_lead_columns;
    }
    j["plan"] = std::move(plan);
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

// The program a record names, if it is a string fit for a one-line message.
inline std::string record_program(const nlohmann::json& j)
{
    const auto it = j.find("program");
    if (it == j.end() || !it->is_string()) return {};
    const std::string& p = it->get_ref<const std::string&>();
    if (p.empty() || p.size() > 200) return {};
    for (const unsigned char c : p)
        if (c < 0x20 || c == 0x7f) return {};
    return p;
}

// Refuses any field of `j` not in `known`, so that nothing a reader skips
// could change what a record says.
inline void record_only_fields(const nlohmann::json& j, std::initializer_list<std::string_view> known,
                               const std::string& what)
{
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool ok = false;
        for (const std::string_view k : known) ok = ok || it.key() == k;
        if (!ok) throw record_error(what + " is damaged: unknown field \"" + it.key() + "\"");
    }
}

// The cut of format 3's "plan" object.
inline plan_cut record_cut(const nlohmann::json& j, const std::string& what)
{
    const auto& p = record_field(j, "plan", what);
    if (!p.is_object()) throw record_error(what + " is damaged: \"plan\" is not an object");
    const auto& m = record_field(p, "method", what);
    plan_cut c;
    const auto small = [&](const char* key) { return static_cast<int>(record_unsigned(p, key, what, 32)); };
    if (m == "symmetric") {
        record_only_fields(p, {"method", "split_depth"}, what);
        c.split_depth = small("split_depth");
    } else if (m == "join") {
        record_only_fields(p, {"method", "band_rows", "lead_columns", "task_lead_columns"}, what);
        c.method = plan_cut::method_kind::join;
        c.band_rows = small("band_rows");
        c.lead_columns = small("lead_columns");
        c.task_lead_columns = small("task_lead_columns");
    } else {
        throw record_error(what + " names a way of cutting a count this program does not know (\"plan\": " +
                           p.dump().substr(0, 80) + "): finish it with the program that wrote it");
    }
    return c;
}

// Format 2's plan number as the mode and cut it stood for: the numbers of
// this program's plans (work_plan::version()) only; those of older task
// lists cannot be read on.
inline void record_plan_of_version(run_record& r, std::uint32_t version, const std::string& what,
                                   const std::string& program)
{
    const count_mode mode = mode_of_plan_version(version);
    const std::uint32_t totals = r.n < join_min_n ? 0 : join_task_list_version(r.n);
    const bool current = r.n < join_min_n ? version == 1 : (version == totals || version == totals + 1);
    if (!current)
        throw record_error(
            what + " (layout version 2) uses sub-problem list version " + std::to_string(version) +
            ", which this program no longer has for n = " + std::to_string(r.n) + ": finish it with " +
            (program.empty() ? "the program" : "'" + program + "', the program") + " that wrote it");
    r.mode = mode;
    r.cut = plan_cut_of(r.n);
}

}  // namespace detail

// Reads a record written by record_to_json (layout version 3, or 2 where
// its plan number is one of this program's plans), refusing anything else:
// not JSON, another format or layout version, missing, unknown or mistyped
// fields, derived fields that disagree, a record check_record rejects, or a
// checksum mismatch. Errors are record_error sentences that start with
// `what` (the file name). Cost: linear in the text, in one pass that stops
// at the first thing no record holds (nesting, size); memory about 32
// bytes a task listed, at most about 12 MB (detail::record_reader).
inline run_record record_from_json(std::string_view text, std::string_view what = "record")
{
    const std::string w(what);
    detail::record_reader in;
    if (!in.read(text)) throw record_error(w + in.error);
    const nlohmann::json& j = in.fields;
    const auto format = j.find("format");
    if (format == j.end() || *format != record_format)
        throw record_error(w + " is not an nqueens checkpoint or shard file");
    const std::string writer = detail::record_program(j);
    const std::uint64_t version = detail::record_unsigned(j, "format_version", w);
    if (version < static_cast<std::uint64_t>(record_format_oldest) ||
        version > static_cast<std::uint64_t>(record_format_version))
        throw record_error(
            w + " has layout version " + std::to_string(version) +
            (version < static_cast<std::uint64_t>(record_format_oldest) ? ", an older program's"
                                                                        : ", a newer program's") +
            (writer.empty() ? "" : " ('" + writer + "')") + "; this program reads versions " +
            std::to_string(record_format_oldest) + " and " + std::to_string(record_format_version) +
            ": finish it with the program that wrote it");
    const bool v2 = version == 2;
    const std::initializer_list<std::string_view> common = {
        "format",      "format_version", "program", "n",        "plan_size", "shard",   "tasks_done",
        "tasks_total", "complete",       "total",   "distinct", "nodes",     "seconds", "checksum"};
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool ok = v2 ? it.key() == "plan_version" : (it.key() == "mode" || it.key() == "plan");
        for (const std::string_view k : common) ok = ok || it.key() == k;
        if (!ok) throw record_error(w + " is damaged: unknown field \"" + it.key() + "\"");
    }
    if (!in.has_done) throw record_error(w + " is damaged: no \"done\" field");
    if (!in.has_counts) throw record_error(w + " is damaged: no \"counts\" field");

    run_record r;
    const auto& program = detail::record_field(j, "program", w);
    if (!program.is_string()) throw record_error(w + " is damaged: \"program\" is not a string");
    if (writer.empty()) throw record_error(w + " is damaged: \"program\" is not a program's name");
    r.program = writer;
    r.n = static_cast<int>(detail::record_unsigned(j, "n", w, 1000));
    std::uint32_t plan_version = 0;
    if (v2) {
        plan_version = static_cast<std::uint32_t>(detail::record_unsigned(j, "plan_version", w, 0xffffffffu));
    } else {
        const auto& mode = detail::record_field(j, "mode", w);
        if (mode == mode_name(count_mode::total))
            r.mode = count_mode::total;
        else if (mode == mode_name(count_mode::with_distinct))
            r.mode = count_mode::with_distinct;
        else
            throw record_error(w + " is damaged: \"mode\" is neither \"totals\" nor \"with_distinct\"");
        r.cut = detail::record_cut(j, w);
    }
    r.plan_size = static_cast<std::size_t>(detail::record_unsigned(j, "plan_size", w, 0xffffffffu));
    const auto& s = detail::record_field(j, "shard", w);
    if (!s.is_object()) throw record_error(w + " is damaged: \"shard\" is not an object");
    detail::record_only_fields(s, {"index", "count"}, w);
    r.slice.index = static_cast<std::uint32_t>(detail::record_unsigned(s, "index", w, 0xffffffffu));
    r.slice.count = static_cast<std::uint32_t>(detail::record_unsigned(s, "count", w, 0xffffffffu));
    r.sum.total = detail::record_unsigned(j, "total", w);
    r.sum.distinct = detail::record_unsigned(j, "distinct", w);
    r.sum.nodes = detail::record_unsigned(j, "nodes", w);
    const auto& seconds = detail::record_field(j, "seconds", w);
    if (!seconds.is_number()) throw record_error(w + " is damaged: \"seconds\" is not a number of seconds");
    r.seconds = seconds.get<double>();
    r.done = std::move(in.done);
    r.counts = std::move(in.counts);

    const auto& sum = detail::record_field(j, "checksum", w);
    char expect[32];
    std::snprintf(expect, sizeof expect, "fnv1a64:%016llx",
                  static_cast<unsigned long long>(v2 ? detail::record_checksum_v2(r, plan_version)
                                                     : record_checksum(r)));
    if (!sum.is_string() || sum.get<std::string>() != expect)
        throw record_error(w + " is damaged: checksum mismatch");
    check_record(r, w);
    if (v2) detail::record_plan_of_version(r, plan_version, w, writer);
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
