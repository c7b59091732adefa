// SPDX-License-Identifier: BSL-1.0
// Checkpoint and shard records: resuming, merging, the JSON form and the files it refuses.
#include "support/oeis.hpp"
#include "support/records.hpp"

#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/merge.hpp>
#include <nqueens/runtime/run_record.hpp>
#include <nqueens/runtime/run_record_json.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using nqueens::test::finished_shard;
using nqueens::test::run_some;

}  // namespace

TEST_CASE("shard I/K holds the ids with id % K == I and the slices partition the plan", "[checkpoint]")
{
    constexpr nqueens::shard s{1, 3};
    STATIC_REQUIRE(s.contains(4));
    STATIC_REQUIRE(!s.contains(3));
    STATIC_REQUIRE(s.size(10) == 3);  // 1, 4, 7
    STATIC_REQUIRE(nqueens::shard{2, 3}.size(2) == 0);
    STATIC_REQUIRE(!nqueens::shard{3, 3}.valid());
    for (std::size_t size : {0u, 1u, 7u, 860u}) {
        std::size_t sum = 0;
        for (std::uint32_t i = 0; i < 7; ++i) sum += nqueens::shard{i, 7}.size(size);
        CHECK(sum == size);
    }
    CHECK(nqueens::to_string(nqueens::shard{}) == "all");
    CHECK(nqueens::to_string(nqueens::shard{2, 5}) == "2/5");
}

TEST_CASE("a count stopped part way and resumed from its JSON record gives the OEIS counts", "[checkpoint]")
{
    for (int n : {1, 4, 8, 11, 12}) {
        for (const auto mode : {nqueens::count_mode::total, nqueens::count_mode::with_distinct}) {
            INFO("n = " << n << ", distinct " << (mode == nqueens::count_mode::with_distinct));
            const nqueens::work_plan plan(n, mode);
            nqueens::record_builder first(nqueens::make_record(plan, {}, "nqueens test"));
            run_some(plan, first, plan.size() / 3);
            const std::string text = nqueens::record_to_json(first.snapshot());

            nqueens::run_record back = nqueens::record_from_json(text, "cp.json");
            nqueens::check_record_matches(back, plan, {}, "cp.json");
            CHECK(back.done.size() == plan.size() / 3);
            nqueens::record_builder second(back);
            run_some(plan, second, plan.size());
            const nqueens::run_record done = second.snapshot();
            CHECK(done.complete());
            CHECK(done.sum.total == nqueens::test::total(n));
            // The record keeps the tasks' sums; the plan turns a complete sum
            // into the distinct count (for the join's tasks, by Burnside).
            CHECK(plan.distinct_of(done.sum) ==
                  (plan.mode() == nqueens::count_mode::with_distinct ? nqueens::test::distinct(n) : 0));
            CHECK(back.mode == plan.mode());  // a record names the plan to build again
            CHECK(back.cut == plan.cut());
        }
    }
}

TEST_CASE("parallel_count() with include and on_task_done resumes to the OEIS count", "[checkpoint][engine]")
{
    const nqueens::work_plan plan(13, nqueens::count_mode::with_distinct);
    nqueens::record_builder b(nqueens::make_record(plan));
    run_some(plan, b, plan.size() / 2);
    nqueens::parallel_options o;
    o.threads = 2;
    o.include = [&](std::size_t id) { return !b.is_done(id); };
    o.on_task_done = [&](std::size_t id, const nqueens::solution_counts& t) { b.add(id, t); };
    const auto r = nqueens::parallel_count(plan, o);
    CHECK(!r.cancelled);
    CHECK(b.snapshot().complete());
    CHECK(b.sum().total == nqueens::test::total(13));
    CHECK(plan.distinct_of(b.sum()) == nqueens::test::distinct(13));
    CHECK(r.sum.distinct == 0);  // parallel_count() ran only a part of the plan
}

