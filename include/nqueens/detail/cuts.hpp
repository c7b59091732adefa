// SPDX-License-Identifier: BSL-1.0
// plan_cut and default_cuts: how each n's count is cut into tasks, one row of data per n.
#ifndef NQUEENS_DETAIL_CUTS_HPP
#define NQUEENS_DETAIL_CUTS_HPP

#include <nqueens/domain.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace nqueens {

// How a plan cuts the count of n into tasks: the search its tasks run and
// every parameter that fixes the task list and each task's parts. With n,
// the mode and the number of tasks it names a plan: a run record carries
// it, and any program that can count the cut (cut_error) resumes, merges
// and rechecks the record by it, whatever its own default. A change to the
// order in which a method lists its tasks must give the method a new name.
//
// The join (detail/join/layout.hpp, tasks.hpp) cuts the board into a top of t rows, a
// middle band of b = band_rows rows and a bottom of t rows (n = b + 2t).
// A task fixes the first task_band_rows rows of the band (b, or fewer where
// each of its parts places the rest) and which of the first
// task_lead_columns free columns the top takes; each list fixes
// lead_columns of them, so a task counts its other lead columns split by
// split, in parts. shared_tops: where a task fixes part of its band, each
// part's tops are built once and serve every completion of the band.
struct plan_cut {
    enum class method_kind : std::uint8_t {
        symmetric,  // the 8-fold symmetric search; a task places split_depth rows
        join,       // the half-board join (detail/join/layout.hpp)
    };
    method_kind method = method_kind::symmetric;
    int split_depth = 0;        // symmetric: rows a task places (2 to 4)
    int band_rows = 0;          // join: b, the middle band's rows (1 to 8)
    int task_band_rows = 0;     // join: how many of them a task fixes (1 to b)
    int lead_columns = 0;       // join: k, leading free columns whose use each list fixes
    int task_lead_columns = 0;  // join: how many of the k a task fixes (the rest split in parts)
    bool shared_tops = false;   // join: a part's tops serve every completion of its band

    friend constexpr bool operator==(const plan_cut&, const plan_cut&) = default;
};

// "join", "symmetric": how a record names a method.
constexpr const char* method_name(plan_cut::method_kind m) noexcept
{
    return m == plan_cut::method_kind::join ? "join" : "symmetric";
}

// The cut in words, every field named: "the join (5 band rows, 4 per task;
// 11 lead columns, 0 per task; shared tops)" or "the symmetric search (2
// rows per task)".
inline std::string to_string(const plan_cut& c)
{
    if (c.method == plan_cut::method_kind::symmetric)
        return "the symmetric search (" + std::to_string(c.split_depth) + " rows per task)";
    if (c.method != plan_cut::method_kind::join) return "an unknown method";
    const auto some = [](int count, const char* what) {
        return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
    };
    return "the join (" + some(c.band_rows, "band row") + ", " + std::to_string(c.task_band_rows) +
           " per task; " + some(c.lead_columns, "lead column") + ", " + std::to_string(c.task_lead_columns) +
           " per task" + (c.shared_tops ? "; shared tops)" : ")");
}

// At least the most tasks a plan of any n has (302,800, n = 24's default
// cut; 363,012 was n = 23's before its band grew, and stays the bound). A
// record that claims more is damaged, a reader allocates no more, and a
// plan of a cut with more is refused.
inline constexpr std::size_t max_plan_tasks = 363012;

// One row of the table: n's cut, and the memory one thread of it may take
// (its peak resident size over n's largest tasks or parts, measured on
// x86-64 with glibc, and about a third more for other allocators).
struct cut_row {
    plan_cut cut;
    std::size_t thread_megabytes = 0;
};

namespace detail {

// The join runs for join_min_n <= n <= join_max_n (32: the widest board);
// smaller n run the symmetric search.
inline constexpr int join_min_n = 6;
inline constexpr int join_max_n = 32;

constexpr cut_row symmetric_row(int depth, std::size_t megabytes) noexcept
{
    return {plan_cut{plan_cut::method_kind::symmetric, depth, 0, 0, 0, 0, false}, megabytes};
}

// b band rows of which a task fixes tb, k lead columns of which a task fixes k1.
constexpr cut_row join_row(int b, int tb, int k, int k1, bool shared, std::size_t megabytes) noexcept
{
    return {plan_cut{plan_cut::method_kind::join, 0, b, tb, k, k1, shared}, megabytes};
}

}  // namespace detail

