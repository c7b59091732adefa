// SPDX-License-Identifier: BSL-1.0
// The --version text, from the facts apps/common/build_info.hpp.in receives from CMake.
#include "common/version.hpp"

#include <nqueens_build_info.hpp>

namespace nqueens::app {

std::string version_text(std::string_view program)
{
    return std::string(program) + " " + build_info::version + "\ncompiler: " + build_info::compiler +
           "\ntarget CPU: " + build_info::target_cpu + "\n";
}

}  // namespace nqueens::app
