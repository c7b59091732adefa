// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include <nqueens/runtime/merge.hpp>.
#ifndef NQUEENS_MERGE_HPP
#define NQUEENS_MERGE_HPP

#pragma message("<nqueens/merge.hpp> is deprecated: include <nqueens/runtime/merge.hpp>")
#include <nqueens/runtime/merge.hpp>

#endif  // NQUEENS_MERGE_HPP
