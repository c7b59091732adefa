// SPDX-License-Identifier: BSL-1.0
// shard: one of K deterministic slices of a work_plan, the part of a count a machine takes.
#ifndef NQUEENS_RUNTIME_SHARD_HPP
#define NQUEENS_RUNTIME_SHARD_HPP

#include <cstddef>
#include <cstdint>
#include <string>

namespace nqueens {

// The most slices a count is cut into: more would leave most slices empty
// (no n has that many sub-problems), and a record claiming more is damaged.
inline constexpr std::uint32_t max_shards = 1000000;

// The index-th of `count` deterministic slices of a work_plan: the tasks
// whose id % count == index. {0, 1}, the default, is the whole plan.
//
//     nqueens::shard s{1, 3};
//     s.contains(4);  // true
struct shard {
    std::uint32_t index = 0;
    std::uint32_t count = 1;

    constexpr bool valid() const noexcept { return count >= 1 && index < count; }
    constexpr bool contains(std::size_t id) const noexcept { return id % count == index; }
    // The number of ids below plan_size in this slice.
    constexpr std::size_t size(std::size_t plan_size) const noexcept
    {
        return plan_size > index ? (plan_size - index + count - 1) / count : 0;
    }
    friend constexpr bool operator==(const shard&, const shard&) = default;
};

// "1/3", or "all" for the whole plan.
inline std::string to_string(const shard& s)
{
    if (s == shard{}) return "all";
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

}  // namespace nqueens

#endif  // NQUEENS_RUNTIME_SHARD_HPP
