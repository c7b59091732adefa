// Record files for `count` (atomic writes, locks, rechecks) and SIGINT/SIGTERM/SIGHUP as a stop request.
#include "persist.hpp"

#include "result_printer.hpp"

#include <nqueens/checkpoint_json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NQUEENS_PROGRAM_VERSION
#define NQUEENS_PROGRAM_VERSION "unknown"
#endif

namespace nqueens::cli {

std::string program_name()
{
    return std::string("nqueens ") + NQUEENS_PROGRAM_VERSION;
}

shard parse_shard(std::string_view text)
{
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        throw usage_error("--shard must be I/K (the I-th of K slices, 0 <= I < K), got '" +
                          std::string(text) + "'");
    const auto k = parse_integer(text.substr(slash + 1), "the K of --shard I/K", 1, max_shards);
    const auto i = parse_integer(text.substr(0, slash), "the I of --shard I/K", 0, k - 1);
    return shard{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k)};
}

namespace {

// The largest record file read: a complete record of n = 32 (240,730
// tasks) is about 13 MB, and parsing takes several times the file size in
// memory.
constexpr std::uint64_t max_record_file_size = 64ull << 20;

// The directory holding `path`, for fsync after a rename into it.
std::string parent_directory(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

// What follows FILE in the name of a temporary file: ".tmp." and
// temp_suffix_size characters of temp_alphabet, drawn at random.
constexpr std::string_view temp_infix = ".tmp.";
constexpr std::size_t temp_suffix_size = 12;
constexpr std::string_view temp_alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

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

void save_record_file(const std::string& path, const run_record& r)
{
    const std::string text = record_to_json(r);
    std::string temp;
    const int fd = create_temp(path, temp);
    if (fd < 0) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    // `err` is errno as the failing call left it: close and unlink may change errno.
    auto fail = [&](const char* what, int err) {
        ::unlink(temp.c_str());
        throw std::runtime_error("cannot " + std::string(what) + " '" + path + "': " + std::strerror(err));
    };
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

run_record load_record_file(const std::string& path, bool follow_links)
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
        throw usage_error(e.what());
    }
}

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

run_files::run_files(const persist_options& p)
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

bool persist_options::parse(args a, std::size_t& i)
{
    const std::string_view arg = a[i];
    auto is = [&](std::string_view name) {
        return arg == name || (arg.starts_with(name) && arg.size() > name.size() && arg[name.size()] == '=');
    };
    if (is("--checkpoint")) {
        checkpoint = option_value(a, i, "--checkpoint");
        if (checkpoint.empty()) throw usage_error("--checkpoint needs a file name");
    } else if (is("--out")) {
        out = option_value(a, i, "--out");
        if (out.empty()) throw usage_error("--out needs a file name");
    } else if (is("--shard")) {
        slice = parse_shard(option_value(a, i, "--shard"));
    } else if (is("--recheck")) {
        recheck = parse_recheck(option_value(a, i, "--recheck"));
    } else if (is("--checkpoint-interval")) {
        interval_given = true;
        interval = static_cast<double>(
            parse_integer(option_value(a, i, "--checkpoint-interval"), "--checkpoint-interval", 0, 86400));
    } else {
        return false;
    }
    return true;
}

void persist_options::check() const
{
    if (slice != shard{} && out.empty())
        throw usage_error("--shard " + to_string(slice) + " needs --out FILE for its result");
    if (!out.empty() && out == checkpoint)
        throw usage_error("--out and --checkpoint must be different files");
    if (interval_given && checkpoint.empty())
        throw usage_error("--checkpoint-interval needs --checkpoint FILE");
    if (recheck != 0 && checkpoint.empty())
        throw usage_error("--recheck needs --checkpoint FILE (merge --recheck checks shard files)");
}

stop_on_signals::stop_on_signals()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    // A closed terminal or a lost SSH session: saved like SIGTERM. Unlike
    // SIGINT it keeps its disposition: under nohup it stays ignored.
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
    // A shell without job control starts background commands with SIGINT
    // ignored, and an ignored signal is discarded rather than left pending
    // for sigtimedwait: `nqueens count ... --checkpoint F &` would then never
    // save on `kill -INT`. Asking for a checkpoint means asking for this.
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    watcher_ = std::jthread([this, set](std::stop_token stop) {
        // Polling with a timeout lets the destructor end the thread without
        // sending a signal to it.
        const timespec tick{0, 50'000'000};
        while (!stop.stop_requested()) {
            const int s = sigtimedwait(&set, nullptr, &tick);
            if (s == SIGINT || s == SIGTERM || s == SIGHUP) {
                caught_ = s;
                source_.request_stop();
                return;
            }
        }
    });
}

