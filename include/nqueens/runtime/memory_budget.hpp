// SPDX-License-Identifier: BSL-1.0
// machine_memory, memory_budget: how much memory a count may use, taken from the machine (cgroup limit or
// RAM).
#ifndef NQUEENS_RUNTIME_MEMORY_BUDGET_HPP
#define NQUEENS_RUNTIME_MEMORY_BUDGET_HPP

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

}  // namespace detail

// The memory of this machine as the running process sees it: RAM from
// sysconf, and the memory limit of its cgroup (v2 `memory.max`, else v1
// `memory.limit_in_bytes`) where one is set. Cost: a few file reads.
inline machine_memory read_machine_memory()
{
    machine_memory m;
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0)
        m.physical = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
    m.cgroup_limit = detail::read_cgroup_limit("/sys/fs/cgroup/memory.max");
    if (!m.cgroup_limit)
        m.cgroup_limit = detail::read_cgroup_limit("/sys/fs/cgroup/memory/memory.limit_in_bytes");
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
