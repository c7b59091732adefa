// SPDX-License-Identifier: BSL-1.0
// Record files on disk (checkpoints and shard results): atomic writes and checked reads.
#ifndef NQUEENS_APPS_COMMON_RUN_RECORD_FILE_HPP
#define NQUEENS_APPS_COMMON_RUN_RECORD_FILE_HPP

#include "common/count_args.hpp"

#include <nqueens/runtime/run_record.hpp>

#include <string>
#include <string_view>

namespace nqueens::app {

// "nqueens 0.2.0": the program noted in every record file (nqueens and
// nqueens-mpi write the same, so their files mix).
std::string program_name();

// Writes `r` to `path` atomically: a new temporary file beside it with a
// name no one can predict (FILE.tmp.<12 random characters>, created with
// O_EXCL|O_NOFOLLOW, so nothing planted there is opened) and with the
// permissions of the file it replaces (a 0600 checkpoint stays 0600),
// flushed to disk, then renamed over `path` (which replaces a symbolic link there rather than
// writing through it). Removes the temporary file and throws
// std::runtime_error naming the file when it cannot.
void save_record_file(const std::string& path, const run_record& r);

// save_record_file for any text: --result's file.
void save_text_file(const std::string& path, const std::string& text);

// "n = 16, shard 0/2: 7064 solutions, 883 distinct (112 of 112 tasks)".
std::string record_summary(const run_record& r, bool with_distinct);

// "3 of 56 tasks", and where tasks are begun " and parts of 2 more": what
// a record holds, for the lines that say so.
std::string tasks_held(const run_record& r);

// save_record_file for the record of a finished count, if `path` is not
// empty; when it fails, the error names the count too (record_summary), so
// that main's line on stderr keeps the work.
void save_final_record(const std::string& path, const run_record& r, bool with_distinct);

// Reads and checks a record file; usage_error (one line, exit 2) if it is
// not a regular file, unreadable or damaged (record_from_json), or, unless
// `trusted` (--trust-record), owned by another user than the effective one:
// a record decides a count. With `follow_links` false, a symbolic link is
// refused too (O_NOFOLLOW). Cost: bounded by the file's size (64 MiB at
// most) and the largest record's (record_from_json).
run_record load_record_file(const std::string& path, bool follow_links = true, bool trusted = false);

// A record_error as the command line says it, after `prefix`: the library
// names a plan's mode in its own words (nqueens::mode_words); here it is
// "with --unique" or "without --unique".
usage_error usage_error_from(const record_error& e, const std::string& prefix = "");

// The directory holding `path` ("." for a bare name).
std::string parent_directory(const std::string& path);

// Creates a new, empty temporary file beside `path` (FILE.tmp.<random>,
// O_EXCL|O_NOFOLLOW) and names it in `temp`. Returns the descriptor, or -1
// with errno set.
int create_temp(const std::string& path, std::string& temp);

// True if `name` is a temporary file of `base` (the file name, no directory).
bool is_temp_of(std::string_view name, std::string_view base);

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RUN_RECORD_FILE_HPP