TEST_CASE("K merged shards equal the single count", "[checkpoint][merge]")
{
    const nqueens::work_plan plan(12, nqueens::count_mode::with_distinct);
    for (std::uint32_t k : {1u, 2u, 3u, 7u}) {
        INFO("K = " << k);
        std::vector<nqueens::run_record> records;
        std::vector<std::string> names;
        for (std::uint32_t i = 0; i < k; ++i) {
            records.push_back(
                nqueens::record_from_json(nqueens::record_to_json(finished_shard(plan, {i, k}))));
            names.push_back(std::string("s").append(std::to_string(i)).append(".json"));
        }
        const auto m = nqueens::merge_records(records, names);
        CHECK(m.sum.total == 14200);
        CHECK(plan.distinct_of(m.sum) == 1787);
        CHECK(m.tasks == plan.size());
    }
}

TEST_CASE("a checkpoint of a totals-only run does not resume a run with distinct", "[checkpoint]")
{
    const nqueens::work_plan totals(12);
    const nqueens::work_plan both(12, nqueens::count_mode::with_distinct);
    const auto r = finished_shard(totals, {});
    CHECK_NOTHROW(nqueens::check_record_matches(r, totals, {}, "cp"));
    CHECK_THROWS_WITH(nqueens::check_record_matches(r, both, {}, "cp"),
                      "cp was made counting totals only; this run is counting distinct solutions too");
    CHECK_THROWS_WITH(nqueens::check_record_matches(finished_shard(both, {}), totals, {}, "cp"),
                      "cp was made counting distinct solutions too; this run is counting totals only");
}

TEST_CASE("merge reports missing, duplicated, unfinished and foreign shards", "[checkpoint][merge]")
{
    const nqueens::work_plan plan(10);
    const auto s0 = finished_shard(plan, {0, 3});
    const auto s1 = finished_shard(plan, {1, 3});
    const auto s2 = finished_shard(plan, {2, 3});
    using Catch::Matchers::Contains;
    using Catch::Matchers::Message;
    const std::vector<std::string> names = {"a", "b", "c", "d"};

    std::vector<nqueens::run_record> v = {s0, s2};
    CHECK_THROWS_MATCHES(nqueens::merge_records(v, names), nqueens::record_error,
                         Message("missing shard 1/3"));
    v = {s0, s1, s1, s2};
    CHECK_THROWS_MATCHES(nqueens::merge_records(v, names), nqueens::record_error,
                         Message("shard 1/3 given 2 times: b, c"));
    v = {s0, s2, s2};
    CHECK_THROWS_MATCHES(nqueens::merge_records(v, names), nqueens::record_error,
                         Message("shard 2/3 given 2 times: b, c; missing shard 1/3"));
    auto foreign = finished_shard(nqueens::work_plan(11), {1, 3});
    v = {s0, foreign, s2};
    CHECK_THROWS_WITH(nqueens::merge_records(v, names), Contains("foreign shard: b is for n = 11"));
    v = {s0, finished_shard(plan, {1, 4}), s2};
    CHECK_THROWS_WITH(nqueens::merge_records(v, names), Contains("different numbers of shards"));
    // Records of the same cut and size mean the same tasks, whichever
    // program (or version) wrote them.
    auto other = s1;
    other.program = "nqueens 9.9";
    v = {s0, other, s2};
    CHECK(nqueens::merge_records(v, names).sum.total == s0.sum.total + s1.sum.total + s2.sum.total);
    auto recut =
        finished_shard(nqueens::work_plan(10, nqueens::count_mode::total,
                                          {nqueens::plan_cut::method_kind::join, 0, 2, 2, 2, 2, false}),
                       {1, 3});
    v = {s0, recut, s2};
    CHECK_THROWS_WITH(nqueens::merge_records(v, names),
                      Contains("foreign shard: b and a use different sub-problem lists"));
    auto part = s1;
    part.done.pop_back();
    part.counts.pop_back();
    part.sum = {};
    for (const nqueens::solution_counts& c : part.counts) part.sum += c;
    v = {s0, part, s2};
    CHECK_THROWS_WITH(nqueens::merge_records(v, names), Contains("b (shard 1/3) is unfinished"));
    v = {};
    CHECK_THROWS_AS(nqueens::merge_records(v, names), nqueens::record_error);
}

