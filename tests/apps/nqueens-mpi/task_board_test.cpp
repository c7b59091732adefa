// SPDX-License-Identifier: BSL-1.0
// apps/nqueens-mpi/task_board: rank 0's bookkeeping of nqueens-mpi without MPI, by simulated ranks: every
// task handed out and counted, checks by another rank (or a rank counting alone) by the check route at their
// stated rate, ranks written off (twice) and coming back, the count still exact.
#include "nqueens-mpi/task_board.hpp"
#include "nqueens-mpi/protocol.hpp"

#include "support/failures.hpp"
#include "support/oeis.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

namespace {

using nqueens::app::record_options;
using nqueens::app::run_record_keeper;
using nqueens::app::mpi::by_check_route;
using nqueens::app::mpi::check_one_in;
using nqueens::app::mpi::task_board;

std::vector<std::uint64_t> ask(task_board& board, int rank, std::size_t want)
{
    std::vector<std::uint64_t> reply;
    board.hand_out(rank, want, reply);
    return reply;
}

// A run of `plan` over `ranks` ranks: each counting rank keeps the ids it
// was given in a queue and reports them in order, as nqueens-mpi's workers
// do; what the board hands out and what the record takes are tallied.
struct simulated_run {
    const nqueens::work_plan& plan;
    run_record_keeper keeper;
    task_board board;
    std::vector<std::deque<std::uint64_t>> queue;  // ids as handed out, checks marked by_check_route
    std::vector<nqueens::solution_counts> counts;  // by task
    std::vector<int> first_counter;                // by task: the rank whose count the record took
    std::size_t seconds_counts = 0;                // reports of a task the record already held
    nqueens::test::failures wrong;

    simulated_run(const nqueens::work_plan& p, int ranks, std::uint64_t seed)
        : plan(p),
          keeper(record_options{}, p),
          board(p, keeper, ranks, seed),
          queue(static_cast<std::size_t>(ranks)),
          first_counter(p.size(), -1)
    {
        for (std::size_t id = 0; id < p.size(); ++id) counts.push_back(p.run(id));
    }

    std::size_t routed_checks = 0;  // ids handed out marked by_check_route

    void ask_for(int rank, std::size_t want)
    {
        for (const std::uint64_t word : ask(board, rank, want)) {
            if (word & by_check_route) ++routed_checks;
            queue[static_cast<std::size_t>(rank)].push_back(word);
        }
    }

    // `rank` reports the task at the head of its queue.
    void report(int rank)
    {
        auto& q = queue[static_cast<std::size_t>(rank)];
        if (q.empty()) return;
        const std::uint64_t word = q.front();
        q.pop_front();
        const std::size_t id = word & ~by_check_route;
        board.reported(rank, id);
        if (keeper.is_done(id)) {
            ++seconds_counts;
            // The same rank again only by the other route (a rank counting alone).
            wrong.check(first_counter[id] != rank || (word & by_check_route) != 0, "task ", id,
                        " counted twice by rank ", rank, " by one route");
            return;
        }
        keeper.add(id, counts[id], "fast:plain");
        first_counter[id] = rank;
        board.counted_first(rank, id);
    }
};

}  // namespace

TEST_CASE(
    "one counting rank gets every task once, largest estimate first, and checks its own by the check route",
    "[task_board]")
{
    const nqueens::work_plan plan(14);
    simulated_run run(plan, 2, 1);
    REQUIRE(run.board.tasks().size() == plan.size());
    std::vector<std::uint64_t> got;
    std::size_t checks = 0;
    for (;;) {
        const auto reply = ask(run.board, 1, 5);
        if (reply.empty()) break;
        REQUIRE(reply.size() <= 5);
        for (const std::uint64_t word : reply) {
            const std::size_t id = word & ~by_check_route;
            run.board.reported(1, id);
            if (word & by_check_route) {
                // A check: of a task this rank counted, by the other route.
                CHECK(run.keeper.is_done(id));
                ++checks;
                continue;
            }
            got.push_back(id);
            run.keeper.add(id, run.counts[id], "fast:plain");
            run.board.counted_first(1, id);
        }
    }
    CHECK(got.size() == plan.size());
    CHECK(std::set<std::uint64_t>(got.begin(), got.end()).size() == plan.size());
    for (std::size_t i = 1; i < got.size(); ++i) CHECK(plan.estimate(got[i - 1]) >= plan.estimate(got[i]));
    CHECK(run.keeper.complete());
    CHECK(checks >= 1);  // its first task at least
    CHECK(run.board.checks_handed_out() == checks);
    CHECK_FALSE(run.board.checks_pending());
}

