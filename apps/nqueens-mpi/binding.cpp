// SPDX-License-Identifier: BSL-1.0
// The threads of a counting rank: the cores of its node, and the CPUs mpirun bound it to.
#include "nqueens-mpi/binding.hpp"

#include <mpi.h>
#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <thread>

namespace nqueens::app::mpi {

namespace {

// The CPUs this process may run on (mpirun binds each rank to one core by
// default), or 0 if unknown.
unsigned bound_cpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    return static_cast<unsigned>(CPU_COUNT(&set));
}

}  // namespace

unsigned default_threads()
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int local = 1;
    MPI_Comm_size(node, &local);
    int world_rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    int lowest = 0;
    MPI_Allreduce(&world_rank, &lowest, 1, MPI_INT, MPI_MIN, node);
    MPI_Comm_free(&node);
    const int counting = std::max(1, local - (lowest == 0 ? 1 : 0));
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return std::max(1u, cores / static_cast<unsigned>(counting));
}

void warn_about_binding(int rank, int ranks, unsigned threads)
{
    const unsigned cpus = bound_cpus();
    int squeezed = (rank != 0 || ranks == 1) && cpus != 0 && cpus < threads ? 1 : 0;
    int any = 0;
    MPI_Allreduce(&squeezed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && any)
        std::fprintf(
            stderr,
            "nqueens-mpi: warning: a counting rank runs %u threads on fewer CPUs (mpirun binds ranks to "
            "cores by default); run mpirun with --bind-to none, or --map-by slot:PE=%u\n",
            threads, threads);
}

}  // namespace nqueens::app::mpi