stop_on_signals::~stop_on_signals()
{
    watcher_.request_stop();
    if (watcher_.joinable()) watcher_.join();
    if (caught_ == 0) pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

void commit_to_result()
{
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, nullptr);
    sigaction(SIGTERM, &ignore, nullptr);
    sigaction(SIGHUP, &ignore, nullptr);
}

int report_interrupted(int signal, const std::string& checkpoint, const run_record& r, const char* who)
{
    const char* name = signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : "SIGTERM";
    if (checkpoint.empty())
        std::fprintf(stderr, "%s: interrupted by %s after %zu of %zu tasks\n", who, name, r.done.size(),
                     r.tasks_total());
    else
        std::fprintf(stderr,
                     "%s: interrupted by %s; checkpoint '%s' holds %zu of %zu tasks; run the same command to "
                     "resume\n",
                     who, name, checkpoint.c_str(), r.done.size(), r.tasks_total());
    std::fflush(stderr);
    return 128 + signal;
}

std::size_t parse_recheck(std::string_view text)
{
    if (text == "all") return std::numeric_limits<std::size_t>::max();
    return static_cast<std::size_t>(
        parse_integer(text, "--recheck (K or all)", 1, std::numeric_limits<long long>::max()));
}

std::size_t recheck_records(std::span<const run_record> records, std::span<const std::string> names,
                            const work_plan& plan, std::size_t k, const std::string& prefix)
{
    constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> owner(plan.size(), none);  // the record of a picked task id
    std::vector<std::size_t> at(plan.size(), 0);        // and its position there
    std::mt19937_64 random(std::random_device{}());
    std::size_t picked = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::vector<std::size_t> positions(records[i].done.size());
        std::iota(positions.begin(), positions.end(), std::size_t{0});
        if (k < positions.size()) {
            std::shuffle(positions.begin(), positions.end(), random);
            positions.resize(k);
        }
        for (const std::size_t p : positions) {
            owner[records[i].done[p]] = i;
            at[records[i].done[p]] = p;
        }
        picked += positions.size();
    }
    std::optional<std::string> wrong;
    count_options o;
    o.mode = plan.counts_distinct() ? count_mode::with_distinct : count_mode::total;
    o.include = [&](std::size_t id) { return owner[id] != none; };
    o.on_task_done = [&](std::size_t id, const task_result& t) {
        const task_result& said = records[owner[id]].counts[at[id]];
        // Node counts may differ between program versions; the counts may not.
        if (wrong || (t.total == said.total && t.distinct == said.distinct)) return;
        wrong = "'" + names[owner[id]] + "' fails the recheck: task " + std::to_string(id) + " counts " +
                std::to_string(t.total) + " solutions (" + std::to_string(t.distinct) +
                " distinct), the file says " + std::to_string(said.total) + " (" +
                std::to_string(said.distinct) +
                "); the file is damaged or forged, or was counted by a faulty machine";
    };
    count(plan, o);
    if (wrong) throw usage_error(prefix + *wrong);
    return picked;
}

