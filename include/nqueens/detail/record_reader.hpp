// SPDX-License-Identifier: BSL-1.0
// record_reader: a record file's JSON read in one pass, its cost bounded by what a record can hold.
#ifndef NQUEENS_DETAIL_RECORD_READER_HPP
#define NQUEENS_DETAIL_RECORD_READER_HPP

#include <nqueens/detail/cuts.hpp>
#include <nqueens/detail/record_limits.hpp>
#include <nqueens/solution_counts.hpp>

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nqueens::detail {

// The JSON of a record as nlohmann's SAX events, kept only as far as a
// record can go: "done" and "counts" go straight into vectors of at most
// max_plan_tasks entries, "partial" (the tasks begun: one list of numbers
// each) into a vector of at most max_partial_tasks lists of as many
// numbers in all as they can hold, "how" (runs of tasks counted and
// checked alike) into a vector of at most max_plan_tasks runs of three
// numbers, every other field into a small JSON object
// (`fields`). Anything deeper than a record (3 levels), longer or larger is
// refused at once, so that neither memory nor time grows with a hostile
// file beyond a sound record's (a few bytes of memory per byte read, and at
// most about 35 MB in all). The first problem is kept in `error` as the
// end of a sentence that starts with the file name.
class record_reader {
public:
    nlohmann::json fields = nlohmann::json::object();
    std::vector<std::size_t> done;
    std::vector<solution_counts> counts;
    std::vector<std::vector<count128>> partial;
    std::vector<std::array<std::uint64_t, 3>> how;  // [counted, checked, tasks] runs
    bool has_done = false;
    bool has_counts = false;
    bool has_partial = false;
    bool has_how = false;
    bool has_decimal_strings = false;  // a count in "counts" or "partial" given as a string of digits
    std::string error;

    // Reads `text`; false with `error` set if it is not a record's JSON.
    bool read(std::string_view text)
    {
        if (!tokens_bounded(text)) return false;
        const bool ok = nlohmann::json::sax_parse(text.begin(), text.end(), this);
        if (!ok && error.empty()) error = " is damaged: not valid JSON";
        return ok && error.empty();
    }

    // The SAX interface (nlohmann::json_sax).
    bool null() { return scalar(nullptr); }
    bool boolean(bool v) { return scalar(v); }
    bool number_integer(std::int64_t v) { return scalar(v); }
    bool number_unsigned(std::uint64_t v)
    {
        if (in_ == list::done && depth_ == 2) {
            if (done.size() >= max_plan_tasks)
                return fail(" is damaged: \"done\" lists more tasks than any plan has");
            done.push_back(static_cast<std::size_t>(v));
            return true;
        }
        if (in_counts()) return count(v);
        if (in_ == list::how && depth_ == 3) {
            if (triple_ >= 3) return fail(how_message);
            how.back()[triple_++] = v;
            return true;
        }
        return scalar(v);
    }
    bool number_float(double v, const std::string&) { return scalar(v); }
    bool string(std::string& v)
    {
        if (v.size() > max_string) return fail(" is damaged: a string longer than any record holds");
        if (in_counts()) {
            // Format 4 writes a count past 2^64 as its decimal digits.
            const std::optional<count128> c = count128_from_decimal(v);
            if (!c) return fail(in_ == list::counts ? counts_message : partial_message);
            has_decimal_strings = true;
            return count(*c);
        }
        return scalar(v);
    }
    bool binary(nlohmann::json::binary_t&) { return fail(" is damaged: not valid JSON"); }

    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(std::string& k)
    {
        if (k.size() > max_string) return fail(" is damaged: a field name longer than any record holds");
        if (depth_ == 1) {
            if (fields.contains(k) || (k == "done" && has_done) || (k == "counts" && has_counts) ||
                (k == "partial" && has_partial) || (k == "how" && has_how))
                return fail(" is damaged: \"" + k + "\" is given twice");
            key_ = k;
            return true;
        }
        if (stack_.back()->contains(k))
            return fail(" is damaged: \"" + key_ + "\" holds \"" + k + "\" twice");
        inner_key_ = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&)
    {
        return fail(" is damaged: not valid JSON");
    }

private:
    enum class list { none, done, counts, partial, how };
    static constexpr std::size_t max_depth = 3;    // the record, "counts", one task's counts
    static constexpr std::size_t max_small = 256;  // values outside "done" and "counts"
    static constexpr std::size_t max_string = 4096;
    static constexpr std::size_t max_number =
        40;  // digits, sign, point and exponent of any number a record holds

    // Before parsing, in one pass and no memory: no NUL byte (the parser
    // would stop there and take what follows for nothing), no string longer
    // than max_string even with every character escaped, no number longer
    // than max_number: the parser builds a token whole before it is given
    // to the checks below, so a token of many MB would cost many MB and
    // seconds.
    bool tokens_bounded(std::string_view text)
    {
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '\0') return fail(" is damaged: it holds a NUL byte");
            if (c == '"') {
                const std::size_t start = i++;
                for (; i < text.size() && text[i] != '"'; ++i) {
                    if (text[i] == '\0') return fail(" is damaged: it holds a NUL byte");
                    if (text[i] == '\\') ++i;
                    if (i - start > 6 * max_string + 2)
                        return fail(" is damaged: a string longer than any record holds");
                }
            } else if ((c >= '0' && c <= '9') || c == '-') {
                const std::size_t start = i;
                while (i + 1 < text.size() &&
                       ((text[i + 1] >= '0' && text[i + 1] <= '9') || text[i + 1] == '.' ||
                        text[i + 1] == 'e' || text[i + 1] == 'E' || text[i + 1] == '+' || text[i + 1] == '-'))
                    if (++i - start >= max_number)
                        return fail(" is damaged: a number longer than any record holds");
            }
        }
        return true;
    }
    static constexpr const char* counts_message =
        " is damaged: \"counts\" holds something not [total, distinct, nodes]";
    // Five numbers a task begun and two a range of its parts.
    static constexpr std::size_t max_partial_values = 5 * max_partial_tasks + 2 * max_partial_ranges;
    static constexpr const char* partial_message =
        " is damaged: \"partial\" is not a list of lists of numbers";
    static constexpr const char* how_message =
        " is damaged: \"how\" holds something not [counted, checked, tasks]";

    static bool streamed(const std::string& key)
    {
        return key == "done" || key == "counts" || key == "partial" || key == "how";
    }

    const char* not_a_list(const std::string& key) const
    {
        return key == "done"     ? " is damaged: \"done\" is not a list of task ids"
               : key == "counts" ? " is damaged: \"counts\" is not a list of task counts"
               : key == "how"    ? how_message
                                 : partial_message;
    }

    // Whether the next value is one of a task's numbers in "counts" or "partial".
    bool in_counts() const noexcept { return (in_ == list::counts || in_ == list::partial) && depth_ == 3; }

    bool count(count128 v)
    {
        if (in_ == list::partial) {
            if (partial_values_++ >= max_partial_values)
                return fail(" is damaged: \"partial\" holds more than any record holds");
            partial.back().push_back(v);
            return true;
        }
        if (triple_ >= 3) return fail(counts_message);
        count128* at[3] = {&counts.back().total, &counts.back().distinct, &counts.back().nodes};
        *at[triple_++] = v;
        return true;
    }

    bool fail(std::string why)
    {
        if (error.empty()) error = std::move(why);
        return false;
    }

    // A value that is not a container, at the current place.
    template <class T>
    bool scalar(T&& v)
    {
        if (depth_ == 0) return fail(" is damaged: not a JSON object");
        if (in_ == list::done) return fail(" is damaged: \"done\" holds something not a task id");
        if (in_ == list::counts) return fail(counts_message);
        if (in_ == list::partial) return fail(partial_message);
        if (in_ == list::how) return fail(how_message);
        if (depth_ == 1 && streamed(key_)) return fail(not_a_list(key_));
        if (++small_ > max_small) return fail(" is damaged: more fields than any record has");
        nlohmann::json& into = *stack_.back();
        if (into.is_array())
            into.push_back(std::forward<T>(v));
        else
            into[depth_ == 1 ? key_ : inner_key_] = std::forward<T>(v);
        return true;
    }

    bool open(bool array)
    {
        if (depth_ == 0) {
            if (array) return fail(" is damaged: not a JSON object");
            stack_.push_back(&fields);
            depth_ = 1;
            return true;
        }
        if (depth_ == 1 && streamed(key_)) {
            if (!array) return fail(not_a_list(key_));
            in_ = key_ == "done"     ? list::done
                  : key_ == "counts" ? list::counts
                  : key_ == "how"    ? list::how
                                     : list::partial;
            (in_ == list::done     ? has_done
             : in_ == list::counts ? has_counts
             : in_ == list::how    ? has_how
                                   : has_partial) = true;
            ++depth_;
            return true;
        }
        if (in_ == list::partial) {
            if (!array || depth_ != 2) return fail(partial_message);
            if (partial.size() >= max_partial_tasks)
                return fail(" is damaged: \"partial\" lists more tasks than any record holds");
            partial.emplace_back();
            ++depth_;
            return true;
        }
        if (in_ == list::done) return fail(" is damaged: \"done\" holds something not a task id");
        if (in_ == list::how) {
            if (!array || depth_ != 2) return fail(how_message);
            if (how.size() >= max_plan_tasks)
                return fail(" is damaged: \"how\" lists more tasks than any plan has");
            how.push_back({});
            triple_ = 0;
            ++depth_;
            return true;
        }
        if (in_ == list::counts) {
            if (!array || depth_ != 2) return fail(counts_message);
            if (counts.size() >= max_plan_tasks)
                return fail(" is damaged: \"counts\" lists more tasks than any plan has");
            counts.push_back({});
            triple_ = 0;
            ++depth_;
            return true;
        }
        if (depth_ >= max_depth) return fail(" is damaged: nested deeper than any record");
        if (++small_ > max_small) return fail(" is damaged: more fields than any record has");
        nlohmann::json& into = *stack_.back();
        nlohmann::json& made =
            into.is_array() ? into.emplace_back(nullptr) : into[depth_ == 1 ? key_ : inner_key_];
        made = array ? nlohmann::json::array() : nlohmann::json::object();
        stack_.push_back(&made);
        ++depth_;
        return true;
    }

    bool close()
    {
        if ((in_ == list::counts || in_ == list::how) && depth_ == 3) {
            if (triple_ != 3) return fail(in_ == list::how ? how_message : counts_message);
            --depth_;
            return true;
        }
        if (in_ == list::partial && depth_ == 3) {
            --depth_;
            return true;
        }
        if (in_ != list::none && depth_ == 2) {
            in_ = list::none;
            --depth_;
            return true;
        }
        stack_.pop_back();
        --depth_;
        return true;
    }

    std::vector<nlohmann::json*> stack_;
    std::size_t depth_ = 0;
    std::size_t small_ = 0;
    std::size_t triple_ = 0;
    std::size_t partial_values_ = 0;
    list in_ = list::none;
    std::string key_;
    std::string inner_key_;
};

}  // namespace nqueens::detail

#endif  // NQUEENS_DETAIL_RECORD_READER_HPP
