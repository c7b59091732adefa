// SPDX-License-Identifier: BSL-1.0
// images, canonical_form, is_canonical, class_size: a board under the 8 symmetries of the square.
#ifndef NQUEENS_CANONICAL_HPP
#define NQUEENS_CANONICAL_HPP

#include <nqueens/board.hpp>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace nqueens {

namespace detail {

constexpr void check_permutation(const board& b, const char* what)
{
    std::array<bool, board::max_size> seen{};
    for (const int c : b) {
        if (c >= b.size() || seen[static_cast<unsigned>(c)])
            throw std::invalid_argument(std::string(what) + ": the board must use each column once");
        seen[static_cast<unsigned>(c)] = true;
    }
}

// is_canonical() for a board known to be a permutation: compares b with each
// image as it is computed, and stops at the first smaller one.
constexpr bool is_canonical_permutation(const board& b) noexcept
{
    const int n = b.size();
    std::array<std::uint8_t, board::max_size> inverse{};
    for (int r = 0; r < n; ++r) inverse[static_cast<unsigned>(b[r])] = static_cast<std::uint8_t>(r);
    // Image k at row r, in the order of images().
    auto at = [&](int k, int r) -> int {
        const int rr = n - 1 - r;
        switch (k) {
            case 1:
                return n - 1 - b[r];
            case 2:
                return b[rr];
            case 3:
                return n - 1 - b[rr];
            case 4:
                return inverse[static_cast<unsigned>(r)];
            case 5:
                return n - 1 - inverse[static_cast<unsigned>(rr)];
            case 6:
                return n - 1 - inverse[static_cast<unsigned>(r)];
            default:
                return inverse[static_cast<unsigned>(rr)];
        }
    };
    for (int k = 1; k < 8; ++k) {
        for (int r = 0; r < n; ++r) {
            const int x = at(k, r);
            if (x < b[r]) return false;
            if (x > b[r]) break;
        }
    }
    return true;
}

}  // namespace detail

// The 8 images of a board under the rotations and reflections of the square:
// identity, left-right mirror, top-bottom mirror, rotation by 180 degrees,
// transpose (main diagonal), anti-transpose, rotation by 90 degrees, rotation
// by 270 degrees, in this order.
//
// Requires b to be a permutation (each of the columns 0..n-1 used once, as in
// every solution); throws std::invalid_argument otherwise. Cost: O(n).
//
//     auto im = nqueens::images(nqueens::board{1, 3, 0, 2});  // im[1] == board{2, 0, 3, 1}
constexpr std::array<board, 8> images(const board& b)
{
    const int n = b.size();
    detail::check_permutation(b, "nqueens::images");
    std::array<std::array<std::uint8_t, board::max_size>, 8> cols{};
    for (int r = 0; r < n; ++r) {
        const auto c = static_cast<unsigned>(b[r]);
        const auto cc = static_cast<unsigned>(n - 1) - c;
        const auto r8 = static_cast<std::uint8_t>(r);
        const auto rr8 = static_cast<std::uint8_t>(n - 1 - r);
        cols[0][r8] = static_cast<std::uint8_t>(c);
        cols[1][r8] = static_cast<std::uint8_t>(cc);
        cols[2][rr8] = static_cast<std::uint8_t>(c);
        cols[3][rr8] = static_cast<std::uint8_t>(cc);
        cols[4][c] = r8;
        cols[5][cc] = rr8;
        cols[6][c] = rr8;
        cols[7][cc] = r8;
    }
    std::array<board, 8> out{};
    for (unsigned k = 0; k < 8; ++k)
        for (unsigned r = 0; r < static_cast<unsigned>(n); ++r) out[k].push_back(cols[k][r]);
    return out;
}

// The canonical representative of b's symmetry class: the lexicographically
// smallest of its 8 images. for_each_distinct_solution() and
// distinct_solutions<N>() (solutions.hpp) give exactly the solutions that are
// their own canonical form.
//
// Same requirements and cost as images().
//
//     static_assert(nqueens::canonical_form(nqueens::board{2, 0, 3, 1}) == nqueens::board{1, 3, 0, 2});
constexpr board canonical_form(const board& b)
{
    const auto im = images(b);
    // By index, not `best = x`: Clang 19's new constant interpreter cannot
    // assign a struct that holds an array (it can copy-construct one).
    unsigned best = 0;
    for (unsigned k = 1; k < im.size(); ++k)
        if (im[k] < im[best]) best = k;
    return im[best];
}

// Whether b is the canonical representative of its class (see canonical_form()).
//
// Same requirements as images(). Cost: O(n), without building the images.
//
//     static_assert(nqueens::is_canonical(nqueens::board{1, 3, 0, 2}));
constexpr bool is_canonical(const board& b)
{
    detail::check_permutation(b, "nqueens::is_canonical");
    return detail::is_canonical_permutation(b);
}

// How many different boards b's class holds: 1, 2, 4 or 8. Summed over the
// distinct solutions it gives the total number of solutions.
//
// Same requirements and cost as images().
//
//     static_assert(nqueens::class_size(nqueens::board{1, 3, 0, 2}) == 2);
constexpr int class_size(const board& b)
{
    const auto im = images(b);
    int distinct = 0;
    for (unsigned i = 0; i < 8; ++i) {
        bool repeated = false;
        for (unsigned j = 0; j < i; ++j) repeated = repeated || im[j] == im[i];
        distinct += repeated ? 0 : 1;
    }
    return distinct;
}

}  // namespace nqueens

#endif  // NQUEENS_CANONICAL_HPP
