// SPDX-License-Identifier: BSL-1.0
// Projects the core-hours of a whole count from a sample of its tasks: the
// plan's tasks are cut into strata of equal estimated work, tasks drawn at
// random from every stratum are counted one at a time on one thread, and
// each stratum's CPU seconds per unit of estimate scale its whole estimate.
//
// Where the join's tasks come in parts (n >= 23, docs/cuts.md), a task takes minutes to
// years, so a task drawn is not counted whole: three of its parts are drawn
// at random and counted, and the task's seconds are estimated from theirs
// (two-stage sampling).
//
// usage: project_hours [--rounds R] N[:B,K,K1[,P...]][/M[:...]]... [SECONDS] [SEED]
//   --rounds R  draw R tasks from every stratum, whatever the time: the same
//            SEED then counts the same tasks and parts in every build, so
//            that two builds of the library compare task for task
//            (bench/project_hours.sh --against)
//   B,K,K1   the join's cut to project instead of n's own (plan_cut's
//            fields, nqueens/detail/cuts.hpp): band_rows, lead_columns,
//            task_lead_columns (to compare cuts A/B in one run); ",P"
//            (K1 = 0): task_band_rows = B - 1, its parts place the last
//            band row; ",PP": B - 2, its parts place the last two; and so
//            on; ",P...S": the same, with shared_tops (tops shared by the
//            completions of the band, as n = 25's and 28's own cuts)
//   N/M/...  sizes (or cuts) projected side by side, in one process: a
//            round of each in turn, so that a drift of the machine's speed
//            (up to a quarter within minutes on a shared machine) touches
//            them alike; each is then printed against the one before it
//            (the step from n to n + 1, or one cut against another); each
//            keeps its own workspace, so their memory adds up
//   SECONDS  the sampling budget per size, wall time (default 60): sampling goes on, a
//            task from every stratum in turn, until it is spent; the round
//            that is running then finishes
//   SEED     of the random draw (default 1)
//
// Beside each projection it prints, for each stratum, its tasks' estimate
// against the plan's mean and its CPU seconds per unit of estimate against
// the whole sample's: how far the estimate, by which a count orders its
// tasks and weighs its progress, is from their cost.
#include <nqueens/detail/join/run_task.hpp>
#include <nqueens/runtime/plan.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
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
    std::vector<std::size_t> ids;            // not yet drawn
    double estimate = 0;                     // of all its tasks
    std::vector<double> seconds, estimates;  // of the tasks counted
};

// Counts one part as a count does (count_weighted_part: where tops are
// shared, a part is a split of the task's lead columns and places each of
// its bands); the library of an older revision (project_hours.sh
// --against), which lacks it, counts a part's band alone.
template <class Layout, class Part, class Workspace>
void count_part(const Layout& layout, const Part& part, Workspace& ws, std::uint64_t& nodes)
{
    const auto never = [] { return false; };
    if constexpr (requires { count_weighted_part(layout, part, ws, nodes, never); })
        (void)count_weighted_part(layout, part, ws, nodes, never);
    else
        (void)nqueens::detail::count_join_part(layout, part.whole, part.lead, part.taken, ws, nodes, never);
}

// The cut's fields by their names (plan_cut, nqueens/detail/cuts.hpp), in
// this library or an older one (--against), whose join_layout named them
// band, task_band, lead and task_lead and may lack shared tops.
template <class Layout>
int band_rows_of(const Layout& l)
{
    if constexpr (requires { l.band_rows; })
        return l.band_rows;
    else
        return l.band;
}
template <class Layout>
int task_band_rows_of(const Layout& l)
{
    if constexpr (requires { l.task_band_rows; })
        return l.task_band_rows;
    else
        return l.task_band;
}
template <class Layout>
int lead_columns_of(const Layout& l)
{
    if constexpr (requires { l.lead_columns; })
        return l.lead_columns;
    else
        return l.lead;
}
template <class Layout>
int task_lead_columns_of(const Layout& l)
{
    if constexpr (requires { l.task_lead_columns; })
        return l.task_lead_columns;
    else
        return l.task_lead;
}
template <class Layout>
bool shares_tops(const Layout& layout)
{
    if constexpr (requires { layout.shared_tops; }) return layout.shared_tops;
    return false;
}

