// SPDX-License-Identifier: BSL-1.0
// record_to_json, record_from_json: run_record as JSON (opt-in: needs nlohmann-json 3).
#ifndef NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP
#define NQUEENS_RUNTIME_RUN_RECORD_JSON_HPP

#include <nqueens/detail/record_reader.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace nqueens {

// The "format" field of every record file, and its layout version.
inline constexpr const char* record_format = "nqueens-run";
// Version 3: the mode and every field of the cut by name ("mode", "plan";
// records written before it named task_band_rows and shared_tops are read
// too). Version 4: the same, with every count of 2^64 or more (n >= 29)
// written as a string of its decimal digits; written only where a count
// needs it, so that records that fit stay version 3 and readable by the
// programs before. Version 5: version 4 with the routes that counted and
// checked each task ("routes", "how"); written only where some task's
// route is known. Version 2 gave a plan number ("plan_version") instead,
// and is read where the number is one release 0.1.0 wrote.
inline constexpr int record_format_version = 5;  // the newest this program reads and writes
inline constexpr int record_format_oldest = 2;

namespace detail {

// Whether `r` holds a count of 2^64 or more, which only version 4 writes
// (the sums are at least each task's count).
inline bool record_needs_wide(const run_record& r) noexcept
{
    bool wide = !r.sum.total.fits_64() || !r.sum.distinct.fits_64() || !r.sum.nodes.fits_64();
    for (const partial_task& p : r.partial)
        wide = wide || !p.counts.total.fits_64() || !p.counts.distinct.fits_64() || !p.counts.nodes.fits_64();
    return wide;
}

// A count as a record writes it: a JSON number below 2^64, else its decimal digits.
inline nlohmann::ordered_json record_count(count128 v)
{
    if (v.fits_64()) return v.low;
    return to_string(v);
}

}  // namespace detail

// `r` as one JSON object with a checksum (record_checksum), e.g.
//     {"format":"nqueens-run","format_version":3,"program":"nqueens 0.2.0",
//      "n":16,"mode":"totals","plan":{"method":"join","band_rows":2,
//      "task_band_rows":2,"lead_columns":0,"task_lead_columns":0,
//      "shared_tops":false},"plan_size":56,
//      "shard":{"index":1,"count":3},"tasks_done":18,"tasks_total":18,
//      "complete":true,"total":4871264,"distinct":0,"nodes":...,
//      "seconds":0.41,"done":[1,4,...],
//      "counts":[[total,distinct,nodes] of task 1, of task 4, ...],
//      "partial":[[id,parts,total,distinct,nodes,begin,end,begin,end,...],...],
//      "routes":["fast:avx2","check"],"how":[[1,0,17],[1,2,1]],
//      "checksum":"fnv1a64:..."}
// ("partial", the tasks begun and the ranges of their parts counted, only
// where there are any: a record without reads as before records held parts.
// "routes" and "how" (version 5) only where some task's route is known:
// "how" gives runs of tasks of "done", in order, as [the route that
// counted them, the route that checked them, how many tasks], routes by
// their place in "routes" from 1, 0 for none or not known.)
// ("plan":{"method":"symmetric","split_depth":2} for n < 6.) Cost: linear
// in r.done.size().
inline std::string record_to_json(const run_record& r)
{
    char sum[32];
    std::snprintf(sum, sizeof sum, "fnv1a64:%016llx", static_cast<unsigned long long>(record_checksum(r)));
    nlohmann::ordered_json j;
    j["format"] = record_format;
    j["format_version"] = !r.how.empty() ? 5 : (detail::record_needs_wide(r) ? 4 : 3);
    j["program"] = r.program;
    j["n"] = r.n;
    j["mode"] = mode_name(r.mode);
    nlohmann::ordered_json plan;
    plan["method"] = method_name(r.cut.method);
    if (r.cut.method == plan_cut::method_kind::symmetric) {
        plan["split_depth"] = r.cut.split_depth;
    } else {
        plan["band_rows"] = r.cut.band_rows;
        plan["task_band_rows"] = r.cut.task_band_rows;
        plan["lead_columns"] = r.cut.lead_columns;
        plan["task_lead_columns"] = r.cut.task_lead_columns;
        plan["shared_tops"] = r.cut.shared_tops;
    }
    j["plan"] = std::move(plan);
    j["plan_size"] = r.plan_size;
    j["shard"] = {{"index", r.slice.index}, {"count", r.slice.count}};
    j["tasks_done"] = r.done.size();
    j["tasks_total"] = r.tasks_total();
    j["complete"] = r.complete();
    j["total"] = detail::record_count(r.sum.total);
    j["distinct"] = detail::record_count(r.sum.distinct);
    j["nodes"] = detail::record_count(r.sum.nodes);
    j["seconds"] = r.seconds;
    j["done"] = r.done;
    nlohmann::ordered_json counts = nlohmann::ordered_json::array();
    for (const solution_counts& c : r.counts)
        counts.push_back(
            {detail::record_count(c.total), detail::record_count(c.distinct), detail::record_count(c.nodes)});
    j["counts"] = std::move(counts);
    if (!r.partial.empty()) {
        nlohmann::ordered_json partial = nlohmann::ordered_json::array();
        for (const partial_task& p : r.partial) {
            nlohmann::ordered_json entry = {p.id, p.parts, detail::record_count(p.counts.total),
                                            detail::record_count(p.counts.distinct),
                                            detail::record_count(p.counts.nodes)};
            for (const part_range& q : p.done) {
                entry.push_back(q.begin);
                entry.push_back(q.end);
            }
            partial.push_back(std::move(entry));
        }
        j["partial"] = std::move(partial);
    }
    if (!r.how.empty()) {
        j["routes"] = r.routes;
        nlohmann::ordered_json how = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < r.how.size();) {
            std::size_t k = i + 1;
            while (k < r.how.size() && r.how[k] == r.how[i]) ++k;
            how.push_back({r.how[i].counted, r.how[i].checked, k - i});
            i = k;
        }
        j["how"] = std::move(how);
    }
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

