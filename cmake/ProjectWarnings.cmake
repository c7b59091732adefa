# SPDX-License-Identifier: BSL-1.0
# nqueens_project_target(<target>): the flags for the project's own targets only
# (warnings; as errors only with NQUEENS_WERROR, which CI sets, so that a
# compiler we do not test still builds); never put on the INTERFACE library
# that users link.
function(nqueens_project_target target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(NQUEENS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  target_link_libraries(${target} PRIVATE nqueens::nqueens)
endfunction()
