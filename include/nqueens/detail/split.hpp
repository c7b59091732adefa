// Splitting one count into independent sub-problems: the placements of the first rows.
#ifndef NQUEENS_DETAIL_SPLIT_HPP
#define NQUEENS_DETAIL_SPLIT_HPP

#include <nqueens/detail/search.hpp>

#include <cstddef>
#include <cstdint>

namespace nqueens::detail {

// A placement of the first rows, and how many solutions each of its
// completions stands for: 2 when the first queen is left of the middle (its
// mirror image is never enumerated), 1 in the middle column of an odd board.
struct subproblem {
    partial board{};
    std::uint32_t weight = 0;

    friend constexpr bool operator==(const subproblem&, const subproblem&) = default;
};

template <class F>
constexpr void visit_placements(int n, int depth, std::uint32_t weight, partial p, F& f)
{
    if (p.row == depth) {
        f(subproblem{p, weight});
        return;
    }
    const mask_t all = full_mask(n);
    for (mask_t free = p.free(all); free != 0; free &= free - 1)
        visit_placements(n, depth, weight, p.place(lowest_bit(free)), f);
}

// Calls f(subproblem) for every conflict-free placement of the first `depth`
// rows (clamped to [1, n]) whose first queen is in the left half or the middle,
// in a fixed order: the order, and so each sub-problem's index, depends on n
// and depth only. Summing weight * completions over them gives the total.
template <class F>
constexpr void for_each_subproblem(int n, int depth, F&& f)
{
    depth = depth < 1 ? 1 : (depth > n ? n : depth);
    for (int col = 0; col < (n + 1) / 2; ++col) {
        const std::uint32_t weight = (n % 2 == 1 && col == n / 2) ? 1 : 2;
        visit_placements(n, depth, weight, partial{}.place(mask_t{1} << col), f);
    }
}

constexpr std::size_t count_subproblems(int n, int depth)
{
    std::size_t k = 0;
    for_each_subproblem(n, depth, [&k](const subproblem&) { ++k; });
    return k;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_SPLIT_HPP
