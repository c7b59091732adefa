// SPDX-License-Identifier: BSL-1.0
// subtotal_recount: recounts the lines of `nqueens subtotals` by a path of its own, as another counter
// would: no nqueens header, a plain row-by-row search with the line's queens placed first, and the
// format's definition of a count (docs/cluster.md, "Subtotals") applied to each solution it finds.
//
// usage: subtotal_recount [TOTAL] < lines
// Exits 0 when every line recounts to its count (and, with TOTAL, the counts add up to it); prints
// each difference and exits 1 otherwise.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct line_problem {
    int n = 0;
    int band_first = 0;
    int band_last = 0;
    std::vector<std::array<int, 2>> queens;  // row, column
    std::uint64_t count = 0;
};

bool parse(const std::string& text, line_problem& p)
{
    std::istringstream in(text);
    std::string n, band, queens, count;
    if (!(in >> n >> band >> queens >> count) || n.rfind("n=", 0) != 0 || band.rfind("band=", 0) != 0 ||
        queens.rfind("queens=", 0) != 0 || count.rfind("count=", 0) != 0)
        return false;
    std::string rest;
    if (in >> rest) return false;
    p.n = std::stoi(n.substr(2));
    if (std::sscanf(band.c_str(), "band=%d-%d", &p.band_first, &p.band_last) != 2) return false;
    std::istringstream list(queens.substr(7));
    std::string one;
    while (std::getline(list, one, ',')) {
        std::array<int, 2> q{};
        if (std::sscanf(one.c_str(), "%d:%d", &q[0], &q[1]) != 2) return false;
        p.queens.push_back(q);
    }
    p.count = std::stoull(count.substr(6));
    return p.n >= 1 && p.n <= 20 && p.band_first >= 0 && p.band_first <= p.band_last && p.band_last < p.n;
}

// A plain row-by-row search with bit masks: the columns and the two
// diagonals that the queens of the rows above attack, shifted a row at a
// time, and the squares the line's queens attack from any row.
struct search {
    int n;
    int band_first;
    int band_last;
    std::vector<int> column;            // per row
    std::vector<int> fixed;             // per row: the line's column, or -1
    std::vector<std::uint32_t> barred;  // per row: squares the line's queens attack
    std::uint64_t found = 0;

    explicit search(const line_problem& p)
        : n(p.n),
          band_first(p.band_first),
          band_last(p.band_last),
          column(p.n, -1),
          fixed(p.n, -1),
          barred(p.n, 0)
    {
    }

    // The solution's weight by the definition: the number of distinct
    // images of its band if the band is the smallest of them, else 0.
    std::uint64_t weight() const
    {
        const int b = band_last - band_first + 1;
        std::array<std::vector<int>, 4> images;
        for (auto& v : images) v.resize(b);
        for (int i = 0; i < b; ++i) {
            const int c = column[band_first + i];
            const int flipped = column[band_last - i];
            images[0][i] = c;
            images[1][i] = n - 1 - c;
            images[2][i] = flipped;
            images[3][i] = n - 1 - flipped;
        }
        std::uint64_t distinct = 0;
        for (int k = 0; k < 4; ++k) {
            if (images[k] < images[0]) return 0;
            bool seen = false;
            for (int j = 0; j < k; ++j) seen = seen || images[j] == images[k];
            if (!seen) ++distinct;
        }
        return distinct;
    }

    void from(int r, std::uint32_t cols, std::uint32_t left, std::uint32_t right)
    {
        if (r == n) {
            found += weight();
            return;
        }
        const std::uint32_t all = (std::uint32_t{1} << n) - 1;
        std::uint32_t open = all & ~(cols | left | right | barred[r]);
        if (fixed[r] >= 0) open &= std::uint32_t{1} << fixed[r];
        while (open != 0) {
            const std::uint32_t bit = open & (~open + 1);
            open ^= bit;
            int c = 0;
            while ((std::uint32_t{1} << c) != bit) ++c;
            column[r] = c;
            from(r + 1, cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1);
        }
    }
};

std::uint64_t recount(const line_problem& p)
{
    search s(p);
    for (const auto& q : p.queens) {
        const int r = q[0], c = q[1];
        if (r < 0 || r >= p.n || c < 0 || c >= p.n || s.fixed[r] >= 0) return 0;
        s.fixed[r] = c;
    }
    // Each line's queen bars the squares it attacks in the other rows; two
    // that attack each other leave no solution.
    for (const auto& q : p.queens)
        for (int r = 0; r < p.n; ++r) {
            if (r == q[0]) continue;
            const int d = r > q[0] ? r - q[0] : q[0] - r;
            s.barred[r] |= std::uint32_t{1} << q[1];
            if (q[1] + d < p.n) s.barred[r] |= std::uint32_t{1} << (q[1] + d);
            if (q[1] - d >= 0) s.barred[r] |= std::uint32_t{1} << (q[1] - d);
        }
    s.from(0, 0, 0, 0);
    return s.found;
}

}  // namespace

int main(int argc, char** argv)
{
    std::string text;
    std::size_t lines = 0, wrong = 0;
    std::uint64_t sum = 0;
    while (std::getline(std::cin, text)) {
        if (text.empty() || text[0] == '#') continue;
        ++lines;
        line_problem p;
        bool ok = false;
        try {
            ok = parse(text, p);
        } catch (const std::exception&) {
            ok = false;
        }
        if (!ok) {
            std::printf("line %zu does not parse: %s\n", lines, text.c_str());
            ++wrong;
            continue;
        }
        const std::uint64_t got = recount(p);
        sum += p.count;
        if (got != p.count) {
            std::printf("line %zu: %s, recounted %llu\n", lines, text.c_str(),
                        static_cast<unsigned long long>(got));
            ++wrong;
        }
    }
    if (lines == 0) {
        std::printf("no lines to recount\n");
        return 1;
    }
    if (argc > 1 && std::strtoull(argv[1], nullptr, 10) != sum) {
        std::printf("the %zu lines add up to %llu, not %s\n", lines, static_cast<unsigned long long>(sum),
                    argv[1]);
        return 1;
    }
    std::printf("%zu lines recounted, %zu differ; they add up to %llu\n", lines, wrong,
                static_cast<unsigned long long>(sum));
    return wrong == 0 ? 0 : 1;
}
