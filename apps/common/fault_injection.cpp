// SPDX-License-Identifier: BSL-1.0
// The test hooks' environment variables, read strictly (test builds only).
#include "common/fault_injection.hpp"

#ifdef NQUEENS_FAULT_INJECTION
#ifndef NQUEENS_DETAIL_PLANTED_FAULTS
#error \
    "the test builds define NQUEENS_DETAIL_PLANTED_FAULTS with NQUEENS_FAULT_INJECTION (tests/CMakeLists.txt)"
#endif

#include "common/arguments.hpp"

#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>

namespace nqueens::app {

namespace {

fault_hooks hooks;

// The variable `name` as a whole number in [lo, hi], if it is set.
std::optional<long long> read(const char* name, long long lo, long long hi)
{
    const char* text = std::getenv(name);
    if (!text) return std::nullopt;
    return parse_integer(text, name, lo, hi);
}

}  // namespace

void load_fault_hooks()
{
    const auto rank = [](const char* name) -> std::optional<int> {
        if (auto v = read(name, 0, 1 << 30)) return static_cast<int>(*v);
        return std::nullopt;
    };
    hooks.slow_rank = rank("NQUEENS_TEST_SLOW_RANK");
    hooks.wrong_rank = rank("NQUEENS_TEST_WRONG_RANK");
    hooks.freeze_rank = rank("NQUEENS_TEST_FREEZE_RANK");
    hooks.freeze_on_parts = read("NQUEENS_TEST_FREEZE_ON_PARTS", 1, 1).has_value();
    if (auto v = read("NQUEENS_TEST_THREAD_START_FAILS", 0, 4095))
        hooks.thread_start_fails = static_cast<unsigned>(*v);
    if (auto v = read("NQUEENS_TEST_LEASE_FLOOR", 1, 86400)) hooks.lease_floor = static_cast<double>(*v);
    hooks.die_in_lock = read("NQUEENS_TEST_DIE_IN_LOCK", 1, 1).has_value();
    if (auto v = read("NQUEENS_TEST_HOLD_TASK", 1, 1 << 30)) hooks.hold_task = static_cast<std::size_t>(*v);
    if (auto v = read("NQUEENS_TEST_HOLD_PART", 1, 1 << 30)) hooks.hold_part = static_cast<std::size_t>(*v);
    if (auto v = read("NQUEENS_TEST_TASK_OFFSET", 1, 1LL << 62))
        hooks.task_offset = static_cast<std::uint64_t>(*v);
    if (auto v = read("NQUEENS_TEST_SLICED_FAULT", 1, 1000)) {
        hooks.sliced_fault = static_cast<std::uint64_t>(*v);
        detail::planted_sliced_fault = hooks.sliced_fault;
    }
    if (const char* route = std::getenv("NQUEENS_TEST_RECHECK_ROUTE")) {
        const std::string r = route;
        if (r != "fast" && r != "check")
            throw usage_error("NQUEENS_TEST_RECHECK_ROUTE must be fast or check");
        hooks.recheck_route = r == "fast" ? count_route::fast : count_route::check;
    }
    if (auto v = read("NQUEENS_TEST_START_DELAY_MS", 1, 60000))
        hooks.start_delay_ms = static_cast<unsigned>(*v);
    if (const char* text = std::getenv("NQUEENS_TEST_CUT")) {
        int v[5] = {};
        std::string rest = text;
        for (int i = 0; i < 5; ++i) {
            const std::size_t comma = i < 4 ? rest.find(',') : rest.size();
            if (comma == std::string::npos) throw usage_error("NQUEENS_TEST_CUT must be B,TB,K,K1,S");
            v[i] = static_cast<int>(parse_integer(rest.substr(0, comma), "NQUEENS_TEST_CUT", 0, 32));
            rest = i < 4 ? rest.substr(comma + 1) : "";
        }
        hooks.cut = plan_cut{plan_cut::method_kind::join, 0, v[0], v[1], v[2], v[3], v[4] != 0};
    }
}

const fault_hooks& faults()
{
    return hooks;
}

namespace {

// Returns once `stop` is requested.
void wait_for_stop(const std::stop_token& stop)
{
    std::mutex m;
    std::condition_variable_any cv;
    std::unique_lock lock(m);
    cv.wait(lock, stop, [] { return false; });
}

// fault_hooks::hold_task: the k-th task to finish waits (inside
// on_task_done, so holding the engine's lock: no other result comes in)
// until the count is stopped, and is then dropped. The count cannot end
// before a signal, however fast the machine.
void hold_task(parallel_options& o, std::size_t k)
{
    if (!o.stop.stop_possible()) return;  // nothing would release it
    auto seen = std::make_shared<std::size_t>(0);
    o.on_task_done = [next = std::move(o.on_task_done), stop = o.stop, k, seen](std::size_t id,
                                                                                const solution_counts& t) {
        if (++*seen == k) return wait_for_stop(stop);
        if (next) next(id, t);
    };
}

// fault_hooks::hold_part: the same for the k-th part counted of a task that
// it leaves unfinished (on_parts_done), so that a checkpoint holds a task's
// parts when the count is stopped.
void hold_part(parallel_options& o, std::size_t k)
{
    if (!o.stop.stop_possible()) return;
    auto seen = std::make_shared<std::size_t>(0);
    o.on_parts_done = [next = std::move(o.on_parts_done), stop = o.stop, k, seen](
                          std::size_t id, std::uint64_t parts, part_range range, const solution_counts& t) {
        if (++*seen == k) return wait_for_stop(stop);
        if (next) next(id, parts, range, t);
    };
}

}  // namespace

void hold_as_hooked(parallel_options& o)
{
    if (hooks.hold_task) hold_task(o, *hooks.hold_task);
    if (hooks.hold_part) hold_part(o, *hooks.hold_part);
}

}  // namespace nqueens::app

#endif
