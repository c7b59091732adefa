// SPDX-License-Identifier: BSL-1.0
// count128 on a stream, so that Catch2 and the tests' failure notes show its digits.
#ifndef NQUEENS_TESTS_SUPPORT_COUNT_TEXT_HPP
#define NQUEENS_TESTS_SUPPORT_COUNT_TEXT_HPP

#include <nqueens/count128.hpp>

#include <ostream>

namespace nqueens {

inline std::ostream& operator<<(std::ostream& out, const count128& v)
{
    return out << to_string(v);
}

}  // namespace nqueens

#endif  // NQUEENS_TESTS_SUPPORT_COUNT_TEXT_HPP