// Every n's cut, row n for n = 1 to 32 (row 0 is empty): the one home of
// these numbers. Why each is what it is (what was measured against what)
// is in docs/design/join.md and docs/benchmarks.md; docs/cuts.md lists the
// table with each n's task count.
//
// Bands of one or two rows up to n = 20 and more beyond, so that the tops
// stay short enough to list (at most 12 rows); lead columns keep each list
// small enough for the caches and, from n = 19, for memory; where a band
// has more orbits than a plan may hold tasks (n = 25, 27 to 32), a task
// fixes 4 of its rows and its parts place the rest.
inline constexpr std::array<cut_row, max_n + 1> default_cuts = {{
    {},
    detail::symmetric_row(2, 4),  // n = 1
    detail::symmetric_row(2, 4),
    detail::symmetric_row(2, 4),
    detail::symmetric_row(2, 4),
    detail::symmetric_row(2, 4),  // n = 5
    //               b  tb   k  k1  shared   MB
    detail::join_row(2, 2, 0, 0, false, 16),  // n = 6
    detail::join_row(1, 1, 0, 0, false, 16),
    detail::join_row(2, 2, 0, 0, false, 16),
    detail::join_row(1, 1, 0, 0, false, 16),
    detail::join_row(2, 2, 0, 0, false, 16),  // n = 10
    detail::join_row(1, 1, 0, 0, false, 16),
    detail::join_row(2, 2, 0, 0, false, 16),
    detail::join_row(1, 1, 0, 0, false, 16),
    detail::join_row(2, 2, 0, 0, false, 16),
    detail::join_row(1, 1, 2, 2, false, 16),  // n = 15
    detail::join_row(2, 2, 0, 0, false, 16),
    detail::join_row(1, 1, 4, 4, false, 64),
    detail::join_row(2, 2, 2, 2, false, 96),
    detail::join_row(1, 1, 8, 8, false, 96),
    detail::join_row(2, 2, 4, 4, false, 160),  // n = 20
    detail::join_row(3, 3, 0, 0, false, 192),
    detail::join_row(4, 4, 0, 0, false, 192),
    detail::join_row(3, 3, 11, 7, false, 192),
    detail::join_row(4, 4, 11, 3, false, 192),
    detail::join_row(5, 4, 11, 0, true, 192),  // n = 25
    detail::join_row(4, 4, 16, 2, false, 192),
    detail::join_row(5, 4, 14, 0, false, 192),
    detail::join_row(6, 4, 15, 0, true, 320),
    detail::join_row(5, 4, 20, 0, false, 400),
    detail::join_row(6, 4, 20, 0, false, 320),  // n = 30
    detail::join_row(7, 4, 20, 0, false, 320),
    detail::join_row(8, 4, 18, 0, false, 320),
}};

// n's row of default_cuts. Throws std::domain_error(domain_message) unless
// 1 <= n <= 32.
constexpr const cut_row& default_cut_row(int n)
{
    check_domain(n);
    return default_cuts[static_cast<std::size_t>(n)];
}

// The cut work_plan(n) takes unless told another.
constexpr plan_cut default_cut(int n)
{
    return default_cut_row(n).cut;
}

// Why this program cannot count n (in the domain) by cut `c`, as a phrase
// ("its band rows and n differ in parity"), or nullptr where it can. The
// rules: n < 6 by the symmetric search, 2 to 4 rows a task; n >= 6 by the
// join, with a band of 1 to 8 rows of the same parity as n and tops of 2 to
// 12 rows, 1 to b of them fixed by a task, lead columns no more than the
// rows below the band, a task's lead columns no more than those, none
// where a task fixes part of its band, shared tops only there.
constexpr const char* cut_error(int n, const plan_cut& c) noexcept
{
    using m = plan_cut::method_kind;
    if (c.method != m::symmetric && c.method != m::join) return "its method is unknown";
    if (n < detail::join_min_n) {
        if (c.method != m::symmetric) return "n < 6 is counted by the symmetric search only";
        if (c.split_depth < 2 || c.split_depth > 4)
            return "a task of the symmetric search places 2 to 4 rows";
        if (c.band_rows || c.task_band_rows || c.lead_columns || c.task_lead_columns || c.shared_tops)
            return "the symmetric search has no band or lead columns";
        return nullptr;
    }
    if (c.method != m::join) return "n >= 6 is counted by the join only";
    if (c.split_depth != 0) return "the join has no split depth";
    if (c.band_rows < 1 || c.band_rows > 8) return "the join's band has 1 to 8 rows";
    if ((n - c.band_rows) % 2 != 0) return "its band rows and n differ in parity";
    const int top = (n - c.band_rows) / 2;
    if (top < 2 || top > 12) return "its tops would have fewer than 2 or more than 12 rows";
    if (c.task_band_rows < 1 || c.task_band_rows > c.band_rows)
        return "a task fixes 1 to all of the band rows";
    if (c.lead_columns < 0 || c.lead_columns > n - c.band_rows)
        return "its lead columns outnumber the rows below the band";
    if (c.task_lead_columns < 0 || c.task_lead_columns > c.lead_columns)
        return "a task's lead columns outnumber the lead columns";
    const bool partial = c.task_band_rows < c.band_rows;
    if (partial && c.task_lead_columns != 0)
        return "a task that fixes part of its band fixes no lead columns";
    if (c.shared_tops && !partial) return "tops are shared only where a task fixes part of its band";
    return nullptr;
}

}  // namespace nqueens

#endif  // NQUEENS_DETAIL_CUTS_HPP
