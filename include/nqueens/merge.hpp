// Deprecated path, kept for one release: include <nqueens/runtime/merge.hpp>.
#ifndef NQUEENS_MERGE_HPP
#define NQUEENS_MERGE_HPP

#pragma message("<nqueens/merge.hpp> is deprecated and goes in the next release: include <nqueens/runtime/merge.hpp>")
#include <nqueens/runtime/merge.hpp>

#endif  // NQUEENS_MERGE_HPP
