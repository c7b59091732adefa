// SPDX-License-Identifier: BSL-1.0
// Deprecated path, kept for one release: include <nqueens/count_symmetric.hpp>.
#ifndef NQUEENS_SYMMETRY_HPP
#define NQUEENS_SYMMETRY_HPP

#pragma message("<nqueens/symmetry.hpp> is deprecated: include <nqueens/count_symmetric.hpp>")
#include <nqueens/count_symmetric.hpp>

#endif  // NQUEENS_SYMMETRY_HPP