// Makes `layout` share its tops (",P...S"); false where the library cannot.
template <class Layout>
bool share_tops(Layout& layout)
{
    if constexpr (requires { layout.shared_tops; }) {
        layout.shared_tops = task_band_rows_of(layout) < band_rows_of(layout);
        return layout.shared_tops;
    }
    return false;
}

// Whether the library can count n by `layout`'s cut: its own rule
// (cut_error) where it has one, else the rules it had.
template <class Layout>
bool countable(int n, const Layout& layout)
{
    if constexpr (requires(const Layout& l) { cut_error(n, l); }) {
        return cut_error(n, layout) == nullptr;
    } else {
        const int b = band_rows_of(layout), tb = task_band_rows_of(layout);
        const int k = lead_columns_of(layout), k1 = task_lead_columns_of(layout);
        const int t = (n - b) / 2;
        return b >= 1 && b <= 8 && (n - b) % 2 == 0 && t >= 2 && k1 >= 0 && k1 <= k && k <= n - b &&
               tb >= 1 && tb <= b && (tb == b || k1 == 0);
    }
}

// The CPU seconds of one join task with parts (n >= 23), estimated from
// `draws` of its parts drawn uniformly (with replacement): the mean of
// their seconds times the number of parts. A part is drawn by its number
// (nth_task_part), so that no task's parts are stored (2^27 at n = 32).
class two_stage {
public:
    two_stage(const nqueens::detail::join_layout& layout, std::mt19937_64& random)
        : layout_(layout), random_(random)
    {
    }

    double seconds(const nqueens::detail::join_task& task, int draws = 3)
    {
        namespace d = nqueens::detail;
        const std::uint64_t parts = d::count_join_parts(layout_, task);
        if (parts == 0) return 0;
        std::uniform_int_distribution<std::uint64_t> pick(0, parts - 1);
        double sum = 0;
        for (int i = 0; i < draws; ++i) {
            const d::join_part part = d::nth_join_part(layout_, task, pick(random_));
            std::uint64_t nodes = 0;
            const double t0 = cpu_seconds();
            count_part(layout_, part, ws_, nodes);
            const double t = cpu_seconds() - t0;
            sum += t;
            part_seconds.push_back(t);
            ++counted;
        }
        return sum / draws * static_cast<double>(parts);
    }

    std::size_t counted = 0;           // parts counted
    std::vector<double> part_seconds;  // the CPU seconds of each

    // The q-quantile (0 to 1) of the parts' seconds (nearest rank), 0 if none.
    double quantile(double q) const
    {
        if (part_seconds.empty()) return 0;
        std::vector<double> sorted = part_seconds;
        std::sort(sorted.begin(), sorted.end());
        const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
        return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
    }

private:
    nqueens::detail::join_layout layout_;
    std::mt19937_64& random_;
    nqueens::detail::join_workspace ws_;
};

