// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include <nqueens/runtime/plan.hpp>.
#ifndef NQUEENS_PLAN_HPP
#define NQUEENS_PLAN_HPP

#pragma message("<nqueens/plan.hpp> is deprecated: include <nqueens/runtime/plan.hpp>")
#include <nqueens/runtime/plan.hpp>

#endif  // NQUEENS_PLAN_HPP
