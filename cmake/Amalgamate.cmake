# Writes the single header single_include/nqueens/nqueens.hpp: the front
# header include/nqueens/nqueens.hpp with every <nqueens/...> header it
# reaches inlined once, where it is first included; standard and Boost
# includes stay as they are.
#   cmake -P cmake/Amalgamate.cmake              regenerate it (from anywhere)
#   cmake -DCHECK=ON -P cmake/Amalgamate.cmake   fail if it is not up to date
cmake_minimum_required(VERSION 3.21)

get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(output "${root}/single_include/nqueens/nqueens.hpp")
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
set(header "// nqueens ${version}, single header: <nqueens/nqueens.hpp> and the headers it includes, in one file.
// Generated from include/ by `${regenerate}`; edit include/ and run that, not this file.
// Needs C++20 and the Boost headers (Boost.Hana).${body}
")

if(CHECK)
  set(current "")
  if(EXISTS "${output}")
    file(READ "${output}" current)
  endif()
  if(NOT current STREQUAL header)
    message(FATAL_ERROR "single_include/nqueens/nqueens.hpp is out of date with include/ (or missing); "
                        "regenerate it with: ${regenerate}")
  endif()
  message(STATUS "single_include/nqueens/nqueens.hpp is up to date with include/")
else()
  # Written beside the target and renamed over it: never a half-written header.
  string(RANDOM LENGTH 8 suffix)
  set(temp "${output}.tmp.${suffix}")
  if(EXISTS "${temp}" OR IS_SYMLINK "${temp}")
    message(FATAL_ERROR "Amalgamate: ${temp} already exists; remove it and run again")
  endif()
  file(WRITE "${temp}" "${header}")
  file(RENAME "${temp}" "${output}")
  message(STATUS "Wrote ${output}")
endif()