TEST_CASE("each rank's first task is counted again by another rank, before any new task", "[task_board]")
{
    const nqueens::work_plan plan(14);
    simulated_run run(plan, 3, 7);
    run.ask_for(1, 1);
    run.ask_for(2, 1);
    const std::uint64_t first1 = run.queue[1].front();
    const std::uint64_t first2 = run.queue[2].front();
    run.report(1);
    run.report(2);
    CHECK(run.board.checks_pending());
    // Rank 1 is given rank 2's first task to count again, never its own.
    const auto reply1 = ask(run.board, 1, 1);
    REQUIRE(reply1.size() == 1);
    CHECK(reply1[0] == (first2 | by_check_route));
    const auto reply2 = ask(run.board, 2, 3);
    REQUIRE(!reply2.empty());
    CHECK(reply2[0] == (first1 | by_check_route));
    CHECK(std::count(reply2.begin(), reply2.end(), first2 | by_check_route) == 0);
    CHECK(run.board.checks_handed_out() == 2);
    // The checks are out until they are reported.
    CHECK(run.board.checks_pending());
    run.board.reported(1, first2);
    run.board.reported(2, first1);
    CHECK_FALSE(run.board.checks_pending());
}

TEST_CASE("about 1 in check_one_in tasks is checked, drawn across the whole run", "[task_board]")
{
    // n = 22's plan has tens of thousands of tasks: enough to see the rate.
    const nqueens::work_plan plan(22);
    const std::size_t tasks = plan.size();
    REQUIRE(tasks > 20000);
    std::vector<std::size_t> checked_per_seed;
    std::set<std::vector<std::uint64_t>> samples;
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
        const run_record_keeper keeper(record_options{}, plan);
        task_board board(plan, keeper, 3, seed);
        std::vector<std::uint64_t> checked;
        std::size_t last_half = 0;
        for (std::size_t i = 0; i < tasks; ++i) {
            const std::size_t id = board.tasks()[i];
            const int rank = 1 + static_cast<int>(i % 2);
            board.counted_first(rank, id);  // the record is not consulted for checks
            // The checks come first in a reply: as many as the board counts.
            const std::size_t before = board.checks_handed_out();
            const auto reply = ask(board, 3 - rank, 1);
            for (std::size_t k = 0; k < board.checks_handed_out() - before; ++k) {
                CHECK((reply[k] & by_check_route) != 0);
                checked.push_back(reply[k]);
                last_half += i >= tasks / 2 ? 1 : 0;
                board.reported(3 - rank, reply[k] & ~by_check_route);
            }
        }
        INFO("seed " << seed << ": " << checked.size() << " checks of " << tasks << " tasks, " << last_half
                     << " in the second half");
        const double expected = static_cast<double>(tasks) / check_one_in;
        CHECK(static_cast<double>(checked.size()) > 0.7 * expected);
        CHECK(static_cast<double>(checked.size()) < 1.3 * expected + 2);
        CHECK(static_cast<double>(last_half) > 0.3 * expected);  // not only the first tasks
        CHECK(board.checks_handed_out() == checked.size());
        samples.insert(checked);
    }
    CHECK(samples.size() == 3);  // each seed draws its own sample
}

