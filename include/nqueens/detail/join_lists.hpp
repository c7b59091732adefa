// The join's lists: the top placements of one band, grouped by column set, built from quarter tables.
#ifndef NQUEENS_DETAIL_JOIN_LISTS_HPP
#define NQUEENS_DETAIL_JOIN_LISTS_HPP

#include <nqueens/detail/column_index.hpp>
#include <nqueens/detail/join_halves.hpp>
#include <nqueens/detail/join_quarters.hpp>
#include <nqueens/detail/join_tasks.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// The top placements of one list, grouped by column set: group g holds
// keys[start[g] .. start[g + 1]) and has columns set_of[g] (besides the
// lead columns the list takes). keys may be longer than start.back(): the
// rest is room kept for the next list.
struct top_list {
    column_index index;
    std::vector<diagonal_key> keys;
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> set_of;
};

// What a list needs while it is built, kept between tasks: the quarter
// tables of its two blocks of rows. `upper_rows` is where the rows split:
// -1 picks 2t/5 rows (2 of 7 at n = 16, 3 of 8 at n = 17, 18), measured
// best: a smaller upper block has few placements per column set, a larger
// lower one is checked less often. The tests try other splits.
struct top_scratch {
    int upper_rows = -1;
    quarter_table upper, lower;
};

// Makes keys.size() at least `size`, keeping the keys, growing geometrically.
constexpr void reserve_keys(std::vector<diagonal_key>& keys, std::size_t size)
{
    if (size <= keys.size()) return;
    const std::size_t target = size > 2 * keys.size() ? size : 2 * keys.size();
    if (std::is_constant_evaluated()) {
        // Clang 14 cannot evaluate libstdc++'s resize() of a vector of integers.
        while (keys.size() < target) keys.push_back(0);
    } else {
        keys.resize(target);
    }
}

// Builds the list of the tops of one band whose lead columns are exactly
// `taken`: each group's tops are the pairs of an upper block and a lower
// block, one from each quarter table, whose column sets make the group's
// and whose meet masks are disjoint. So the tops come out grouped, with no
// sort, at a few comparisons each. Adds the queens placed (of the quarter
// tables and of the tops made) to `placed`; returns false if stop() said
// yes (polled every 64 groups and after every 2^16 tops).
template <class Stop>
constexpr bool build_top_list(const top_rules& rules, std::uint32_t lead, std::uint32_t taken, top_list& out,
                              top_scratch& scratch, std::uint64_t& placed, Stop&& stop)
{
    const join_layout& layout = rules.layout;
    const int rows = layout.top;
    const int split =
        scratch.upper_rows < 0 ? 2 * rows / 5 : (scratch.upper_rows < rows ? scratch.upper_rows : rows);
    const std::uint32_t columns = rules.free & ~lead;
    const std::uint32_t allowed = columns | taken;
    placed += build_quarter_table(rules, 0, split, split, allowed, scratch.upper);
    placed += build_quarter_table(rules, split, rows, split, allowed, scratch.lower);
    if (stop()) return false;

    const int size = rows - std::popcount(taken);
    out.index.reset(columns, layout.n, size);
    const std::uint32_t groups = out.index.count;
    out.set_of.assign(groups, 0);
    for (std::uint32_t s = columns;; s = (s - 1) & columns) {
        if (std::popcount(s) == size) out.set_of[out.index(s)] = s;
        if (s == 0) break;
    }
    out.start.assign(groups + 1, 0);

    std::size_t count = 0;
    std::size_t polled = 0;
    for (std::uint32_t g = 0; g < groups; ++g) {
        out.start[g] = static_cast<std::uint32_t>(count);
        if (count - polled >= 65536 || g % 64 == 63) {
            if (stop()) return false;
            polled = count;
        }
        // Each way to split the group's columns between the blocks.
        const std::uint32_t set = out.set_of[g] | taken;
        for (std::uint32_t part = 0;; part = (part - set) & set) {
            if (std::popcount(part) == split) {
                const std::uint32_t u = scratch.upper.index(part), v = scratch.lower.index(set ^ part);
                const std::uint32_t u0 = scratch.upper.start[u], u1 = scratch.upper.start[u + 1];
                const std::uint32_t v0 = scratch.lower.start[v], v1 = scratch.lower.start[v + 1];
                reserve_keys(out.keys, count + std::size_t{u1 - u0} * (v1 - v0));
                diagonal_key* keys = out.keys.data();
                const quarter_part* lower = scratch.lower.parts.data();
                for (std::uint32_t i = u0; i < u1; ++i) {
                    const quarter_part top = scratch.upper.parts[i];
                    for (std::uint32_t j = v0; j < v1; ++j) {
                        // Written always, kept only if the blocks fit: no branch to mispredict.
                        keys[count] = top.key | lower[j].key;
                        count += (top.meet & lower[j].meet) == 0 ? 1 : 0;
                    }
                }
            }
            if (part == set) break;
        }
    }
    out.start[groups] = static_cast<std::uint32_t>(count);
    placed += count;
    return true;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_LISTS_HPP
