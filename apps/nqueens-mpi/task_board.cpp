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
    : plan_(plan),
      keeper_(keeper),
      holder_(plan.size(), -1),
      checker_(plan.size(), -1),
      counting_(static_cast<std::size_t>(std::max(ranks, 1)), true),
      reported_(counting_.size(), false),
      threads_(counting_.size(), 0),
      random_(seed)
{
    counting_[0] = false;  // rank 0 hands out, it does not count
    counting_ranks_ = counting_.size() - 1;
    entries_ = 3 * counting_ranks_;
    for (std::size_t id = 0; id < plan.size(); ++id)
        if (keeper.wanted(id)) todo_.push_back(id);
    std::stable_sort(todo_.begin(), todo_.end(),
                     [&](std::size_t a, std::size_t b) { return plan.estimate(a) > plan.estimate(b); });
    // Tasks begun by a run before first, as nqueens count takes them, so that a record holds few of them.
    std::stable_partition(todo_.begin(), todo_.end(),
                          [&](std::size_t id) { return keeper.begun(id) != nullptr; });
    for (const std::size_t id : todo_) remaining_ += estimate_left(id);
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
    for (auto a = again_.begin(); room() && a != again_.end();) {
        if (keeper_.is_done(a->id)) {
            a = again_.erase(a);
        } else if (busy(rank, a->id)) {
            ++a;  // for another rank
        } else {
            if (a->range.begin == a->range.end) {
                give(a->id);
            } else {
                give_range(rank, a->id, a->range, reply);
                ++given;
            }
            a = again_.erase(a);
        }
    }
    for (auto c = checks_due_.begin(); room() && c != checks_due_.end();) {
        // Another rank's node where there is one; by the other route always;
        // and only once no copy of the task is out with a rank still
        // counting (a rerun, the first holder or a piece still at it),
        // whose report would be taken for the check's.
        if ((c->counted_by == rank && !counting_alone(rank)) || out_with_counting(holder_[c->id]) ||
            out_with_counting(checker_[c->id]) || piece_out_with_counting(c->id)) {
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
    // Pieces of the tasks being split, one of each to a rank, then new tasks.
    for (auto s = splitting_.begin(); room() && s != splitting_.end();) {
        if (keeper_.is_done(s->id)) {  // by a rerun
            s = splitting_.erase(s);
            continue;
        }
        if (busy(rank, s->id)) {
            ++s;
            continue;
        }
        ++given;
        if (give_piece(rank, *s, reply))
            ++s;
        else
            s = splitting_.erase(s);
    }
    while (room() && next_ < todo_.size()) {
        const std::size_t id = todo_[next_++];
        if (!to_split(id)) {
            remaining_ -= estimate_left(id);
            give(id);
            continue;
        }
        split s{id, gaps(id, {0, plan_.parts(id)})};
        out_.push_back(id);
        ++given;
        if (give_piece(rank, s, reply)) splitting_.push_back(std::move(s));
    }
    if (!room()) return;
    // Nothing new: rerun the oldest tasks still out with other ranks
    // (dropping the finished ones from out_ on the way).
    std::deque<std::size_t> still_out;
    for (const std::size_t id : out_) {
        if (keeper_.is_done(id)) continue;
        still_out.push_back(id);
        if (room() && checker_[id] < 0 && !busy(rank, id)) {
            reply.push_back(id);  // whole: a rerun is a count of its own
            ++given;
            checker_[id] = rank;
        }
    }
    out_.swap(still_out);
}

double task_board::estimate_left(std::size_t id) const
{
    const double whole = static_cast<double>(plan_.estimate(id));
    const partial_task* p = keeper_.begun(id);
    if (!p) return whole;
    return whole * static_cast<double>(p->parts - p->parts_done()) / static_cast<double>(p->parts);
}

double task_board::share() const
{
    return remaining_ / static_cast<double>(std::max<std::uint64_t>(entries_, 1));
}

bool task_board::to_split(std::size_t id) const
{
    return plan_.parts(id) > 1 && counting_ranks_ > 1 && estimate_left(id) > share();
}

std::uint64_t task_board::entries_of(std::size_t rank) const
{
    return 3 * std::uint64_t{std::max(threads_[rank], 1U)};
}

void task_board::set_counting(int rank, bool counting)
{
    const auto r = static_cast<std::size_t>(rank);
    if (rank <= 0 || r >= counting_.size() || counting_[r] == counting) return;
    counting_[r] = counting;
    if (counting) {
        ++counting_ranks_;
        entries_ += entries_of(r);
    } else {
        --counting_ranks_;
        entries_ -= entries_of(r);
    }
}

std::vector<part_range> task_board::gaps(std::size_t id, part_range range) const
{
    std::vector<part_range> left;
    std::uint64_t next = range.begin;
    if (const partial_task* p = keeper_.begun(id)) {
        for (const part_range& r : p->done) {
            if (r.end <= next || r.begin >= range.end) continue;
            if (next < r.begin) left.push_back({next, r.begin});
            next = std::max(next, r.end);
        }
    }
    if (next < range.end) left.push_back({next, range.end});
    return left;
}

bool task_board::give_piece(int rank, split& s, std::vector<std::uint64_t>& reply)
{
    // share() in parts of this task: at least one.
    const double part = static_cast<double>(plan_.estimate(s.id)) / static_cast<double>(plan_.parts(s.id));
    part_range& first = s.left.front();
    const std::uint64_t size = std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(share() / std::max(part, 1.0)), 1, first.end - first.begin);
    give_range(rank, s.id, {first.begin, first.begin + size}, reply);
    remaining_ -= part * static_cast<double>(size);
    first.begin += size;
    if (first.begin == first.end) s.left.erase(s.left.begin());
    return !s.left.empty();
}

void task_board::give_range(int rank, std::size_t id, part_range range, std::vector<std::uint64_t>& reply)
{
    if (range.begin == 0 && range.end == plan_.parts(id)) {
        // All of it: a whole task, as a first count.
        reply.push_back(id);
        holder_[id] = rank;
        return;
    }
    reply.insert(reply.end(), {id | as_piece, range.begin, range.end});
    pieces_.push_back({id, range, rank, range.end - range.begin});
}

bool task_board::busy(int rank, std::size_t id) const
{
    return holder_[id] == rank || checker_[id] == rank ||
           std::any_of(pieces_.begin(), pieces_.end(),
                       [&](const piece& p) { return p.id == id && p.rank == rank; });
}

bool task_board::piece_out_with_counting(std::size_t id) const
{
    return std::any_of(pieces_.begin(), pieces_.end(),
                       [&](const piece& p) { return p.id == id && out_with_counting(p.rank); });
}

std::size_t task_board::piece_holding(int rank, std::size_t id, part_range range) const
{
    const auto p = std::find_if(pieces_.begin(), pieces_.end(), [&](const piece& q) {
        return q.id == id && q.rank == rank && q.range.begin <= range.begin && range.end <= q.range.end;
    });
    return static_cast<std::size_t>(p - pieces_.begin());
}

bool task_board::holds(int rank, std::size_t id, part_range range) const
{
    return id < holder_.size() && (holder_[id] == rank || piece_holding(rank, id, range) < pieces_.size());
}

bool task_board::parts_in(int rank, std::size_t id, part_range range)
{
    if (id >= holder_.size()) return false;
    if (holder_[id] == rank) return true;
    const std::size_t k = piece_holding(rank, id, range);
    if (k == pieces_.size()) return false;
    piece& p = pieces_[k];
    p.left -= std::min(p.left, range.end - range.begin);
    if (p.left == 0) pieces_.erase(pieces_.begin() + static_cast<std::ptrdiff_t>(k));
    return true;
}

void task_board::threads_of(int rank, unsigned threads)
{
    const auto r = static_cast<std::size_t>(rank);
    if (rank <= 0 || r >= threads_.size()) return;
    if (counting_[r]) entries_ -= entries_of(r);
    threads_[r] = threads;
    if (counting_[r]) entries_ += entries_of(r);
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
    set_counting(rank, false);
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
            again_.push_back({id, {}});
            ++held;
        }
    }
    // Its pieces: the parts of them the record lacks go out again.
    for (const piece& p : pieces_) {
        if (p.rank != rank || keeper_.is_done(p.id)) continue;
        for (const part_range& r : gaps(p.id, p.range)) again_.push_back({p.id, r});
        ++held;
    }
    std::erase_if(pieces_, [&](const piece& p) { return p.rank == rank; });
    return held;
}