// A count field of a record: a whole number, or (where `digits`: format 4)
// a string of decimal digits below 2^128.
template <class Json>
count128 record_count_field(const Json& j, const char* key, const std::string& what, bool digits)
{
    const Json& v = record_field(j, key, what);
    if (v.is_number_unsigned()) return v.template get<std::uint64_t>();
    if (digits && v.is_string())
        if (const auto c = count128_from_decimal(v.template get_ref<const std::string&>())) return *c;
    throw record_error(what + " is damaged: \"" + key + "\" is not a whole number in range");
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

// The cut of format 3's "plan" object, and whether it names every field
// of the cut. Format 3 first named no task band rows or shared tops: its
// tasks then fixed every band row up to 4 (n = 25, 27 to 32 fixed 4 of 5
// to 8) and n = 25 and 28 shared tops where they fixed part of the band.
inline std::pair<plan_cut, bool> record_cut(const nlohmann::json& j, int n, const std::string& what)
{
    const auto& p = record_field(j, "plan", what);
    if (!p.is_object()) throw record_error(what + " is damaged: \"plan\" is not an object");
    const auto& m = record_field(p, "method", what);
    plan_cut c;
    bool whole = true;
    const auto small = [&](const char* key) { return static_cast<int>(record_unsigned(p, key, what, 32)); };
    if (m == "symmetric") {
        record_only_fields(p, {"method", "split_depth"}, what);
        c.split_depth = small("split_depth");
    } else if (m == "join") {
        c.method = plan_cut::method_kind::join;
        c.band_rows = small("band_rows");
        c.lead_columns = small("lead_columns");
        c.task_lead_columns = small("task_lead_columns");
        whole = p.contains("task_band_rows") || p.contains("shared_tops");
        if (whole) {
            record_only_fields(
                p,
                {"method", "band_rows", "task_band_rows", "lead_columns", "task_lead_columns", "shared_tops"},
                what);
            c.task_band_rows = small("task_band_rows");
            const auto& shared = record_field(p, "shared_tops", what);
            if (!shared.is_boolean())
                throw record_error(what + " is damaged: \"shared_tops\" is not true or false");
            c.shared_tops = shared.get<bool>();
        } else {
            record_only_fields(p, {"method", "band_rows", "lead_columns", "task_lead_columns"}, what);
            c.task_band_rows = c.band_rows < 4 ? c.band_rows : 4;
            c.shared_tops = c.task_band_rows < c.band_rows && (n == 25 || n == 28);
        }
    } else {
        throw record_error(what + " names a way of cutting a count this program does not know (\"plan\": " +
                           p.dump().substr(0, 80) + "): finish it with the program that wrote it");
    }
    return {c, whole};
}

// The cut that format 2's plan number `version` stood for at n, and its
// mode (odd numbers counted distinct solutions too): the numbers of release
// 0.1.0, the only ones format 2 was written with, frozen here. No other
// number is read.
inline std::optional<std::pair<plan_cut, count_mode>> format_2_cut(int n, std::uint32_t version) noexcept
{
    const count_mode mode = version % 2 == 0 ? count_mode::total : count_mode::with_distinct;
    if (n < join_min_n) {
        if (version != 1) return std::nullopt;
        return std::pair{plan_cut{plan_cut::method_kind::symmetric, 2, 0, 0, 0, 0, false}, mode};
    }
    // 0.1.0's band rows, lead columns and task lead columns for n = 21 to 32
    // (n <= 20 had one or two band rows by parity).
    constexpr std::array<std::array<int, 3>, 12> wide = {{{1, 12, 12},
                                                          {2, 11, 11},
                                                          {1, 16, 16},
                                                          {2, 16, 11},
                                                          {3, 16, 7},
                                                          {4, 16, 2},
                                                          {3, 20, 6},
                                                          {4, 20, 2},
                                                          {3, 24, 6},
                                                          {4, 24, 1},
                                                          {3, 28, 6},
                                                          {4, 28, 1}}};
    constexpr std::array<int, 21> lead = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 4, 2, 8, 6};
    const std::uint32_t totals = n == 16 ? 6 : (n <= 18 ? 2 : (n <= 23 ? 4 : 8));
    if (version != totals && version != totals + 1) return std::nullopt;
    const auto i = static_cast<std::size_t>(n);
    const std::array<int, 3> bkk = n <= 20 ? std::array<int, 3>{2 - n % 2, lead[i], lead[i]} : wide[i - 21];
    return std::pair{plan_cut{plan_cut::method_kind::join, 0, bkk[0], bkk[0], bkk[1], bkk[2], false}, mode};
}

}  // namespace detail