TEST_CASE("a rank written off twice, coming back each time, leaves the count exact", "[task_board]")
{
    // Ranks 1..3 count; events drawn at random: a rank asks for work,
    // reports its next task, is written off (silent: it keeps its queue and
    // reports it later) or comes back. Every task must be counted, the
    // checks done by another rank, and the total be OEIS A000170.
    for (const std::uint64_t seed : {11u, 12u, 13u, 14u, 15u}) {
        INFO("seed " << seed);
        const nqueens::work_plan plan(14);
        simulated_run run(plan, 4, seed);
        std::mt19937_64 random(seed);
        std::vector<int> write_offs(4, 0);
        std::vector<bool> silent(4, false);
        std::size_t steps = 0;
        while (!(run.keeper.complete() && !run.board.checks_pending()) && steps < 200000) {
            ++steps;
            // Rank 1 is written off at a quarter and at half of the tasks.
            const std::size_t taken = static_cast<std::size_t>(std::count_if(
                run.first_counter.begin(), run.first_counter.end(), [](int r) { return r >= 0; }));
            if (!silent[1] && write_offs[1] < 2 && taken >= (write_offs[1] + 1) * plan.size() / 4) {
                silent[1] = true;
                ++write_offs[1];
                run.board.write_off(1);
            }
            const int rank = 1 + static_cast<int>(random() % 3);
            const auto u = static_cast<std::size_t>(rank);
            const auto event = random() % 20;
            if (silent[u]) {
                if (event == 0) {  // reports again
                    silent[u] = false;
                    run.board.came_back(rank);
                }
                continue;
            }
            if (event == 0 && write_offs[u] < 2 && std::count(silent.begin(), silent.end(), true) < 2) {
                silent[u] = true;
                ++write_offs[u];
                run.board.write_off(rank);
            } else if (event < 8) {
                if (run.queue[u].size() < 3) run.ask_for(rank, 3 - run.queue[u].size());
            } else {
                run.report(rank);
            }
        }
        NQUEENS_CHECK_NO_FAILURES(run.wrong);
        CHECK(run.keeper.complete());
        CHECK_FALSE(run.board.checks_pending());
        CHECK(write_offs[1] == 2);
        std::uint64_t sum = 0;
        for (std::size_t id = 0; id < plan.size(); ++id) sum += run.keeper.counts_of(id).total.to_u64();
        CHECK(sum == nqueens::test::total(14));
        CHECK(run.board.checks_handed_out() >= 3);  // each rank's first task at least
    }
}

TEST_CASE("a check whose only other rank is gone goes back to the rank that counted it, by the check route",
          "[task_board]")
{
    const nqueens::work_plan plan(12);
    simulated_run run(plan, 3, 5);
    run.ask_for(1, 1);
    const std::uint64_t first = run.queue[1].front();
    run.report(1);  // rank 1's first task: a check due, for rank 2 while it counts
    CHECK(run.board.checks_pending());
    const auto other = ask(run.board, 1, 1);  // a new task, not its own check while rank 2 counts
    REQUIRE(other.size() == 1);
    CHECK(other[0] != (first | by_check_route));
    const auto reply = ask(run.board, 2, 1);
    REQUIRE(reply.size() == 1);
    CHECK(reply[0] == (first | by_check_route));
    run.board.write_off(2);  // back to the ones due: rank 1 now counts alone
    CHECK(run.board.checks_pending());
    const auto again = ask(run.board, 1, 1);
    REQUIRE(again.size() == 1);
    CHECK(again[0] == (first | by_check_route));
    run.board.reported(1, first);
    CHECK_FALSE(run.board.checks_pending());
    run.board.gone(1);
    run.board.gone(2);
    CHECK_FALSE(run.board.checks_pending());
}

