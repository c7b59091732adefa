// SPDX-License-Identifier: BSL-1.0
// The memory budget from a machine's description, the cgroup files it reads, and the threads it allows.
#include <nqueens/runtime/engine.hpp>
#include <nqueens/runtime/memory_budget.hpp>
#include <nqueens/runtime/plan.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include <unistd.h>

namespace {

constexpr std::uint64_t gib = std::uint64_t{1} << 30;

// A file in a fresh temporary directory, holding `text`.
std::string file_with(const std::string& text)
{
    char dir[] = "/tmp/nqueens-budget-XXXXXX";
    REQUIRE(::mkdtemp(dir) != nullptr);
    const std::string path = std::string(dir) + "/memory.max";
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("the budget is half of the machine's memory, its cgroup's limit where lower, at least 1 GiB",
          "[engine][memory]")
{
    using nqueens::machine_memory;
    using nqueens::memory_budget;
    CHECK(memory_budget(machine_memory{256 * gib, std::nullopt}) == 128 * gib);
    CHECK(memory_budget(machine_memory{256 * gib, 16 * gib}) == 8 * gib);  // a batch job's cgroup
    CHECK(memory_budget(machine_memory{8 * gib, 64 * gib}) == 4 * gib);    // a limit above RAM is no limit
    CHECK(memory_budget(machine_memory{256 * gib, 2 * gib}) == gib);       // a small container: the floor
    CHECK(memory_budget(machine_memory{0, std::nullopt}) == gib);          // nothing known
    CHECK(memory_budget(machine_memory{0, 10 * gib}) == 5 * gib);          // only the cgroup known
    static_assert(nqueens::memory_budget(machine_memory{24 * gib, std::nullopt}) == 12 * gib);
}

TEST_CASE("a 64-core node with 256 GB runs every core at every n, where 1 GiB allowed 5", "[engine][memory]")
{
    const std::uint64_t node = nqueens::memory_budget(nqueens::machine_memory{256 * gib, std::nullopt});
    for (int n = 1; n <= 32; ++n) {
        INFO("n = " << n);
        CHECK(nqueens::work_plan::threads_within(n, node) >= 64);
    }
    // A thread of n = 30 to 32 can hold up to 320 MB: 409 of them fit in half of 256 GB.
    CHECK(nqueens::work_plan::threads_within(32, node) == 409);
    CHECK(nqueens::work_plan::threads_within(21, gib) == 5);
    CHECK(nqueens::work_plan::threads_within(21, 1) == 1);  // never none
}

TEST_CASE("cgroup limit files are read as bytes, 'max' and junk as no limit", "[engine][memory]")
{
    using nqueens::detail::read_cgroup_limit;
    CHECK(read_cgroup_limit(file_with("2147483648\n").c_str()) == std::uint64_t{2147483648});
    CHECK_FALSE(read_cgroup_limit(file_with("max\n").c_str()).has_value());
    CHECK_FALSE(read_cgroup_limit(file_with("9223372036854771712\n").c_str()).has_value());  // v1 "unlimited"
    CHECK_FALSE(read_cgroup_limit(file_with("12x\n").c_str()).has_value());
    CHECK_FALSE(read_cgroup_limit(file_with("").c_str()).has_value());
    CHECK_FALSE(read_cgroup_limit("/nonexistent/memory.max").has_value());
    const nqueens::machine_memory here = nqueens::read_machine_memory();
    CHECK(here.physical > 0);
}

namespace {

// A fake cgroup mount and /proc/self/cgroup in a fresh temporary directory:
// `limits` maps a directory under the mount ("" for the mount itself) to
// what its limit file `file` holds.
struct fake_cgroups {
    std::string root, self;
    fake_cgroups(const std::string& self_text,
                 std::initializer_list<std::pair<std::string, std::string>> limits, const std::string& file)
    {
        char dir[] = "/tmp/nqueens-cgroup-XXXXXX";
        REQUIRE(::mkdtemp(dir) != nullptr);
        root = std::string(dir) + "/cgroup";
        self = std::string(dir) + "/self";
        std::ofstream(self) << self_text;
        for (const auto& [where, text] : limits) {
            const std::string d = root + where;
            REQUIRE(std::system(("mkdir -p '" + d + "'").c_str()) == 0);
            std::ofstream(d + "/" + file) << text;
        }
    }
    std::optional<std::uint64_t> limit() const
    {
        return nqueens::detail::read_cgroup_memory_limit(self, root);
    }
};

}  // namespace

TEST_CASE("the cgroup limit is the process's own cgroup's, or the lowest above it", "[engine][memory]")
{
    const std::uint64_t g4 = 4 * gib, g8 = 8 * gib;
    const std::string v2 = "memory.max", v1 = "memory.limit_in_bytes";
    // cgroup v2: a Slurm job's limit binds its step, which sets none.
    CHECK(fake_cgroups("0::/system.slice/slurmstepd.scope/job_7/step_0/user/task_0\n",
                       {{"", "max"},
                        {"/system.slice/slurmstepd.scope/job_7", std::to_string(g4)},
                        {"/system.slice/slurmstepd.scope/job_7/step_0/user/task_0", "max"}},
                       v2)
              .limit() == g4);
    // The lower of a job's limit and its step's.
    CHECK(
        fake_cgroups("0::/job/step\n", {{"/job", std::to_string(g8)}, {"/job/step", std::to_string(g4)}}, v2)
            .limit() == g4);
    CHECK(
        fake_cgroups("0::/job/step\n", {{"/job", std::to_string(g4)}, {"/job/step", std::to_string(g8)}}, v2)
            .limit() == g4);
    // Not the root's file when the process's own cgroup has the limit.
    CHECK(fake_cgroups("0::/job\n", {{"", "max"}, {"/job", std::to_string(g4)}}, v2).limit() == g4);
    // No limit on the way up: none.
    CHECK_FALSE(fake_cgroups("0::/job\n", {{"", "max"}, {"/job", "max"}}, v2).limit().has_value());
    // cgroup v1: the memory hierarchy's line (here with another controller), under root/memory.
    CHECK(fake_cgroups("12:pids:/other\n4:cpu,memory:/slurm/uid_0/job_9\n1:name=systemd:/x\n",
                       {{"/memory/slurm/uid_0/job_9", std::to_string(g4)},
                        {"/memory", "9223372036854771712"},
                        {"/other", "1"}},
                       v1)
              .limit() == g4);
    // v1 beside a v2 line (hybrid): the v1 memory hierarchy holds the limit.
    CHECK(fake_cgroups("5:memory:/job\n0::/job\n", {{"/memory/job", std::to_string(g8)}}, v1).limit() == g8);
    // A path the mount does not have (a container shown its host's path): the mount's own.
    CHECK(fake_cgroups("0::/docker/abc\n", {{"", std::to_string(g8)}}, v2).limit() == g8);
    // An unreadable list: the mount's own; a path with "..": no step outside the mount.
    CHECK(fake_cgroups("", {{"", std::to_string(g8)}}, v2).limit() == g8);
    CHECK(fake_cgroups("0::/../../x\n", {{"", std::to_string(g8)}}, v2).limit() == g8);
}

TEST_CASE("parallel_count says how many threads it ran and why", "[engine][memory]")
{
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    nqueens::parallel_options o;
    o.threads = 1;
    auto r = nqueens::parallel_count(10, o);
    CHECK(r.threads == 1);
    CHECK(r.limited_by == nqueens::thread_limit::asked);
    CHECK(r.memory_budget == 0);

    o.threads = 0;
    o.memory_budget = 1;  // room for one thread only
    r = nqueens::parallel_count(10, o);
    CHECK(r.threads == 1);
    CHECK(r.limited_by == (cores > 1 ? nqueens::thread_limit::memory : nqueens::thread_limit::cores));
    CHECK(r.memory_budget == 1);

    o.memory_budget = 0;  // the machine's
    r = nqueens::parallel_count(10, o);
    CHECK(r.memory_budget == nqueens::memory_budget(nqueens::read_machine_memory()));
    CHECK(r.threads == std::min(cores, static_cast<unsigned>(nqueens::work_plan(10).size())));

    o.threads = 64;  // more than n = 4's tasks
    r = nqueens::parallel_count(4, o);
    CHECK(r.threads < 64);
    CHECK(r.limited_by == nqueens::thread_limit::tasks);
    CHECK(r.sum.total == 2);
}