TEST_CASE("a record for another n, cut, size or shard does not match the run", "[checkpoint]")
{
    const nqueens::work_plan plan(12);
    const auto r = nqueens::make_record(plan);
    CHECK_NOTHROW(nqueens::check_record_matches(r, plan, {}, "cp"));
    CHECK_THROWS_WITH(nqueens::check_record_matches(r, nqueens::work_plan(13), {}, "cp"),
                      "cp is for n = 12, not n = 13");
    auto v = r;
    v.cut.lead_columns = 2;
    CHECK_THROWS_WITH(
        nqueens::check_record_matches(v, plan, {}, "cp"),
        "cp cuts n = 12 by the join (2 band rows, 2 per task; 2 lead columns, 0 per task), not by the join "
        "(2 band rows, 2 per task; 0 lead columns, 0 per task)");
    v = r;
    v.cut = {nqueens::plan_cut::method_kind::join, 0, 2, 2, 0, 0, true};
    CHECK_THROWS_WITH(
        nqueens::check_record_matches(v, plan, {}, "cp"),
        "cp cuts n = 12 by the join (2 band rows, 2 per task; 0 lead columns, 0 per task; shared "
        "tops), which this program cannot count (tops are shared only where a task fixes part of its "
        "band): finish it with '', the program that wrote it");
    v = r;
    v.cut = {nqueens::plan_cut::method_kind::symmetric, 3, 0, 0, 0, 0, false};
    CHECK_THROWS_WITH(nqueens::check_record_matches(v, plan, {}, "cp"),
                      Catch::Matchers::Contains("cp cuts n = 12 by the symmetric search (3 rows per task)"));
    v = r;
    v.plan_size += 1;
    CHECK_THROWS_AS(nqueens::check_record_matches(v, plan, {}, "cp"), nqueens::record_error);
    CHECK_THROWS_WITH(nqueens::check_record_matches(r, plan, {1, 2}, "cp"),
                      "cp is for shard all, not shard 1/2");
}

TEST_CASE("a record of a cut other than the program's own matches the plan of its cut, and only that",
          "[checkpoint]")
{
    // 0.1.0's cuts of n = 20 and 21 (6 and 12 lead columns, a band of one
    // row at n = 21), which the defaults have left: a run takes the
    // record's cut (apps: run_cut) and its plan matches the record.
    using nqueens::plan_cut;
    struct old_cut {
        int n;
        plan_cut cut;
        std::size_t plan_size;
        const char* refusal;
    };
    for (const old_cut& c :
         {old_cut{
              20,
              {plan_cut::method_kind::join, 0, 2, 2, 6, 6, false},
              5760,
              "cp cuts n = 20 by the join (2 band rows, 2 per task; 6 lead columns, 6 per task), not by the "
              "join (2 band rows, 2 per task; 4 lead columns, 4 per task)"},
          old_cut{21,
                  {plan_cut::method_kind::join, 0, 1, 1, 12, 12, false},
                  22385,
                  "cp cuts n = 21 by the join (1 band row, 1 per task; 12 lead columns, 12 per task), not by "
                  "the join (3 band rows, 3 per task; 0 lead columns, 0 per task)"}}) {
        INFO("n = " << c.n);
        const nqueens::work_plan own(c.n, nqueens::count_mode::total, c.cut);
        CHECK(own.size() == c.plan_size);
        auto old = nqueens::make_record(own, {}, "nqueens 0.1.0");
        CHECK_NOTHROW(nqueens::check_record_matches(old, own, {}, "cp"));
        CHECK_THROWS_WITH(nqueens::check_record_matches(old, nqueens::work_plan(c.n), {}, "cp"), c.refusal);
    }
    // A cut no plan of this program has: refused in one line, naming it and the writer.
    const nqueens::work_plan plan(20);
    auto later = nqueens::make_record(plan, {}, "nqueens 9.9");
    later.cut = {plan_cut::method_kind::join, 0, 4, 2, 20, 0, false};
    CHECK_THROWS_WITH(
        nqueens::check_record_matches(later, plan, {}, "cp"),
        "cp cuts n = 20 by the join (4 band rows, 2 per task; 20 lead columns, 0 per task), which "
        "this program cannot count (its lead columns outnumber the rows below the band): finish it "
        "with 'nqueens 9.9', the program that wrote it");
    CHECK_THROWS_WITH(nqueens::check_countable(later, "cp"),
                      Catch::Matchers::StartsWith("cp cuts n = 20 by the join (4 band rows"));
}

