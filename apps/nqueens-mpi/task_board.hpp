// SPDX-License-Identifier: BSL-1.0
// Rank 0's view of the tasks of nqueens-mpi: which are still to hand out, which rank holds which, and
// which counted tasks another rank counts again as a check.
#ifndef NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP
#define NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP

#include "common/run_record_keeper.hpp"

#include <nqueens/runtime/engine.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <random>
#include <span>
#include <string_view>
#include <vector>

namespace nqueens::app::mpi {

// A check of the counting ranks: the first task each rank reports, and
// about one in check_one_in of the tasks after it (drawn at random), is
// counted again by the check route (count_route::check, several times the
// fast route's time: docs/benchmarks.md), handed out before any new task,
// to another rank, or where a rank counts alone, to itself.
inline constexpr std::uint64_t check_one_in = 256;

// The tasks of a run that `keeper` still wants, handed out in this order:
// the tasks of written-off ranks; the checks due (each to a rank other
// than the one that counted the task, unless it counts alone; the ids
// marked by_check_route); new tasks, those begun by a run before first,
// then largest estimate first;
// once none is left, to an idle rank the oldest task still out with
// another rank, to rerun (each such task once).
//
// A task of more than one part that is large against the work still to
// hand out (its estimate above that work's over the entries the counting
// ranks keep in hand, 3 per thread: the end of a run) goes out in pieces,
// ranges of its parts of about that size, each to one rank and to a rank
// one piece of a task at a time: the ranks share it, and a job's last
// tasks do not run on one rank while the others wait.
class task_board {
public:
    // `plan` and `keeper` must outlive the board. Ranks 1 .. ranks - 1
    // count; `seed` draws the checks.
    task_board(const work_plan& plan, const run_record_keeper& keeper, int ranks, std::uint64_t seed);

    // The tasks this run counts.
    std::span<const std::size_t> tasks() const noexcept { return todo_; }

    // Appends up to `want` tasks for `rank` to `reply` (tag_work entries:
    // a task begun before comes with its parts counted, unless it is a
    // check or a rerun).
    void hand_out(int rank, std::size_t want, std::vector<std::uint64_t>& reply);
    // Whether parts `range` of task id are `rank`'s to count as a first
    // count: the task was last handed to it whole, or in a piece holding
    // that range. The parts it reports of it are the ones the record keeps.
    bool holds(int rank, std::size_t id, part_range range) const;
    // `rank` reported parts `range` of task id: they count against its
    // piece, which is no longer out once all its parts are in. Returns holds().
    bool parts_in(int rank, std::size_t id, part_range range);
    // `rank` runs this many counting threads (as its reports say).
    void threads_of(int rank, unsigned threads);
    // `rank` reported task `id` (call before counted_first);
    // std::runtime_error if there is no such task.
    void reported(int rank, std::size_t id);
    // `rank`'s report of `id` was its first count (the record takes it):
    // draws whether another rank counts it again.
    void counted_first(int rank, std::size_t id);
    // `rank` was written off: its unfinished tasks go out again, first, and
    // its checks to another rank. Returns how many unfinished tasks.
    std::size_t write_off(int rank);
    // A written-off rank reported again: it takes work again.
    void came_back(int rank);
    // `rank` said goodbye: it takes no more work.
    void gone(int rank);
    // Checks drawn and not yet in, that a rank still counting can do.
    bool checks_pending() const;
    // Checks handed out so far (whose results were or will be compared).
    std::size_t checks_handed_out() const noexcept { return checks_handed_out_; }

private:
    struct check {
        std::size_t id;
        int counted_by;
    };
    // A piece of a task out with a rank, and how many of its parts are not in.
    struct piece {
        std::size_t id;
        part_range range;
        int rank;
        std::uint64_t left;
    };
    // A task handed out in pieces: its parts not handed out yet.
    struct split {
        std::size_t id;
        std::vector<part_range> left;
    };
    // Work to hand out again (a written-off rank's): a whole task, or a piece (range not empty).
    struct again {
        std::size_t id;
        part_range range;
    };
    // Whether `rank` has a copy of task id or a piece of it out.
    bool busy(int rank, std::size_t id) const;
    // Whether a rank still counting has a piece of task id out.
    bool piece_out_with_counting(std::size_t id) const;
    // The estimate of task id's parts the record does not hold.
    double estimate_left(std::size_t id) const;
    // The work left to hand out over the entries the counting ranks keep
    // in hand (3 a thread): about what one entry should hold.
    double share() const;
    // Whether new task id goes out in pieces: it has parts, two ranks or
    // more count, and it is larger than share().
    bool to_split(std::size_t id) const;
    // The entries `rank` keeps in hand: 3 a thread.
    std::uint64_t entries_of(std::size_t rank) const;
    // Whether `rank` takes work (counting_), keeping counting_ranks_ and entries_.
    void set_counting(int rank, bool counting);
    // The index in pieces_ of `rank`'s piece of task id that holds `range`, or pieces_.size().
    std::size_t piece_holding(int rank, std::size_t id, part_range range) const;
    // The parts of task id not counted (not the record's) within `range`.
    std::vector<part_range> gaps(std::size_t id, part_range range) const;
    // The next piece of s for `rank` into `reply`; whether s has parts left.
    bool give_piece(int rank, split& s, std::vector<std::uint64_t>& reply);
    void give_range(int rank, std::size_t id, part_range range, std::vector<std::uint64_t>& reply);
    bool can_check(const check& c) const;
    // Whether no rank but `rank` is counting.
    bool counting_alone(int rank) const;
    // Whether `rank` (a holder_ or checker_ entry, -1 for none) is a rank
    // still counting: a copy out with it will report.
    bool out_with_counting(int rank) const;

