// SPDX-License-Identifier: BSL-1.0
// run_some, finished_shard: run records made by counting the tasks of a plan, for the record tests.
#ifndef NQUEENS_TESTS_SUPPORT_RECORDS_HPP
#define NQUEENS_TESTS_SUPPORT_RECORDS_HPP

#include <nqueens/runtime/plan.hpp>
#include <nqueens/runtime/run_record.hpp>

#include <cstddef>

namespace nqueens::test {

// Runs the tasks of `b`'s shard in `plan` that `b` has not done, stopping after `limit` tasks.
inline void run_some(const nqueens::work_plan& plan, nqueens::record_builder& b, std::size_t limit)
{
    std::size_t ran = 0;
    for (std::size_t id = 0; id < plan.size() && ran < limit; ++id) {
        if (!b.base().slice.contains(id) || b.is_done(id)) continue;
        b.add(id, plan.run(id));
        ++ran;
    }
}

// The record of shard `s` of `plan`, every task counted.
inline nqueens::run_record finished_shard(const nqueens::work_plan& plan, nqueens::shard s)
{
    nqueens::record_builder b(nqueens::make_record(plan, s, "nqueens test"));
    run_some(plan, b, plan.size());
    return b.snapshot();
}

}  // namespace nqueens::test

#endif  // NQUEENS_TESTS_SUPPORT_RECORDS_HPP
