// SPDX-License-Identifier: BSL-1.0
// version_text: what `--version` prints, fixed when CMake configured the build.
#ifndef NQUEENS_APPS_COMMON_VERSION_HPP
#define NQUEENS_APPS_COMMON_VERSION_HPP

#include <string>
#include <string_view>

namespace nqueens::app {

// "nqueens 0.2.0\ncompiler: GNU 12.2.0\ntarget CPU: -march=... (...)\n" for
// program "nqueens": the project version, the compiler, and the CPU the
// program was compiled for (an older CPU stops it with an illegal instruction).
std::string version_text(std::string_view program);

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_VERSION_HPP
