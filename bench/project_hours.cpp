// Projects the core-hours of a whole count from a sample of its tasks: the
// plan's tasks are cut into strata of equal estimated work, tasks drawn at
// random from every stratum are counted one at a time on one thread, and
// each stratum's CPU seconds per unit of estimate scale its whole estimate.
//
// Where the plan is the symmetric search's (n > 23), whose tasks take
// minutes to hours, a task drawn is not counted whole: its sub-tasks two
// rows further down are listed, three of them are drawn with probability
// proportional to their estimates and counted, and the task's seconds are
// estimated from theirs (two-stage sampling); a sub-task that takes more
// than a few seconds is estimated the same way from one of its own.
//
// usage: project_hours N [SECONDS] [SEED]
//   SECONDS  the sampling budget, wall time (default 60): sampling goes on, a few tasks
//            from every stratum in turn, until it is spent; the task that is
//            running then finishes
//   SEED     of the random draw (default 1)
#include <nqueens/detail/symmetric_search.hpp>
#include <nqueens/plan.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <time.h>

namespace {

// CPU seconds of the calling thread: what a core-hour counts, and not
// inflated when other work shares the machine, as wall time would be.
double cpu_seconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct stratum {
    std::vector<std::size_t> ids;  // not yet drawn
    double estimate = 0;           // of all its tasks
    std::vector<double> seconds, estimates;  // of the tasks counted
};

// The CPU seconds of one task of a symmetric-search plan, estimated from
// `draws` of its sub-tasks two rows further down, drawn with probability
// proportional to their estimates (with replacement): the mean of each
// draw's seconds divided by its share of the task's estimate. A sub-task
// still running after `cap` CPU seconds is given up and estimated the same
// way from one draw of its own sub-tasks, and so on down.
class two_stage {
public:
    explicit two_stage(std::mt19937_64& random) : random_(random) {}

    double seconds(const nqueens::detail::sym_task& task, int draws = 3)
    {
        std::vector<nqueens::detail::sym_task> subtasks;
        std::vector<double> weights;
        auto keep = [&](const nqueens::detail::sym_task& t) {
            subtasks.push_back(t);
            weights.push_back(static_cast<double>(nqueens::detail::sym_task_breadth(t, 2)));
        };
        nqueens::detail::extend_sym_task(task, std::min(task.row + 2, task.rule.n - 2), keep);
        double whole = 0;
        for (const double w : weights) whole += w;
        if (whole == 0) return 0;  // no board below the task
        std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
        double sum = 0;
        for (int i = 0; i < draws; ++i) {
            const std::size_t k = pick(random_);
            nqueens::detail::sym_tally tally{};
            const double t0 = cpu_seconds();
            const bool done = nqueens::detail::search_symmetric(subtasks[k], tally,
                                                                [&] { return cpu_seconds() - t0 > cap; });
            deepest = std::max(deepest, subtasks[k].row);
            const double spent = done ? cpu_seconds() - t0 : seconds(subtasks[k], 1);
            counted += done ? 1 : 0;
            sum += spent * whole / weights[k];
        }
        return sum / draws;
    }

    static constexpr double cap = 5;
    std::size_t counted = 0;  // sub-tasks counted whole
    int deepest = 0;          // the most rows a sub-task drawn had placed

private:
    std::mt19937_64& random_;
};

int usage()
{
    std::fputs("usage: project_hours N [SECONDS] [SEED]\n", stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || argc > 4) return usage();
    int n = 0;
    double budget = 60;
    unsigned seed = 1;
    try {
        n = std::stoi(argv[1]);
        if (argc > 2) budget = std::stod(argv[2]);
        if (argc > 3) seed = static_cast<unsigned>(std::stoul(argv[3]));
    } catch (const std::exception&) {
        return usage();
    }
    try {
        const nqueens::work_plan plan(n);
        if (plan.size() == 0) {
            std::printf("n = %d: no tasks\n", n);
            return 0;
        }
        // Strata of about equal estimated work, from the smallest tasks up.
        std::vector<std::size_t> order(plan.size());
        for (std::size_t id = 0; id < order.size(); ++id) order[id] = id;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return plan.estimate(a) < plan.estimate(b); });
        double total = 0;
        for (const std::size_t id : order) total += static_cast<double>(plan.estimate(id));
        const std::size_t count = std::min<std::size_t>(8, plan.size());
        std::vector<stratum> strata(count);
        double running = 0;
        for (const std::size_t id : order) {
            const double e = static_cast<double>(plan.estimate(id));
            // The stratum that holds the middle of this task's share.
            const double middle = (running + e / 2) / total;
            const std::size_t h = std::min(count - 1, static_cast<std::size_t>(middle * static_cast<double>(count)));
            strata[h].ids.push_back(id);
            strata[h].estimate += e;
            running += e;
        }
        std::erase_if(strata, [](const stratum& s) { return s.ids.empty(); });

