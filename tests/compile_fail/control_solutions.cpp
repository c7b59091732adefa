// SPDX-License-Identifier: BSL-1.0
// The control case for the boards: baked tables and a first solution, with
// nothing but -std=c++20 and the include paths.
#include <nqueens/nqueens.hpp>

static_assert(nqueens::solutions<8>().size() == 92);
static_assert(nqueens::distinct_solutions<8>().size() == 12);
static_assert(nqueens::solutions<10>().size() == 724);
// Clang 19's new constant interpreter cannot read a std::optional's value
// (tests/unit/detail/search/new_interpreter_test.cpp, defect 3).
#ifndef NQUEENS_TEST_NEW_INTERPRETER
static_assert(nqueens::is_solution(*nqueens::first_solution<32>()));
#endif
static_assert(!nqueens::first_solution<3>());
