// SPDX-License-Identifier: BSL-1.0
// Recounting a sample of the tasks of record files (merge --recheck, count --recheck).
#include "common/recheck.hpp"

#include "common/fault_injection.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>
#include <random>

namespace nqueens::app {

count_route recheck_route()
{
    return faults().recheck_route.value_or(count_route::check);
}

std::size_t recheck_records(std::span<run_record> records, std::span<const std::string> names,
                            const work_plan& plan, std::size_t k, const std::string& prefix,
                            std::stop_token stop)
{
    constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> owner(plan.size(), none);  // the record of a picked task id
    std::vector<std::size_t> at(plan.size(), 0);        // and its position there
    std::mt19937_64 random(std::random_device{}());
    std::size_t picked = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::vector<std::size_t> positions(records[i].done.size());
        std::iota(positions.begin(), positions.end(), std::size_t{0});
        if (k < positions.size()) {
            std::shuffle(positions.begin(), positions.end(), random);
            positions.resize(k);
        }
        for (const std::size_t p : positions) {
            owner[records[i].done[p]] = i;
            at[records[i].done[p]] = p;
        }
        picked += positions.size();
    }
    std::optional<std::string> wrong;
    parallel_options o;
    o.mode = plan.mode();
    // By the other route than counts take, so that a bug of one route is
    // not repeated by its check.
    o.route = recheck_route();
    o.include = [&](std::size_t id) { return owner[id] != none; };
    o.on_task_done = [&](std::size_t id, const solution_counts& t) {
        const solution_counts& said = records[owner[id]].counts[at[id]];
        // Node counts may differ between program versions; the counts may not.
        if (wrong || (t.total == said.total && t.distinct == said.distinct)) return;
        wrong = "'" + names[owner[id]] + "' fails the recheck: task " + std::to_string(id) + " counts " +
                to_string(t.total) + " solutions (" + to_string(t.distinct) + " distinct) by the " +
                route_name(o.route) + " route, the file says " + to_string(said.total) + " (" +
                to_string(said.distinct) +
                "); the file is damaged or forged, or was counted by a faulty machine or a bug of its route";
    };
    o.stop = stop;
    const parallel_result r = parallel_count(plan, o);
    if (r.cancelled && stop.stop_requested()) throw recheck_stopped("the recheck was stopped");
    if (wrong) throw usage_error(prefix + *wrong);
    const char* route = plan.route_label(o.route);
    for (std::size_t id = 0; id < owner.size(); ++id)
        if (owner[id] != none) mark_checked(records[owner[id]], at[id], route);
    return picked;
}

}  // namespace nqueens::app
