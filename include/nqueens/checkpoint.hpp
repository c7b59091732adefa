// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include <nqueens/runtime/run_record.hpp>.
#ifndef NQUEENS_CHECKPOINT_HPP
#define NQUEENS_CHECKPOINT_HPP

#pragma message("<nqueens/checkpoint.hpp> is deprecated: include <nqueens/runtime/run_record.hpp>")
#include <nqueens/runtime/run_record.hpp>

#endif  // NQUEENS_CHECKPOINT_HPP