TEST_CASE("damaged record files are refused with one sentence", "[checkpoint][json]")
{
    const nqueens::work_plan plan(11);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    run_some(plan, b, 5);
    const nqueens::run_record good = b.snapshot();
    const std::string text = nqueens::record_to_json(good);
    REQUIRE_NOTHROW(nqueens::record_from_json(text, "f"));

    auto refused = [](const std::string& t, const std::string& why) {
        INFO(t);
        CHECK_THROWS_MATCHES(nqueens::record_from_json(t, "f"), nqueens::record_error,
                             Catch::Matchers::Message("f " + why) || Catch::Matchers::Message("f: " + why));
    };
    refused("", "is damaged: not valid JSON");
    refused(text.substr(0, text.size() / 2), "is damaged: not valid JSON");
    refused("[1,2]", "is damaged: not a JSON object");
    refused("{\"format\":\"other\"}", "is not an nqueens checkpoint or shard file");

    auto edit = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        REQUIRE(at != std::string::npos);
        t.replace(at, from.size(), to);
        return t;
    };
    refused(edit("\"total\":" + to_string(good.sum.total), "\"total\":" + to_string(good.sum.total + 1)),
            "is damaged: checksum mismatch");
    refused(edit("\"nodes\":", "\"nodez\":"), "is damaged: unknown field \"nodez\"");
    refused(edit("\"distinct\":0,", ""), "is damaged: no \"distinct\" field");
    refused(edit("\"distinct\":0,", "\"distinct\":0,\"distinct\":0,"),
            "is damaged: \"distinct\" is given twice");
    refused(edit("\"n\":11", "\"n\":\"11\""), "is damaged: \"n\" is not a whole number in range");
    refused(edit("\"done\":[", "\"done\":[-1,"), "is damaged: \"done\" holds something not a task id");
    refused(edit("\"checksum\":\"fnv1a64:", "\"checksum\":\"fnv1a64:0"), "is damaged: checksum mismatch");

    // Records whose checksum is right but whose content is not.
    auto bad = good;
    bad.done.push_back(plan.size() + 3);
    refused(nqueens::record_to_json(bad), "task id " + std::to_string(plan.size() + 3) +
                                              " is out of range (the plan has " +
                                              std::to_string(plan.size()) + " tasks)");
    bad = good;
    bad.done.push_back(bad.done.back());
    refused(nqueens::record_to_json(bad), "task id " + std::to_string(good.done.back()) + " is listed twice");
    bad = good;
    bad.slice = {1, 2};
    refused(nqueens::record_to_json(bad), "task id 0 is not in shard 1/2");
    bad = good;
    bad.n = 40;
    refused(nqueens::record_to_json(bad), "n = 40 is outside 1..32");
    // A total changed with the checksum redone (a forgery of the total
    // alone): the tasks' own counts give it away.
    bad = good;
    bad.sum.total += 1;
    const auto t = to_string(good.sum.total), d = to_string(good.sum.distinct), k = to_string(good.sum.nodes);
    refused(nqueens::record_to_json(bad), "its per-task counts add up to " + t + " solutions, " + d +
                                              " distinct, " + k + " nodes, not the totals it gives (" +
                                              to_string(good.sum.total + 1) + ", " + d + ", " + k + ")");
    bad = good;
    bad.counts.pop_back();
    refused(nqueens::record_to_json(bad), "4 per-task counts for 5 finished tasks");
    bad = good;
    bad.seconds = -1;
    refused(nqueens::record_to_json(bad), "\"seconds\" is not a time between 0 and 1e12 seconds");
}

TEST_CASE("record_builder refuses a task twice or outside its shard", "[checkpoint]")
{
    const nqueens::work_plan plan(9);
    nqueens::record_builder b(nqueens::make_record(plan, {0, 2}));
    b.add(0, plan.run(0));
    CHECK_THROWS_AS(b.add(0, plan.run(0)), nqueens::record_error);
    CHECK_THROWS_AS(b.add(1, plan.run(1)), nqueens::record_error);
    CHECK_THROWS_AS(b.add(plan.size() + 2, {}), nqueens::record_error);
    CHECK(b.tasks_done() == 1);
}