    const work_plan& plan_;
    const run_record_keeper& keeper_;
    std::vector<std::size_t> todo_;   // largest estimate first
    std::size_t next_ = 0;            // todo_[next_] is the next new task
    std::vector<int> holder_;         // the rank a task was last handed to, or -1
    std::vector<int> checker_;        // the rank counting it again, or -1
    std::deque<std::size_t> out_;     // tasks handed out, oldest first
    std::deque<again> again_;         // the work of written-off ranks
    std::deque<split> splitting_;     // tasks handed out in pieces, with parts left to hand out
    std::vector<piece> pieces_;       // out, not all in
    double remaining_ = 0;            // the estimate of the work not handed out yet
    std::deque<check> checks_due_;    // drawn, not yet handed out
    std::vector<check> checking_;     // handed out, not yet reported
    std::vector<bool> counting_;      // by rank: takes work
    std::vector<bool> reported_;      // by rank: its first task is in
    std::vector<unsigned> threads_;   // by rank, as reported (0: not yet)
    std::size_t counting_ranks_ = 0;  // ranks that take work
    std::uint64_t entries_ = 0;       // the entries they keep in hand
    std::mt19937_64 random_;
    std::size_t checks_handed_out_ = 0;
};

// What take_parts did with parts a rank reported.
enum class parts_taken {
    ignored,   // not the rank's to count as a first count, or the task is finished
    recorded,  // the record keeps them, the task not finished
    finished,  // they were the task's last parts: the record has the task whole
};

// Parts `range` of task id (of `parts` parts), counted `c` by `rank`
// (whose fast route is named `route`): to `keeper` if they are the rank's
// to count (board.parts_in) and the task is not finished; where they finish
// it, the task goes in whole (keeper.add). std::runtime_error for parts
// that are not of the task, or that the record holds already.
parts_taken take_parts(task_board& board, run_record_keeper& keeper, const work_plan& plan, int rank,
                       std::size_t id, std::uint64_t parts, part_range range, const solution_counts& c,
                       std::string_view route);

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_TASK_BOARD_HPP
