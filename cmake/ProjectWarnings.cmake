# nqueens_project_target(<target>): the flags for the project's own targets only
# (warnings as errors); never put on the INTERFACE library that users link.
function(nqueens_project_target target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  target_link_libraries(${target} PRIVATE nqueens::nqueens)
endfunction()