// One projection: n's tasks (or a cut's), their strata, and the tasks drawn
// and counted so far. Each has a random draw of its own, seeded alike, so
// that n drawn beside other sizes counts the same tasks as n alone.
class projection {
public:
    projection(int n, const std::optional<nqueens::detail::join_layout>& cut, unsigned seed) : random_(seed)
    {
        namespace d = nqueens::detail;
        nqueens::check_domain(n);
        // The join's tasks and estimates from its layout (n's own or the
        // one given), as work_plan lists them; the symmetric search's plan
        // below n = 6.
        join_ = n >= d::join_min_n;
        layout_ = cut ? *cut : (join_ ? d::make_join_layout(n) : d::join_layout{});
        if (join_) {
            d::for_each_join_task(layout_, [&](const d::join_task& t) {
                join_tasks_.push_back(t);
                estimates_.push_back(d::join_task_breadth(layout_, t));
            });
        } else {
            plan_.emplace(n);
            for (std::size_t id = 0; id < plan_->size(); ++id) estimates_.push_back(plan_->estimate(id));
        }
        char label[64];
        if (join_)
            std::snprintf(
                label, sizeof label, "n = %d, cut %d,%d,%d%s%s%s", n, band_rows_of(layout_),
                lead_columns_of(layout_), task_lead_columns_of(layout_), partial_band(layout_) ? "," : "",
                std::string(static_cast<std::size_t>(band_rows_of(layout_) - task_band_rows_of(layout_)), 'P')
                    .c_str(),
                shares_tops(layout_) ? "S" : "");
        else
            std::snprintf(label, sizeof label, "n = %d", n);
        label_ = label;
        // The two-stage draw where the join's tasks have parts.
        sub_sample_ = join_ && task_lead_columns_of(layout_) < lead_columns_of(layout_);
        sub_.emplace(layout_, random_);

        // Strata of about equal estimated work, from the smallest tasks up.
        const std::size_t size = estimates_.size();
        std::vector<std::size_t> order(size);
        for (std::size_t id = 0; id < order.size(); ++id) order[id] = id;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return estimates_[a] < estimates_[b]; });
        for (const std::size_t id : order) total_ += static_cast<double>(estimates_[id]);
        const std::size_t count = std::min<std::size_t>(8, size);
        strata_.resize(count);
        double running = 0;
        for (const std::size_t id : order) {
            const double e = static_cast<double>(estimates_[id]);
            // The stratum that holds the middle of this task's share.
            const double middle = (running + e / 2) / total_;
            const std::size_t h =
                std::min(count - 1, static_cast<std::size_t>(middle * static_cast<double>(count)));
            strata_[h].ids.push_back(id);
            strata_[h].estimate += e;
            running += e;
        }
        std::erase_if(strata_, [](const stratum& s) { return s.ids.empty(); });
    }

    projection(const projection&) = delete;
    projection& operator=(const projection&) = delete;

    const std::string& label() const { return label_; }
    std::size_t size() const { return estimates_.size(); }

    // Draws and counts one task of every stratum that has one left; false
    // if none had.
    bool draw_round()
    {
        namespace d = nqueens::detail;
        bool any = false;
        for (stratum& s : strata_) {
            if (s.ids.empty()) continue;
            std::uniform_int_distribution<std::size_t> pick(0, s.ids.size() - 1);
            const std::size_t k = pick(random_);
            const std::size_t id = s.ids[k];
            s.ids[k] = s.ids.back();
            s.ids.pop_back();
            const double t0 = cpu_seconds();
            if (sub_sample_) {
                s.seconds.push_back(sub_->seconds(join_tasks_[id]));
            } else {
                if (join_)
                    (void)d::run_join_task(
                        layout_, join_tasks_[id], ws_, [] { return false; },
                        [](std::uint64_t, std::uint64_t) {});
                else
                    (void)plan_->run(id, std::stop_token{}, ws_);
                s.seconds.push_back(cpu_seconds() - t0);
            }
            used_ += cpu_seconds() - t0;
            s.estimates.push_back(static_cast<double>(estimates_[id]));
            sampled_ += s.estimates.back();
            ++drawn_;
            any = true;
        }
        return any;
    }

    struct result {
        double seconds;  // projected core-seconds
        double error;    // relative standard error
        bool complete;   // every task counted: seconds is no projection
    };

    // Ratio estimate per stratum, and its standard error.
    result project() const
    {
        double projected = 0, variance = 0;
        bool complete = true;
        for (const stratum& s : strata_) {
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
            const double unseen = sub_sample_ ? s.estimate : left;
            if ((!s.ids.empty() || sub_sample_) && k >= 2) {
                double squares = 0;
                for (std::size_t i = 0; i < k; ++i) {
                    const double r = s.seconds[i] - rate * s.estimates[i];
                    squares += r * r;
                }
                const double mean_e = e / static_cast<double>(k);
                variance += (unseen / mean_e) * (unseen / mean_e) * squares /
                            (static_cast<double>(k) * static_cast<double>(k - 1));
            }
            complete = complete && !sub_sample_ && s.ids.empty();
        }
        return {projected, projected > 0 ? std::sqrt(variance) / projected : 0, complete};
    }

    void print() const
    {
        if (size() == 0) {
            std::printf("%s: no tasks\n", label_.c_str());
            return;
        }
        if (sub_sample_)
            std::printf(
                "%s: %zu tasks; %zu drawn, estimated from %zu of their parts in %.0f s on one thread; ",
                label_.c_str(), size(), drawn_, sub_->counted, used_);
        else
            std::printf(
                "%s: %zu tasks; %zu counted (%.2g %% of the estimated work) in %.0f s on one thread; ",
                label_.c_str(), size(), drawn_, 100 * sampled_ / total_, used_);
        const result r = project();
        const double shown = r.seconds < 3600 ? r.seconds : r.seconds / 3600;
        const char* unit = r.seconds < 3600 ? "core-seconds" : "core-hours";
        if (r.complete)
            std::printf("all of them: %.3g %s\n", shown, unit);
        else
            std::printf("projected %.3g %s (+/- %.0f %%)\n", shown, unit, 100 * r.error);
        // A part is what a thread counts between saves of a checkpoint: an
        // interrupt loses at most the part each thread is counting.
        if (sub_sample_)
            std::printf("%s: parts counted: median %.3g s, 99th percentile %.3g s, largest %.3g s\n",
                        label_.c_str(), sub_->quantile(0.5), sub_->quantile(0.99), sub_->quantile(1));
        print_strata();
    }

    // How far the plan's estimate is from the cost, by stratum: each
    // stratum's CPU seconds per unit of estimate against the whole sample's,
    // beside its tasks' estimate against the plan's mean. A rate that falls
    // from the small strata to the large means the estimate overrates the
    // largest tasks, and a count's ETA, which weighs its first (largest)
    // tasks by it, reads low.
    void print_strata() const
    {
        double t_all = 0, e_all = 0;
        for (const stratum& s : strata_)
            for (std::size_t i = 0; i < s.seconds.size(); ++i) {
                t_all += s.seconds[i];
                e_all += s.estimates[i];
            }
        if (t_all <= 0 || e_all <= 0) return;
        const double mean = total_ / static_cast<double>(size());
        for (std::size_t h = 0; h < strata_.size(); ++h) {
            const stratum& s = strata_[h];
            double t = 0, e = 0, lo = 0, hi = 0;
            for (std::size_t i = 0; i < s.seconds.size(); ++i) {
                t += s.seconds[i];
                e += s.estimates[i];
                lo = i == 0 ? s.estimates[i] : std::min(lo, s.estimates[i]);
                hi = std::max(hi, s.estimates[i]);
            }
            if (e <= 0) continue;
            std::printf(
                "%s: stratum %zu: %zu tasks, %zu drawn, estimate %.3g to %.3g of the mean, "
                "seconds per unit %.3g of the whole\n",
                label_.c_str(), h + 1, s.ids.size() + s.seconds.size(), s.seconds.size(), lo / mean,
                hi / mean, (t / e) / (t_all / e_all));
        }
    }

