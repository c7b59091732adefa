// SPDX-License-Identifier: BSL-1.0
// The files a run owns: locks, the checks before a run starts, the temporary files a killed run left.
#include "common/run_files.hpp"

#include "common/run_record_file.hpp"

#include <cerrno>
#include <cstring>
#include <string>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace nqueens::app {

namespace {

// Removes the temporary files of `path` that a run killed while writing
// left behind. Only the holder of the file's lock calls it, and only that
// holder writes temporary files of `path`: any there now are leftovers.
// unlinkat removes a symbolic link itself, never what it points to.
void remove_stale_temps(const std::string& path)
{
    const std::string dir_name = parent_directory(path);
    const auto slash = path.find_last_of('/');
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    DIR* dir = ::opendir(dir_name.c_str());
    if (!dir) return;
    while (const dirent* e = ::readdir(dir)) {
        if (is_temp_of(e->d_name, base)) ::unlinkat(::dirfd(dir), e->d_name, 0);
    }
    ::closedir(dir);
}

// usage_error unless `path` names a regular file or nothing yet.
void check_target(const std::string& path, const char* option)
{
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return;
    if (S_ISLNK(st.st_mode))
        throw usage_error(std::string(option) + " '" + path +
                          "' is a symbolic link; give the file itself (a run replaces the link, never "
                          "writes through it)");
    if (!S_ISREG(st.st_mode))
        throw usage_error(std::string(option) + " '" + path + "' is " +
                          (S_ISDIR(st.st_mode) ? "a directory" : "not a regular file") +
                          "; give a file name");
}

// usage_error unless a file can be created beside `path`, as save_record_file will.
void check_writable(const std::string& path)
{
    std::string probe;
    const int fd = create_temp(path, probe);
    if (fd < 0) throw usage_error("cannot write '" + path + "': " + std::strerror(errno));
    ::close(fd);
    ::unlink(probe.c_str());
}

}  // namespace

file_lock::file_lock(const std::string& path, const char* option) : name_(path + ".lock")
{
    // A run that has just ended (its result printed, an MPI job being torn
    // down) may still hold the lock for a moment: wait up to 3 s for it.
    int waits = 60;
    for (;;) {
        fd_ = ::open(name_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd_ < 0) throw usage_error("cannot write '" + path + "': " + std::strerror(errno));
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const int err = errno;
            ::close(fd_);
            if (err == EWOULDBLOCK && waits-- > 0) {
                ::usleep(50000);
                continue;
            }
            if (err == EWOULDBLOCK)
                throw usage_error(std::string(option) + " '" + path +
                                  "' is in use by another run (it holds '" + name_ + "')");
            throw usage_error("cannot lock '" + name_ + "': " + std::strerror(err));
        }
        // The holder before us may have removed the lock file between our
        // open and our flock: then this lock guards nothing, so take the
        // file that is there now.
        struct stat held {};
        struct stat named {};
        if (::fstat(fd_, &held) == 0 && ::lstat(name_.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
            held.st_ino == named.st_ino)
            return;
        ::close(fd_);
    }
}

file_lock::~file_lock()
{
    struct stat held {};
    struct stat named {};
    if (::fstat(fd_, &held) == 0 && ::lstat(name_.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino)
        ::unlink(name_.c_str());
    ::close(fd_);
}

run_files::run_files(const record_options& p)
{
    p.check();
    auto own = [](std::optional<file_lock>& lock, const std::string& path, const char* option) {
        if (path.empty()) return;
        check_target(path, option);
        lock.emplace(path, option);
        remove_stale_temps(path);
        check_writable(path);
    };
    own(checkpoint_, p.checkpoint, "--checkpoint");
    own(out_, p.out, "--out");
}

}  // namespace nqueens::app
