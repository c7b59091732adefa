// SPDX-License-Identifier: BSL-1.0
// Record files as JSON: format 3 names the mode and the cut, format 4 holds counts past 2^64, format 2 is
// read or refused, hostile files cost little.
#include "support/oeis.hpp"
#include "support/records.hpp"

#include <nqueens/runtime/merge.hpp>
#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/runtime/run_record_json.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using nqueens::test::finished_shard;
using nqueens::test::run_some;

// `r` as format 2 wrote it: the plan as the number `plan_version`, the
// checksum as it was then.
std::string format_2_json(const nqueens::run_record& r, std::uint32_t plan_version)
{
    auto j = nlohmann::ordered_json::parse(nqueens::record_to_json(r));
    j["format_version"] = 2;
    j.erase("mode");
    j.erase("plan");
    j["plan_version"] = plan_version;
    char sum[32];
    std::snprintf(sum, sizeof sum, "fnv1a64:%016llx",
                  static_cast<unsigned long long>(nqueens::detail::record_checksum_v2(r, plan_version)));
    j["checksum"] = sum;
    return j.dump();
}

// `r` as format 3 was first written: its cut without task band rows or
// shared tops, the checksum without them.
std::string format_3_short_json(const nqueens::run_record& r)
{
    auto j = nlohmann::ordered_json::parse(nqueens::record_to_json(r));
    j["plan"].erase("task_band_rows");
    j["plan"].erase("shared_tops");
    char sum[32];
    std::snprintf(sum, sizeof sum, "fnv1a64:%016llx",
                  static_cast<unsigned long long>(nqueens::detail::record_checksum_v3(r, false)));
    j["checksum"] = sum;
    return j.dump();
}