TEST_CASE("a record claiming more than max_shards shards is refused, not allocated for",
          "[checkpoint][merge]")
{
    const nqueens::work_plan plan(8);
    auto huge = nqueens::make_record(plan, {0, 4000000000u}, "nqueens test");
    const std::string text = nqueens::record_to_json(huge);  // a valid checksum
    CHECK_THROWS_MATCHES(
        nqueens::record_from_json(text, "f"), nqueens::record_error,
        Catch::Matchers::Message("f: shard 0/4000000000 is cut into more than 1000000 shards"));
    const std::vector<nqueens::run_record> v = {huge};
    const std::vector<std::string> names = {"f"};
    CHECK_THROWS_AS(nqueens::merge_records(v, names), nqueens::record_error);

    // The most shards allowed: the missing ones are counted, not all listed.
    const std::vector<nqueens::run_record> one = {finished_shard(plan, {5, nqueens::max_shards})};
    try {
        nqueens::merge_records(one, names);
        FAIL("merge of 1 of 1000000 shards succeeded");
    } catch (const nqueens::record_error& e) {
        const std::string what = e.what();
        CHECK(
            what.starts_with("missing shards 0/1000000, 1/1000000, 2/1000000, 3/1000000, 4/1000000, "
                             "6/1000000,"));
        CHECK(what.ends_with(" and 999979 more"));
        CHECK(what.size() < 400);
    }
}

TEST_CASE("record_builder keeps the parts counted of a task begun, merged, until the task finishes",
          "[checkpoint]")
{
    const nqueens::work_plan plan(16);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    using range = nqueens::part_range;
    b.add_parts(3, 10, range{4, 6}, {5, 0, 50});
    b.add_parts(3, 10, range{0, 2}, {1, 0, 10});
    b.add_parts(3, 10, range{2, 4}, {2, 0, 20});  // touches both: one range 0 to 5
    b.add_parts(7, 4, range{1, 2}, {9, 0, 90});
    REQUIRE(b.begun(3) != nullptr);
    CHECK(b.begun(3)->done == std::vector<range>{{0, 6}});
    CHECK(b.begun(3)->counts == nqueens::solution_counts{8, 0, 80});
    CHECK(b.begun(5) == nullptr);
    CHECK(b.tasks_begun() == 2);
    // Overlapping, past the end, in another number of parts, or the last parts left: refused, nothing kept.
    CHECK_THROWS_AS(b.add_parts(3, 10, range{5, 7}, {}), nqueens::record_error);
    CHECK_THROWS_AS(b.add_parts(3, 10, range{9, 11}, {}), nqueens::record_error);
    CHECK_THROWS_AS(b.add_parts(3, 12, range{8, 9}, {}), nqueens::record_error);
    CHECK_THROWS_AS(b.add_parts(3, 10, range{6, 10}, {}), nqueens::record_error);
    CHECK_THROWS_AS(b.add_parts(9, 1, range{0, 1}, {}), nqueens::record_error);
    CHECK(b.begun(9) == nullptr);
    CHECK(b.begun(3)->counts == nqueens::solution_counts{8, 0, 80});

    nqueens::run_record r = b.snapshot();
    REQUIRE(r.partial.size() == 2);
    CHECK(r.partial[0].id == 3);
    CHECK(r.partial[1].id == 7);
    CHECK(r.sum == nqueens::solution_counts{});
    nqueens::check_record(r);
    // The JSON keeps them, under the checksum; a builder started from it has them.
    const nqueens::run_record back = nqueens::record_from_json(nqueens::record_to_json(r), "f");
    REQUIRE(back.partial.size() == 2);
    CHECK(back.partial[0].done == r.partial[0].done);
    CHECK(back.partial[1].counts == r.partial[1].counts);
    nqueens::record_builder again(back);
    CHECK(again.begun(7)->parts == 4);
    // A task that finishes leaves the parts behind: its whole count replaces them.
    again.add(3, {11, 0, 110});
    CHECK(again.begun(3) == nullptr);
    CHECK(again.snapshot().partial.size() == 1);
    CHECK(again.sum() == nqueens::solution_counts{11, 0, 110});
}

