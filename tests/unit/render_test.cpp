// SPDX-License-Identifier: BSL-1.0
// render_rows, render_board, render_columns, render_json and the parsers that read them back.
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using nqueens::board;

TEST_CASE("a board renders as LeetCode rows, a picture, 1-based columns and JSON", "[render]")
{
    const board b{1, 3, 0, 2};
    CHECK(nqueens::render_rows(b) == std::vector<std::string>{".Q..", "...Q", "Q...", "..Q."});
    CHECK(nqueens::render_board(b) == ".Q..\n...Q\nQ...\n..Q.\n");
    CHECK(nqueens::render_columns(b) == "2 4 1 3");
    CHECK(nqueens::render_json(b) == "[2,4,1,3]");

    CHECK(nqueens::render_columns(board{0}) == "1");
    CHECK(nqueens::render_json(board{}) == "[]");
    CHECK(nqueens::render_columns(*nqueens::first_solution(12)) == "2 4 6 8 10 12 1 3 5 7 9 11");
}

TEST_CASE("every rendering reads back to the same board, for every solution up to n = 9 and for n = 32",
          "[render]")
{
    std::vector<board> boards;
    for (int n = 1; n <= 9; ++n) nqueens::for_each_solution(n, [&](const board& b) { boards.push_back(b); });
    boards.push_back(*nqueens::first_solution(32));
    for (const board& b : boards) {
        INFO(nqueens::render_columns(b));
        CHECK(nqueens::parse_columns(nqueens::render_columns(b)) == b);
        CHECK(nqueens::parse_json(nqueens::render_json(b)) == b);
        CHECK(nqueens::parse_rows(nqueens::render_rows(b)) == b);
        CHECK(nqueens::parse_board(nqueens::render_board(b)) == b);
    }
}

TEST_CASE("the parsers take white space where a person would put it", "[render]")
{
    const board b{1, 3, 0, 2};
    CHECK(nqueens::parse_columns("  2  4\t1 3\n") == b);
    CHECK(nqueens::parse_json(" [ 2, 4 ,1,3 ] ") == b);
    CHECK(nqueens::parse_board(".Q..\n...Q\nQ...\n..Q.") == b);
    CHECK(nqueens::parse_columns("") == board{});
}

TEST_CASE("the parsers refuse malformed text with std::invalid_argument", "[render]")
{
    for (const char* text : {"0", "33", "1 x", "1,2", "-1", "2 4 1 3 x", "1.5", "+1"})
        CHECK_THROWS_AS(nqueens::parse_columns(text), std::invalid_argument);
    for (const char* text : {"", "2,4", "[2 4]", "[2,4", "[2,,4]", "[2,4] x", "[0]", "[,]"})
        CHECK_THROWS_AS(nqueens::parse_json(text), std::invalid_argument);
    for (const std::vector<std::string>& rows :
         std::vector<std::vector<std::string>>{{}, {"Q."}, {"QQ", ".."}, {".Q", "."}, {"x"}, {"..", "Q."}})
        CHECK_THROWS_AS(nqueens::parse_rows(rows), std::invalid_argument);
    std::string many;
    for (int i = 0; i < 33; ++i) many += "1 ";
    CHECK_THROWS_WITH(nqueens::parse_columns(many), Catch::Contains("at most 32 rows"));
    CHECK_THROWS_WITH(nqueens::parse_columns("0"), Catch::Contains("between 1 and 32"));
}
