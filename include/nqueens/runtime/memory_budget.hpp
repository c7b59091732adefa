// SPDX-License-Identifier: BSL-1.0
// machine_memory, memory_budget: how much memory a count may use, taken from the machine (cgroup limit or
// RAM).
#ifndef NQUEENS_RUNTIME_MEMORY_BUDGET_HPP
#define NQUEENS_RUNTIME_MEMORY_BUDGET_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include <unistd.h>

namespace nqueens {

// What the machine offers a process: its physical memory and, where the
// process runs in a control group with a memory limit (a container, a batch
// job), that limit.
struct machine_memory {
    std::uint64_t physical = 0;                 // bytes of RAM; 0 if unknown
    std::optional<std::uint64_t> cgroup_limit;  // bytes; none when unlimited or not found
};

namespace detail {

// A cgroup memory limit file's value: bytes, or none for "max" (v2), an
// absurd v1 "unlimited" (close to 2^63) or anything unreadable.
inline std::optional<std::uint64_t> read_cgroup_limit(const char* path)
{
    std::ifstream in(path);
    std::string text;
    if (!(in >> text) || text == "max" || text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (value == 0 || value >= (std::uint64_t{1} << 62)) return std::nullopt;
    return value;
}

// The lowest memory limit on the way from the process's own cgroup up to
// the root of its hierarchy, read as the kernel applies them (a job's limit
// binds its steps below it). `self_cgroup` is the process's cgroup list
// (/proc/self/cgroup: lines "id:controllers:path"), `root` where cgroups
// are mounted (/sys/fs/cgroup). cgroup v1: the hierarchy whose controllers
// name "memory", mounted at root/memory, its memory.limit_in_bytes; else
// v2: the "0::" line, its memory.max. A path that is not under the mount
// (a container that sees its host's path) or an unreadable list: the
// levels that exist, at least the mount's own. Cost: a few file reads.
inline std::optional<std::uint64_t> read_cgroup_memory_limit(const std::string& self_cgroup,
                                                             const std::string& root)
{
    std::string v1_path, v2_path;
    bool v1 = false, v2 = false;
    std::ifstream in(self_cgroup);
    std::string line;
    // /proc/self/cgroup has a line a hierarchy: a dozen at most.
    for (int lines = 0; lines < 64 && std::getline(in, line); ++lines) {
        const std::size_t a = line.find(':');
        const std::size_t b = a == std::string::npos ? a : line.find(':', a + 1);
        if (b == std::string::npos || line.size() > 4096) continue;
        const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
        if (path.empty() || path[0] != '/') continue;
        if (line.compare(0, a, "0") == 0 && controllers.empty()) {
            v2 = true;
            v2_path = path;
        }
        for (std::size_t from = 0; from <= controllers.size();) {
            const std::size_t to = std::min(controllers.find(',', from), controllers.size());
            if (controllers.compare(from, to - from, "memory") == 0) {
                v1 = true;
                v1_path = path;
            }
            from = to + 1;
        }
    }
    const std::string base = v1 ? root + "/memory" : root;
    const char* file = v1 ? "/memory.limit_in_bytes" : "/memory.max";
    std::string path = v1 ? v1_path : v2 ? v2_path : std::string("/");
    // No step upward: a path with ".." is taken as the mount's own.
    if (path.find("/..") != std::string::npos) path = "/";
    std::optional<std::uint64_t> lowest;
    for (;;) {
        while (path.size() > 1 && path.back() == '/') path.pop_back();
        const std::string dir = path == "/" ? base : base + path;
        if (const auto limit = read_cgroup_limit((dir + file).c_str());
            limit && (!lowest || *limit < *lowest))
            lowest = limit;
        if (path == "/") break;
        path.erase(path.rfind('/') == 0 ? 1 : path.rfind('/'));
    }
    return lowest;
}

}  // namespace detail

// The memory of this machine as the running process sees it: RAM from
// sysconf, and the lowest memory limit of its own cgroup and those above it
// (v2 `memory.max`, v1 `memory.limit_in_bytes`) where one is set. Cost: a
// few file reads.
inline machine_memory read_machine_memory()
{
    machine_memory m;
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0)
        m.physical = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
    m.cgroup_limit = detail::read_cgroup_memory_limit("/proc/self/cgroup", "/sys/fs/cgroup");
    return m;
}

// The memory a count may use on machine `m` when the user sets no budget:
// half of what the process may have (the cgroup limit where it is lower than
// RAM), so that the rest of the machine keeps room; at least 1 GiB (what
// one thread needs with room to spare at every n), and 1 GiB when nothing
// is known. A 256 GB node gives 128 GB: every core of a 64-core node at
// any n; a 2 GB container gives 1 GiB.
//
//     nqueens::memory_budget({.physical = 256ull << 30});  // 128 GiB
constexpr std::uint64_t memory_budget(const machine_memory& m) noexcept
{
    constexpr std::uint64_t floor = std::uint64_t{1} << 30;
    std::uint64_t available = m.physical;
    if (m.cgroup_limit && (available == 0 || *m.cgroup_limit < available)) available = *m.cgroup_limit;
    const std::uint64_t half = available / 2;
    return half > floor ? half : floor;
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_MEMORY_BUDGET_HPP
