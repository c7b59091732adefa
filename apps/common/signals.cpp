// SPDX-License-Identifier: BSL-1.0
// SIGINT, SIGTERM and SIGHUP as a stop request, and the line of an interrupted run.
#include "common/signals.hpp"

#include "common/run_record_file.hpp"

#include <cstdio>

#include <pthread.h>

namespace nqueens::app {

namespace {

// SIGINT, SIGTERM and SIGHUP, less those ignored when the program started.
// SIGHUP: a closed terminal or a lost SSH session, saved like SIGTERM. A
// signal ignored at start stays ignored: SIGHUP under nohup, SIGINT in a
// background command of a script (send SIGTERM).
sigset_t stop_signals()
{
    sigset_t set;
    sigemptyset(&set);
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction before {};
        if (::sigaction(s, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
        sigaddset(&set, s);
    }
    return set;
}

}  // namespace

void hold_stop_signals()
{
    const sigset_t set = stop_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

stop_on_signals::stop_on_signals()
{
    // A write past `ulimit -f` fails with EFBIG, into the error path that
    // keeps the count, rather than ending the process.
    std::signal(SIGXFSZ, SIG_IGN);
    const sigset_t set = stop_signals();
    pthread_sigmask(SIG_BLOCK, &set, &old_);
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

namespace {

const char* signal_name(int signal)
{
    return signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : "SIGTERM";
}

}  // namespace

int report_interrupted_recheck(int signal, const std::string& checkpoint, const char* who)
{
    std::fprintf(stderr,
                 "%s: interrupted by %s while rechecking '%s', before counting; the file is unchanged\n", who,
                 signal_name(signal), checkpoint.c_str());
    std::fflush(stderr);
    return 128 + signal;
}

int report_interrupted(int signal, const std::string& checkpoint, const run_record& r, const char* who)
{
    const char* name = signal_name(signal);
    const std::string held = tasks_held(r);
    if (checkpoint.empty())
        std::fprintf(stderr, "%s: interrupted by %s after %s\n", who, name, held.c_str());
    else
        std::fprintf(stderr,
                     "%s: interrupted by %s; checkpoint '%s' holds %s; run the same command to resume\n", who,
                     name, checkpoint.c_str(), held.c_str());
    std::fflush(stderr);
    return 128 + signal;
}

}  // namespace nqueens::app
