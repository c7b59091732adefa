// SPDX-License-Identifier: BSL-1.0
// The meet-in-the-middle counter: top and bottom halves enumerated apart and joined, one task at a time.
#ifndef NQUEENS_DETAIL_JOIN_RUN_TASK_HPP
#define NQUEENS_DETAIL_JOIN_RUN_TASK_HPP

#include <nqueens/count128.hpp>
#include <nqueens/detail/checked.hpp>
#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/lists/from_quarters.hpp>
#include <nqueens/detail/join/lists/from_rows.hpp>
#include <nqueens/detail/join/pairs/count_pairs.hpp>
#include <nqueens/detail/join/tasks.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

namespace nqueens::detail {

// A task (join/tasks.hpp: a band and the lead columns its top takes) is
// counted in three steps: the top placements x of the band and the top
// placements y of the flipped band are built grouped by column set (from
// quarter tables, join/lists/from_quarters.hpp, or by a row search, join/lists/from_rows.hpp); x and y use
// complementary columns, so group S only meets group "free minus S"; and for each such pair of groups the
// pair count (join/pairs/count_pairs.hpp) counts the pairs whose shared diagonals are disjoint. This is a
// run-time algorithm built from constexpr functions; the kernel (search/kernel.hpp) checks it in the tests,
// and it runs in constant evaluation for small n.

// How the lists are built: from quarter tables (join/lists/from_quarters.hpp) where a
// task fixes at most 4 lead columns (n <= 18, 20 to 22: measured 1.5x faster
// there), by the row search (join/lists/from_rows.hpp) where it fixes more (n = 19,
// n >= 23: its lists are short next to the quarter tables). The tests force either.
enum class list_builder { by_lead_columns, quarters, rows };

// Reusable buffers for one thread, so that tasks do not allocate.
struct join_workspace {
    top_list top_half, bottom_half;
    top_scratch tops, bottom_tops;
    row_scratch rows;
    pair_scratch pairs;
    list_builder builder = list_builder::by_lead_columns;
    std::vector<diagonal_key> kept;  // a shared group's tops that one completion keeps
};

// Whether `ws.builder` says to build the lists by the row search.
constexpr bool lists_by_rows(const join_workspace& ws, const top_rules& rules)
{
    return ws.builder == list_builder::rows ||
           (ws.builder == list_builder::by_lead_columns && rules.layout.lead_columns > 4);
}

// Builds one list of a task the way `ws.builder` says.
template <class Stop>
constexpr bool build_join_list(const top_rules& rules, std::uint32_t lead, std::uint32_t taken,
                               bool name_groups, top_list& out, join_workspace& ws, std::uint64_t& placed,
                               Stop&& stop)
{
    if (lists_by_rows(ws, rules))
        return build_top_list_by_rows(rules, lead, taken, name_groups, out, ws.rows, placed, stop);
    return build_top_list(rules, lead, taken, out, ws.tops, placed, stop);
}

// The outcome of one task: its weighted count (a task of n = 32 can pass
// 2^64; its parts do not) and the queens placed.
struct join_tally {
    count128 total = 0;
    std::uint64_t nodes = 0;
};

// How many pairs of placements the join meets between two polls of stop():
// at most about a millisecond of work (the sliced pair count meets tens of pairs
// a nanosecond, the direct count a few).
inline constexpr std::uint64_t join_poll_pairs = std::uint64_t{1} << 22;

// Counts the pairs of one part of a task: the tops of the band that take
// `taken` of the lead columns `lead`, against the turned tops of the
// flipped band that take the rest. Adds the queens placed to `nodes`;
// returns std::nullopt if stop() said yes. `stop()` is polled while the
// lists are built (every 2^16 placements; lists from quarter tables: once
// their tables are built) and while they are joined (every join_poll_pairs
// pairs of placements met, and every 64 groups where each group is built as
// it is joined, at a group boundary).
template <class Stop>
constexpr std::optional<std::uint64_t> count_join_part(const join_layout& layout, const join_task& t,
                                                       std::uint32_t lead, std::uint32_t taken,
                                                       join_workspace& ws, std::uint64_t& nodes, Stop&& stop)
{
    const std::uint32_t rest = lead & ~taken;
    const top_rules top_half_rules(layout, t.band);
    // The partner list: the same list when both names coincide.
    const bool same = t.self_flip && taken == rest;
    // From quarter tables, the lists are only prepared here, and each group
    // is built just before it is joined: the two groups (kilobytes) then stay
    // in the first-level cache, where two whole lists (megabytes from n = 16
    // on) would not fit even the second.
    const bool by_groups = !lists_by_rows(ws, top_half_rules);
    if (by_groups) {
        prepare_top_list(top_half_rules, lead, taken, ws.top_half, ws.tops, nodes);
        if (!same)
            prepare_top_list(top_rules(layout, band_image(layout, t.band, false, true)), lead, rest,
                             ws.bottom_half, ws.bottom_tops, nodes);
        if (stop()) return std::nullopt;
    } else {
        if (!build_join_list(top_half_rules, lead, taken, true, ws.top_half, ws, nodes, stop))
            return std::nullopt;
        if (!same) {
            const top_rules bottom_half_rules(layout, band_image(layout, t.band, false, true));
            if (!build_join_list(bottom_half_rules, lead, rest, false, ws.bottom_half, ws, nodes, stop))
                return std::nullopt;
        }
    }
    const top_list& bottom = same ? ws.top_half : ws.bottom_half;
    const std::uint32_t columns = top_half_rules.free & ~lead;
    std::uint64_t pairs = 0;
    std::uint64_t since_poll = join_poll_pairs;  // pairs met since stop() was last asked: ask at once
    for (std::uint32_t g = 0; g < ws.top_half.index.count; ++g) {
        if (!by_groups && ws.top_half.start[g] == ws.top_half.start[g + 1]) continue;
        const std::uint32_t set = ws.top_half.set_of[g];
        const std::uint32_t partner = columns & ~set;
        if (same && partner < set) continue;  // each unordered pair once
        if (since_poll >= join_poll_pairs || (by_groups && g % 64 == 63)) {
            since_poll = 0;
            if (stop()) return std::nullopt;
        }
        const std::uint32_t other = bottom.index(partner);
        if (by_groups) {
            // The two groups just before they are joined (join/lists/from_quarters.hpp).
            const std::size_t nx = build_top_group(ws.top_half, g, ws.tops, ws.top_half.keys, 0);
            std::size_t ny = nx;
            const diagonal_key* ys = ws.top_half.keys.data();
            if (!same || other != g) {
                ny = build_top_group(bottom, other, same ? ws.tops : ws.bottom_tops, ws.bottom_half.keys, 0);
                ys = ws.bottom_half.keys.data();
                nodes += ny;
            }
            nodes += nx;
            pairs += join_keys(layout, ws.top_half.keys.data(), nx, ys, ny, ws.pairs);
            since_poll += std::uint64_t{nx} * ny;
            continue;
        }
        pairs += join_groups(layout, ws.top_half, g, bottom, other, ws.pairs);
        since_poll += std::uint64_t{ws.top_half.start[g + 1] - ws.top_half.start[g]} *
                      (bottom.start[other + 1] - bottom.start[other]);
    }
    return pairs;
}

// Counts the pairs of one part where tops are shared (shared_tops), each
// weighted by its band's orbit: the tops of the task's rows that take
// `taken` of the lead columns `lead` (shared_lead), built once with the
// rows the part places left empty; then for each band the task stands for
// whose queens leave `taken` free, the turned tops of the flipped band that
// take the rest of the lead columns, and the pairs of each group of tops
// that the band keeps (no queen of the band on its columns or diagonals)
// with its partner group. Polls stop() and adds the queens placed as
// count_join_part does; returns std::nullopt if stop() said yes.
template <class Stop>
constexpr std::optional<std::uint64_t> count_shared_part(const join_layout& layout, const join_task& t,
                                                         std::uint32_t lead, std::uint32_t taken,
                                                         join_workspace& ws, std::uint64_t& nodes,
                                                         Stop&& stop)
{
    if (stop()) return std::nullopt;  // a part with no band to count polls once
    const top_rules shared(layout, t.band, layout.task_band_rows);
    if (!build_top_list_by_rows(shared, lead, taken, true, ws.top_half, ws.rows, nodes, stop))
        return std::nullopt;
    const top_list& tops = ws.top_half;
    const diagonal_key key_mask = (diagonal_key{1} << layout.key_bits()) - 1;
    std::uint64_t total = 0;
    std::uint64_t since_poll = join_poll_pairs;
    bool stopped = false;
    for_each_task_band(layout, t, [&](const join_task& whole) {
        std::uint32_t queens = 0;  // the columns of the rows this band adds
        diagonal_key attacked = 0;
        for (int i = layout.task_band_rows; i < layout.band_rows; ++i) {
            const int c = whole.band[static_cast<std::size_t>(i)];
            queens |= std::uint32_t{1} << c;
            attacked |= shared.band_row_bits(i, c);
        }
        const std::uint32_t rest = lead & ~queens & ~taken;
        if ((queens & taken) != 0 || std::popcount(rest) > layout.top) return true;
        if (!build_top_list_by_rows(top_rules(layout, band_image(layout, whole.band, false, true)),
                                    lead & ~queens, rest, false, ws.bottom_half, ws.rows, nodes, stop)) {
            stopped = true;
            return false;
        }
        const top_list& bottoms = ws.bottom_half;
        const std::uint32_t columns = shared.free & ~lead & ~queens;
        std::uint64_t pairs = 0;
        for (std::uint32_t g = 0; g < tops.index.count; ++g) {
            const std::uint32_t x0 = tops.start[g], x1 = tops.start[g + 1];
            const std::uint32_t set = tops.set_of[g];
            if (x0 == x1 || (set & queens) != 0) continue;
            const std::uint32_t other = bottoms.index(columns & ~set);
            const std::uint32_t y0 = bottoms.start[other], y1 = bottoms.start[other + 1];
            if (y0 == y1) continue;
            if (since_poll >= join_poll_pairs) {
                since_poll = 0;
                if (stop()) {
                    stopped = true;
                    return false;
                }
            }
            // The group's tops that this band keeps, without the extra bits.
            if (ws.kept.size() < x1 - x0) resize_for_overwrite(ws.kept, x1 - x0);
            std::size_t nx = 0;
            for (std::uint32_t x = x0; x < x1; ++x) {
                ws.kept[nx] = tops.keys[x] & key_mask;
                nx += (tops.keys[x] & attacked) == 0 ? 1 : 0;
            }
            if (nx == 0) continue;
            pairs += join_keys(layout, ws.kept.data(), nx, bottoms.keys.data() + y0, y1 - y0, ws.pairs);
            since_poll += std::uint64_t{nx} * (y1 - y0);
        }
        total = checked_add(total, checked_mul(pairs, whole.weight));
        return true;
    });
    if (stopped) return std::nullopt;
    return total;
}

// Counts one part of task t (for_each_join_part) weighted by the orbits of
// its bands: count_shared_part where tops are shared, else count_join_part
// times its band's orbit.
template <class Stop>
constexpr std::optional<std::uint64_t> count_weighted_part(const join_layout& layout, const join_part& p,
                                                           join_workspace& ws, std::uint64_t& nodes,
                                                           Stop&& stop)
{
    if (layout.shared_tops) return count_shared_part(layout, p.whole, p.lead, p.taken, ws, nodes, stop);
    const std::optional<std::uint64_t> pairs =
        count_join_part(layout, p.whole, p.lead, p.taken, ws, nodes, stop);
    if (!pairs) return std::nullopt;
    return checked_mul(*pairs, p.whole.weight);
}

// Counts one task: each of its parts (join/tasks.hpp; one part up to
// n = 22; where a task fixes part of its band, n = 25 and 27 to 30, each
// completion of the band times each split), each
// weighted by its band's orbit, in turn, polling `stop()` as count_join_part says; returns
// std::nullopt if it said yes. `on_part(done, parts)` is called after each part (n >= 23: a task
// has up to tens of thousands, each seconds to minutes). At run time the
// pair count runs in its build for the widest instruction set the CPU has
// (POPCNT, AVX2, AVX-512 VPOPCNTDQ), whatever the compiler flags (join/pairs/cpu_tier.hpp;
// ws.pairs.cpu caps it).
template <class Stop, class OnPart>
constexpr std::optional<join_tally> run_join_task(const join_layout& layout, const join_task& t,
                                                  join_workspace& ws, Stop&& stop, OnPart&& on_part)
{
    const std::uint64_t parts = count_join_parts(layout, t);
    join_tally out{};
    std::uint64_t done = 0;
    const bool whole = for_each_join_part(layout, t, [&](const join_part& p) {
        const std::optional<std::uint64_t> count = count_weighted_part(layout, p, ws, out.nodes, stop);
        if (!count) return false;
        out.total += *count;
        on_part(++done, parts);
        return true;
    });
    if (!whole) return std::nullopt;
    return out;
}

// Counts parts `begin` to `end` - 1 of task t (in the order of
// for_each_join_part), as run_join_task counts them all: the parts of a
// task added up in any grouping give the task's count. `on_part(done,
// parts)` after each, `parts` = end - begin. A part of n = 23 to 32 takes
// milliseconds to minutes, so the threads of a count share a task part by
// part (runtime/detail/engine_run.hpp) and a record keeps the parts done.
template <class Stop, class OnPart>
constexpr std::optional<join_tally> run_join_parts(const join_layout& layout, const join_task& t,
                                                   std::uint64_t begin, std::uint64_t end, join_workspace& ws,
                                                   Stop&& stop, OnPart&& on_part)
{
    join_tally out{};
    for (std::uint64_t i = begin; i < end; ++i) {
        const std::optional<std::uint64_t> count =
            count_weighted_part(layout, nth_join_part(layout, t, i), ws, out.nodes, stop);
        if (!count) return std::nullopt;
        out.total += *count;
        on_part(i - begin + 1, end - begin);
    }
    return out;
}

template <class Stop>
constexpr std::optional<join_tally> run_join_task(int n, const join_task& t, join_workspace& ws, Stop&& stop)
{
    return run_join_task(make_join_layout(n), t, ws, stop, [](std::uint64_t, std::uint64_t) {});
}

// The total of the cut's board (OEIS A000170) by the join alone, one task
// after another; constexpr, but meant for run time (one constant evaluation
// holds n <= 9 on Clang 14, n <= 10 on GCC 12).
constexpr std::uint64_t count_by_join(const join_layout& layout)
{
    join_workspace ws;
    std::uint64_t total = 0;
    for_each_join_task(layout, [&](const join_task& t) {
        const auto tally = run_join_task(
            layout, t, ws, [] { return false; }, [](std::uint64_t, std::uint64_t) {});
        total = checked_add(total, tally->total.to_u64());
    });
    return total;
}

// The same with n's own cut, join_min_n <= n <= join_max_n.
constexpr std::uint64_t count_by_join(int n)
{
    return count_by_join(make_join_layout(n));
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_RUN_TASK_HPP
