// The meet-in-the-middle counter: top and bottom halves enumerated apart and joined.
#ifndef NQUEENS_DETAIL_HALF_JOIN_HPP
#define NQUEENS_DETAIL_HALF_JOIN_HPP

#include <nqueens/detail/checked.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace nqueens::detail {

// The board is cut into three parts: a top of t rows, a middle band of one
// row (odd n) or two rows (even n), and a bottom of t rows. A solution is a
// band placement B, a top placement x and a bottom placement; turned upside
// down (row r -> n-1-r) the bottom is a top placement y for the flipped band
// F(B). So one list of top placements per band serves both halves, and the
// count for B is the number of pairs (x, y) that fit:
//
// - columns: x and y use complementary columns (next to B's), so the tops
//   are grouped by column set and group S only meets group "free minus S";
// - diagonals: the two families d = r + c and e = r - c + n - 1 run from 0
//   to 2n - 2. Top queens reach d <= n + t - 2 and bottom queens d >= n - t,
//   so only the 2t - 1 diagonals in between can be shared, in each family.
//   The key of a top placement holds those bits (d low, e high); a bottom
//   queen's d is 2n - 2 minus its upside-down image's e, so x and y fit iff
//   key(x) & flipped(key(y)) == 0, where flipped() reverses the whole key.
//
// Symmetry: the mirror M (c -> n-1-c), the flip F and the half turn MF map
// bands to bands. Only the smallest band of each orbit is counted, times the
// orbit size. For odd n, F(B) = B: x and y then come from the same list and
// each pair of column groups is joined once and counted twice.
//
// Join: the keys of group "free minus S" are stored bit-sliced (one 64-bit
// word per key bit for every 64 placements, by a 64 x 64 bit transpose), and
// the words for each 4- to 8-bit slice of a key (the width chosen per pair of
// groups) are OR-ed in advance; a placement x then finds its partners 64 at
// a time with one lookup per slice and a popcount.
//
// Work splitting: besides the band, a task fixes which of the first k free
// columns (`lead`) the top uses (`taken`), which cuts each list by up to 2^k.
// This is a run-time algorithm built from constexpr functions; the kernel
// (search.hpp) checks it in the tests, and it runs in constant evaluation
// for small n.

using key_t = std::uint64_t;

// The shape of the cut for one n (join_min_n <= n <= join_max_n).
struct join_layout {
    int n = 0;
    int band = 0;   // band rows: 1 (odd n) or 2 (even n)
    int top = 0;    // t: rows above the band
    int low = 0;    // the first diagonal that top and bottom can share
    int width = 0;  // diagonals shared per family: 2t - 1
    int lead = 0;   // k: leading free columns fixed per task
    std::uint32_t all = 0;

    constexpr int key_bits() const noexcept { return 2 * width; }
    constexpr int band_row(int i) const noexcept { return top + i; }
};

// The join runs for join_min_n <= n <= join_max_n. Past that its lists
// would need gigabytes (each row adds about 4.5x), so the engine counts
// totals with the symmetric search, whose memory does not grow.
inline constexpr int join_min_n = 6;
inline constexpr int join_max_n = 23;

// k, the lead columns fixed per task, for each n. Odd n has only (n + 1) / 2
// bands, too few to keep threads busy; all n need lists small enough for the
// caches (measured best: k = 4 for n = 17, 2 for n = 16 and 18) and, from
// n = 21, for memory: at most about 10 million tops per list (some 300 MB
// per thread with its partner list; measured up to n = 22, n = 23 estimated).
inline constexpr std::array<int, join_max_n + 1> join_lead_columns = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                                      0, 0, 0, 2, 2, 4, 2, 6, 4, 9, 9, 11};

constexpr join_layout make_join_layout(int n) noexcept
{
    join_layout L{};
    L.n = n;
    L.band = n % 2 == 1 ? 1 : 2;
    L.top = (n - L.band) / 2;
    L.low = n - L.top;
    L.width = 2 * L.top - 1;
    L.lead = join_lead_columns[static_cast<std::size_t>(n)];
    L.all = n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
    return L;
}