TEST_CASE("a check waits while a copy of its task is out, so that the copy's report is not taken for it",
          "[task_board]")
{
    const nqueens::work_plan plan(12);
    simulated_run run(plan, 3, 9);
    run.ask_for(1, plan.size());              // every task to rank 1
    const auto rerun = ask(run.board, 2, 1);  // nothing new: rank 2 reruns rank 1's oldest
    REQUIRE(rerun.size() == 1);
    const std::uint64_t x = rerun[0];
    CHECK((x & by_check_route) == 0);
    REQUIRE(run.queue[1].front() == x);
    run.report(1);  // rank 1's first count of x: a check due, while rank 2's rerun is out
    CHECK(run.board.checks_pending());
    for (const std::uint64_t word : ask(run.board, 2, 3)) CHECK(word != (x | by_check_route));
    run.board.reported(2, x);  // the rerun is in (equal): now the check goes out
    bool checked = false;
    for (const std::uint64_t word : ask(run.board, 2, 3)) checked = checked || word == (x | by_check_route);
    CHECK(checked);
}

TEST_CASE("a check does not wait for a copy of its task out with a rank that is gone", "[task_board]")
{
    const nqueens::work_plan plan(12);
    simulated_run run(plan, 3, 9);
    run.ask_for(1, plan.size());
    const auto rerun = ask(run.board, 2, 1);  // rank 2 reruns rank 1's oldest
    REQUIRE(rerun.size() == 1);
    const std::uint64_t x = rerun[0];
    run.report(1);      // rank 1's first count of x: a check due
    run.board.gone(2);  // rank 2, with its rerun of x, is not waited for
    CHECK(run.board.checks_pending());
    const auto reply = ask(run.board, 1, 3);  // rank 1, counting alone, checks x itself
    CHECK(std::count(reply.begin(), reply.end(), x | by_check_route) == 1);
}

TEST_CASE("a task begun goes out first, with the parts counted of it, and its holder is known",
          "[task_board]")
{
    using nqueens::app::mpi::read_begun;
    using nqueens::app::mpi::with_parts;
    // n = 15 by a cut whose tasks have 16 parts: parts 0 and 1, and 5, of
    // the last task are in the record.
    const nqueens::work_plan plan(
        15, nqueens::count_mode::total,
        nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 3, 2, 4, 0, true});
    const std::size_t last = plan.size() - 1;
    REQUIRE(plan.parts(last) >= 8);
    run_record_keeper keeper(record_options{}, plan);
    nqueens::work_plan::workspace ws;
    keeper.add_parts(last, plan.parts(last), {0, 2}, *plan.run_parts(last, 0, 2, {}, ws));
    keeper.add_parts(last, plan.parts(last), {5, 6}, *plan.run_parts(last, 5, 6, {}, ws));
    task_board board(plan, keeper, 3, 1);
    CHECK(board.tasks().front() == last);
    const std::vector<std::uint64_t> reply = ask(board, 2, 2);
    REQUIRE(reply.size() > 2);
    CHECK(reply[0] == (last | with_parts));
    std::size_t at = 1;
    const nqueens::partial_task p = read_begun(plan, last, reply.data(), reply.size(), at);
    const nqueens::partial_task* kept = keeper.begun(last);
    REQUIRE(kept != nullptr);
    CHECK(p.parts == kept->parts);
    CHECK(p.done == kept->done);
    CHECK(p.counts.total == kept->counts.total);
    CHECK(p.counts.nodes == kept->counts.nodes);
    // Then one plain id: two tasks, as asked.
    REQUIRE(at + 1 == reply.size());
    CHECK((reply[at] & with_parts) == 0);
    CHECK(board.holds(2, last, {2, 5}));
    CHECK_FALSE(board.holds(1, last, {2, 5}));
    // An entry cut short, or of parts the task lacks, is refused.
    CHECK_THROWS_AS(read_begun(plan, last, reply.data(), reply.size() - 2, at = 1), std::runtime_error);
    std::vector<std::uint64_t> wrong = reply;
    wrong[1] += 1;
    CHECK_THROWS_AS(read_begun(plan, last, wrong.data(), wrong.size(), at = 1), std::runtime_error);
}

