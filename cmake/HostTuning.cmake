# nqueens_tune_for_host(<target>): with NQUEENS_NATIVE (on by default),
# compiles <target> for the building machine's own CPU (-march=native). The
# join's inner loop is popcounts and ORs: without a popcount instruction it
# runs about 1.2x slower (n = 17). For the programs and benchmarks only; the
# INTERFACE library that users link never gets it.
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native NQUEENS_HAVE_MARCH_NATIVE)

function(nqueens_tune_for_host target)
  if(NQUEENS_NATIVE AND NQUEENS_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
endfunction()