// One sub-problem: a band (its columns, row by row) and the lead columns
// the top takes. `weight` counts the band's orbit and, for odd n, the flip.
struct join_task {
    std::array<int, 2> band{};
    std::uint32_t taken = 0;
    std::uint32_t weight = 0;
    bool self_flip = false;  // F(band) == band (odd n)

    friend constexpr bool operator==(const join_task&, const join_task&) = default;
};

constexpr std::array<int, 2> band_image(const join_layout& L, std::array<int, 2> b, bool mirror,
                                        bool flip) noexcept
{
    std::array<int, 2> r{};
    for (int i = 0; i < L.band; ++i) {
        const int c = b[static_cast<std::size_t>(flip ? L.band - 1 - i : i)];
        r[static_cast<std::size_t>(i)] = mirror ? L.n - 1 - c : c;
    }
    return r;
}

// The columns a band leaves to the top and bottom.
constexpr std::uint32_t band_free_columns(const join_layout& L, std::array<int, 2> b) noexcept
{
    std::uint32_t m = L.all;
    for (int i = 0; i < L.band; ++i) m &= ~(std::uint32_t{1} << b[static_cast<std::size_t>(i)]);
    return m;
}

constexpr std::uint32_t lead_columns(const join_layout& L, std::uint32_t free) noexcept
{
    std::uint32_t lead = 0;
    for (int i = 0; i < L.lead && free != 0; ++i) {
        lead |= free & (~free + 1);
        free &= free - 1;
    }
    return lead;
}

// Calls f(join_task) for every task of n, in a fixed order: bands in
// lexicographic order (smallest of each orbit only), then `taken` from the
// largest subset of the lead columns down.
template <class F>
constexpr void for_each_join_task(int n, F&& f)
{
    const join_layout L = make_join_layout(n);
    const int second = L.band == 2 ? n : 1;
    for (int c0 = 0; c0 < n; ++c0) {
        for (int c1 = 0; c1 < second; ++c1) {
            if (L.band == 2 && (c1 - c0 <= 1 && c0 - c1 <= 1)) continue;  // same column or diagonal
            const std::array<int, 2> b{c0, L.band == 2 ? c1 : 0};
            const std::array<std::array<int, 2>, 3> images{
                band_image(L, b, true, false), band_image(L, b, false, true), band_image(L, b, true, true)};
            bool smallest = true;
            std::uint32_t orbit = 1;
            for (std::size_t i = 0; i < images.size(); ++i) {
                if (images[i] < b) smallest = false;
                bool seen = images[i] == b;
                for (std::size_t j = 0; j < i; ++j) seen = seen || images[j] == images[i];
                if (!seen) ++orbit;
            }
            if (!smallest) continue;
            const bool self_flip = images[1] == b;
            const std::uint32_t lead = lead_columns(L, band_free_columns(L, b));
            for (std::uint32_t taken = lead;; taken = (taken - 1) & lead) {
                const std::uint32_t rest = lead & ~taken;
                const bool fits = std::popcount(taken) <= L.top && std::popcount(rest) <= L.top;
                // With F(band) = band, `taken` and `rest` name the same pair of lists.
                if (fits && (!self_flip || taken >= rest))
                    f(join_task{b, taken, self_flip ? 2 * orbit : orbit, self_flip});
                if (taken == 0) break;
            }
        }
    }
}

// The rules for the top placements under one band: free columns, the
// squares the band attacks row by row, and each square's key bits.
struct top_rules {
    join_layout L{};
    std::uint32_t free = 0;
    std::array<std::uint32_t, 16> attacked{};
    std::array<std::array<key_t, 32>, 16> bits{};