TEST_CASE("a record's tasks begun are checked: in range, in order, not finished, parts in order",
          "[checkpoint]")
{
    const nqueens::work_plan plan(16);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    b.add(2, plan.run(2));
    b.add_parts(5, 8, nqueens::part_range{1, 3}, {1, 0, 1});
    const nqueens::run_record good = b.snapshot();
    const auto refusal = [](const nqueens::run_record& r) -> std::string {
        try {
            nqueens::check_record(r, "f");
        } catch (const nqueens::record_error& e) {
            return e.what();
        }
        return "accepted";
    };
    CHECK(refusal(good) == "accepted");
    auto r = good;
    r.partial[0].id = 2;
    CHECK(refusal(r) == "f: begun task 2 is listed as finished too");
    r = good;
    r.partial[0].id = 56;
    CHECK(refusal(r) == "f: begun task 56 is out of range (the plan has 56 tasks)");
    r = good;
    r.partial.push_back(r.partial[0]);
    CHECK(refusal(r) == "f: begun tasks are not in increasing order, or one is listed twice");
    r = good;
    r.partial[0].done = {{1, 3}, {3, 4}};
    CHECK(refusal(r) == "f: begun task 5 lists parts out of order, overlapping or beyond its 8");
    r = good;
    r.partial[0].done = {{0, 8}};
    CHECK(refusal(r) == "f: begun task 5 lists every part: it is finished, not begun");
    r = good;
    r.partial[0].done.clear();
    CHECK(refusal(r) == "f: begun task 5 lists no parts");
    // The plan's own number of parts, when the record is matched to a run.
    r = good;
    CHECK_THROWS_WITH(nqueens::check_record_matches(r, plan, {}, "f"),
                      "f splits task 5 into 8 parts; this program's plan has 1");
}

TEST_CASE("record_builder keeps the route that counted each task and the one that checked it",
          "[checkpoint][routes]")
{
    const nqueens::work_plan plan(12);
    REQUIRE(plan.size() > nqueens::max_routes);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    b.add(3, plan.run(3), "fast:avx2");
    b.add(1, plan.run(1), "fast:plain");
    b.add(5, plan.run(5));  // a route not known
    b.mark_checked(3, "check");
    CHECK_THROWS_AS(b.mark_checked(4, "check"), nqueens::record_error);  // not finished
    CHECK_THROWS_AS(b.add(6, plan.run(6), "Fast AVX"), nqueens::record_error);
    CHECK(!b.is_done(6));  // refused whole
    const nqueens::run_record r = b.snapshot();
    REQUIRE(r.done == std::vector<std::size_t>{1, 3, 5});
    CHECK(r.routes == std::vector<std::string>{"fast:avx2", "fast:plain", "check"});
    CHECK(r.how == std::vector<nqueens::task_routes>{{2, 0}, {1, 3}, {0, 0}});
    CHECK_NOTHROW(nqueens::check_record(r));

    // Resumed, the routes stay with their tasks.
    nqueens::record_builder again(r);
    CHECK(again.how_of(3) == nqueens::task_routes{1, 3});
    again.add(0, plan.run(0), "check");
    CHECK(again.snapshot().how.front() == nqueens::task_routes{3, 0});
    // A rerun by the counting route does not hide the check by another;
    // a check by another route replaces one by the same.
    again.mark_checked(3, "fast:avx2");
    CHECK(again.how_of(3) == nqueens::task_routes{1, 3});
    again.mark_checked(1, "fast:plain");
    CHECK(again.how_of(1) == nqueens::task_routes{2, 2});
    again.mark_checked(1, "check");
    CHECK(again.how_of(1) == nqueens::task_routes{2, 3});

    // A record whose tasks' routes nobody knows names none.
    nqueens::record_builder unknown(nqueens::make_record(plan, {}, "nqueens test"));
    unknown.add(2, plan.run(2));
    CHECK(unknown.snapshot().routes.empty());
    CHECK(unknown.snapshot().how.empty());

    // At most max_routes names.
    nqueens::record_builder many(nqueens::make_record(plan, {}, "nqueens test"));
    for (std::size_t id = 0; id < nqueens::max_routes; ++id) {
        std::string name = "r";  // piece by piece: GCC 12 warns falsely of "r" + std::to_string(id)
        name += std::to_string(id);
        many.add(id, {}, name);
    }
    CHECK_THROWS_AS(many.add(nqueens::max_routes, {}, "one-more"), nqueens::record_error);
    many.add(nqueens::max_routes, {}, "r0");  // a name it holds
}

