// SPDX-License-Identifier: BSL-1.0
// How many threads a counting rank of nqueens-mpi runs, and a warning when mpirun binds them too tightly.
#ifndef NQUEENS_APPS_NQUEENS_MPI_BINDING_HPP
#define NQUEENS_APPS_NQUEENS_MPI_BINDING_HPP

namespace nqueens::app::mpi {

// Threads for a counting rank: the node's cores shared by the counting
// ranks on it (rank 0 only hands out work and mostly sleeps). Collective.
unsigned default_threads();

// Warns once, from rank 0, when counting ranks run more threads than the
// CPUs they are bound to: the count would take twice as long or more.
// Collective.
void warn_about_binding(int rank, int ranks, unsigned threads);

}  // namespace nqueens::app::mpi

#endif  // NQUEENS_APPS_NQUEENS_MPI_BINDING_HPP
