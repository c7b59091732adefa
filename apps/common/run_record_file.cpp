// SPDX-License-Identifier: BSL-1.0
// Record files on disk: atomic writes that cannot be redirected, bounded reads.
#include "common/run_record_file.hpp"

#include <nqueens/runtime/run_record_json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NQUEENS_PROGRAM_VERSION
#define NQUEENS_PROGRAM_VERSION "unknown"
#endif

namespace nqueens::app {

std::string program_name()
{
    return std::string("nqueens ") + NQUEENS_PROGRAM_VERSION;
}

namespace {

// The largest record file read: a complete record of the largest plan
// (n = 24, 302,800 tasks) is at most about 22 MB, 26 MB at max_plan_tasks
// with every count at 2^64 - 1 (run_record_json_test), and parsing takes
// several times the file size in memory.
constexpr std::uint64_t max_record_file_size = 64ull << 20;

}  // namespace

// The directory holding `path`, for fsync after a rename into it.
std::string parent_directory(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

namespace {

// What follows FILE in the name of a temporary file: ".tmp." and
// temp_suffix_size characters of temp_alphabet, drawn at random.
constexpr std::string_view temp_infix = ".tmp.";
constexpr std::size_t temp_suffix_size = 12;
constexpr std::string_view temp_alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

}  // namespace

// Creates a new, empty temporary file beside `path` and names it in
// `temp`. O_EXCL|O_NOFOLLOW: a file or symbolic link planted under that
// name is never opened (the random name makes a clash unlikely, and a clash
// just draws another). Returns the descriptor, or -1 with errno set.
int create_temp(const std::string& path, std::string& temp)
{
    for (int attempt = 0; attempt < 64; ++attempt) {
        unsigned char bytes[temp_suffix_size];
        if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes)) {
            if (errno == EINTR) continue;
            return -1;
        }
        temp = path;
        temp += temp_infix;
        for (const unsigned char b : bytes) temp += temp_alphabet[b % temp_alphabet.size()];
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

// True if `name` is a temporary file of `base`: as create_temp names them,
// or as earlier builds did (FILE.tmp.<pid>, digits only).
bool is_temp_of(std::string_view name, std::string_view base)
{
    if (!name.starts_with(base)) return false;
    name.remove_prefix(base.size());
    if (!name.starts_with(temp_infix)) return false;
    name.remove_prefix(temp_infix.size());
    if (name.empty()) return false;
    if (name.find_first_not_of("0123456789") == std::string_view::npos) return name.size() <= 10;
    return name.size() == temp_suffix_size && name.find_first_not_of(temp_alphabet) == std::string_view::npos;
}

void save_record_file(const std::string& path, const run_record& r)
{
    save_text_file(path, record_to_json(r));
}

void save_text_file(const std::string& path, const std::string& text)
{
    std::string temp;
    const int fd = create_temp(path, temp);
    if (fd < 0) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    // `err` is errno as the failing call left it: close and unlink may change errno.
    auto fail = [&](const char* what, int err) {
        ::unlink(temp.c_str());
        throw std::runtime_error("cannot " + std::string(what) + " '" + path + "': " + std::strerror(err));
    };
    // The permissions of the file replaced, before any of the record is
    // written (a link there is replaced, not followed: it gives none).
    struct stat old {};
    if (::lstat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode) && ::fchmod(fd, old.st_mode & 0777) != 0) {
        const int err = errno;
        ::close(fd);
        fail("write", err);
    }
    // Another user's file (root resuming it with --trust-record) stays
    // theirs, so that its owner's next run still reads it as their own.
    // Others cannot give a file away: run_files refuses them at start.
    if (S_ISREG(old.st_mode) && (old.st_uid != ::geteuid() || old.st_gid != ::getegid()) &&
        ::geteuid() == 0 && ::fchown(fd, old.st_uid, old.st_gid) != 0) {
        const int err = errno;
        ::close(fd);
        fail("write", err);
    }
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t w = ::write(fd, text.data() + written, text.size() - written);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            const int err = w < 0 ? errno : EIO;
            ::close(fd);
            fail("write", err);
        }
        written += static_cast<std::size_t>(w);
    }
    // Without fsync a crash of the machine (not of the program) could leave
    // the renamed file empty.
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        fail("write", err);
    }
    if (::close(fd) != 0) fail("write", errno);
    if (std::rename(temp.c_str(), path.c_str()) != 0) fail("replace", errno);
    // The rename itself is durable only once the directory is synced. Best
    // effort: the file is already complete under its name either way, and
    // some file systems refuse fsync on a directory.
    const int dir = ::open(parent_directory(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

run_record load_record_file(const std::string& path, bool follow_links, bool trusted)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow_links ? 0 : O_NOFOLLOW));
    if (fd < 0) {
        if (errno == ELOOP && !follow_links)
            throw usage_error("'" + path + "' is a symbolic link, not a checkpoint file");
        throw usage_error("cannot read '" + path + "': " + std::strerror(errno));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const bool is_dir = S_ISDIR(st.st_mode);
        ::close(fd);
        throw usage_error("'" + path + "' is " + (is_dir ? "a directory" : "not a regular file") +
                          ", not a checkpoint or shard file");
    }
    if (!trusted && st.st_uid != ::geteuid()) {
        ::close(fd);
        throw usage_error("'" + path + "' belongs to user " + std::to_string(st.st_uid) +
                          ", not to you (user " + std::to_string(::geteuid()) +
                          "): a record decides a count; give --trust-record to read it anyway");
    }
    const auto too_big = [&] {
        ::close(fd);
        return usage_error("'" + path + "' is larger than 64 MiB, more than any checkpoint or shard file");
    };
    if (static_cast<std::uint64_t>(st.st_size) > max_record_file_size) throw too_big();
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            const int err = errno;
            ::close(fd);
            throw usage_error("cannot read '" + path + "': " + std::strerror(err));
        }
        if (got == 0) break;
        text.append(buffer, static_cast<std::size_t>(got));
        if (text.size() > max_record_file_size) throw too_big();  // it grew after fstat
    }
    ::close(fd);
    try {
        return record_from_json(text, path);
    } catch (const record_error& e) {
        throw usage_error_from(e);
    }
}

