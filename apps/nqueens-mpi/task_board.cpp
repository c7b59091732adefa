// SPDX-License-Identifier: BSL-1.0
// Handing out the tasks of nqueens-mpi: new ones, those of written-off ranks, checks, and reruns by idle
// ranks.
#include "nqueens-mpi/task_board.hpp"

#include "nqueens-mpi/protocol.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace nqueens::app::mpi {

task_board::task_board(const work_plan& plan, const run_record_keeper& keeper, int ranks, std::uint64_t seed)
    : keeper_(keeper),
      holder_(plan.size(), -1),
      checker_(plan.size(), -1),
      counting_(static_cast<std::size_t>(std::max(ranks, 1)), true),
      reported_(counting_.size(), false),
      random_(seed)
{
    counting_[0] = false;  // rank 0 hands out, it does not count
    for (std::size_t id = 0; id < plan.size(); ++id)
        if (keeper.wanted(id)) todo_.push_back(id);
    std::stable_sort(todo_.begin(), todo_.end(),
                     [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
    // Tasks begun by a run before first, as nqueens count takes them, so that a record holds few of them.
    std::stable_partition(todo_.begin(), todo_.end(),
                          [&](std::size_t id) { return keeper.begun(id) != nullptr; });
}

void task_board::hand_out(int rank, std::size_t want, std::vector<std::uint64_t>& reply)
{
    // Entries, not words: a task begun takes more than one.
    std::size_t given = 0;
    const auto room = [&] { return given < want; };
    auto give = [&](std::size_t id) {
        if (const partial_task* p = keeper_.begun(id))
            append_begun(reply, *p);
        else
            reply.push_back(id);
        ++given;
        holder_[id] = rank;
        out_.push_back(id);
    };
    while (room() && !again_.empty()) {
        const std::size_t id = again_.front();
        again_.pop_front();
        if (!keeper_.is_done(id)) give(id);
    }
    for (auto c = checks_due_.begin(); room() && c != checks_due_.end();) {
        // Another rank's node where there is one; by the other route always;
        // and only once no copy of the task is out with a rank still
        // counting (a rerun, or the first holder still at it), whose report
        // would be taken for the check's.
        if ((c->counted_by == rank && !counting_alone(rank)) || out_with_counting(holder_[c->id]) ||
            out_with_counting(checker_[c->id])) {
            ++c;
            continue;
        }
        reply.push_back(c->id | by_check_route);
        ++given;
        checker_[c->id] = rank;
        checking_.push_back(*c);
        ++checks_handed_out_;
        c = checks_due_.erase(c);
    }
    while (room() && next_ < todo_.size()) give(todo_[next_++]);
    if (!room()) return;
    // Nothing new: rerun the oldest tasks still out with other ranks
    // (dropping the finished ones from out_ on the way).
    std::deque<std::size_t> still_out;
    for (const std::size_t id : out_) {
        if (keeper_.is_done(id)) continue;
        still_out.push_back(id);
        if (room() && checker_[id] < 0 && holder_[id] != rank) {
            reply.push_back(id);  // whole: a rerun is a count of its own
            ++given;
            checker_[id] = rank;
        }
    }
    out_.swap(still_out);
}

void task_board::reported(int rank, std::size_t id)
{
    if (id >= holder_.size())
        throw std::runtime_error("rank " + std::to_string(rank) + " reported task " + std::to_string(id) +
                                 ", which does not exist");
    if (holder_[id] == rank) holder_[id] = -1;
    if (checker_[id] == rank) {
        checker_[id] = -1;
        std::erase_if(checking_, [&](const check& c) { return c.id == id; });
    }
}

void task_board::counted_first(int rank, std::size_t id)
{
    const auto r = static_cast<std::size_t>(rank);
    const bool first = r < reported_.size() && !reported_[r];
    if (first) reported_[r] = true;
    if (first || random_() % check_one_in == 0) checks_due_.push_back({id, rank});
}

std::size_t task_board::write_off(int rank)
{
    if (static_cast<std::size_t>(rank) < counting_.size()) counting_[static_cast<std::size_t>(rank)] = false;
    // Its checks go back to the front of those due.
    for (auto c = checking_.rbegin(); c != checking_.rend(); ++c)
        if (checker_[c->id] == rank) checks_due_.push_front(*c);
    std::erase_if(checking_, [&](const check& c) { return checker_[c.id] == rank; });
    std::size_t held = 0;
    for (std::size_t id = 0; id < holder_.size(); ++id) {
        if (checker_[id] == rank) checker_[id] = -1;  // its holder still runs it, or a check goes again
        if (holder_[id] != rank) continue;
        holder_[id] = -1;
        if (!keeper_.is_done(id)) {
            again_.push_back(id);
            ++held;
        }
    }
    return held;
}

void task_board::came_back(int rank)
{
    if (static_cast<std::size_t>(rank) < counting_.size()) counting_[static_cast<std::size_t>(rank)] = true;
}

void task_board::gone(int rank)
{
    if (static_cast<std::size_t>(rank) < counting_.size()) counting_[static_cast<std::size_t>(rank)] = false;
}

bool task_board::out_with_counting(int rank) const
{
    return rank >= 0 && static_cast<std::size_t>(rank) < counting_.size() &&
           counting_[static_cast<std::size_t>(rank)];
}

bool task_board::counting_alone(int rank) const
{
    for (std::size_t r = 1; r < counting_.size(); ++r)
        if (counting_[r] && static_cast<int>(r) != rank) return false;
    return true;
}

bool task_board::can_check(const check&) const
{
    // Any rank still counting: another one, or the one that counted the
    // task where it counts alone (by the other route, on its own node).
    for (std::size_t r = 1; r < counting_.size(); ++r)
        if (counting_[r]) return true;
    return false;
}

bool task_board::checks_pending() const
{
    for (const check& c : checking_)
        if (counting_[static_cast<std::size_t>(checker_[c.id])]) return true;
    return std::any_of(checks_due_.begin(), checks_due_.end(), [&](const check& c) { return can_check(c); });
}

}  // namespace nqueens::app::mpi
