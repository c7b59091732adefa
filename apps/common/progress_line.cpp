// SPDX-License-Identifier: BSL-1.0
// The progress line on stderr, and the tally that feeds it where parallel_count() does not.
#include "common/progress_line.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <unistd.h>

namespace nqueens::app {

std::string format_duration(double seconds)
{
    if (!(seconds >= 0) || !std::isfinite(seconds)) return "--";
    seconds = std::min(seconds, 1e15);  // 31 million years: lround stays in range
    const long s = std::lround(seconds);
    char buffer[40];
    if (seconds < 59.95)
        std::snprintf(buffer, sizeof buffer, "%.1fs", seconds);
    else if (s < 3600)
        std::snprintf(buffer, sizeof buffer, "%ldm%02lds", s / 60, s % 60);
    else if (s < 86400)
        std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(buffer, sizeof buffer, "%ldd%02ldh", s / 86400, s / 3600 % 24);
    return buffer;
}

progress_line::progress_line(progress_mode mode)
    : terminal_(isatty(STDERR_FILENO) != 0), forced_(mode == progress_mode::on)
{
    enabled_ = forced_ || (mode == progress_mode::automatic && terminal_);
}

void progress_line::operator()(const progress& p)
{
    if (!enabled_ || (!forced_ && p.seconds < 1.0)) return;
    const double percent = 100.0 * p.fraction;
    // How many threads count, and why fewer than the cores where the memory
    // budget held them back.
    std::string threads;
    if (p.threads > 0)
        threads = "  " + std::to_string(p.threads) + (p.threads == 1 ? " thread" : " threads") +
                  (p.limited_by == thread_limit::memory ? " (memory budget)" : "");
    std::fprintf(stderr,
                 terminal_ ? "\r%5.1f %%  %zu/%zu tasks  %s elapsed  ETA %s%s   "
                           : "%5.1f %%  %zu/%zu tasks  %s elapsed  ETA %s%s\n",
                 percent, p.tasks_done, p.tasks_total, format_duration(p.seconds).c_str(),
                 format_duration(p.eta_seconds).c_str(), threads.c_str());
    std::fflush(stderr);
    shown_ = true;
}

void progress_line::finish() const
{
    if (terminal_ && shown_) std::fputs("\n", stderr);
}

progress_tally::progress_tally(const work_plan& plan, std::span<const std::size_t> ids)
    : plan_(plan), tasks_total_(ids.size())
{
    for (const std::size_t id : ids) work_total_ += static_cast<double>(plan.estimate(id));
}

void progress_tally::begun(std::size_t id, std::uint64_t done, std::uint64_t parts)
{
    const double before =
        static_cast<double>(plan_.estimate(id)) * static_cast<double>(done) / static_cast<double>(parts);
    work_total_ -= before;
    credited_[id] += before;
}

void progress_tally::add_parts(std::size_t id, std::uint64_t k, std::uint64_t parts)
{
    const double work =
        static_cast<double>(plan_.estimate(id)) * static_cast<double>(k) / static_cast<double>(parts);
    work_done_ += work;
    credited_[id] += work;
}

void progress_tally::add(std::size_t id)
{
    ++tasks_done_;
    double work = static_cast<double>(plan_.estimate(id));
    if (const auto c = credited_.find(id); c != credited_.end()) {
        work -= c->second;
        credited_.erase(c);
    }
    work_done_ += work;
}

// As parallel_count() computes it (runtime/engine.hpp), so that both programs show the same.
progress progress_tally::at(double seconds) const
{
    progress p{};
    p.tasks_done = tasks_done_;
    p.tasks_total = tasks_total_;
    p.tasks_begun = credited_.size();
    p.fraction = tasks_done_ == tasks_total_
                     ? 1.0
                     : (work_total_ > 0 ? std::min(work_done_ / work_total_, 0.999) : 0.0);
    p.seconds = seconds;
    p.eta_seconds =
        p.fraction >= 1.0 ? 0.0 : (p.fraction > 0 ? seconds * (1 - p.fraction) / p.fraction : -1.0);
    return p;
}

}  // namespace nqueens::app