    constexpr top_rules(const join_layout& layout, std::array<int, 2> band) : L(layout)
    {
        free = band_free_columns(L, band);
        for (int i = 0; i < L.band; ++i) {
            const int br = L.band_row(i);
            const int c = band[static_cast<std::size_t>(i)];
            for (int r = 0; r < L.top; ++r) {
                const int dist = br - r;
                if (c - dist >= 0) attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c - dist);
                if (c + dist < L.n) attacked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << (c + dist);
            }
        }
        for (int r = 0; r < L.top; ++r) {
            for (int c = 0; c < L.n; ++c) {
                key_t k = 0;
                const int d = r + c - L.low;
                const int e = r - c + L.n - 1 - L.low;
                if (d >= 0 && d < L.width) k |= key_t{1} << d;
                if (e >= 0 && e < L.width) k |= key_t{1} << (L.width + e);
                bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = k;
            }
        }
    }

    // The squares of row r, among `columns`, that neither the band nor the
    // queens already placed (their columns, and their diagonals d = r + c and
    // e = c - r + n - 1 as bit masks) attack.
    constexpr std::uint32_t open(int r, std::uint32_t columns, std::uint32_t cols, std::uint64_t d,
                                 std::uint64_t e) const noexcept
    {
        return columns & ~(cols | attacked[static_cast<std::size_t>(r)] | static_cast<std::uint32_t>(d >> r) |
                           static_cast<std::uint32_t>(e >> (L.n - 1 - r)));
    }
};

