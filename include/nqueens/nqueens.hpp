// SPDX-License-Identifier: BSL-1.0
// The front header: everything that the compiler can evaluate (counts, tables, solutions, boards).
#ifndef NQUEENS_NQUEENS_HPP
#define NQUEENS_NQUEENS_HPP

// It includes exactly the public headers of include/nqueens/ (a test checks
// it). The run-time drivers live in include/nqueens/runtime/ and are never
// included here, so that a file that only counts at compile time does not
// parse <thread>: plan.hpp (a count as a list of tasks), engine.hpp (the
// threaded engine), run_record.hpp (run records), merge.hpp (joining shards)
// and run_record_json.hpp (records as JSON, which needs nlohmann/json).
#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/count.hpp>
#include <nqueens/count128.hpp>
#include <nqueens/count_symmetric.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solution_counts.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/table.hpp>
#include <nqueens/verify.hpp>

#endif  // NQUEENS_NQUEENS_HPP
