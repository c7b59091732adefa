// SPDX-License-Identifier: BSL-1.0
// SIGINT, SIGTERM and SIGHUP as a stop request, and the line of an interrupted run.
#include "common/signals.hpp"

#include <cstdio>

#include <pthread.h>

namespace nqueens::app {

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

}  // namespace nqueens::app