private:
    bool join_ = false, sub_sample_ = false;
    nqueens::detail::join_layout layout_{};
    std::optional<nqueens::work_plan> plan_;
    std::vector<nqueens::detail::join_task> join_tasks_;
    std::vector<std::uint64_t> estimates_;
    std::string label_;
    std::vector<stratum> strata_;
    double total_ = 0;    // estimate of all tasks
    double sampled_ = 0;  // estimate of the tasks counted
    double used_ = 0;     // CPU seconds of the tasks counted
    std::size_t drawn_ = 0;
    std::mt19937_64 random_;
    std::optional<two_stage> sub_;
    nqueens::work_plan::workspace ws_;
};

int usage()
{
    std::fputs("usage: project_hours [--rounds R] N[:B,K,K1[,P...]][/M[:...]]... [SECONDS] [SEED]\n", stderr);
    return 2;
}

// "N", "N:B,K,K1" or "N:B,K,K1,P..." (one P for each band row a task leaves
// to its parts): n and, where given, the join's cut; false if malformed.
bool parse_size(const std::string& text, int& n, std::optional<nqueens::detail::join_layout>& cut)
{
    std::size_t used = 0;
    n = std::stoi(text, &used);
    if (used == text.size()) return true;
    int b = 0, k = 0, k1 = 0;
    char partial[8] = {};
    const int got = std::sscanf(text.c_str() + used, ":%d,%d,%d,%7s", &b, &k, &k1, partial);
    // The band rows a task leaves to its parts: one for each P; then S
    // where the parts share their tops (join_layout::shared_tops).
    std::string p = got == 4 ? partial : "";
    const bool shared = !p.empty() && p.back() == 'S';
    if (shared) p.pop_back();
    const int left = p.find_first_not_of('P') == std::string::npos ? static_cast<int>(p.size()) : 0;
    if (got != 3 && !(got == 4 && left > 0)) return false;
    if (n < nqueens::detail::join_min_n || n > nqueens::detail::join_max_n || b < 1 ||
        b > static_cast<int>(std::tuple_size_v<nqueens::detail::band_columns>) || b - left < 1 ||
        (n - b) % 2 != 0)
        return false;
    cut = nqueens::detail::make_join_layout(n, b, k, k1, b - left);
    return (!shared || share_tops(*cut)) && countable(n, *cut);
}

}  // namespace