void task_board::came_back(int rank)
{
    set_counting(rank, true);
}

void task_board::gone(int rank)
{
    set_counting(rank, false);
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

parts_taken take_parts(task_board& board, run_record_keeper& keeper, const work_plan& plan, int rank,
                       std::size_t id, std::uint64_t parts, part_range range, const solution_counts& c,
                       std::string_view route)
{
    if (id >= plan.size() || parts != plan.parts(id) || range.begin >= range.end || range.end > parts)
        throw std::runtime_error("rank " + std::to_string(rank) + " reported parts that task " +
                                 std::to_string(id) + " does not have");
    if (!board.parts_in(rank, id, range) || keeper.is_done(id)) return parts_taken::ignored;
    const partial_task* begun = keeper.begun(id);
    if (begun && std::any_of(begun->done.begin(), begun->done.end(),
                             [&](const part_range& r) { return r.begin < range.end && range.begin < r.end; }))
        throw std::runtime_error("rank " + std::to_string(rank) + " reported parts of task " +
                                 std::to_string(id) + " that the record holds already");
    const std::uint64_t before = begun ? begun->parts_done() : 0;
    if (before + (range.end - range.begin) < parts) {
        keeper.add_parts(id, parts, range, c);
        return parts_taken::recorded;
    }
    solution_counts whole = c;
    if (begun) whole += begun->counts;
    keeper.add(id, whole, route);
    return parts_taken::finished;
}

}  // namespace nqueens::app::mpi
