// SPDX-License-Identifier: BSL-1.0
// Three defects of Clang 19's -fexperimental-new-constant-interpreter, each reduced to a few lines, and the
// library's ways around them. CI compiles this file under that flag with -DNQUEENS_TEST_NEW_INTERPRETER: if a
// later Clang fixes a defect, a static_assert here fails, and the workaround it names can go.
#include <nqueens/canonical.hpp>
#include <nqueens/detail/search/enumerate.hpp>
#include <nqueens/detail/search/kernel.hpp>

#include <catch2/catch.hpp>

#include <cstdint>

namespace {

namespace elsewhere {
constexpr int three = 3;
}

// 1. A using-declaration, using-directive or namespace alias anywhere in a
//    constexpr function's body: every call is rejected, with no note.
//    libstdc++ 12's std::countr_zero, countr_one and popcount declare
//    `using __gnu_cxx::__int_traits;`: the library scans bits with
//    detail::bit_index, and table.hpp spells out boost::hana.
constexpr int with_using_declaration()
{
    using elsewhere::three;
    return three;
}

// 2. The defaulted copy assignment of a struct that holds an array ("subexpression not valid in a constant
//    expression"); copy construction works. nqueens::board holds one: the compile-time tables write boards
//    in place or row by row (detail::board_access).
struct with_array {
    int a[2]{};
};
constexpr int assign_struct_with_array()
{
    with_array x{{1, 2}}, y{};
    y = x;
    return y.a[1];
}

// 3. A union member initialized by a constructor's member initializer is not active ("read of member of
//    union with no active member"): libstdc++'s std::optional stores its value so, and no value in a
//    std::optional can be read in a constant expression. first_solution<N>() returns one: has_value()
//    works, *first_solution<N>() does not. No workaround in the library (the return type is the API).
union storage {
    constexpr storage(int v) : value(v) {}
    char empty;
    int value;
};
constexpr int read_union_member()
{
    const storage s(2);
    return s.value;
}

// Whether F() is a constant expression: the default template argument drops the first overload when not.
template <auto F, int = (F(), 0)>
constexpr bool is_constant(int)
{
    return true;
}
template <auto F>
constexpr bool is_constant(...)
{
    return false;
}

#ifdef NQUEENS_TEST_NEW_INTERPRETER
constexpr bool defects = true;
#else
constexpr bool defects = false;
#endif

static_assert(is_constant<with_using_declaration>(0) != defects);
static_assert(is_constant<assign_struct_with_array>(0) != defects);
static_assert(is_constant<read_union_member>(0) != defects);
static_assert(nqueens::detail::evaluator_assigns_arrays(0) != defects);

// The workarounds themselves work everywhere.
static_assert(nqueens::detail::bit_index(1) == 0);
static_assert(nqueens::detail::bit_index(0x80000000u) == 31);
static_assert(nqueens::detail::bit_index(~nqueens::detail::mask_t{7}) == 3);
// canonical_form picks its image by index rather than assigning boards.
static_assert(nqueens::canonical_form(nqueens::board{2, 0, 3, 1}) == nqueens::board{1, 3, 0, 2});
static_assert(nqueens::canonical_form(nqueens::board{0, 4, 7, 5, 2, 6, 1, 3})[0] == 0);

}  // namespace

TEST_CASE("bit_index finds the lowest set bit of every single-bit and two-bit mask", "[kernel]")
{
    for (int i = 0; i < 32; ++i) {
        for (int j = i; j < 32; ++j) {
            CAPTURE(i, j);
            const nqueens::detail::mask_t m =
                (nqueens::detail::mask_t{1} << i) | (nqueens::detail::mask_t{1} << j);
            REQUIRE(nqueens::detail::bit_index(m) == i);
        }
    }
}