// What reading `text` as "f" throws, or "accepted".
std::string refusal(const std::string& text)
{
    try {
        nqueens::record_from_json(text, "f");
    } catch (const nqueens::record_error& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("a record of format 2 is read as 0.1.0's plan its number stood for, or refused with one line",
          "[checkpoint][json]")
{
    namespace d = nqueens::detail;
    using nqueens::plan_cut;
    // Release 0.1.0, the only one that wrote format 2: its number for each
    // n (odd with distinct) and the join's cut, band rows, lead columns and
    // task lead columns, with its plan sizes up to n = 22.
    struct release_plan {
        int n;
        std::uint32_t version;
        int b, k, k1;
        std::size_t size;
    };
    const release_plan released[] = {
        {1, 1, 0, 0, 0, 1},         {5, 1, 0, 0, 0, 4},         {6, 2, 2, 0, 0, 6},
        {11, 2, 1, 0, 0, 6},        {15, 2, 1, 2, 2, 16},       {16, 6, 2, 0, 0, 56},
        {17, 2, 1, 4, 4, 72},       {18, 2, 2, 2, 2, 288},      {19, 4, 1, 8, 8, 1280},
        {20, 4, 2, 6, 6, 5760},     {21, 4, 1, 12, 12, 22385},  {22, 4, 2, 11, 11, 225060},
        {23, 4, 1, 16, 16, 363012}, {24, 8, 2, 16, 11, 270336}, {25, 8, 3, 16, 7, 343552},
        {26, 8, 4, 16, 2, 221976},  {27, 8, 3, 20, 6, 222720},  {28, 8, 4, 20, 2, 314920},
        {29, 8, 3, 24, 6, 282880},  {30, 8, 4, 24, 1, 217276},  {31, 8, 3, 28, 6, 353024},
        {32, 8, 4, 28, 1, 292788}};
    for (const release_plan& e : released) {
        for (const auto mode : {nqueens::count_mode::total, nqueens::count_mode::with_distinct}) {
            const bool both = mode == nqueens::count_mode::with_distinct;
            INFO("n = " << e.n << ", with distinct " << both);
            const std::uint32_t version = e.version + (both && e.n >= 6 ? 1 : 0);
            const auto read = d::format_2_cut(e.n, version);
            REQUIRE(read.has_value());
            const plan_cut want = e.n < 6
                                      ? plan_cut{plan_cut::method_kind::symmetric, 2, 0, 0, 0, 0, false}
                                      : plan_cut{plan_cut::method_kind::join, 0, e.b, e.b, e.k, e.k1, false};
            CHECK(read->first == want);
            CHECK(read->second == (e.n < 6 ? nqueens::count_mode::with_distinct : mode));
            if (e.n > 22 || (e.n > 12 && both)) continue;  // plans of seconds
            // The plan of that cut is 0.1.0's (its size, and the same tasks:
            // docs/cuts.md); a record of it reads back as that plan's.
            const nqueens::work_plan plan(e.n, read->second, read->first);
            CHECK(plan.size() == e.size);
            nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens 0.1.0"));
            run_some(plan, b, e.n <= 12 ? plan.size() : 1);
            const auto r = b.snapshot();
            const auto back = nqueens::record_from_json(format_2_json(r, version), "f");
            CHECK(back.mode == plan.mode());
            CHECK(back.cut == plan.cut());
            CHECK(back.done == r.done);
            CHECK_NOTHROW(nqueens::check_record_matches(back, plan, {}, "f"));
            // Written again, it is format 3 and reads back the same.
            CHECK(nqueens::record_from_json(nqueens::record_to_json(back)).cut == plan.cut());
        }
    }
    // Numbers 0.1.0 did not have for that n (later numbers were never
    // written in format 2): refused, naming the writer.
    for (const auto& [n, version, size] : {std::tuple{24, 1u, 58314u},
                                           {19, 2u, 320u},
                                           {16, 2u, 224u},
                                           {23, 10u, 258560u},
                                           {28, 32u, 154078u},
                                           {20, 12u, 1440u},
                                           {5, 2u, 4u}}) {
        INFO("n = " << n);
        auto old = nqueens::make_record(nqueens::work_plan(n <= 16 ? n : 5), {}, "nqueens 0.0.9");
        old.n = n;
        old.plan_size = size;
        CHECK(refusal(format_2_json(old, version)) ==
              "f (layout version 2) names sub-problem list " + std::to_string(version) +
                  ", which no release had for n = " + std::to_string(n) +
                  ": finish it with 'nqueens 0.0.9', the program that wrote it");
    }
    // Format 2's checksum covers its plan number.
    const nqueens::work_plan plan(12);
    std::string text = format_2_json(finished_shard(plan, {}), 2);
    text.replace(text.find("\"plan_version\":2"), 16, "\"plan_version\":3");
    CHECK(refusal(text) == "f is damaged: checksum mismatch");
}

TEST_CASE("a record says its mode and cut, under the checksum, and names no more than this program knows",
          "[checkpoint][json]")
{
    const nqueens::work_plan plan(12);
    const std::string text = nqueens::record_to_json(finished_shard(plan, {}));
    CHECK(text.find("\"mode\":\"totals\",\"plan\":{\"method\":\"join\",\"band_rows\":2,\"task_band_rows\":2,"
                    "\"lead_columns\":0,\"task_lead_columns\":0,\"shared_tops\":false},\"plan_size\":30,") !=
          std::string::npos);
    CHECK(nqueens::record_to_json(finished_shard(nqueens::work_plan(5), {}))
              .find("\"mode\":\"with_distinct\",\"plan\":{\"method\":\"symmetric\",\"split_depth\":2},") !=
          std::string::npos);
    auto edit = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        REQUIRE(at != std::string::npos);
        t.replace(at, from.size(), to);
        return t;
    };
    // Each field that decides how the record is read: the checksum covers it.
    for (const auto& [from, to] : {std::pair{"\"totals\"", "\"with_distinct\""},
                                   {"\"method\":\"join\"", "\"method\":\"symmetric\""},
                                   {"\"band_rows\":2", "\"band_rows\":4"},
                                   {"\"task_band_rows\":2", "\"task_band_rows\":1"},
                                   {"\"shared_tops\":false", "\"shared_tops\":true"},
                                   {"\"lead_columns\":0", "\"lead_columns\":2"},
                                   {"\"task_lead_columns\":0", "\"task_lead_columns\":1"},
                                   {"\"plan_size\":30", "\"plan_size\":31"},
                                   {"\"n\":12", "\"n\":13"},
                                   {"\"program\":\"nqueens test\"", "\"program\":\"nqueens tesu\""}}) {
        INFO(from << " -> " << to);
        const std::string why = refusal(edit(from, to));
        CHECK((why == "f is damaged: checksum mismatch" || why.starts_with("f is damaged: unknown field") ||
               why.starts_with("f is damaged: no \"")));
    }
    // ... or a check of its own.
    CHECK(refusal(edit("\"totals\"", "\"total\"")) ==
          "f is damaged: \"mode\" is neither \"totals\" nor \"with_distinct\"");
    CHECK(refusal(edit("\"method\":\"join\"", "\"method\":\"join2\""))
              .starts_with("f names a way of cutting a count this program does not know (\"plan\": {"));
    CHECK(refusal(edit("\"shared_tops\":false}", "\"shared_tops\":false,\"x\":1}")) ==
          "f is damaged: unknown field \"x\"");
    CHECK(refusal(edit("\"shared_tops\":false", "\"shared_tops\":0")) ==
          "f is damaged: \"shared_tops\" is not true or false");
    CHECK(refusal(edit("\"task_band_rows\":2,", "")) == "f is damaged: no \"task_band_rows\" field");
    CHECK(refusal(edit("\"lead_columns\":0", "\"lead_columns\":99")) ==
          "f is damaged: \"lead_columns\" is not a whole number in range");
    CHECK(refusal(edit("\"shard\":{", "\"shard\":{\"x\":1,")) == "f is damaged: unknown field \"x\"");
    CHECK(refusal(edit("\"program\":\"nqueens test\"", "\"program\":\"a\\nb\"")) ==
          "f is damaged: \"program\" is not a program's name");
    // A newer layout: one line naming the program that wrote it.
    CHECK(refusal(edit("\"format_version\":3", "\"format_version\":6")) ==
          "f has layout version 6, a newer program's ('nqueens test'); this program reads versions 2 to 5: "
          "finish it with the program that wrote it");
    CHECK(refusal(edit("\"format_version\":3", "\"format_version\":1"))
              .starts_with("f has layout version 1, an older program's ('nqueens test');"));
}

TEST_CASE("a record of format 3 written before it named every field of the cut is read as its cut was",
          "[checkpoint][json]")
{
    using nqueens::plan_cut;
    const nqueens::work_plan plan(12);
    const auto whole = finished_shard(plan, {});
    const auto back = nqueens::record_from_json(format_3_short_json(whole), "f");
    CHECK(back.cut == plan.cut());
    CHECK(back.sum == whole.sum);
    CHECK_NOTHROW(nqueens::check_record_matches(back, plan, {}, "f"));
    // Its tasks fixed every band row up to 4 and shared tops at n = 25 and
    // 28 only, where they fixed part of the band.
    for (const auto& [n, b, k, size, shared] : {std::tuple{27, 5, 14, 125098u, false},
                                                {28, 6, 15, 154078u, true},
                                                {28, 6, 14, 154078u, true},
                                                {25, 5, 11, 86186u, true},
                                                {24, 4, 11, 302800u, false}}) {
        INFO("n = " << n);
        auto r = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens 0.1.0");
        r.n = n;
        r.cut = plan_cut{plan_cut::method_kind::join, 0, b, b < 4 ? b : 4, k, n == 24 ? 3 : 0, shared};
        r.plan_size = size;
        CHECK(nqueens::record_from_json(format_3_short_json(r), "f").cut == r.cut);
    }
    // A record that names them is checked with them: dropping them is damage.
    std::string text = nqueens::record_to_json(whole);
    text.replace(text.find("\"task_band_rows\":2,"), 19, "");
    text.replace(text.find(",\"shared_tops\":false"), 20, "");
    CHECK(refusal(text) == "f is damaged: checksum mismatch");
}

TEST_CASE("reading a hostile record costs no more than a sound one", "[checkpoint][json]")
{
    const auto start = std::chrono::steady_clock::now();
    // 64 MiB of nesting: refused at the fourth level, not parsed.
    CHECK(refusal(std::string(64u << 20, '[')) == "f is damaged: not a JSON object");
    CHECK(refusal("{\"format\":" + std::string(64u << 20, '[')) ==
          "f is damaged: nested deeper than any record");
    CHECK(refusal("{\"counts\":[[[" + std::string(1000, '[')) ==
          "f is damaged: \"counts\" holds something not [total, distinct, nodes]");
    CHECK(refusal("{\"done\":[[") == "f is damaged: \"done\" holds something not a task id");
    // More task ids than any plan: refused when the list outgrows the largest plan.
    std::string many = "{\"done\":[0";
    for (std::size_t i = 0; i < nqueens::max_plan_tasks; ++i) many += ",0";
    CHECK(refusal(many + "]}") == "f is damaged: \"done\" lists more tasks than any plan has");
    std::string fields = "{";
    for (int i = 0; i < 300; ++i) fields += "\"k" + std::to_string(i) + "\":0,";
    CHECK(refusal(fields + "\"z\":0}") == "f is damaged: more fields than any record has");
    CHECK(refusal("{\"program\":\"" + std::string(5000, 'a') + "\"}") ==
          "f is damaged: a string longer than any record holds");
    // One token of 64 MiB: refused before the parser builds it.
    CHECK(refusal("{\"program\":\"" + std::string(64u << 20, 'a') + "\"}") ==
          "f is damaged: a string longer than any record holds");
    CHECK(refusal("{\"program\":\"" + std::string(32u << 20, '\\') + "\"}") ==
          "f is damaged: a string longer than any record holds");
    CHECK(refusal("{\"n\":" + std::string(64u << 20, '7') + "}") ==
          "f is damaged: a number longer than any record holds");
    CHECK(refusal("{\"n\":-" + std::string(41, '7') + "}") ==
          "f is damaged: a number longer than any record holds");
    // A NUL byte anywhere, also after the last brace or in a string.
    const std::string sound =
        nqueens::record_to_json(nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test"));
    CHECK(refusal(sound) == "accepted");
    CHECK(refusal(sound + std::string(1, '\0') + "junk") == "f is damaged: it holds a NUL byte");
    CHECK(refusal("{\"program\":\"a" + std::string(1, '\0') + "\"}") == "f is damaged: it holds a NUL byte");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    // A record claiming a larger plan than any n has is refused before use.
    auto big = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    big.plan_size = nqueens::max_plan_tasks + 1;
    CHECK(refusal(nqueens::record_to_json(big)) == "f: a plan of 363013 tasks, more than any n has (363012)");
}

TEST_CASE("a complete record of the largest plan fits the 64 MiB the programs read", "[checkpoint][json]")
{
    // max_plan_tasks tasks (more than n = 24's 302,800, the largest plan), every count at 2^128 - 1 (39
    // digits in quotes): 48,896,063 bytes, under apps/common's cap on a record file (64 MiB).
    auto r = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    r.n = 24;
    r.cut = nqueens::default_cut(24);
    r.plan_size = nqueens::max_plan_tasks;
    const nqueens::count128 most{~std::uint64_t{0}, ~std::uint64_t{0}};
    r.done.clear();
    r.counts.clear();
    for (std::size_t id = 0; id < r.plan_size; ++id) {
        r.done.push_back(id);
        r.counts.push_back({most, most, most});
    }
    r.sum = {most, most, most};
    r.seconds = nqueens::max_record_seconds;
    const std::string text = nqueens::record_to_json(r);
    CHECK(text.size() < std::size_t{64} << 20);
}

TEST_CASE("a record's seconds stay at their cap rather than make the record unreadable", "[checkpoint]")
{
    const nqueens::work_plan plan(8);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    b.add_seconds(nqueens::max_record_seconds - 1);
    b.add_seconds(10);
    CHECK(b.snapshot().seconds == nqueens::max_record_seconds);
    CHECK_NOTHROW(nqueens::record_from_json(nqueens::record_to_json(b.snapshot())));
    CHECK(nqueens::saturated_seconds(1, 2) == 3);
    CHECK(nqueens::saturated_seconds(0, -5) == 0);
}

TEST_CASE("a record's tasks begun are under the checksum, and a record at the limits fits 64 MiB",
          "[checkpoint][json]")
{
    const nqueens::work_plan plan(16);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    b.add_parts(4, 9, nqueens::part_range{2, 5}, {7, 0, 70});
    const std::string text = nqueens::record_to_json(b.snapshot());
    auto j = nlohmann::ordered_json::parse(text);
    REQUIRE(j["partial"] == nlohmann::ordered_json::parse("[[4,9,7,0,70,2,5]]"));
    j["partial"][0][2] = 8;  // another count for the parts
    CHECK(refusal(j.dump()) == "f is damaged: checksum mismatch");
    j["partial"][0] = {4, 9, 7, 0, 70, 2};
    CHECK(
        refusal(j.dump()) ==
        "f is damaged: \"partial\" holds something not [id, parts, total, distinct, nodes, begin, end, ...]");
    CHECK(refusal("{\"partial\":[1]}") == "f is damaged: \"partial\" is not a list of lists of numbers");
    CHECK(refusal("{\"partial\":[[[1]]]}") == "f is damaged: \"partial\" is not a list of lists of numbers");
    // A record without tasks begun has no "partial" and the checksum it had before.
    const nqueens::run_record empty = nqueens::make_record(plan, {}, "nqueens test");
    CHECK(nqueens::record_to_json(empty).find("partial") == std::string::npos);

    // The largest record: the largest plan all but max_partial_tasks done,
    // those begun with max_partial_ranges ranges in all, every number at its widest.
    auto r = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    r.n = 24;
    r.cut = nqueens::default_cut(24);
    r.plan_size = nqueens::max_plan_tasks;
    const std::uint64_t most = ~std::uint64_t{0};
    const std::size_t finished = r.plan_size - nqueens::max_partial_tasks;
    const std::size_t ranges = nqueens::max_partial_ranges / nqueens::max_partial_tasks;
    for (std::size_t id = 0; id < finished; ++id) {
        r.done.push_back(id);
        r.counts.push_back({most / r.plan_size, 0, most / r.plan_size});
        r.sum.total += most / r.plan_size;
        r.sum.nodes += most / r.plan_size;
    }
    for (std::size_t id = finished; id < r.plan_size; ++id) {
        nqueens::partial_task p{id, most, {}, {most, most, most}};
        for (std::size_t k = 0; k < ranges; ++k)
            p.done.push_back({most - 4 * (ranges - k), most - 4 * (ranges - k) + 2});
        r.partial.push_back(std::move(p));
    }
    r.seconds = nqueens::max_record_seconds;
    const std::string big = nqueens::record_to_json(r);
    CHECK(big.size() < std::size_t{64} << 20);
    const nqueens::run_record read = nqueens::record_from_json(big, "f");
    CHECK(read.partial.size() == nqueens::max_partial_tasks);
    CHECK(read.partial.back().done.size() == ranges);
    // One more begun task is refused.
    j = nlohmann::ordered_json::parse(big);
    j["partial"].push_back({0, 1, 0, 0, 0, 0, 1});
    CHECK(refusal(j.dump()) == "f is damaged: \"partial\" lists more tasks than any record holds");
}

TEST_CASE("a record whose counts pass 2^64 is written as layout version 4, read back whole and merged",
          "[checkpoint][json]")
{
    // The tasks of n = 12, each made 2^63 larger: as n >= 29's sums are, past 2^64.
    const nqueens::work_plan plan(12);
    const nqueens::count128 offset{std::uint64_t{1} << 63};
    const auto inflated = [&](nqueens::shard s) {
        nqueens::record_builder b(nqueens::make_record(plan, s, "nqueens test"));
        for (std::size_t id = 0; id < plan.size(); ++id) {
            if (!s.contains(id)) continue;
            nqueens::solution_counts c = plan.run(id);
            c.total += offset;
            b.add(id, c);
        }
        return b.snapshot();
    };
    REQUIRE(plan.size() >= 6);  // each half of the plan then passes 2^64
    const nqueens::run_record a = inflated({0, 2}), b = inflated({1, 2});
    REQUIRE_FALSE(a.sum.total.fits_64());
    const std::string text = nqueens::record_to_json(a);
    const auto j = nlohmann::ordered_json::parse(text);
    CHECK(j["format_version"] == 4);
    CHECK(j["total"] == to_string(a.sum.total));    // a string of digits
    CHECK(j["counts"][0][0].is_number_unsigned());  // each task's count still fits
    const nqueens::run_record back = nqueens::record_from_json(text, "f");
    CHECK(back.sum == a.sum);
    CHECK(back.counts == a.counts);
    // Shards merge to the exact sum, and Burnside's lemma applies past 2^64.
    const std::vector<nqueens::run_record> both = {a, b};
    const std::vector<std::string> names = {"a", "b"};
    const nqueens::merged_counts m = nqueens::merge_records(both, names);
    const nqueens::count128 want =
        nqueens::count128{nqueens::test::total(12)} + offset * static_cast<std::uint32_t>(plan.size());
    CHECK(m.sum.total == want);
    CHECK(to_string(m.sum.total) == to_string(want));
    CHECK(nqueens::work_plan(12, nqueens::count_mode::with_distinct).distinct_of(m.sum) ==
          nqueens::detail::distinct_by_burnside(12, want));

    // A string where layout version 3 has numbers is refused, even under a
    // good checksum (the version is not under it).
    auto older = j;
    older["format_version"] = 3;
    CHECK(refusal(older.dump()) == "f is damaged: \"total\" is not a whole number in range");
    auto junk = j;
    junk["total"] = "12x";
    CHECK(refusal(junk.dump()) == "f is damaged: \"total\" is not a whole number in range");
    junk = j;
    junk["counts"][0][0] = "0012";
    CHECK(refusal(junk.dump()) == "f is damaged: \"counts\" holds something not [total, distinct, nodes]");

    // A record that fits stays layout version 3, as the programs before write and read it.
    const auto fits = nqueens::test::finished_shard(plan, {0, 2});
    CHECK(nlohmann::ordered_json::parse(nqueens::record_to_json(fits))["format_version"] == 3);

    // A task's own count and a begun task's parts past 2^64 are strings too, and read back.
    nqueens::record_builder wide(nqueens::make_record(plan, {}, "nqueens test"));
    wide.add(0, {nqueens::count128{1, 5}, 0, nqueens::count128{2, 0}});
    wide.add_parts(1, 3, nqueens::part_range{0, 1}, {nqueens::count128{3, 1}, 0, 7});
    const std::string wide_text = nqueens::record_to_json(wide.snapshot());
    const auto w = nlohmann::ordered_json::parse(wide_text);
    CHECK(w["counts"][0][0] == to_string(nqueens::count128{1, 5}));
    CHECK(w["partial"][0][2] == to_string(nqueens::count128{3, 1}));
    const nqueens::run_record wide_back = nqueens::record_from_json(wide_text, "f");
    CHECK(wide_back.counts == wide.snapshot().counts);
    REQUIRE(wide_back.partial.size() == 1);
    CHECK(wide_back.partial[0].counts.total == nqueens::count128{3, 1});
    auto v3 = w;
    v3["format_version"] = 3;
    v3["total"] = 0;  // so that the string in "counts" is what is left
    CHECK(refusal(v3.dump()) ==
          "f is damaged: a count given as a string, which layout version 3 never writes");
    // Ids, parts and ranges stay 64-bit numbers.
    auto bad = w;
    bad["partial"][0][1] = to_string(nqueens::count128{1, 0});
    CHECK(
        refusal(bad.dump()) ==
        "f is damaged: \"partial\" holds something not [id, parts, total, distinct, nodes, begin, end, ...]");
}

TEST_CASE("a record that names its tasks' routes is layout version 5, the routes in runs under the checksum",
          "[checkpoint][json][routes]")
{
    const nqueens::work_plan plan(12);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    for (std::size_t id = 0; id < 6; ++id) b.add(id, plan.run(id), "fast:avx2");
    b.mark_checked(2, "check");
    const nqueens::run_record r = b.snapshot();
    const std::string text = nqueens::record_to_json(r);
    auto j = nlohmann::ordered_json::parse(text);
    CHECK(j["format_version"] == 5);
    CHECK(j["routes"] == nlohmann::ordered_json::parse(R"(["fast:avx2","check"])"));
    CHECK(j["how"] == nlohmann::ordered_json::parse("[[1,0,2],[1,2,1],[1,0,3]]"));
    const nqueens::run_record read = nqueens::record_from_json(text, "f");
    CHECK(read.routes == r.routes);
    CHECK(read.how == r.how);
    CHECK(nqueens::record_checksum(read) == nqueens::record_checksum(r));

    // The routes are under the checksum.
    auto edited = j;
    edited["how"][1][1] = 0;  // the check taken away
    CHECK(refusal(edited.dump()) == "f is damaged: checksum mismatch");
    edited = j;
    edited["routes"][1] = "fast:plain";
    CHECK(refusal(edited.dump()) == "f is damaged: checksum mismatch");
    // Runs that do not cover the finished tasks, or name no route it has.
    const auto with_how = [&](const char* how) {
        auto k = j;
        k["how"] = nlohmann::ordered_json::parse(how);
        return refusal(k.dump());
    };
    const std::string uncovered = "f is damaged: \"how\" does not give the routes of the finished tasks";
    CHECK(with_how("[[1,0,2],[1,2,1],[1,0,2]]") == uncovered);
    CHECK(with_how("[[1,0,2],[1,2,1],[1,0,4]]") == uncovered);
    CHECK(with_how("[[1,0,2],[1,2,0],[1,2,1],[1,0,3]]") == uncovered);
    CHECK(with_how("[[1,0,2],[1,99,1],[1,0,3]]") == uncovered);
    CHECK(with_how("[[1,0,2],[1,2],[1,0,3]]") ==
          "f is damaged: \"how\" holds something not [counted, checked, tasks]");
    CHECK(with_how("[[1,0,2],[1,2,\"1\"],[1,0,3]]") ==
          "f is damaged: \"how\" holds something not [counted, checked, tasks]");
    CHECK(with_how("[1]") == "f is damaged: \"how\" holds something not [counted, checked, tasks]");
    // Version 5 needs both fields; earlier versions know neither.
    auto v5 = j;
    v5.erase("how");
    CHECK(refusal(v5.dump()) == "f is damaged: no \"how\" field");
    v5 = j;
    v5.erase("routes");
    CHECK(refusal(v5.dump()) == "f is damaged: no \"routes\" field");
    auto v3 = j;
    v3["format_version"] = 3;
    CHECK(refusal(v3.dump()) == "f is damaged: unknown field \"routes\"");
    v3.erase("routes");
    CHECK(refusal(v3.dump()) == "f is damaged: unknown field \"how\"");

    // A record whose routes nobody knows stays version 3, as before.
    const auto plain = nqueens::test::finished_shard(plan, {});
    const auto p = nlohmann::ordered_json::parse(nqueens::record_to_json(plain));
    CHECK(p["format_version"] == 3);
    CHECK(!p.contains("routes"));
    CHECK(!p.contains("how"));
}

TEST_CASE("a record of the largest plan whose every task has other routes than the one before fits 64 MiB",
          "[checkpoint][json][routes]")
{
    // As the largest record above, each task's routes unlike its neighbours': one run a task.
    auto r = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    r.n = 24;
    r.cut = nqueens::default_cut(24);
    r.plan_size = nqueens::max_plan_tasks;
    // Counts nearly as wide as above (38 digits), whose sum still fits.
    const nqueens::count128 wide{~std::uint64_t{0} / (nqueens::max_plan_tasks + 1), ~std::uint64_t{0}};
    for (std::size_t k = 0; k < nqueens::max_routes; ++k) {
        r.routes.emplace_back(nqueens::max_route_name - 2, 'r');  // the longest names
        r.routes.back() += std::to_string(10 + k);
    }
    for (std::size_t id = 0; id < r.plan_size; ++id) {
        r.done.push_back(id);
        r.counts.push_back({wide, wide, wide});
        r.sum += r.counts.back();
        r.how.push_back({static_cast<std::uint8_t>(nqueens::max_routes - id % 2),
                         static_cast<std::uint8_t>(nqueens::max_routes - 1 + id % 2)});
    }
    r.seconds = nqueens::max_record_seconds;
    const std::string text = nqueens::record_to_json(r);
    CHECK(text.size() < std::size_t{64} << 20);
    const nqueens::run_record read = nqueens::record_from_json(text, "f");
    CHECK(read.how == r.how);
}
