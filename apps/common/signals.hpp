// SPDX-License-Identifier: BSL-1.0
// SIGINT, SIGTERM and SIGHUP as a stop request for long counts (nqueens and nqueens-mpi).
#ifndef NQUEENS_APPS_COMMON_SIGNALS_HPP
#define NQUEENS_APPS_COMMON_SIGNALS_HPP

#include "common/arguments.hpp"

#include <nqueens/runtime/run_record.hpp>

#include <atomic>
#include <csignal>
#include <stop_token>
#include <string>
#include <thread>

namespace nqueens::app {

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread and the threads it
// starts afterwards (construct it before them, and before any work); a
// watcher thread turns the first such signal into a stop request. A signal
// ignored at start (nohup's SIGHUP, SIGINT of a script's background command)
// stays ignored. SIGXFSZ is ignored: a file too large fails with EFBIG.
// Restores the signal mask when destroyed unless a signal was caught (the
// process is then about to exit).
class stop_on_signals {
public:
    stop_on_signals();
    ~stop_on_signals();
    stop_on_signals(const stop_on_signals&) = delete;
    stop_on_signals& operator=(const stop_on_signals&) = delete;

    std::stop_token token() const noexcept { return source_.get_token(); }
    void request_stop() noexcept { source_.request_stop(); }
    // SIGINT, SIGTERM or SIGHUP once caught, else 0.
    int caught() const noexcept { return caught_.load(); }

private:
    std::stop_source source_;
    std::atomic<int> caught_{0};
    sigset_t old_{};
    std::jthread watcher_;
};

// Blocks SIGINT, SIGTERM and SIGHUP (those not ignored) in the calling
// thread, so that one arriving before stop_on_signals exists waits for it,
// which then stops the run with its line, rather than ending the process
// with none. Call it first in main, for a command that constructs
// stop_on_signals later (count).
void hold_stop_signals();

// Makes the printed result the command's only outcome: from this call until
// the process exits, SIGINT, SIGTERM and SIGHUP are ignored (a pending one is
// dropped). Call it once the count is complete and before the result is
// written, so that a signal racing the end of a count cannot print the
// result and still end the process with 130/143.
void commit_to_result();

// The exit status (128 + signal) and stderr line of a run stopped by
// `signal`, naming the checkpoint if there is one.
int report_interrupted(int signal, const std::string& checkpoint, const run_record& r,
                       const char* who = program_label());

// The exit status (128 + signal) and stderr line of a run stopped by
// `signal` while it rechecked `checkpoint`, before counting: the file is
// as it was.
int report_interrupted_recheck(int signal, const std::string& checkpoint, const char* who = program_label());

}  // namespace nqueens::app

#endif  // NQUEENS_APPS_COMMON_SIGNALS_HPP
