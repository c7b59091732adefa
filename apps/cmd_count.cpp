// `nqueens count N`: counts the solutions with the threaded engine and times the count.
#include "cli.hpp"
#include "count_args.hpp"
#include "persist.hpp"
#include "progress_line.hpp"
#include "result_printer.hpp"

#include <nqueens/engine.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <variant>

namespace nqueens::cli {

int run_count(args a)
{
    const count_args c = parse_count_args(a, "nqueens count N");
    progress_line line(c.progress);
    count_options options;
    options.threads = c.threads;
    options.mode = c.mode();
    if (line.enabled()) options.on_progress = [&line](const progress& p) { line(p); };
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
