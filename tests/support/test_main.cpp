// SPDX-License-Identifier: BSL-1.0
// The Catch2 main, alone in its translation unit so that it is compiled once.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
