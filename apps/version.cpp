// The --version text, from the facts apps/build_info.hpp.in receives from CMake.
#include "version.hpp"

#include <nqueens_build_info.hpp>

namespace nqueens::cli {

std::string version_text(std::string_view program)
{
    return std::string(program) + " " + build_info::version + "\ncompiler: " + build_info::compiler +
           "\ntarget CPU: " + build_info::target_cpu + "\n";
}

}  // namespace nqueens::cli
