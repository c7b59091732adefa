# SPDX-License-Identifier: BSL-1.0
# cmake -DREADME=... -DEXAMPLE=... -P CheckReadmeSnippet.cmake
# Fails unless the first ```cpp block of README equals the EXAMPLE file (less its SPDX line).
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
# The example's licence line is not part of the snippet.
string(REGEX REPLACE "^// SPDX-License-Identifier: [^\n]*\n" "" example "${example}")
string(FIND "${readme}" "```cpp\n" start)
if(start EQUAL -1)
  message(FATAL_ERROR "${README} has no ```cpp block")
endif()
math(EXPR start "${start} + 7")
string(SUBSTRING "${readme}" ${start} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} snippet)
if(NOT snippet STREQUAL example)
  message(FATAL_ERROR "The first ```cpp block of ${README} differs from ${EXAMPLE}; keep them identical")
endif()
message(STATUS "README snippet matches ${EXAMPLE}")
