// SPDX-License-Identifier: BSL-1.0
// What rank 0 and the counting ranks of nqueens-mpi say to each other.
#ifndef NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP
#define NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace nqueens::app::mpi {

// Messages: a worker sends tag_report = {flags, want, k, threads, why that
// many (thread_limit), the memory budget they were chosen for (0: asked),
// its fast route's place in route_labels (work_plan::route_label_index),
// k x (id, total, distinct, nodes, microseconds the task took)}, each count
// as two words, its high half first (count128), the id marked
// by_check_route where the check route counted it; rank 0 answers
// every report that is neither a goodbye nor a stop with tag_work = up to
// `want` ids (none: no work is left). A stop report carries the signal that
// stopped the worker in the bits above flag_shift; a failed report, the
// errno of a worker that could not start its threads.
constexpr int tag_report = 1;
constexpr int tag_work = 2;
constexpr std::uint64_t flag_goodbye = 1;
constexpr std::uint64_t flag_stopped = 2;
constexpr std::uint64_t flag_failed = 4;
constexpr int flag_shift = 8;
constexpr std::size_t report_header = 7;
constexpr std::size_t words_per_task = 8;

// Set in an id that rank 0 sends as a check: count it by the check route
// (count_route::check), not the one that counted it first; and in the id of
// a result that route counted.
constexpr std::uint64_t by_check_route = std::uint64_t{1} << 62;

// A reply of this one id: no task now, but some are still out with other
// ranks (and may come back to this one): ask again later.
constexpr std::uint64_t wait_marker = ~std::uint64_t{0};

// How often a counting rank reports, even with nothing to say: rank 0 takes
// a rank silent for a lease (many of these) to be frozen or gone.
constexpr std::chrono::seconds heartbeat{1};

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_PROTOCOL_HPP