TEST_CASE("a record's routes are checked: names valid and distinct, one entry a task, indexes in range",
          "[checkpoint][routes]")
{
    const nqueens::work_plan plan(12);
    nqueens::record_builder b(nqueens::make_record(plan, {}, "nqueens test"));
    b.add(0, plan.run(0), "fast:avx2");
    b.add(1, plan.run(1), "fast:avx2");
    const nqueens::run_record good = b.snapshot();
    const auto refusal = [](const nqueens::run_record& r) {
        try {
            nqueens::check_record(r, "f");
        } catch (const nqueens::record_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refusal(good) == "accepted");
    auto r = good;
    r.routes = {"FAST"};
    CHECK(refusal(r) == "f: route 1 has no valid name");
    r.routes = {"fast:avx2", "fast:avx2"};
    CHECK(refusal(r) == "f: route \"fast:avx2\" is named twice");
    r = good;
    r.how.pop_back();
    CHECK(refusal(r) == "f: 1 tasks' routes for 2 finished tasks and 1 routes");
    r = good;
    r.routes.clear();
    CHECK(refusal(r) == "f: 2 tasks' routes for 2 finished tasks and 0 routes");
    r = good;
    r.how[1].checked = 2;
    CHECK(refusal(r) == "f: a task's route is not one of the 1 it names");
    r = good;
    r.routes.assign(nqueens::max_routes + 1, "x");
    CHECK(refusal(r) == "f: more than 16 routes");

    // mark_checked on a record: how is filled in where the record had none.
    auto plain = nqueens::test::finished_shard(plan, {1, 4});
    REQUIRE(plain.how.empty());
    nqueens::mark_checked(plain, 2, "check");
    CHECK(plain.routes == std::vector<std::string>{"check"});
    REQUIRE(plain.how.size() == plain.done.size());
    CHECK(plain.how[2] == nqueens::task_routes{0, 1});
    CHECK(plain.how[1] == nqueens::task_routes{});
    CHECK_THROWS_AS(nqueens::mark_checked(plain, plain.done.size(), "check"), std::out_of_range);
}

TEST_CASE("tally_routes adds up the tasks each route counted and checked across records",
          "[checkpoint][routes][merge]")
{
    const nqueens::work_plan plan(12);
    nqueens::record_builder a(nqueens::make_record(plan, {0, 3}, "nqueens test"));
    nqueens::record_builder b(nqueens::make_record(plan, {1, 3}, "nqueens test"));
    for (std::size_t id = 0; id < plan.size(); ++id) {
        if (id % 3 == 0) a.add(id, plan.run(id), id < 6 ? "fast:plain" : "fast:avx2");
        if (id % 3 == 1) b.add(id, plan.run(id), "fast:avx2");
    }
    a.mark_checked(0, "check");
    b.mark_checked(1, "check");
    b.mark_checked(4, "fast:avx512");
    const std::vector<nqueens::run_record> records = {a.snapshot(), b.snapshot(),
                                                      nqueens::test::finished_shard(plan, {2, 3})};
    const nqueens::route_tally t = nqueens::tally_routes(records);
    const std::size_t third = nqueens::shard{2, 3}.size(plan.size());
    CHECK(t.counted == std::map<std::string, std::size_t>{
                           {"fast:plain", 2}, {"fast:avx2", plan.size() - third - 2}, {"unrecorded", third}});
    CHECK(t.checked == std::map<std::string, std::size_t>{{"check", 2}, {"fast:avx512", 1}});
    CHECK(t.checked_tasks == 3);
}
