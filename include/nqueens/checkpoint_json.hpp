// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include
// <nqueens/runtime/run_record_json.hpp>.
#ifndef NQUEENS_CHECKPOINT_JSON_HPP
#define NQUEENS_CHECKPOINT_JSON_HPP

#pragma message("<nqueens/checkpoint_json.hpp> is deprecated: include <nqueens/runtime/run_record_json.hpp>")
#include <nqueens/runtime/run_record_json.hpp>

#endif  // NQUEENS_CHECKPOINT_JSON_HPP
