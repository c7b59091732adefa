// SPDX-License-Identifier: BSL-1.0
// Deprecated path, kept for one release: include <nqueens/runtime/engine.hpp>.
#ifndef NQUEENS_ENGINE_HPP
#define NQUEENS_ENGINE_HPP

#pragma message("<nqueens/engine.hpp> is deprecated: include <nqueens/runtime/engine.hpp>")
#include <nqueens/runtime/engine.hpp>

#endif  // NQUEENS_ENGINE_HPP
