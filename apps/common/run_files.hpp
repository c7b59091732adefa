// SPDX-License-Identifier: BSL-1.0
// The files a run owns from start to exit (--checkpoint, --out, --result): locks, checks, leftovers.
#ifndef NQUEENS_APPS_COMMON_RUN_FILES_HPP
#define NQUEENS_APPS_COMMON_RUN_FILES_HPP

#include "common/count_args.hpp"

#include <optional>
#include <string>

namespace nqueens::app {

// flock() on FILE.lock while a run owns FILE; removes FILE.lock when
// destroyed. usage_error if another process holds it.
class file_lock {
public:
    file_lock(const std::string& path, const char* option);
    ~file_lock();
    file_lock(const file_lock&) = delete;
    file_lock& operator=(const file_lock&) = delete;

private:
    std::string name_;
    int fd_ = -1;
};

// The files a run writes (--checkpoint, --out, --result), owned from start to exit:
// each must be a regular file or not exist yet (a symbolic link, a directory
// or another special file is refused), is locked (file_lock: a second run on
// the same file refuses with one line), loses the temporary files a killed
// run left beside it, and must be creatable. Throws usage_error; also checks
// the combination of options (record_options::check).
class run_files {
public:
    explicit run_files(const record_options& p);

private:
    std::optional<file_lock> checkpoint_;
    std::optional<file_lock> out_;
    std::optional<file_lock> result_;
};

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_RUN_FILES_HPP
