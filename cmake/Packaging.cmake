# SPDX-License-Identifier: BSL-1.0
# The Debian package, built by `cpack -G DEB` in the build directory (or the
# `package` target): everything `cmake --install` installs, under /usr.
set(NQUEENS_PACKAGE_MAINTAINER "nqueens maintainers <maintainers@users.noreply.a-seed-da4e4aaf.example>"
  CACHE STRING "The Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME nqueens)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${NQUEENS_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION "A C++20 header-only library (CMake package nqueens::nqueens, pkg-config nqueens) and the command-line programs nqueens and, when built with MPI, nqueens-mpi.")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE_1_0.txt)

# The headers need Boost's; the libraries the programs link (libstdc++,
# Open MPI's) come from dpkg-shlibdeps, which CPack runs on the files that
# `file` calls ELF (Debian packages dpkg-dev and file).
set(depends "libboost-dev (>= 1.74)")
if(TARGET nqueens_mpi AND MPIEXEC_EXECUTABLE)
  # The MPI runtime that mpirun and a singleton nqueens-mpi need: the Debian
  # package of the mpiexec found (openmpi-bin for Open MPI).
  file(REAL_PATH "${MPIEXEC_EXECUTABLE}" mpiexec)
  execute_process(COMMAND dpkg-query -S "${mpiexec}" OUTPUT_VARIABLE owner ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND owner MATCHES "^([a-z0-9][a-z0-9.+-]*)(:[a-z0-9]+)?: ")
    string(APPEND depends ", ${CMAKE_MATCH_1}")
  else()
    message(STATUS "No Debian package owns ${mpiexec}: the package will not depend on an MPI runtime")
  endif()
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${depends}")
# The completion files do nothing without Debian's bash-completion.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
find_program(NQUEENS_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(NQUEENS_FILE_PROGRAM file)
if(NQUEENS_DPKG_SHLIBDEPS AND NQUEENS_FILE_PROGRAM)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()

include(CPack)