// The key of a top placement as it meets a placement from the other list
// (turned upside down): the key reversed within its 2 * width bits.
constexpr key_t flipped(key_t k, int key_bits) noexcept
{
    k = ((k >> 1) & 0x5555555555555555u) | ((k & 0x5555555555555555u) << 1);
    k = ((k >> 2) & 0x3333333333333333u) | ((k & 0x3333333333333333u) << 2);
    k = ((k >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((k & 0x0F0F0F0F0F0F0F0Fu) << 4);
    k = ((k >> 8) & 0x00FF00FF00FF00FFu) | ((k & 0x00FF00FF00FF00FFu) << 8);
    k = ((k >> 16) & 0x0000FFFF0000FFFFu) | ((k & 0x0000FFFF0000FFFFu) << 16);
    k = (k >> 32) | (k << 32);
    return k >> (64 - key_bits);
}

// Calls f(columns, key) for every top placement whose lead columns are
// exactly `taken`, until f returns false; returns the queens placed. The
// lead columns are placed first, column by column, then the remaining rows
// top down.
template <class F>
constexpr std::uint64_t for_each_top(const top_rules& R, std::uint32_t lead, std::uint32_t taken, F&& f)
{
    const join_layout& L = R.L;
    struct state {
        std::uint32_t rows = 0;
        std::uint32_t cols = 0;
        std::uint64_t d = 0;  // used diagonals r + c
        std::uint64_t e = 0;  // used diagonals c - r + n - 1
        key_t key = 0;
    };
    std::uint64_t placed = 0;
    bool stopped = false;
    const auto place = [&](const state& s, int r, int c) {
        ++placed;
        return state{s.rows | std::uint32_t{1} << r, s.cols | std::uint32_t{1} << c,
                     s.d | std::uint64_t{1} << (r + c), s.e | std::uint64_t{1} << (c - r + L.n - 1),
                     s.key | R.bits[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]};
    };
    const auto open = [&](const state& s, int r, std::uint32_t columns) {
        return R.open(r, columns, s.cols, s.d, s.e);
    };
    // The rows the lead columns left open, top down, as an explicit stack:
    // the band and the lead queens attack them through `blocked`, the
    // queens placed here through the diagonal masks shifted row to row.
    const auto rows_phase = [&](const state& s0) {
        std::array<int, 16> order{};
        std::array<std::uint32_t, 16> blocked{};
        std::size_t count = 0;
        for (int r = 0; r < L.top; ++r) {
            if ((s0.rows >> r & 1) != 0) continue;
            order[count] = r;
            blocked[count++] = ~open(s0, r, ~std::uint32_t{0});
        }
        if (count == 0) {
            stopped = !f(s0.cols, s0.key);
            return;
        }
        const std::uint32_t columns = R.free & ~lead;
        struct frame {
            std::uint32_t cols = 0, left = 0, right = 0, choices = 0;
            key_t key = 0;
        };
        std::array<frame, 16> stack{};
        stack[0] = frame{s0.cols, 0, 0, columns & ~blocked[0], s0.key};
        std::size_t i = 0;
        while (true) {
            frame& at = stack[i];
            if (at.choices == 0) {
                if (i == 0) return;
                --i;
                continue;
            }
            const std::uint32_t bit = at.choices & (~at.choices + 1);
            at.choices ^= bit;
            ++placed;
            const std::uint32_t cols = at.cols | bit;
            const key_t key =
                at.key |
                R.bits[static_cast<std::size_t>(order[i])][static_cast<std::size_t>(std::countr_zero(bit))];
            if (i + 1 == count) {
                if (!f(cols, key)) {
                    stopped = true;
                    return;
                }
                continue;
            }
            const int gap = order[i + 1] - order[i];
            frame& next = stack[i + 1];
            next.cols = cols;
            next.left = (at.left | bit) << gap;
            next.right = (at.right | bit) >> gap;
            next.key = key;
            next.choices = columns & ~(cols | next.left | next.right | blocked[i + 1]);
            ++i;
        }
    };
    // Each lead column in `taken` gets a queen in some open row.
    const auto lead_phase = [&](const auto& self, const state& s, std::uint32_t todo) -> void {
        if (todo == 0) {
            rows_phase(s);
            return;
        }
        const int c = std::countr_zero(todo);
        for (int r = 0; r < L.top && !stopped; ++r) {
            if ((s.rows >> r & 1) != 0) continue;
            if ((open(s, r, std::uint32_t{1} << c)) == 0) continue;
            self(self, place(s, r, c), todo & (todo - 1));
        }
    };
    if (L.top == 0) {
        if (taken == 0) f(std::uint32_t{0}, key_t{0});
        return 0;
    }
    lead_phase(lead_phase, state{}, taken);
    return placed;
}

// v.resize(size), which Clang 14 cannot evaluate for libstdc++'s vector of
// integers; assign() (slower: it writes every element) works everywhere.
template <class T>
constexpr void resize_for_overwrite(std::vector<T>& v, std::size_t size)
{
    if (std::is_constant_evaluated())
        v.assign(size, T{});
    else
        v.resize(size);
}

// A dense index for the column sets of one list: sets of `size` columns
// from `columns`, numbered by two table lookups (low and high halves).
struct column_index {
    std::uint32_t columns = 0;
    int split = 0;
    std::vector<std::uint32_t> low, high;
    std::uint32_t count = 0;  // number of sets

    constexpr void reset(std::uint32_t cols, int n, int size)
    {
        columns = cols;
        split = n / 2;
        const std::uint32_t lo_mask = cols & ((std::uint32_t{1} << split) - 1);
        const std::uint32_t hi_mask = cols >> split;
        const int lo_n = std::popcount(lo_mask);
        const int hi_n = std::popcount(hi_mask);
        // Within each half, a set's rank among the sets of its size.
        const auto ranks = [](std::uint32_t mask, std::vector<std::uint32_t>& out) {
            out.assign(static_cast<std::size_t>(mask) + 1, 0);
            std::array<std::uint32_t, 33> seen{};
            for (std::uint32_t v = 0;; v = (v - mask) & mask) {
                out[v] = seen[static_cast<std::size_t>(std::popcount(v))]++;
                if (v == mask) break;
            }
        };
        std::array<std::array<std::uint64_t, 33>, 33> choose{};
        for (std::size_t i = 0; i < 33; ++i) {
            choose[i][0] = 1;
            for (std::size_t j = 1; j <= i; ++j) choose[i][j] = choose[i - 1][j - 1] + choose[i - 1][j];
        }
        ranks(lo_mask, low);
        ranks(hi_mask, high);
        // Sets with j low columns come after those with fewer; within them,
        // low rank major, high rank minor.
        std::array<std::uint64_t, 34> base{};
        std::uint64_t total = 0;
        for (int j = 0; j <= size; ++j) {
            base[static_cast<std::size_t>(j)] = total;
            if (j <= lo_n && size - j <= hi_n)
                total += choose[static_cast<std::size_t>(lo_n)][static_cast<std::size_t>(j)] *
                         choose[static_cast<std::size_t>(hi_n)][static_cast<std::size_t>(size - j)];
        }
        count = static_cast<std::uint32_t>(total);
        for (std::uint32_t v = 0;; v = (v - lo_mask) & lo_mask) {
            const int j = std::popcount(v);
            if (j <= size && size - j <= hi_n)
                low[v] = static_cast<std::uint32_t>(
                    base[static_cast<std::size_t>(j)] +
                    low[v] * choose[static_cast<std::size_t>(hi_n)][static_cast<std::size_t>(size - j)]);
            if (v == lo_mask) break;
        }
    }

    constexpr std::uint32_t operator()(std::uint32_t set) const noexcept
    {
        return low[set & columns & ((std::uint32_t{1} << split) - 1)] + high[(set & columns) >> split];
    }
};

// The top placements of one list, grouped by column set: group g holds
// keys[start[g] .. start[g + 1]) and has columns set_of[g].
struct top_list {
    column_index index;
    std::vector<key_t> keys;
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> set_of;
};

// Reusable buffers for one thread, so that tasks do not allocate.
struct join_workspace {
    top_list x, y;
    std::vector<key_t> raw_keys;
    std::vector<std::uint32_t> raw_groups;
    std::vector<std::uint64_t> planes, table;
};

// Enumerates the tops of one list and groups them (a counting sort);
// with `name_groups`, also records each group's column set. Adds the
// queens placed to `placed`; returns false if stop() said yes (polled every
// 2^16 placements).
template <class Stop>
constexpr bool build_top_list(const top_rules& R, std::uint32_t lead, std::uint32_t taken, bool name_groups,
                              top_list& out, join_workspace& ws, std::uint64_t& placed, Stop&& stop)
{
    const std::uint32_t columns = R.free & ~lead;
    out.index.reset(columns, R.L.n, R.L.top - std::popcount(taken));
    const std::size_t groups = out.index.count;
    out.set_of.assign(name_groups ? groups : 0, 0);
    ws.raw_keys.clear();
    ws.raw_groups.clear();
    bool stopped = false;
    placed += for_each_top(R, lead, taken, [&](std::uint32_t cols, key_t key) {
        const std::uint32_t g = out.index(cols);
        ws.raw_keys.push_back(key);
        ws.raw_groups.push_back(g);
        if (name_groups) out.set_of[g] = cols;
        if (ws.raw_keys.size() % 65536 == 0 && stop()) stopped = true;
        return !stopped;
    });
    if (stopped) return false;
    out.start.assign(groups + 1, 0);
    for (const std::uint32_t g : ws.raw_groups) ++out.start[g + 1];
    for (std::size_t g = 0; g < groups; ++g) out.start[g + 1] += out.start[g];
    resize_for_overwrite(out.keys, ws.raw_keys.size());
    // start[g] serves as the write position of group g, then is restored.
    for (std::size_t i = 0; i < ws.raw_keys.size(); ++i)
        out.keys[out.start[ws.raw_groups[i]]++] = ws.raw_keys[i];
    for (std::size_t g = groups; g > 0; --g) out.start[g] = out.start[g - 1];
    out.start[0] = 0;
    return true;
}

// Transposes a 64 x 64 bit matrix: afterwards bit i of m[b] is what bit b
// of m[i] was (6 rounds of swapping ever smaller blocks).
constexpr void transpose64(std::array<std::uint64_t, 64>& m) noexcept
{
    std::uint64_t mask = 0x00000000FFFFFFFFu;
    for (std::size_t j = 32; j != 0; j >>= 1, mask ^= mask << j) {
        for (std::size_t k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            const std::uint64_t t = ((m[k] >> j) ^ m[k | j]) & mask;
            m[k] ^= t << j;
            m[k | j] ^= t;
        }
    }
}

// The number of x in xs[0 .. nx) with each y of the table's group: for
// each x, the OR of one table row per slice of its key, and the zeros
// counted. Slices is a template argument where it can be (4, 5, 8: the loop
// over words then vectorizes); 0 means "read it from `runtime_slices`".
template <std::size_t Slices>
constexpr std::uint64_t count_fits(const key_t* xs, std::size_t nx, const std::uint64_t* table,
                                   std::size_t words, std::size_t slice, std::size_t runtime_slices = Slices)
{
    const std::size_t slices = Slices != 0 ? Slices : runtime_slices;
    const std::size_t values = std::size_t{1} << slice;
    const key_t value_mask = values - 1;
    std::uint64_t fits = 0;
    std::array<const std::uint64_t*, 16> rows{};  // each slice's table row, for one x
    for (std::size_t i = 0; i < nx; ++i) {
        const key_t k = xs[i];
        for (std::size_t s = 0; s < slices; ++s)
            rows[s] =
                table + (s * values + static_cast<std::size_t>((k >> (s * slice)) & value_mask)) * words;
        for (std::size_t w = 0; w < words; ++w) {
            std::uint64_t blocked = rows[0][w];
            for (std::size_t s = 1; s < slices; ++s) blocked |= rows[s][w];
            fits += static_cast<std::uint64_t>(std::popcount(~blocked));
        }
    }
    return fits;
}

// The number of pairs (x in group gx of X, y in group gy of Y) that fit.
constexpr std::uint64_t join_groups(int key_bits, const top_list& X, std::uint32_t gx, const top_list& Y,
                                    std::uint32_t gy, join_workspace& ws)
{
    const std::uint32_t x0 = X.start[gx], x1 = X.start[gx + 1];
    const std::uint32_t y0 = Y.start[gy], y1 = Y.start[gy + 1];
    if (x0 == x1 || y0 == y1) return 0;
    const std::uint32_t ny = y1 - y0;
    const std::size_t words = (ny + 63) / 64;
    const std::size_t nx = x1 - x0;
    const auto bits = static_cast<std::size_t>(key_bits);
    // Wider slices mean fewer lookups per x but larger tables: pick the
    // width (4 to 8 bits) with the least work for these group sizes.
    const auto cost = [&](std::size_t w) {
        const std::size_t slices = (bits + w - 1) / w;
        return slices * words * (std::size_t{1} << w) + nx * slices * words;
    };
    std::size_t slice = 4;
    for (std::size_t w = 5; w <= 8; ++w)
        if (cost(w) < cost(slice)) slice = w;
    const std::size_t slices = (bits + slice - 1) / slice;
    const std::size_t values = std::size_t{1} << slice;

    // planes[w * bits + b]: bit i set iff y number 64w + i has key bit b,
    // by transposing 64 keys at a time.
    if (std::is_constant_evaluated()) {
        // Bit by bit: fewer evaluation steps for the small groups of small n.
        ws.planes.assign(words * bits, 0);
        for (std::size_t i = 0; i < ny; ++i) {
            for (key_t k = flipped(Y.keys[y0 + i], key_bits); k != 0; k &= k - 1)
                ws.planes[(i / 64) * bits + static_cast<std::size_t>(std::countr_zero(k))] |= std::uint64_t{1}
                                                                                              << (i % 64);
        }
    } else {
        ws.planes.resize(words * bits);
        for (std::size_t w = 0; w < words; ++w) {
            std::array<std::uint64_t, 64> block{};
            const std::size_t first = 64 * w;
            const std::size_t count = ny - first < 64 ? ny - first : 64;
            for (std::size_t i = 0; i < count; ++i) block[i] = flipped(Y.keys[y0 + first + i], key_bits);
            transpose64(block);
            for (std::size_t b = 0; b < bits; ++b) ws.planes[w * bits + b] = block[b];
        }
    }
    // table[(s * values + v) * words + w]: the OR of the planes of the bits
    // v has in slice s. Slice 0 also marks the unused tail of the last word.
    resize_for_overwrite(ws.table, slices * values * words);
    for (std::size_t s = 0; s < slices; ++s) {
        const std::size_t t0 = s * values * words;
        for (std::size_t w = 0; w < words; ++w) {
            const std::size_t used = ny - 64 * w;
            ws.table[t0 + w] = (s == 0 && used < 64) ? ~std::uint64_t{0} << used : 0;
        }
        for (std::size_t v = 1; v < values; ++v) {
            const std::size_t b = s * slice + static_cast<std::size_t>(std::countr_zero(v));
            const std::size_t to = t0 + v * words;
            const std::size_t from = t0 + (v & (v - 1)) * words;
            for (std::size_t w = 0; w < words; ++w)
                ws.table[to + w] = ws.table[from + w] | (b < bits ? ws.planes[w * bits + b] : 0);
        }
    }
    const std::uint64_t* table = ws.table.data();
    const key_t* xs = X.keys.data() + x0;
    switch (slices) {
        case 4:
            return count_fits<4>(xs, nx, table, words, slice);
        case 5:
            return count_fits<5>(xs, nx, table, words, slice);
        case 6:
            return count_fits<6>(xs, nx, table, words, slice);
        case 7:
            return count_fits<7>(xs, nx, table, words, slice);
        case 8:
            return count_fits<8>(xs, nx, table, words, slice);
        default:
            return count_fits<0>(xs, nx, table, words, slice, slices);
    }
}

// The outcome of one task: its weighted count and the queens placed.
struct join_tally {
    std::uint64_t total = 0;
    std::uint64_t nodes = 0;
};

// A rough, relative cost of a task: the placements of the first three rows
// of its top list times those of its partner list.
constexpr std::uint64_t join_task_breadth(int n, const join_task& t)
{
    const join_layout L = make_join_layout(n);
    const std::uint32_t lead = lead_columns(L, band_free_columns(L, t.band));
    const auto breadth = [&](std::array<int, 2> band, std::uint32_t taken) {
        const top_rules R(L, band);
        const std::uint32_t columns = (R.free & ~lead) | taken;
        const int rows = L.top < 3 ? L.top : 3;
        const auto walk = [&](const auto& self, int r, std::uint32_t cols, std::uint64_t d,
                              std::uint64_t e) -> std::uint64_t {
            if (r == rows) return 1;
            std::uint64_t k = 0;
            for (std::uint32_t open = R.open(r, columns, cols, d, e); open != 0; open &= open - 1) {
                const int c = std::countr_zero(open);
                k += self(self, r + 1, cols | std::uint32_t{1} << c, d | std::uint64_t{1} << (r + c),
                          e | std::uint64_t{1} << (c - r + L.n - 1));
            }
            return k;
        };
        return walk(walk, 0, 0, 0, 0);
    };
    return breadth(t.band, t.taken) * breadth(band_image(L, t.band, false, true), lead & ~t.taken);
}

// Counts one task. `stop()` is polled while the lists are built (every 2^16
// placements) and every 64 column groups of the join; returns std::nullopt
// if it said yes.
template <class Stop>
constexpr std::optional<join_tally> run_join_task(int n, const join_task& t, join_workspace& ws, Stop&& stop)
{
    const join_layout L = make_join_layout(n);
    const std::uint32_t lead = lead_columns(L, band_free_columns(L, t.band));
    const std::uint32_t rest = lead & ~t.taken;
    const top_rules mine(L, t.band);
    join_tally out{};
    if (!build_top_list(mine, lead, t.taken, true, ws.x, ws, out.nodes, stop)) return std::nullopt;
    // The partner list: the same list when both names coincide.
    const bool same = t.self_flip && t.taken == rest;
    if (!same) {
        const top_rules theirs(L, band_image(L, t.band, false, true));
        if (!build_top_list(theirs, lead, rest, false, ws.y, ws, out.nodes, stop)) return std::nullopt;
    }
    const top_list& Y = same ? ws.x : ws.y;
    const std::uint32_t columns = mine.free & ~lead;
    std::uint64_t pairs = 0;
    for (std::uint32_t g = 0; g < ws.x.index.count; ++g) {
        if (ws.x.start[g] == ws.x.start[g + 1]) continue;
        if (g % 64 == 0 && stop()) return std::nullopt;
        const std::uint32_t set = ws.x.set_of[g];
        const std::uint32_t partner = columns & ~set;
        if (same && partner < set) continue;  // each unordered pair once
        pairs += join_groups(L.key_bits(), ws.x, g, Y, Y.index(partner), ws);
    }
    out.total = checked_mul(pairs, t.weight);
    return out;
}

// The total for n (OEIS A000170) by the join alone, one task after another.
// Valid for join_min_n <= n <= join_max_n; constexpr, but meant for run time
// (one constant evaluation holds n <= 9 on Clang 14, n <= 10 on GCC 12).
constexpr std::uint64_t count_by_join(int n)
{
    join_workspace ws;
    std::uint64_t total = 0;
    for_each_join_task(n, [&](const join_task& t) {
        total = checked_add(total, run_join_task(n, t, ws, [] { return false; })->total);
    });
    return total;
}

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_HALF_JOIN_HPP
