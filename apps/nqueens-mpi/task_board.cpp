// SPDX-License-Identifier: BSL-1.0
// Handing out the tasks of nqueens-mpi: new ones, those of written-off ranks, and reruns by idle ranks.
#include "nqueens-mpi/task_board.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace nqueens::app::mpi {

task_board::task_board(const work_plan& plan, const run_record_keeper& keeper)
    : keeper_(keeper), holder_(plan.size(), -1), checker_(plan.size(), -1)
{
    for (std::size_t id = 0; id < plan.size(); ++id)
        if (keeper.wanted(id)) todo_.push_back(id);
    std::stable_sort(todo_.begin(), todo_.end(),
                     [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
}

void task_board::hand_out(int rank, std::size_t want, std::vector<std::uint64_t>& reply)
{
    const std::size_t limit = reply.size() + want;
    auto give = [&](std::size_t id) {
        reply.push_back(id);
        holder_[id] = rank;
        out_.push_back(id);
    };
    while (reply.size() < limit && !again_.empty()) {
        const std::size_t id = again_.front();
        again_.pop_front();
        if (!keeper_.is_done(id)) give(id);
    }
    while (reply.size() < limit && next_ < todo_.size()) give(todo_[next_++]);
    if (reply.size() == limit) return;
    // Nothing new: rerun the oldest tasks still out with other ranks
    // (dropping the finished ones from out_ on the way).
    std::deque<std::size_t> still_out;
    for (const std::size_t id : out_) {
        if (keeper_.is_done(id)) continue;
        still_out.push_back(id);
        if (reply.size() < limit && checker_[id] < 0 && holder_[id] != rank) {
            reply.push_back(id);
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
    if (checker_[id] == rank) checker_[id] = -1;
}

std::size_t task_board::write_off(int rank)
{
    std::size_t held = 0;
    for (std::size_t id = 0; id < holder_.size(); ++id) {
        if (checker_[id] == rank) checker_[id] = -1;  // its holder still runs it
        if (holder_[id] != rank) continue;
        holder_[id] = -1;
        if (!keeper_.is_done(id)) {
            again_.push_back(id);
            ++held;
        }
    }
    return held;
}

}  // namespace nqueens::app::mpi