namespace {

using nqueens::part_range;
using nqueens::app::mpi::as_piece;
using nqueens::app::mpi::parts_taken;
using nqueens::app::mpi::take_parts;

// n = 15 by a cut whose tasks have 16 parts each.
nqueens::work_plan plan_in_parts()
{
    return nqueens::work_plan(15, nqueens::count_mode::total,
                              nqueens::plan_cut{nqueens::plan_cut::method_kind::join, 0, 3, 2, 4, 0, true});
}

// An entry of a tag_work reply: a task (marked as sent), or a piece of one.
struct entry {
    std::uint64_t word;
    part_range range;  // empty: not a piece
};

std::vector<entry> entries_of(const std::vector<std::uint64_t>& reply)
{
    std::vector<entry> out;
    for (std::size_t at = 0; at < reply.size(); ++at) {
        const std::uint64_t word = reply[at];
        REQUIRE((word & nqueens::app::mpi::with_parts) == 0);  // no record before: none begun
        if (word & as_piece) {
            REQUIRE(at + 2 < reply.size());
            out.push_back({word & ~as_piece, {reply[at + 1], reply[at + 2]}});
            at += 2;
        } else {
            out.push_back({word, {}});
        }
    }
    return out;
}

// `rank` counts its piece e of task e.word part by part, as a worker
// reports them: what the record did with its last part.
parts_taken count_piece(const nqueens::work_plan& plan, task_board& board, run_record_keeper& keeper,
                        int rank, const entry& e, nqueens::work_plan::workspace& ws)
{
    parts_taken last = parts_taken::ignored;
    for (std::uint64_t k = e.range.begin; k < e.range.end; ++k)
        last = take_parts(board, keeper, plan, rank, e.word, plan.parts(e.word), {k, k + 1},
                          *plan.run_parts(e.word, k, k + 1, {}, ws), "fast:plain");
    return last;
}

}  // namespace

TEST_CASE(
    "the last tasks of a run go out in pieces shared by the ranks, one piece of a task to a rank at a "
    "time, and count exactly",
    "[task_board]")
{
    const nqueens::work_plan plan = plan_in_parts();
    REQUIRE(plan.parts(0) == 16);
    run_record_keeper keeper(record_options{}, plan);
    task_board board(plan, keeper, 3, 5);
    board.threads_of(1, 2);
    board.threads_of(2, 2);
    nqueens::work_plan::workspace ws;
    std::vector<std::deque<entry>> queue(3);
    std::size_t pieces = 0;
    std::set<std::size_t> shared;  // tasks with pieces counted by both ranks
    std::vector<int> piece_rank(plan.size(), 0);
    std::size_t turns = 0;
    for (bool busy = true; busy && turns < 100000; ++turns) {
        busy = false;
        for (int rank = 1; rank <= 2; ++rank) {
            auto& q = queue[static_cast<std::size_t>(rank)];
            for (const entry& e : entries_of(ask(board, rank, 6 - q.size()))) {
                const std::size_t id = e.word & ~by_check_route;
                // Never a second copy of a task a rank has in hand.
                CHECK(std::none_of(q.begin(), q.end(),
                                   [&](const entry& o) { return (o.word & ~by_check_route) == id; }));
                q.push_back(e);
            }
            if (q.empty()) continue;
            busy = true;
            const entry e = q.front();
            q.pop_front();
            const std::size_t id = e.word & ~by_check_route;
            if (e.range.begin != e.range.end) {
                ++pieces;
                if (piece_rank[id] != 0 && piece_rank[id] != rank) shared.insert(id);
                piece_rank[id] = rank;
                CHECK(board.holds(rank, id, e.range));
                CHECK_FALSE(board.holds(3 - rank, id, e.range));
                if (count_piece(plan, board, keeper, rank, e, ws) == parts_taken::finished)
                    board.counted_first(rank, id);
                CHECK_FALSE(board.holds(rank, id, e.range));  // all its parts are in
                continue;
            }
            board.reported(rank, id);
            if (keeper.is_done(id)) {
                CHECK(keeper.counts_of(id).total == plan.run(id).total);  // a check or a rerun
                continue;
            }
            keeper.add(id, plan.run(id), "fast:plain");
            board.counted_first(rank, id);
        }
    }
    CHECK(turns < 100000);
    REQUIRE(keeper.complete());
    CHECK(keeper.snapshot().sum.total == nqueens::test::total(15));
    CHECK(pieces > 0);
    CHECK_FALSE(shared.empty());
}

