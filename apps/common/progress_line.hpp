// SPDX-License-Identifier: BSL-1.0
// The progress line of a count on stderr, the same for nqueens and nqueens-mpi.
#ifndef NQUEENS_APPS_COMMON_PROGRESS_LINE_HPP
#define NQUEENS_APPS_COMMON_PROGRESS_LINE_HPP

#include "common/count_args.hpp"

#include <nqueens/runtime/engine.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>

namespace nqueens::app {

// A duration for people: "4.2s" under a minute, "12m05s", "3h20m",
// "2d07h" (rounded to the second, then cut to the unit shown); "--" for an
// unknown one (negative, NaN or infinite).
std::string format_duration(double seconds);

// "42.0 %  94/224 tasks  1.2s elapsed  ETA 1.7s" on stderr. Shown with
// --progress, or by default when stderr is a terminal (not with
// --no-progress). On a terminal it rewrites itself in place and appears only
// once the count has run for a second; with --progress into a file or pipe
// it writes one line per report.
class progress_line {
public:
    explicit progress_line(progress_mode mode);

    bool enabled() const noexcept { return enabled_; }
    void operator()(const progress& p);
    // Ends the line in place so that the result starts on a fresh one.
    void finish() const;

private:
    bool enabled_;
    bool terminal_;
    bool forced_;
    bool shown_ = false;
};

// What a count has done so far, as parallel_count()'s progress reports say it, for
// a count whose tasks come in from elsewhere (nqueens-mpi's rank 0).
class progress_tally {
public:
    // The tasks this run counts (their ids), weighted by plan.estimate.
    progress_tally(const work_plan& plan, std::span<const std::size_t> ids);
    // Task id (one of ids) was begun by a run before, `done` of its `parts`
    // counted: that much is not this run's work. Call before the rest.
    void begun(std::size_t id, std::uint64_t done, std::uint64_t parts);
    // `k` more of the `parts` parts of task id are counted, the task not finished.
    void add_parts(std::size_t id, std::uint64_t k, std::uint64_t parts);
    // Task id is finished.
    void add(std::size_t id);
    progress at(double seconds) const;

private:
    const work_plan& plan_;
    std::size_t tasks_total_;
    std::size_t tasks_done_ = 0;
    double work_total_ = 0;
    double work_done_ = 0;
    std::map<std::size_t, double> credited_;  // the work of tasks not finished already in work_done_ (or
                                              // taken off work_total_), by id
};

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_PROGRESS_LINE_HPP