        std::mt19937_64 random(seed);
        nqueens::work_plan::workspace ws;
        // The symmetric search's tasks, in id order, for the two-stage draw.
        const bool sub_sample = n > nqueens::detail::join_max_n;
        std::vector<nqueens::detail::sym_task> sym_tasks;
        if (sub_sample) {
            nqueens::detail::for_each_sym_task(n, nqueens::work_plan::split_depth(n),
                                               [&](const nqueens::detail::sym_task& t) { sym_tasks.push_back(t); });
            if (sym_tasks.size() != plan.size()) throw std::logic_error("the symmetric tasks do not match the plan");
        }
        two_stage sub(random);
        const auto start = std::chrono::steady_clock::now();
        const auto since = [](std::chrono::steady_clock::time_point t) {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        };
        std::size_t drawn = 0;
        double sampled = 0;  // estimate of the tasks counted
        // Every stratum twice at least (its spread needs two), then in turn until the budget is spent.
        for (std::size_t round = 0;; ++round) {
            bool any = false;
            for (stratum& s : strata) {
                if (s.ids.empty() || (round >= 2 && since(start) >= budget)) continue;
                std::uniform_int_distribution<std::size_t> pick(0, s.ids.size() - 1);
                const std::size_t k = pick(random);
                const std::size_t id = s.ids[k];
                s.ids[k] = s.ids.back();
                s.ids.pop_back();
                if (sub_sample) {
                    s.seconds.push_back(sub.seconds(sym_tasks[id]));
                } else {
                    const double t0 = cpu_seconds();
                    (void)plan.run(id, std::stop_token{}, ws);
                    s.seconds.push_back(cpu_seconds() - t0);
                }
                s.estimates.push_back(static_cast<double>(plan.estimate(id)));
                sampled += s.estimates.back();
                ++drawn;
                any = true;
            }
            if (!any) break;
        }

        // Ratio estimate per stratum, and its standard error.
        double projected = 0, variance = 0;
        bool complete = true;
        for (const stratum& s : strata) {
            double t = 0, e = 0;
            for (std::size_t i = 0; i < s.seconds.size(); ++i) {
                t += s.seconds[i];
                e += s.estimates[i];
            }
            const double rate = t / e;
            const double left = s.estimate - e;  // the part not counted
            projected += t + rate * left;
            const std::size_t k = s.seconds.size();
            // A sub-sampled task's seconds are themselves estimates, so
            // the spread counts for the whole stratum, even where every task
            // was drawn (the ultimate-cluster estimate of the variance).
            const double unseen = sub_sample ? s.estimate : left;
            if ((!s.ids.empty() || sub_sample) && k >= 2) {
                double squares = 0;
                for (std::size_t i = 0; i < k; ++i) {
                    const double r = s.seconds[i] - rate * s.estimates[i];
                    squares += r * r;
                }
                const double mean_e = e / static_cast<double>(k);
                variance += (unseen / mean_e) * (unseen / mean_e) * squares /
                            (static_cast<double>(k) * static_cast<double>(k - 1));
            }
            complete = complete && !sub_sample && s.ids.empty();
        }
        const double error = projected > 0 ? std::sqrt(variance) / projected : 0;
        if (sub_sample)
            std::printf("n = %d: %zu tasks; %zu drawn, estimated from %zu of their sub-tasks (down to row %d) in "
                        "%.0f s on one thread; ",
                        n, plan.size(), drawn, sub.counted, sub.deepest, since(start));
        else
            std::printf("n = %d: %zu tasks; %zu counted (%.2g %% of the estimated work) in %.0f s on one thread; ",
                        n, plan.size(), drawn, 100 * sampled / total, since(start));
        const double shown = projected < 3600 ? projected : projected / 3600;
        const char* unit = projected < 3600 ? "core-seconds" : "core-hours";
        if (complete)
            std::printf("all of them: %.3g %s\n", shown, unit);
        else
            std::printf("projected %.3g %s (+/- %.0f %%)\n", shown, unit, 100 * error);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "project_hours: %s\n", e.what());
        return 1;
    }
    return 0;
}
