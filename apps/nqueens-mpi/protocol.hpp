// SPDX-License-Identifier: BSL-1.0
// What rank 0 and the counting ranks of nqueens-mpi say to each other.
#ifndef NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP
#define NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP

#include <nqueens/runtime/plan.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace nqueens::app::mpi {

// Messages: a worker sends tag_report = {flags, want, k, threads, why that
// many (thread_limit), the memory budget they were chosen for (0: asked),
// its fast route's place in route_labels (work_plan::route_label_index), m,
// then k x (id, total, distinct, nodes, microseconds the task took), then
// m x (id, the task's parts, first part, end, total, distinct, nodes): the
// finished tasks, then the parts counted of tasks not finished (so that
// rank 0's checkpoint keeps them). Each count is two words, its high half
// first (count128); a task's id is marked by_check_route where the check
// route counted it. Rank 0 answers every report that is neither a goodbye
// nor a stop with tag_work = up to `want` tasks (none: no work is left),
// each an id, or an id marked with_parts followed by the parts a run before
// counted of it: {parts, r, r x (first part, end), total, distinct, nodes},
// or an id marked as_piece followed by {first part, end}: count only those
// parts of it (the ranks share the task), reported as parts, the last ones
// too.
// A stop report carries the signal that stopped the worker in the bits
// above flag_shift; a failed report, the errno of a worker that could not
// start its threads.
constexpr int tag_report = 1;
constexpr int tag_work = 2;
constexpr std::uint64_t flag_goodbye = 1;
constexpr std::uint64_t flag_stopped = 2;
constexpr std::uint64_t flag_failed = 4;
constexpr int flag_shift = 8;
constexpr std::size_t report_header = 8;
constexpr std::size_t words_per_task = 8;
constexpr std::size_t words_per_part = 10;
// The words of a with_parts entry after its id, less its r ranges': {parts, r} and the counts.
constexpr std::size_t begun_words = 8;

// Set in an id that rank 0 sends as a check: count it by the check route
// (count_route::check), not the one that counted it first; and in the id of
// a result that route counted.
constexpr std::uint64_t by_check_route = std::uint64_t{1} << 62;

// Set in an id that rank 0 sends with the parts counted of it so far
// (partial_task): those are not counted again.
constexpr std::uint64_t with_parts = std::uint64_t{1} << 61;

// Set in an id that rank 0 sends as a piece of the task: the two words
// after it are the range of its parts to count, and no others.
constexpr std::uint64_t as_piece = std::uint64_t{1} << 60;

// A reply of this one id: no task now, but some are still out with other
// ranks (and may come back to this one): ask again later.
constexpr std::uint64_t wait_marker = ~std::uint64_t{0};

// How often a counting rank reports, even with nothing to say: rank 0 takes
// a rank silent for a lease (many of these) to be frozen or gone.
constexpr std::chrono::seconds heartbeat{1};

// Appends count c as its six words (three counts, high half first).
inline void append_counts(std::vector<std::uint64_t>& words, const solution_counts& c)
{
    words.insert(words.end(),
                 {c.total.high, c.total.low, c.distinct.high, c.distinct.low, c.nodes.high, c.nodes.low});
}

// The count of the six words at w.
inline solution_counts counts_at(const std::uint64_t* w)
{
    return {{w[0], w[1]}, {w[2], w[3]}, {w[4], w[5]}};
}

// Appends task p.id, marked with_parts, and the parts of it counted (a tag_work entry).
inline void append_begun(std::vector<std::uint64_t>& words, const partial_task& p)
{
    words.insert(words.end(), {p.id | with_parts, p.parts, p.done.size()});
    for (const part_range& r : p.done) words.insert(words.end(), {r.begin, r.end});
    append_counts(words, p.counts);
}

// The with_parts entry for task id whose words after the id start at
// words[at] (`size` words in all), as a partial_task of `plan`; moves `at`
// past it. std::runtime_error for an entry that does not fit the plan.
inline partial_task read_begun(const work_plan& plan, std::size_t id, const std::uint64_t* words,
                               std::size_t size, std::size_t& at)
{
    const auto bad = [&] {
        return std::runtime_error("rank 0 sent task " + std::to_string(id) +
                                  " with parts that do not fit it");
    };
    if (size - at < begun_words) throw bad();
    partial_task p{id, words[at], {}, {}};
    const std::uint64_t ranges = words[at + 1];
    if (p.parts != plan.parts(id) || ranges == 0 || ranges > (size - at - begun_words) / 2) throw bad();
    at += 2;
    for (std::uint64_t k = 0; k < ranges; ++k, at += 2) {
        const part_range r{words[at], words[at + 1]};
        if (r.begin >= r.end || r.end > p.parts || (k > 0 && r.begin <= p.done.back().end)) throw bad();
        p.done.push_back(r);
    }
    if (p.parts_done() == p.parts) throw bad();
    p.counts = counts_at(words + at);
    at += 6;
    return p;
}

// The range of an as_piece entry for task id whose words after the id
// start at words[at] (`size` words in all); moves `at` past it.
// std::runtime_error for a range that is not of the task's parts, or all of them.
inline part_range read_piece(const work_plan& plan, std::size_t id, const std::uint64_t* words,
                             std::size_t size, std::size_t& at)
{
    if (size - at < 2)
        throw std::runtime_error("rank 0 sent a piece of task " + std::to_string(id) + " cut short");
    const part_range r{words[at], words[at + 1]};
    at += 2;
    if (r.begin >= r.end || r.end > plan.parts(id) || (r.begin == 0 && r.end == plan.parts(id)))
        throw std::runtime_error("rank 0 sent parts " + std::to_string(r.begin) + " to " +
                                 std::to_string(r.end) + " of task " + std::to_string(id) +
                                 " as a piece: not a piece of its " + std::to_string(plan.parts(id)) +
                                 " parts");
    return r;
}

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP
