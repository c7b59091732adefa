// SPDX-License-Identifier: BSL-1.0
// expect: parallel_options
// The front header stops at what the compiler can evaluate: the threaded
// engine (and <thread>, a second of parsing) comes only with <nqueens/runtime/engine.hpp>.
#include <nqueens/nqueens.hpp>

int main()
{
    return static_cast<int>(nqueens::parallel_count(10, nqueens::parallel_options{}).sum.total);
}