std::string record_summary(const run_record& r, bool with_distinct)
{
    std::string text = "n = " + std::to_string(r.n);
    if (r.slice != shard{}) text += ", shard " + to_string(r.slice);
    text += ": " + std::to_string(r.sum.total) + " solutions";
    if (with_distinct) text += ", " + std::to_string(r.sum.distinct) + " distinct";
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

run_record load_or_start_record(const persist_options& p, const work_plan& plan)
{
    struct stat st {};
    if (!p.checkpoint.empty() && ::lstat(p.checkpoint.c_str(), &st) == 0) {
        run_record r = load_record_file(p.checkpoint, false);
        try {
            check_record_matches(r, plan, p.slice, "checkpoint '" + p.checkpoint + "'");
        } catch (const record_error& e) {
            throw usage_error(e.what());
        }
        // Its --out file would bear the other program's name, and merge
        // refuses to mix programs: better said now than after the count.
        if (r.program != program_name())
            throw usage_error("checkpoint '" + p.checkpoint + "' was written by '" + r.program + "', not '" +
                              program_name() + "': finish it with that program, or remove it to start over");
        if (p.recheck != 0)
            recheck_records(std::span(&r, 1), std::span(&p.checkpoint, 1), plan, p.recheck, "");
        return r;
    }
    return make_record(plan, p.slice, program_name());
}

persist_session::persist_session(const persist_options& p, int n, count_mode mode, stop_on_signals* shared)
    : options_(p),
      plan_(n, mode),
      files_(p),
      builder_(load_or_start_record(p, plan_)),
      signals_(shared),
      start_(std::chrono::steady_clock::now()),
      last_save_(start_),
      base_seconds_(builder_.base().seconds)
{
    if (!options_.checkpoint.empty()) {
        if (!signals_) {
            own_signals_ = std::make_unique<stop_on_signals>();
            signals_ = own_signals_.get();
        }
        save_checkpoint();  // fails now, not after an hour, if the file cannot be written
    }
}

void persist_session::save_checkpoint()
{
    run_record r = builder_.snapshot();
    r.seconds =
        base_seconds_ + std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    save_record_file(options_.checkpoint, r);
    last_save_ = std::chrono::steady_clock::now();
}

void persist_session::attach(count_options& options)
{
    const shard slice = options_.slice;
    options.include = [this, slice](std::size_t id) { return slice.contains(id) && !builder_.is_done(id); };
    options.on_task_done = [this](std::size_t id, const task_result& t) {
        builder_.add(id, t);
        if (options_.checkpoint.empty()) return;
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_save_).count() >= options_.interval) save_checkpoint();
    };
    if (signals_) {
        if (options.stop.stop_possible())
            forward_.emplace(options.stop, std::function<void()>([s = signals_] { s->request_stop(); }));
        options.stop = signals_->token();
    }
}

std::variant<int, result_view> persist_session::finish(const count_result& r)
{
    run_record rec = builder_.snapshot();
    rec.seconds =
        base_seconds_ + std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (!rec.complete()) {
        if (!options_.checkpoint.empty()) save_record_file(options_.checkpoint, rec);
        if (signals_ && signals_->caught() != 0)
            return report_interrupted(signals_->caught(), options_.checkpoint, rec);
        throw std::runtime_error("the count stopped with " + std::to_string(rec.done.size()) + " of " +
                                 std::to_string(rec.tasks_total()) + " tasks done");
    }
    // Complete: from here on a signal no longer changes the outcome (the
    // record is whole; printing it is all that is left).
    commit_to_result();
    // A shard's summary shows a distinct count only where tasks have their own.
    const bool with_distinct = plan_.distinct_per_task();
    save_final_record(options_.checkpoint, rec, with_distinct);
    save_final_record(options_.out, rec, with_distinct);
    std::optional<std::uint64_t> distinct;
    if (rec.slice != shard{}) {
        if (with_distinct) distinct = rec.sum.distinct;
    } else if (plan_.counts_distinct()) {
        // count() already gave the whole count's distinct when it ran every
        // task; after a resume only the record holds them all.
        const bool counted_whole = !r.cancelled && r.tasks_total == plan_.size();
        distinct = counted_whole ? r.distinct : plan_.distinct_of(rec.sum);
    }
    return view_of(rec, distinct, r.threads, options_.out);
}

}  // namespace nqueens::cli
