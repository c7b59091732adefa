// SPDX-License-Identifier: BSL-1.0
// Queens placed by a border-first count (the Q27 project's "coronal" pre-placement) against the weighted walk
// of count_queens(n). The border is the outer `width` rows and columns; each placement of its queens is kept
// only if it is the smallest of its 8 images (rotations and reflections) and weighed by how many distinct
// images it has; the rows inside are then searched with every border queen's lines already closed.
// usage: border_first [MAX_N] [WIDTH]   (default 14 and 2); prints a Markdown table, exits 1 on a wrong total
#include <nqueens/count.hpp>
#include <nqueens/detail/search/orbit_walk.hpp>
#include <nqueens/detail/search/symmetric_tasks.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace {

struct border_count {
    int n = 0;
    int width = 2;
    std::array<int, 32> queen{};  // column of each row's queen, -1 for none
    std::uint64_t cols = 0, sums = 0, diffs = 0;
    std::uint64_t border_nodes = 0, inner_nodes = 0, borders = 0, canonical = 0, total = 0;

    bool on_border(int i) const { return i < width || i >= n - width; }
    bool fits(int r, int c) const
    {
        return !(cols >> c & 1) && !(sums >> (r + c) & 1) && !(diffs >> (r - c + n) & 1);
    }
    void flip(int r, int c, bool on)
    {
        cols ^= std::uint64_t{1} << c;
        sums ^= std::uint64_t{1} << (r + c);
        diffs ^= std::uint64_t{1} << (r - c + n);
        queen[static_cast<std::size_t>(r)] = on ? c : -1;
    }

    // The rows inside, top down, each queen off the border columns; rows that hold a border-column queen are
    // skipped. Every line of every border queen (above or below) is closed already.
    std::uint64_t inner(int r)
    {
        while (r < n - width && queen[static_cast<std::size_t>(r)] >= 0) ++r;
        if (r >= n - width) return 1;
        std::uint64_t found = 0;
        for (int c = width; c < n - width; ++c) {
            if (!fits(r, c)) continue;
            ++inner_nodes;
            flip(r, c, true);
            found += inner(r + 1);
            flip(r, c, false);
        }
        return found;
    }

    // (r, c) under the g-th of the 8 symmetries of the square.
    std::pair<int, int> image(int g, int r, int c) const
    {
        const int m = n - 1;
        switch (g) {
            case 0:
                return {r, c};
            case 1:
                return {c, m - r};
            case 2:
                return {m - r, m - c};
            case 3:
                return {m - c, r};
            case 4:
                return {r, m - c};
            case 5:
                return {m - r, c};
            case 6:
                return {c, r};
            default:
                return {m - c, m - r};
        }
    }

    void border_done()
    {
        ++borders;
        std::vector<std::pair<int, int>> mine;
        for (int r = 0; r < n; ++r)
            if (queen[static_cast<std::size_t>(r)] >= 0)
                mine.emplace_back(r, queen[static_cast<std::size_t>(r)]);
        int same = 0;
        for (int g = 0; g < 8; ++g) {
            std::vector<std::pair<int, int>> im;
            for (const auto& [r, c] : mine) im.push_back(image(g, r, c));
            std::sort(im.begin(), im.end());
            if (im < mine) return;
            same += im == mine ? 1 : 0;
        }
        ++canonical;
        total += static_cast<std::uint64_t>(8 / same) * inner(width);
    }

    // The border columns' queens in the rows inside, then the inner search.
    void border_columns(int k)
    {
        if (k == 2 * width) return border_done();
        const int c = k < width ? k : n - 2 * width + k;
        if (cols >> c & 1) return border_columns(k + 1);
        for (int r = width; r < n - width; ++r) {
            if (queen[static_cast<std::size_t>(r)] >= 0 || !fits(r, c)) continue;
            ++border_nodes;
            flip(r, c, true);
            border_columns(k + 1);
            flip(r, c, false);
        }
    }

    // The border rows' queens, anywhere in their rows.
    void border_rows(int k)
    {
        if (k == 2 * width) return border_columns(0);
        const int r = k < width ? k : n - 2 * width + k;
        for (int c = 0; c < n; ++c) {
            if (!fits(r, c)) continue;
            ++border_nodes;
            flip(r, c, true);
            border_rows(k + 1);
            flip(r, c, false);
        }
    }
};

}  // namespace

int main(int argc, char** argv)
{
    const int max_n = argc > 1 ? std::atoi(argv[1]) : 14;
    const int width = argc > 2 ? std::atoi(argv[2]) : 2;
    std::printf(
        "| n | walk queens | border queens | borders (canonical) | inner queens | border-first / walk |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (int n = 2 * width + 2; n <= max_n; ++n) {
        border_count b;
        b.n = n;
        b.width = width;
        b.queen.fill(-1);
        b.border_rows(0);
        std::uint64_t walk = 0, thrice = 0;
        nqueens::detail::for_each_sym_task(n, 2, [&](const nqueens::detail::sym_task& t) {
            thrice += nqueens::detail::orbit_walk(t, walk);
        });
        if (b.total != nqueens::count_queens(n) || thrice / 3 != b.total) {
            std::printf("n = %d: border-first counts %llu, the walk %llu\n", n,
                        static_cast<unsigned long long>(b.total),
                        static_cast<unsigned long long>(thrice / 3));
            return 1;
        }
        const std::uint64_t all = b.border_nodes + b.inner_nodes;
        std::printf("| %d | %llu | %llu | %llu (%llu) | %llu | %.2f |\n", n,
                    static_cast<unsigned long long>(walk), static_cast<unsigned long long>(b.border_nodes),
                    static_cast<unsigned long long>(b.borders), static_cast<unsigned long long>(b.canonical),
                    static_cast<unsigned long long>(b.inner_nodes),
                    static_cast<double>(all) / static_cast<double>(walk));
    }
}
