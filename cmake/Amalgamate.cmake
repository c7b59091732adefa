# Writes the single header: the front header include/nqueens/nqueens.hpp with
# every <nqueens/...> header it reaches inlined once, where it is first
# included; standard and Boost includes stay as they are. It is generated,
# never committed (the tests generate it into the build tree and compile
# with it alone).
#   cmake -P cmake/Amalgamate.cmake                      writes ./nqueens.hpp
#   cmake -DOUTPUT=dir/nqueens.hpp -P cmake/Amalgamate.cmake
cmake_minimum_required(VERSION 3.21)

get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
if(NOT DEFINED OUTPUT)
  set(OUTPUT "nqueens.hpp")
endif()
get_filename_component(output "${OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
set(regenerate "cmake -P cmake/Amalgamate.cmake")

file(STRINGS "${root}/CMakeLists.txt" project_line REGEX "^project\\(nqueens VERSION [0-9.]+" LIMIT_COUNT 1)
if(NOT project_line MATCHES "VERSION ([0-9.]+)")
  message(FATAL_ERROR "Amalgamate: no project(nqueens VERSION ...) line in ${root}/CMakeLists.txt")
endif()
set(version ${CMAKE_MATCH_1})

set_property(GLOBAL PROPERTY nqueens_inlined "")

# inline_header(<name> <var>): sets <var> to a blank line, a marker line and
# the text of include/<name> (without its last newline), with each of its
# `#include <nqueens/...>` lines replaced by that header's text the first
# time and dropped after that.
function(inline_header name var)
  set(path "${root}/include/${name}")
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "Amalgamate: <${name}> is included but ${path} does not exist")
  endif()
  set_property(GLOBAL APPEND PROPERTY nqueens_inlined "${name}")
  file(READ "${path}" text)
  # One licence line, at the top of the single header.
  string(REGEX REPLACE "^// SPDX-License-Identifier: [^\n]*\n" "" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  set(text "\n${text}")
  set(result "\n\n// ---- <${name}> ----")
  set(marker "\n#include <nqueens/")
  while(TRUE)
    string(FIND "${text}" "${marker}" at)
    if(at EQUAL -1)
      string(APPEND result "${text}")
      break()
    endif()
    string(SUBSTRING "${text}" 0 ${at} before)
    string(APPEND result "${before}")
    math(EXPR at "${at} + 1")
    string(SUBSTRING "${text}" ${at} -1 text)
    string(FIND "${text}" "\n" end)
    if(end EQUAL -1)
      string(LENGTH "${text}" end)
    endif()
    string(SUBSTRING "${text}" 0 ${end} directive)
    string(SUBSTRING "${text}" ${end} -1 text)
    if(NOT directive MATCHES "^#include <(nqueens/[^>]+)>")
      message(FATAL_ERROR "Amalgamate: cannot read '${directive}' in ${path}")
    endif()
    set(included ${CMAKE_MATCH_1})
    get_property(done GLOBAL PROPERTY nqueens_inlined)
    if(NOT included IN_LIST done)
      inline_header(${included} inner)
      string(APPEND result "${inner}")
    endif()
  endwhile()
  set(${var} "${result}" PARENT_SCOPE)
endfunction()

inline_header(nqueens/nqueens.hpp body)
string(REGEX REPLACE "\n\n\n+" "\n\n" body "${body}")
set(header "// SPDX-License-Identifier: BSL-1.0
// nqueens ${version}, single header: <nqueens/nqueens.hpp> and the headers it includes, in one file.
// Generated from include/ by `${regenerate}`; edit include/, not this file.
// Needs C++20 and the Boost headers (Boost.Hana).${body}
")

# Written beside the target and renamed over it: never a half-written header.
string(RANDOM LENGTH 8 suffix)
set(temp "${output}.tmp.${suffix}")
if(EXISTS "${temp}" OR IS_SYMLINK "${temp}")
  message(FATAL_ERROR "Amalgamate: ${temp} already exists; remove it and run again")
endif()
get_filename_component(dir "${output}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(WRITE "${temp}" "${header}")
file(RENAME "${temp}" "${output}")
message(STATUS "Wrote ${output}")
