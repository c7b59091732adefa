// SPDX-License-Identifier: BSL-1.0
// top_list: the top placements of one band, grouped by column set; what the list builders make and the pair
// count reads.
#ifndef NQUEENS_DETAIL_JOIN_TOP_LIST_HPP
#define NQUEENS_DETAIL_JOIN_TOP_LIST_HPP

#include <nqueens/detail/join/column_index.hpp>
#include <nqueens/detail/join/top_rules.hpp>

#include <cstdint>
#include <vector>

namespace nqueens::detail {

// The top placements of one list, grouped by column set: group g holds
// keys[start[g] .. start[g + 1]) and has columns set_of[g] (besides the
// lead columns the list takes). keys may be longer than start.back(): the
// rest is room kept for the next list. A list only prepared
// (prepare_top_list) has start all zeros: its groups are built one by one.
struct top_list {
    column_index index;
    std::vector<diagonal_key> keys;
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> set_of;
};

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_JOIN_TOP_LIST_HPP