TEST_CASE(
    "the parts of a written-off rank's piece not in the record go out again as a piece, and its later parts "
    "are not taken",
    "[task_board]")
{
    const nqueens::work_plan plan = plan_in_parts();
    run_record_keeper keeper(record_options{}, plan);
    task_board board(plan, keeper, 3, 2);
    nqueens::work_plan::workspace ws;
    // Rank 1 counts whole tasks one at a time until it gets a piece.
    std::optional<entry> held;
    for (std::size_t i = 0; i < plan.size() && !held; ++i) {
        const std::vector<entry> got = entries_of(ask(board, 1, 1));
        REQUIRE(got.size() == 1);
        if (got[0].range.begin != got[0].range.end) {
            held = got[0];
            break;
        }
        const std::size_t id = got[0].word & ~by_check_route;
        board.reported(1, id);
        if (!keeper.is_done(id)) keeper.add(id, plan.run(id), "fast:plain");
    }
    REQUIRE(held);
    const std::size_t id = held->word;
    REQUIRE(held->range.end - held->range.begin >= 2);
    const std::uint64_t k = held->range.begin;
    CHECK(take_parts(board, keeper, plan, 1, id, plan.parts(id), {k, k + 1},
                     *plan.run_parts(id, k, k + 1, {}, ws), "fast:plain") == parts_taken::recorded);
    CHECK(board.write_off(1) >= 1);
    CHECK_FALSE(board.holds(1, id, {k + 1, k + 2}));
    // Rank 1's next part, after the write-off, is not the record's.
    CHECK(take_parts(board, keeper, plan, 1, id, plan.parts(id), {k + 1, k + 2},
                     *plan.run_parts(id, k + 1, k + 2, {}, ws), "fast:plain") == parts_taken::ignored);
    const std::vector<entry> again = entries_of(ask(board, 2, 1));
    REQUIRE(again.size() == 1);
    CHECK(again[0].word == id);
    CHECK(again[0].range == part_range{k + 1, held->range.end});
    CHECK(board.holds(2, id, again[0].range));
    // Parts outside its piece (some in the record) are not its to count; parts the task lacks are refused.
    CHECK(take_parts(board, keeper, plan, 2, id, plan.parts(id), {k, k + 2}, {}, "fast:plain") ==
          parts_taken::ignored);
    CHECK_THROWS_AS(
        take_parts(board, keeper, plan, 2, id, plan.parts(id), {0, plan.parts(id) + 1}, {}, "fast:plain"),
        std::runtime_error);
}

TEST_CASE("a piece entry of parts the task lacks, of all of them, or cut short is refused", "[task_board]")
{
    using nqueens::app::mpi::read_piece;
    const nqueens::work_plan plan = plan_in_parts();
    const std::uint64_t parts = plan.parts(3);
    const auto read = [&](std::vector<std::uint64_t> words) {
        std::size_t at = 1;
        return read_piece(plan, 3, words.data(), words.size(), at);
    };
    CHECK(read({3 | as_piece, 2, 5}) == part_range{2, 5});
    CHECK_THROWS_AS(read({3 | as_piece, 0, parts}), std::runtime_error);
    CHECK_THROWS_AS(read({3 | as_piece, 5, 5}), std::runtime_error);
    CHECK_THROWS_AS(read({3 | as_piece, 2, parts + 1}), std::runtime_error);
    CHECK_THROWS_AS(read({3 | as_piece, 2}), std::runtime_error);
}
