// The front header: everything that the compiler can evaluate (counts, tables, solutions, boards).
#ifndef NQUEENS_NQUEENS_HPP
#define NQUEENS_NQUEENS_HPP

// The drivers that need the run-time library are separate headers, so that a
// file that only counts at compile time does not parse <thread> (about a
// second of compile time alone): <nqueens/plan.hpp> (a count as a list of
// tasks), <nqueens/engine.hpp> (the threaded engine), <nqueens/checkpoint.hpp>
// (run records), <nqueens/merge.hpp> (joining shards) and
// <nqueens/checkpoint_json.hpp> (records as JSON, which needs nlohmann/json).
#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/count.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/symmetry.hpp>
#include <nqueens/table.hpp>
#include <nqueens/verify.hpp>

#endif  // NQUEENS_NQUEENS_HPP
