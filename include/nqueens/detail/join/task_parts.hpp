// SPDX-License-Identifier: BSL-1.0
// The parts of a task: the splits of its lead columns between top and bottom, walked, counted and indexed.
#ifndef NQUEENS_DETAIL_JOIN_TASK_PARTS_HPP
#define NQUEENS_DETAIL_JOIN_TASK_PARTS_HPP

#include <nqueens/detail/join/helpers.hpp>
#include <nqueens/detail/join/layout.hpp>

#include <bit>
#include <cstdint>

namespace nqueens::detail {

// Whether the tops that take `taken` of the lead columns `lead` (and leave
// the rest to the bottom) are counted: each half takes at most t of them
// (the bottom t + spare, where `spare` of them may go to band rows a part
// places: shared_lead), and for a band that is its own flip, only one of
// (taken, rest) and (rest, taken) is, the one whose `taken` is the larger
// number.
constexpr bool counted_split(const join_layout& layout, std::uint32_t lead, std::uint32_t taken,
                             bool self_flip, int spare = 0) noexcept
{
    const std::uint32_t rest = lead & ~taken;
    const bool fits = std::popcount(taken) <= layout.top && std::popcount(rest) <= layout.top + spare;
    return fits && (!self_flip || taken >= rest);
}

// Calls part(taken) for each counted split of the lead columns among
// those that take `task_taken` of the task's lead columns `task_lead`, the
// others' subsets from the largest down, until part returns false;
// returns whether it never did.
template <class F>
constexpr bool for_each_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                  std::uint32_t task_taken, bool self_flip, int spare, F&& part)
{
    const std::uint32_t inner = lead & ~task_lead;
    for (std::uint32_t more = inner;; more = (more - 1) & inner) {
        if (counted_split(layout, lead, task_taken | more, self_flip, spare) && !part(task_taken | more))
            return false;
        if (more == 0) return true;
    }
}
template <class F>
constexpr bool for_each_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                  std::uint32_t task_taken, bool self_flip, F&& part)
{
    return for_each_task_part(layout, lead, task_lead, task_taken, self_flip, 0, part);
}

// Whether a task that takes `task_taken` of its lead columns has a part.
constexpr bool has_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                        std::uint32_t task_taken, bool self_flip) noexcept
{
    const int inner = std::popcount(lead & ~task_lead);
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    // The inner columns a top may still take: between k - t and t in all.
    const int fewest = std::max(0, k - layout.top - fixed);
    const int most = std::min(inner, layout.top - fixed);
    if (fewest > most) return false;
    if (!self_flip) return true;
    if (inner == 0) return counted_split(layout, lead, task_taken, self_flip);
    // taken >= rest exactly when the top takes the highest inner column.
    return most >= 1;
}

// The parts of a task, as for_each_task_part walks them, in closed form.
// A part takes task_taken and j of the p inner columns, where each half
// keeps at most t lead columns (the bottom t + spare): j from
// max(0, k - t - spare - fixed) to
// min(p, t - fixed). For a band that is its own flip, a part is counted
// when its `taken` is the larger number, that is when it holds the highest
// lead column, an inner one where there are any: C(p - 1, j - 1) of the
// C(p, j). Cost: O(p^2), where the walk takes 2^p steps (2^27 at n = 32).
constexpr std::uint64_t count_task_parts(const join_layout& layout, std::uint32_t lead,
                                         std::uint32_t task_lead, std::uint32_t task_taken, bool self_flip,
                                         int spare = 0) noexcept
{
    const int inner = std::popcount(lead & ~task_lead);
    if (inner == 0) return counted_split(layout, lead, task_taken, self_flip, spare) ? 1 : 0;
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    std::uint64_t parts = 0;
    for (int j = std::max(0, k - layout.top - spare - fixed); j <= std::min(inner, layout.top - fixed); ++j)
        parts += self_flip ? choose(inner - 1, j - 1) : choose(inner, j);
    return parts;
}

// The `index`-th part (from 0, index < count_task_parts) in the order of
// for_each_task_part, without walking the others: the inner columns from
// the highest down, each taken where at least `index` + 1 of the parts still
// open hold it. Cost: O(p^2).
constexpr std::uint32_t nth_task_part(const join_layout& layout, std::uint32_t lead, std::uint32_t task_lead,
                                      std::uint32_t task_taken, bool self_flip, std::uint64_t index,
                                      int spare = 0) noexcept
{
    const std::uint32_t inner = lead & ~task_lead;
    if (inner == 0) return task_taken;
    const int fixed = std::popcount(task_taken);
    const int k = std::popcount(lead);
    const int fewest = std::max(0, k - layout.top - spare - fixed);
    const int most = layout.top - fixed;
    // The subsets of `left` lower columns that, with `chosen` columns taken
    // so far, give a part (the highest inner column is decided first).
    const auto completions = [&](int left, int chosen) {
        std::uint64_t ways = 0;
        for (int j = std::max(0, fewest - chosen); j <= std::min(left, most - chosen); ++j)
            ways += choose(left, j);
        return ways;
    };
    std::uint32_t taken = task_taken;
    int chosen = 0;
    int left = std::popcount(inner);
    for (std::uint32_t rest = inner; rest != 0;) {
        const std::uint32_t high = std::uint32_t{1} << (31 - std::countl_zero(rest));
        const bool highest = rest == inner;  // a self-flipped band's parts all hold it
        rest &= ~high;
        --left;
        const std::uint64_t with = completions(left, chosen + 1);
        if ((self_flip && highest) || index < with) {
            taken |= high;
            ++chosen;
        } else {
            index -= with;
        }
    }
    return taken;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TASK_PARTS_HPP
