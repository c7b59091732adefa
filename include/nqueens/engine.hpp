// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include <nqueens/runtime/engine.hpp>.
#ifndef NQUEENS_ENGINE_HPP
#define NQUEENS_ENGINE_HPP

#pragma message("<nqueens/engine.hpp> is deprecated: include <nqueens/runtime/engine.hpp>")
#include <nqueens/runtime/engine.hpp>

#endif  // NQUEENS_ENGINE_HPP
