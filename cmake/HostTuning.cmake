# SPDX-License-Identifier: BSL-1.0
# nqueens_tune_for_host(<target>): with NQUEENS_NATIVE (on by default),
# compiles <target> for the building machine's own CPU (-march=native). The
# join's pair count needs no flag for its popcounts: it picks a build for
# POPCNT, AVX2 or AVX-512 VPOPCNTDQ at run time
# (include/nqueens/detail/join/pairs/cpu_tier.hpp). What -march=native adds
# is the rest of the code compiled for the CPU, and the lists built 8
# placements at a time where the CPU has AVX-512 (4 with AVX2). For the
# programs, the benchmarks and two tests (lists_test, cpu_tier_native_test)
# only; the INTERFACE library that users link never gets it.
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native NQUEENS_HAVE_MARCH_NATIVE)

function(nqueens_tune_for_host target)
  if(NQUEENS_NATIVE AND NQUEENS_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
endfunction()

# nqueens_describe_target_cpu(<var>): sets <var> to the -march the programs
# are compiled for, as the compiler resolves it here ("-march=cooperlake
# (-march=native on the machine that built it)"), for `nqueens --version`: a node that stops with an illegal
# instruction has an older CPU than that.
function(nqueens_describe_target_cpu var)
  separate_arguments(flags UNIX_COMMAND "${CMAKE_CXX_FLAGS}")
  set(how "the compiler's default")
  if(NQUEENS_NATIVE AND NQUEENS_HAVE_MARCH_NATIVE)
    list(APPEND flags -march=native)
    set(how "-march=native on the machine that built it")
  elseif(CMAKE_CXX_FLAGS MATCHES "-march=([^ ]+)")
    set(how "from CMAKE_CXX_FLAGS")
  endif()
  set(cpu "")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} ${flags} -Q --help=target
      OUTPUT_VARIABLE out ERROR_QUIET RESULT_VARIABLE failed)
    if(NOT failed AND out MATCHES "\n[ \t]*-march=[ \t]+([^ \t\n]+)")
      set(cpu ${CMAKE_MATCH_1})
    endif()
  elseif(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} ${flags} "-###" -x c++ -c /dev/null -o /dev/null
      ERROR_VARIABLE out OUTPUT_QUIET RESULT_VARIABLE failed)
    if(NOT failed AND out MATCHES "\"-target-cpu\" \"([^\"]+)\"")
      set(cpu ${CMAKE_MATCH_1})
    endif()
  endif()
  if(cpu STREQUAL "")
    set(${var} "${how}" PARENT_SCOPE)
  else()
    set(${var} "-march=${cpu} (${how})" PARENT_SCOPE)
  endif()
endfunction()
