// SPDX-License-Identifier: BSL-1.0
// failures: a tally of the checks in a loop that keeps the first failing item, for a message that names it.
#ifndef NQUEENS_TESTS_SUPPORT_FAILURES_HPP
#define NQUEENS_TESTS_SUPPORT_FAILURES_HPP

#include "count_text.hpp"

#include <cstdint>
#include <sstream>
#include <string>

namespace nqueens::test {

// Loops over thousands of cases check each one here rather than with CHECK
// (one line of Catch output per case would drown the report), then
// NQUEENS_CHECK_NO_FAILURES(f) reports the count and the first failing item.
//
//     nqueens::test::failures f;
//     for (int n = 1; n <= 12; ++n) f.check(count(n) == expected(n), "n = ", n);
//     NQUEENS_CHECK_NO_FAILURES(f);
struct failures {
    std::uint64_t count = 0;
    std::uint64_t checked = 0;
    std::string first;

    // Counts one check; the first that fails keeps its description, the
    // streamed `what`.
    template <class... What>
    bool check(bool ok, const What&... what)
    {
        ++checked;
        if (!ok && count++ == 0) {
            std::ostringstream out;
            (out << ... << what);
            first = out.str();
        }
        return ok;
    }
};

}  // namespace nqueens::test

// CHECK that no check of `f` failed; otherwise the report says how many of
// how many failed, and the first.
#define NQUEENS_CHECK_NO_FAILURES(f)                                                            \
    do {                                                                                        \
        INFO((f).count << " of " << (f).checked << " checks failed; the first: " << (f).first); \
        CHECK((f).count == 0);                                                                  \
    } while (false)

#endif  // NQUEENS_TESTS_SUPPORT_FAILURES_HPP