usage_error usage_error_from(const record_error& e, const std::string& prefix)
{
    std::string message = prefix + e.what();
    const auto say = [&](count_mode mode, std::string_view flag_words) {
        const std::string_view words = mode_words(mode);
        for (std::size_t at = message.find(words); at != std::string::npos; at = message.find(words, at))
            message.replace(at, words.size(), flag_words);
    };
    say(count_mode::with_distinct, "with --unique");
    say(count_mode::total, "without --unique");
    return usage_error(message);
}

std::string record_summary(const run_record& r, bool with_distinct)
{
    std::string text = "n = " + std::to_string(r.n);
    if (r.slice != shard{}) text += ", shard " + to_string(r.slice);
    text += ": " + to_string(r.sum.total) + " solutions";
    if (with_distinct) text += ", " + to_string(r.sum.distinct) + " distinct";
    return text + " (" + std::to_string(r.done.size()) + " of " + std::to_string(r.tasks_total()) + " tasks)";
}

void save_final_record(const std::string& path, const run_record& r, bool with_distinct)
{
    if (path.empty()) return;
    try {
        save_record_file(path, r);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) +
                                 "; the count, not saved: " + record_summary(r, with_distinct));
    }
}

std::string tasks_held(const run_record& r)
{
    std::string s = std::to_string(r.done.size()) + " of " + std::to_string(r.tasks_total()) + " tasks";
    if (!r.partial.empty()) s += " and parts of " + std::to_string(r.partial.size()) + " more";
    return s;
}

}  // namespace nqueens::app
