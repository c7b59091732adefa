// SPDX-License-Identifier: BSL-1.0
// Record files as JSON: format 3 names the mode and the cut, format 2 is read or refused, hostile files cost
// little.
#include "support/records.hpp"

#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/runtime/run_record_json.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>

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

TEST_CASE("a record of format 2 is read as the plan its number stood for, or refused with one line",
          "[checkpoint][json]")
{
    // Every n and mode: this program's own numbers map to its plans exactly.
    for (int n = 1; n <= 21; ++n) {
        for (const auto mode : {nqueens::count_mode::total, nqueens::count_mode::with_distinct}) {
            INFO("n = " << n << ", with distinct " << (mode == nqueens::count_mode::with_distinct));
            const nqueens::work_plan plan(n, mode);
            nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
            run_some(plan, b, n <= 12 ? plan.size() : 1);
            const auto r = b.snapshot();
            const auto back = nqueens::record_from_json(format_2_json(r, plan.version()), "f");
            CHECK(back.mode == plan.mode());
            CHECK(back.cut == plan.cut());
            CHECK(back.done == r.done);
            CHECK_NOTHROW(nqueens::check_record_matches(back, plan, {}, "f"));
            // Written again, it is format 3 and reads back the same.
            CHECK(nqueens::record_from_json(nqueens::record_to_json(back)).cut == plan.cut());
        }
    }
    // The numbers of task lists this program no longer has: n = 24 by the
    // symmetric search (1), n = 19 with fewer lead columns (2), n = 16 with
    // four tasks a band (2), n = 23 and 24 with bands of one and two rows (4, 8),
    // n = 20 with 6 lead columns and 21 with a band of one row (4), n = 27
    // with a band of three rows (8).
    for (const auto& [n, version, size] : {std::tuple{24, 1u, 58314u},
                                           {19, 2u, 320u},
                                           {16, 2u, 224u},
                                           {23, 4u, 363012u},
                                           {24, 8u, 270336u},
                                           {20, 4u, 5760u},
                                           {21, 4u, 22385u},
                                           {27, 8u, 222720u}}) {
        INFO("n = " << n);
        auto old = nqueens::make_record(nqueens::work_plan(n <= 16 ? n : 5), {}, "nqueens 0.0.9");
        old.n = n;
        old.plan_size = size;
        CHECK(refusal(format_2_json(old, version)) ==
              "f (layout version 2) uses sub-problem list version " + std::to_string(version) +
                  ", which this program no longer has for n = " + std::to_string(n) +
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
    CHECK(text.find("\"mode\":\"totals\",\"plan\":{\"method\":\"join\",\"band_rows\":2,"
                    "\"lead_columns\":0,\"task_lead_columns\":0},\"plan_size\":30,") != std::string::npos);
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
    CHECK(refusal(edit("\"task_lead_columns\":0}", "\"task_lead_columns\":0,\"x\":1}")) ==
          "f is damaged: unknown field \"x\"");
    CHECK(refusal(edit("\"lead_columns\":0", "\"lead_columns\":99")) ==
          "f is damaged: \"lead_columns\" is not a whole number in range");
    CHECK(refusal(edit("\"shard\":{", "\"shard\":{\"x\":1,")) == "f is damaged: unknown field \"x\"");
    CHECK(refusal(edit("\"program\":\"nqueens test\"", "\"program\":\"a\\nb\"")) ==
          "f is damaged: \"program\" is not a program's name");
    // A newer layout: one line naming the program that wrote it.
    CHECK(refusal(edit("\"format_version\":3", "\"format_version\":4")) ==
          "f has layout version 4, a newer program's ('nqueens test'); this program reads versions 2 and 3: "
          "finish it with the program that wrote it");
    CHECK(refusal(edit("\"format_version\":3", "\"format_version\":1"))
              .starts_with("f has layout version 1, an older program's ('nqueens test');"));
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
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    // A record claiming a larger plan than any n has is refused before use.
    auto big = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    big.plan_size = nqueens::max_plan_tasks + 1;
    CHECK(refusal(nqueens::record_to_json(big)) == "f: a plan of 363013 tasks, more than any n has (363012)");
}

TEST_CASE("a complete record of the largest plan fits the 64 MiB the programs read", "[checkpoint][json]")
{
    // max_plan_tasks tasks (more than n = 24's 302,800, the largest plan), every count at 2^64 - 1:
    // 26,026,205 bytes, under apps/common's cap on a record file (64 MiB).
    auto r = nqueens::make_record(nqueens::work_plan(8), {}, "nqueens test");
    r.n = 24;
    r.cut = nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 4, 11, 3};
    r.plan_size = nqueens::max_plan_tasks;
    const std::uint64_t most = ~std::uint64_t{0};
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