int main(int argc, char** argv)
{
    std::size_t rounds = 0;  // 0: as many as the budget allows
    try {
        if (argc > 2 && std::string(argv[1]) == "--rounds") {
            std::size_t used = 0;
            const std::string text = argv[2];
            rounds = std::stoul(text, &used);
            if (used != text.size() || rounds < 2 || text[0] == '-') return usage();
            argc -= 2;
            argv += 2;
        }
    } catch (const std::exception&) {
        return usage();
    }
    if (argc < 2 || argc > 4) return usage();
    struct size_given {
        int n;
        std::optional<nqueens::detail::join_layout> cut;
    };
    std::vector<size_given> sizes;
    double budget = 60;
    unsigned seed = 1;
    try {
        // Sizes joined by '/' are projected side by side.
        const std::string list = argv[1];
        for (std::size_t from = 0;;) {
            const std::size_t to = std::min(list.find('/', from), list.size());
            size_given s{};
            if (!parse_size(list.substr(from, to - from), s.n, s.cut)) return usage();
            sizes.push_back(s);
            if (to == list.size()) break;
            from = to + 1;
        }
        if (argc > 2) budget = std::stod(argv[2]);
        if (argc > 3) seed = static_cast<unsigned>(std::stoul(argv[3]));
    } catch (const std::exception&) {
        return usage();
    }
    try {
        std::vector<std::unique_ptr<projection>> projections;
        for (const size_given& s : sizes)
            projections.push_back(std::make_unique<projection>(s.n, s.cut, seed));
        const auto start = std::chrono::steady_clock::now();
        const auto since = [](std::chrono::steady_clock::time_point t) {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        };
        // Every stratum twice at least (its spread needs two), then in turn
        // until the budget is spent (or `rounds` times); sizes side by side
        // take a round each in turn, so that a change of the machine's
        // speed touches them alike.
        const double whole = budget * static_cast<double>(projections.size());
        for (std::size_t round = 0; rounds != 0 ? round < rounds : round < 2 || since(start) < whole;
             ++round) {
            bool any = false;
            for (const auto& p : projections) any = p->draw_round() || any;
            if (!any) break;
        }
        for (const auto& p : projections) p->print();
        // Each size against the one before it: the ratio and its error
        // (taken as independent: each size draws its own tasks, though from the same seed).
        for (std::size_t i = 1; i < projections.size(); ++i) {
            const projection::result a = projections[i - 1]->project(), b = projections[i]->project();
            if (a.seconds <= 0 || b.seconds <= 0) continue;
            std::printf("%s against %s: %.3gx (+/- %.0f %%)\n", projections[i]->label().c_str(),
                        projections[i - 1]->label().c_str(), b.seconds / a.seconds,
                        100 * std::hypot(a.error, b.error));
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "project_hours: %s\n", e.what());
        return 1;
    }
    return 0;
}