// Reads a record written by record_to_json (layout version 3 to 5, or 2 where
// its plan number is one of 0.1.0's: format_2_cut), refusing anything else:
// not JSON, another format or layout version, missing, unknown or mistyped
// fields, derived fields that disagree, a record check_record rejects, or a
// checksum mismatch. Errors are record_error sentences that start with
// `what` (the file name). Cost: linear in the text, in one pass that stops
// at the first thing no record holds (nesting, size); memory about 56 (80
// with its routes) bytes a task listed, at most about 35 MB (detail::record_reader).
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
            std::to_string(record_format_oldest) + " to " + std::to_string(record_format_version) +
            ": finish it with the program that wrote it");
    const bool v2 = version == 2;
    const std::initializer_list<std::string_view> common = {
        "format",      "format_version", "program", "n",        "plan_size", "shard",   "tasks_done",
        "tasks_total", "complete",       "total",   "distinct", "nodes",     "seconds", "checksum"};
    const bool v5 = version >= 5;
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool ok = v2 ? it.key() == "plan_version"
                     : (it.key() == "mode" || it.key() == "plan" || (v5 && it.key() == "routes"));
        for (const std::string_view k : common) ok = ok || it.key() == k;
        if (!ok) throw record_error(w + " is damaged: unknown field \"" + it.key() + "\"");
    }
    if (!in.has_done) throw record_error(w + " is damaged: no \"done\" field");
    if (!in.has_counts) throw record_error(w + " is damaged: no \"counts\" field");
    if (v2 && in.has_partial) throw record_error(w + " is damaged: unknown field \"partial\"");
    if (!v5 && in.has_how) throw record_error(w + " is damaged: unknown field \"how\"");
    if (v5 && !in.has_how) throw record_error(w + " is damaged: no \"how\" field");

    run_record r;
    const auto& program = detail::record_field(j, "program", w);
    if (!program.is_string()) throw record_error(w + " is damaged: \"program\" is not a string");
    if (writer.empty()) throw record_error(w + " is damaged: \"program\" is not a program's name");
    r.program = writer;
    r.n = static_cast<int>(detail::record_unsigned(j, "n", w, 1000));
    std::uint32_t plan_version = 0;
    bool whole_cut = true;
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
        std::tie(r.cut, whole_cut) = detail::record_cut(j, r.n, w);
    }
    r.plan_size = static_cast<std::size_t>(detail::record_unsigned(j, "plan_size", w, 0xffffffffu));
    const auto& s = detail::record_field(j, "shard", w);
    if (!s.is_object()) throw record_error(w + " is damaged: \"shard\" is not an object");
    detail::record_only_fields(s, {"index", "count"}, w);
    r.slice.index = static_cast<std::uint32_t>(detail::record_unsigned(s, "index", w, 0xffffffffu));
    r.slice.count = static_cast<std::uint32_t>(detail::record_unsigned(s, "count", w, 0xffffffffu));
    const bool digits = version >= 4;
    if (in.has_decimal_strings && !digits)
        throw record_error(w + " is damaged: a count given as a string, which layout version " +
                           std::to_string(version) + " never writes");
    r.sum.total = detail::record_count_field(j, "total", w, digits);
    r.sum.distinct = detail::record_count_field(j, "distinct", w, digits);
    r.sum.nodes = detail::record_count_field(j, "nodes", w, digits);
    const auto& seconds = detail::record_field(j, "seconds", w);
    if (!seconds.is_number()) throw record_error(w + " is damaged: \"seconds\" is not a number of seconds");
    r.seconds = seconds.get<double>();
    r.done = std::move(in.done);
    r.counts = std::move(in.counts);
    r.partial.reserve(in.partial.size());
    for (const std::vector<count128>& entry : in.partial) {
        const bool numbers =
            entry.size() >= 7 && entry.size() % 2 == 1 && entry[0].fits_64() && entry[1].fits_64() &&
            std::all_of(entry.begin() + 5, entry.end(), [](count128 v) { return v.fits_64(); });
        if (!numbers)
            throw record_error(w +
                               " is damaged: \"partial\" holds something not [id, parts, total, distinct, "
                               "nodes, begin, end, ...]");
        partial_task p;
        p.id = static_cast<std::size_t>(std::min<std::uint64_t>(entry[0].low, max_plan_tasks));
        p.parts = entry[1].low;
        p.counts = {entry[2], entry[3], entry[4]};
        for (std::size_t k = 5; k < entry.size(); k += 2) p.done.push_back({entry[k].low, entry[k + 1].low});
        r.partial.push_back(std::move(p));
    }
    if (v5) {
        const auto& routes = detail::record_field(j, "routes", w);
        if (!routes.is_array() || routes.empty() || routes.size() > max_routes)
            throw record_error(w + " is damaged: \"routes\" is not a list of 1 to " +
                               std::to_string(max_routes) + " route names");
        for (const auto& name : routes) {
            if (!name.is_string())
                throw record_error(w + " is damaged: \"routes\" holds something not a name");
            r.routes.push_back(name.get<std::string>());
        }
        // Runs of tasks, each of at least one, adding up to "done"'s.
        r.how.reserve(r.done.size());
        for (const std::array<std::uint64_t, 3>& run : in.how) {
            if (run[0] > max_routes || run[1] > max_routes || run[2] == 0 ||
                run[2] > r.done.size() - r.how.size())
                throw record_error(w + " is damaged: \"how\" does not give the routes of the finished tasks");
            r.how.insert(r.how.end(), static_cast<std::size_t>(run[2]),
                         task_routes{static_cast<std::uint8_t>(run[0]), static_cast<std::uint8_t>(run[1])});
        }
        if (r.how.size() != r.done.size())
            throw record_error(w + " is damaged: \"how\" does not give the routes of the finished tasks");
    }

    const auto& sum = detail::record_field(j, "checksum", w);
    char expect[32];
    std::snprintf(expect, sizeof expect, "fnv1a64:%016llx",
                  static_cast<unsigned long long>(v2 ? detail::record_checksum_v2(r, plan_version)
                                                     : detail::record_checksum_v3(r, whole_cut)));
    if (!sum.is_string() || sum.get<std::string>() != expect)
        throw record_error(w + " is damaged: checksum mismatch");
    check_record(r, w);
    if (v2) {
        const auto cut = detail::format_2_cut(r.n, plan_version);
        if (!cut)
            throw record_error(
                w + " (layout version 2) names sub-problem list " + std::to_string(plan_version) +
                ", which no release had for n = " + std::to_string(r.n) + ": finish it with " +
                (writer.empty() ? "the program" : "'" + writer + "', the program") + " that wrote it");
        std::tie(r.cut, r.mode) = *cut;
    }
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
