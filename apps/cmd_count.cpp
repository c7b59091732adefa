// `nqueens count N`: counts the solutions with the threaded engine and times the count.
#include "cli.hpp"
#include "count_args.hpp"
#include "persist.hpp"
#include "result_printer.hpp"

#include <nqueens/engine.hpp>

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <variant>

#include <unistd.h>

namespace nqueens::cli {

namespace {

// "4.2s", "12m05s", "3h20m"; "--" for an unknown (negative) time.
std::string format_duration(double seconds)
{
    if (seconds < 0) return "--";
    const long s = std::lround(seconds);
    char buffer[32];
    if (seconds < 59.95)
        std::snprintf(buffer, sizeof buffer, "%.1fs", seconds);
    else if (s >= 3600)
        std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(buffer, sizeof buffer, "%ldm%02lds", s / 60, s % 60);
    return buffer;
}

// The progress line on stderr. On a terminal it rewrites itself in place and
// appears only once the count has run for a second; with --progress into a
// file or pipe it writes one line per report.
class progress_line {
public:
    progress_line(bool terminal, bool forced) : terminal_(terminal), forced_(forced) {}

    void operator()(const progress& p)
    {
        if (!forced_ && p.seconds < 1.0) return;
        const double percent = 100.0 * p.fraction;
        if (terminal_) {
            std::fprintf(stderr, "\r%5.1f %%  %zu/%zu tasks  %s elapsed  ETA %s   ", percent, p.tasks_done,
                         p.tasks_total, format_duration(p.seconds).c_str(),
                         format_duration(p.eta_seconds).c_str());
        } else {
            std::fprintf(stderr, "%5.1f %%  %zu/%zu tasks  %s elapsed  ETA %s\n", percent, p.tasks_done,
                         p.tasks_total, format_duration(p.seconds).c_str(),
                         format_duration(p.eta_seconds).c_str());
        }
        std::fflush(stderr);
        shown_ = true;
    }

    // Ends the line in place so that the result starts on a fresh one.
    void finish() const
    {
        if (terminal_ && shown_) std::fputs("\n", stderr);
    }

private:
    bool terminal_;
    bool forced_;
    bool shown_ = false;
};

}  // namespace

int run_count(args a)
{
    const count_args c = parse_count_args(a, "nqueens count N");
    const progress_mode mode = c.progress;
    const bool terminal = isatty(STDERR_FILENO) != 0;
    const bool show = mode == progress_mode::on || (mode == progress_mode::automatic && terminal);
    progress_line line(terminal, mode == progress_mode::on);
    count_options options;
    options.threads = c.threads;
    options.mode = c.mode();
    if (show) options.on_progress = [&line](const progress& p) { line(p); };
    const work_plan plan(c.n, c.mode());  // the one plan of this run: the session's and count()'s
    std::optional<persist_session> session;
    if (c.persist.any()) session.emplace(c.persist, plan).attach(options);

    const count_result r = count(plan, options);
    line.finish();
    if (session) {
        auto outcome = session->finish(r);
        if (const int* status = std::get_if<int>(&outcome)) return *status;
        print_result(std::get<result_view>(outcome), c.json);
        return 0;
    }
    commit_to_result();
    run_record shown;
    shown.n = r.n;
    shown.sum = {r.total, r.distinct, r.nodes};
    shown.seconds = r.seconds;
    print_result(view_of(shown, c.unique ? std::optional(r.distinct) : std::nullopt, r.threads, ""), c.json);
    return 0;
}

}  // namespace nqueens::cli
