// SPDX-License-Identifier: BSL-1.0
// The join's task list and the parts of each task, walked, counted and indexed.
#ifndef NQUEENS_DETAIL_JOIN_TASKS_HPP
#define NQUEENS_DETAIL_JOIN_TASKS_HPP

#include <nqueens/detail/join/bands.hpp>
#include <nqueens/detail/join/layout.hpp>
#include <nqueens/detail/join/task_bands.hpp>
#include <nqueens/detail/join/task_parts.hpp>

#include <cstdint>

namespace nqueens::detail {

// Calls f(join_task) for every task of the cut, in a fixed order: bands (or
// the rows of them a task fixes) in lexicographic order, the smallest of
// each orbit only (where a task fixes part of the band: those that some
// completion makes the smallest of its orbit), then `taken` from the largest
// subset of the task's lead columns down.
template <class F>
constexpr void for_each_join_task(const join_layout& layout, F&& f)
{
    if (partial_band(layout)) {
        // Tasks without task lead columns (make_join_layout): the task fixes
        // the first rows, its parts the other rows and all the lead columns. A band of two rows or more is
        // never its own flip, so whether a part is counted depends only on
        // how many lead columns it takes (has_part).
        join_layout rows = layout;
        rows.band_rows = layout.task_band_rows;
        for_each_band(rows, [&](const band_columns& prefix) {
            const join_task t{prefix, 0, 0, false};
            const bool any = task_bands(layout, t).any();
            const std::uint32_t lead = first_columns(layout.all_columns, layout.lead_columns);
            if (any && has_part(layout, lead, 0, 0, false)) f(t);
        });
        return;
    }
    for_each_band(layout, [&](const band_columns& band) {
        const band_orbit orbit = orbit_of(layout, band);
        if (!orbit.smallest) return;
        const std::uint32_t free = band_free_columns(layout, band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        for (std::uint32_t taken = fixed;; taken = (taken - 1) & fixed) {
            if (has_part(layout, lead, fixed, taken, orbit.self_flip)) f(whole_band_task(band, orbit, taken));
            if (taken == 0) break;
        }
    });
}

// One part of a task: the band it places (as a whole-band task; where tops
// are shared, the task itself, whose bands the part places in turn), the
// lead columns its lists fix and which of them the top takes.
struct join_part {
    join_task whole{};
    std::uint32_t lead = 0;
    std::uint32_t taken = 0;
};

// Where a part's tops serve every completion of the band (shared_tops),
// its lead columns are the first k that the task's rows leave free, and it
// takes a split of them: the bottom takes the rest but those of the
// completion's queens, so it may be left up to spare = b - tb more than t
// of them.
constexpr std::uint32_t shared_lead(const join_layout& layout, const join_task& t) noexcept
{
    return lead_columns(layout, rows_free_columns(layout, t.band, layout.task_band_rows));
}
constexpr int shared_spare(const join_layout& layout) noexcept
{
    return layout.band_rows - layout.task_band_rows;
}

// Calls part(join_part) for each part of task t: each band it stands for
// (for_each_task_band), each split of that band's lead columns
// (for_each_task_part), until part returns false; returns whether it never
// did. Where tops are shared (shared_tops), each split of the task's lead
// columns (shared_lead), `whole` the task itself.
template <class F>
constexpr bool for_each_join_part(const join_layout& layout, const join_task& t, F&& part)
{
    if (layout.shared_tops) {
        const std::uint32_t lead = shared_lead(layout, t);
        return for_each_task_part(layout, lead, 0, 0, false, shared_spare(layout), [&](std::uint32_t taken) {
            return part(join_part{t, lead, taken});
        });
    }
    return for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        return for_each_task_part(layout, lead, fixed, whole.taken, whole.self_flip,
                                  [&](std::uint32_t taken) {
                                      return part(join_part{whole, lead, taken});
                                  });
    });
}

// The number of parts of task t, as for_each_join_part walks them. Cost:
// O(p^2) per band it stands for.
constexpr std::uint64_t count_join_parts(const join_layout& layout, const join_task& t)
{
    if (layout.shared_tops)
        return count_task_parts(layout, shared_lead(layout, t), 0, 0, false, shared_spare(layout));
    std::uint64_t parts = 0;
    for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        parts += count_task_parts(layout, lead_columns(layout, free), task_lead_columns(layout, free),
                                  whole.taken, whole.self_flip);
        return true;
    });
    return parts;
}

// The `index`-th part of task t (from 0, index < count_join_parts) in the
// order of for_each_join_part, without walking the others.
constexpr join_part nth_join_part(const join_layout& layout, const join_task& t, std::uint64_t index)
{
    if (layout.shared_tops) {
        const std::uint32_t lead = shared_lead(layout, t);
        return join_part{t, lead, nth_task_part(layout, lead, 0, 0, false, index, shared_spare(layout))};
    }
    join_part out{};
    for_each_task_band(layout, t, [&](const join_task& whole) {
        const std::uint32_t free = band_free_columns(layout, whole.band);
        const std::uint32_t lead = lead_columns(layout, free);
        const std::uint32_t fixed = task_lead_columns(layout, free);
        const std::uint64_t parts = count_task_parts(layout, lead, fixed, whole.taken, whole.self_flip);
        if (index >= parts) {
            index -= parts;
            return true;
        }
        out = join_part{whole, lead, nth_task_part(layout, lead, fixed, whole.taken, whole.self_flip, index)};
        return false;
    });
    return out;
}

template <class F>
constexpr void for_each_join_task(int n, F&& f)
{
    for_each_join_task(make_join_layout(n), f);
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TASKS_HPP
