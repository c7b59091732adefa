// SPDX-License-Identifier: BSL-1.0
// The files a run owns: locks, the checks before a run starts, the temporary files a killed run left.
#include "common/run_files.hpp"

#include "common/fault_injection.hpp"
#include "common/run_record_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <string_view>

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

// The file name of `path`, without its directory.
std::string base_name(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// True if `a` and `b` name the same file, whether or not it exists yet
// ("x" and "./x"; a hard link): the same directory and name, or the same inode.
bool same_file(const std::string& a, const std::string& b)
{
    struct stat sa {};
    struct stat sb {};
    if (::lstat(a.c_str(), &sa) == 0 && ::lstat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
        sa.st_ino == sb.st_ino)
        return true;
    return ::stat(parent_directory(a).c_str(), &sa) == 0 && ::stat(parent_directory(b).c_str(), &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && base_name(a) == base_name(b);
}

// What a lock's temporary file adds to the name of FILE: ".lock.tmp." and
// 12 random characters.
constexpr std::size_t extra_name_bytes = 22;

// usage_error unless `path` names a regular file or nothing yet, in a
// directory that exists, with a name short enough for its lock.
void check_target(const std::string& path, const char* option)
{
    const std::string dir = parent_directory(path);
    struct stat st {};
    const bool found = ::stat(dir.c_str(), &st) == 0;
    if (!found && errno != ENOENT) throw usage_error("cannot write '" + path + "': " + std::strerror(errno));
    if (!found || !S_ISDIR(st.st_mode))
        throw usage_error(std::string(option) + " '" + path + "': the directory '" + dir + "' " +
                          (found ? "is not a directory" : "does not exist") + "; create it first");
    // FILE.lock and its temporary FILE.lock.tmp.<12 characters> must fit the
    // directory's longest name too: refused here, naming FILE, not later
    // naming the lock.
    const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
    const std::size_t longest = (name_max > 0 ? static_cast<std::size_t>(name_max) : 255) - extra_name_bytes;
    if (base_name(path).size() > longest)
        throw usage_error(
            std::string(option) + " '" + path + "': its name is " + std::to_string(base_name(path).size()) +
            " bytes, and its lock file's temporary name " + "adds " + std::to_string(extra_name_bytes) +
            "; give a name of at most " + std::to_string(longest) + " bytes");
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

namespace {

// The first line of every lock file this program writes; a file at the lock
// name without it is not ours, and is never taken or removed.
constexpr std::string_view lock_magic = "nqueens lock file\n";

bool same_inode(int fd, const std::string& name)
{
    struct stat held {};
    struct stat named {};
    return ::fstat(fd, &held) == 0 && ::lstat(name.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
           held.st_ino == named.st_ino;
}

// Writes lock_magic and our pid into the lock file `fd` (which we hold):
// 0, or the errno of a write that failed (a full disk). Written over the
// old content, then cut to length, so that a lock taken over keeps its
// first line even where the write fails.
int write_lock(int fd)
{
    const std::string text = std::string(lock_magic) + "pid " + std::to_string(::getpid()) + "\n";
    const ssize_t wrote = ::pwrite(fd, text.data(), text.size(), 0);
    if (wrote != static_cast<ssize_t>(text.size())) return wrote < 0 ? errno : ENOSPC;
    if (::ftruncate(fd, static_cast<off_t>(text.size())) != 0) return errno;
    return 0;
}

// True if `fd` starts with lock_magic.
bool is_our_lock(int fd)
{
    char head[lock_magic.size()];
    return ::pread(fd, head, sizeof head, 0) == static_cast<ssize_t>(sizeof head) &&
           std::string_view(head, sizeof head) == lock_magic;
}

}  // namespace

file_lock::file_lock(const std::string& path, const char* option) : name_(path + ".lock")
{
    const std::string named = std::string(option) + " '" + path + "': ";
    // A run that has just ended (its result printed, an MPI job being torn
    // down) may still hold the lock for a moment: wait up to 3 s for it.
    int waits = 60;
    for (;;) {
        // The lock is made whole under a temporary name (held, our content
        // written) and only then linked to its name: a run killed at any
        // moment leaves no lock file that is empty or not held, only at most
        // a temporary one, which the next holder removes.
        std::string temp;
        const int fd = create_temp(name_, temp);
        if (fd < 0)
            throw usage_error(named + "cannot create the lock file '" + name_ + "': " + std::strerror(errno));
        ::flock(fd, LOCK_EX | LOCK_NB);
        // Readable by its owner only: another user who may read the
        // directory could otherwise hold a shared flock on a killed run's
        // leftover lock and so keep its owner from resuming.
        (void)::fchmod(fd, 0600);
        // Never an empty lock at the name (a full disk): it would block every
        // later run, as a file that is not ours.
        if (const int err = write_lock(fd); err != 0) {
            ::unlink(temp.c_str());
            ::close(fd);
            throw usage_error(named + "cannot write the lock file '" + name_ + "': " + std::strerror(err));
        }
        if (faults().die_in_lock) ::raise(SIGKILL);
        const bool linked = ::link(temp.c_str(), name_.c_str()) == 0;
        const int link_err = errno;
        ::unlink(temp.c_str());
        if (linked) {
            fd_ = fd;
            remove_stale_temps(name_);
            return;
        }
        ::close(fd);
        // ENOENT: our temporary file was removed, as a leftover, by a run
        // that has just taken the lock; try again.
        if (link_err == ENOENT) continue;
        if (link_err != EEXIST)
            throw usage_error(named + "cannot create the lock file '" + name_ +
                              "': " + std::strerror(link_err));
        // Something is there already: a lock held by a live run, one left by
        // a killed run (ours by its content, and no one holds it), or a file
        // that is not ours at all.
        fd_ = ::open(name_.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd_ < 0) {
            if (errno == ENOENT) continue;  // removed meanwhile: create it
            throw usage_error(named + "the lock file '" + name_ + "' exists and cannot be opened (" +
                              std::strerror(errno) + "); if no run uses it, remove it");
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd_);
            throw usage_error(named + "'" + name_ +
                              "' exists and is not a lock file of nqueens; remove it or " +
                              "choose another file name");
        }
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const int err = errno;
            ::close(fd_);
            if (err == EWOULDBLOCK && waits-- > 0) {
                ::usleep(50000);
                continue;
            }
            if (err == EWOULDBLOCK)
                throw usage_error(std::string(option) + " '" + path +
                                  "' is in use by another run (it holds the lock file '" + name_ + "')");
            throw usage_error(named + "cannot lock '" + name_ + "': " + std::strerror(err));
        }
        if (!is_our_lock(fd_)) {
            ::close(fd_);
            throw usage_error(named + "'" + name_ +
                              "' exists and is not a lock file of nqueens; remove it or " +
                              "choose another file name");
        }
        // Ours, and no live run holds it: left by a killed run. Taken over
        // if it is still the file at that name (the holder before us may
        // have removed it between our open and our flock).
        if (same_inode(fd_, name_)) {
            // Where our pid cannot be written (a full disk), the lock keeps
            // its first line, and holding it is what counts.
            (void)write_lock(fd_);
            remove_stale_temps(name_);
            return;
        }
        ::close(fd_);
    }
}

file_lock::~file_lock()
{
    // Ours (created or taken over, and held until now): removed if it is
    // still the file at that name.
    if (same_inode(fd_, name_)) ::unlink(name_.c_str());
    ::close(fd_);
}

run_files::run_files(const record_options& p)
{
    p.check();
    auto own = [this, &p](std::optional<file_lock>& lock, const std::string& path, const char* option) {
        if (path.empty()) return;
        check_target(path, option);
        try {
            lock.emplace(path, option);
        } catch (const usage_error& e) {
            // No lock (a full disk): a complete checkpoint still gives its
            // count in the line, read but never written.
            if (&lock != &checkpoint_) throw;
            std::optional<run_record> r;
            try {
                r = load_record_file(path, false, p.trust_record);
            } catch (const std::exception&) {
            }
            if (!r || !r->complete()) throw;
            throw usage_error(std::string(e.what()) + "; it holds the whole count: " +
                              record_summary(*r, r->mode == count_mode::with_distinct));
        }
        remove_stale_temps(path);
        check_writable(path);
    };
    if (!p.checkpoint.empty() && !p.out.empty() && same_file(p.checkpoint, p.out))
        throw usage_error("--out '" + p.out + "' and --checkpoint '" + p.checkpoint +
                          "' are the same file; they must be different files");
    for (const std::string* other : {&p.checkpoint, &p.out})
        if (!p.result.empty() && !other->empty() && same_file(p.result, *other))
            throw usage_error("--result '" + p.result + "' and " +
                              (other == &p.out ? "--out" : "--checkpoint") + " '" + *other +
                              "' are the same file; they must be different files");
    // Resuming another user's checkpoint (--trust-record) replaces it with a
    // file of ours, which its owner's next run would refuse: only root can
    // keep it theirs (save_record_file), so anyone else resumes a copy.
    struct stat st {};
    if (p.trust_record && !p.checkpoint.empty() && ::geteuid() != 0 &&
        ::lstat(p.checkpoint.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid != ::geteuid())
        throw usage_error("--checkpoint '" + p.checkpoint + "' is owned by user " +
                          std::to_string(st.st_uid) +
                          "; resuming it would make it yours, and its owner's next run would refuse it: "
                          "copy it and resume the copy");
    own(checkpoint_, p.checkpoint, "--checkpoint");
    own(out_, p.out, "--out");
    own(result_, p.result, "--result");
}

}  // namespace nqueens::app
