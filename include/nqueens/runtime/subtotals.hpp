// SPDX-License-Identifier: BSL-1.0
// subtotals_of: finished tasks as sub-problems in board terms (queens placed, their count), one line each.
#ifndef NQUEENS_RUNTIME_SUBTOTALS_HPP
#define NQUEENS_RUNTIME_SUBTOTALS_HPP

#include <nqueens/count128.hpp>
#include <nqueens/runtime/plan.hpp>

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace nqueens {

// One sub-problem of n and its count, in terms of the board alone, so that
// any other counter can check it without this program (docs/cluster.md,
// "Subtotals"). The band is rows first_row .. first_row + rows - 1 (the
// middle of the board); `queens` places the first `placed` of them.
// `count` is the sum, over the solutions that hold those queens and whose
// band is the smallest of its images under the mirror, the flip (upside
// down) and the half turn (columns of the band rows read from the first,
// compared lexicographically), of the number of distinct images of the
// band. Where the queens fill the band, that is the number of solutions
// that hold them times the number of their distinct images. The counts
// of all sub-problems of a plan add up to the total of n.
struct subtotal {
    int n = 0;
    work_plan::band_queens queens{};
    count128 count{};
};

// A task of a plan counted to the end, and its total.
struct finished_task {
    std::size_t id = 0;
    count128 total{};
};

// The subtotals of `tasks`, the finished tasks of `plan` (a plan of the
// join, n >= 6; ids increasing, none twice, each below plan.size()): one
// per set of queens whose tasks are all among them (tasks that place the
// same queens and split which leading columns the top takes are added up),
// in id order. A set with a task missing is left out. Throws
// std::invalid_argument for ids out of order or range, std::logic_error for
// a plan of the symmetric search. Cost: linear in tasks.size().
inline std::vector<subtotal> subtotals_of(const work_plan& plan, std::span<const finished_task> tasks)
{
    std::vector<subtotal> out;
    for (std::size_t i = 0; i < tasks.size(); ++i)
        if (tasks[i].id >= plan.size() || (i > 0 && tasks[i].id <= tasks[i - 1].id))
            throw std::invalid_argument("nqueens: subtotals_of needs task ids increasing and in the plan");
    for (std::size_t i = 0; i < tasks.size();) {
        const std::size_t id = tasks[i].id;
        const work_plan::band_queens q = plan.queens_of(id);
        std::size_t first = id;
        while (first > 0 && plan.queens_of(first - 1) == q) --first;
        std::size_t end = id + 1;
        while (end < plan.size() && plan.queens_of(end) == q) ++end;
        // The tasks of the set are consecutive ids: here, if all of them are.
        std::size_t j = i;
        count128 sum{};
        while (j < tasks.size() && tasks[j].id < end && tasks[j].id == first + (j - i))
            sum += tasks[j++].total;
        const bool whole = first == id && j - i == end - first;
        if (whole) out.push_back(subtotal{plan.n(), q, sum});
        while (j < tasks.size() && tasks[j].id < end) ++j;  // the rest of a set left out
        i = j;
    }
    return out;
}

// The line that states `s`, stable from version 1 of the format:
// "n=16 band=7-8 queens=7:3,8:10 count=1234" (rows and columns from 0).
inline std::string to_line(const subtotal& s)
{
    const work_plan::band_queens& q = s.queens;
    std::string line = "n=";
    line += std::to_string(s.n);
    line += " band=";
    line += std::to_string(q.first_row);
    line += '-';
    line += std::to_string(q.first_row + q.rows - 1);
    line += " queens=";
    for (int i = 0; i < q.placed; ++i) {
        if (i > 0) line += ',';
        line += std::to_string(q.first_row + i);
        line += ':';
        line += std::to_string(q.columns[static_cast<std::size_t>(i)]);
    }
    line += " count=";
    line += to_string(s.count);
    return line;
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_SUBTOTALS_HPP
