// SPDX-License-Identifier: BSL-1.0
// Deprecated in 0.2.0, removed in 0.3.0 (docs/deprecations.md): include <nqueens/count_symmetric.hpp>.
#ifndef NQUEENS_SYMMETRY_HPP
#define NQUEENS_SYMMETRY_HPP

#pragma message("<nqueens/symmetry.hpp> is deprecated: include <nqueens/count_symmetric.hpp>")
#include <nqueens/count_symmetric.hpp>

#endif  // NQUEENS_SYMMETRY_HPP
