// What the window benchmarks share: waiting on the event loop, reading a clock, and a check that
// StallMeter sees a stall at all before its figures are reported.
#pragma once

#include "StallMeter.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include <ctime>

namespace keyplan::test {

inline double msSince(const QElapsedTimer& clock) { return clock.nsecsElapsed() / 1e6; }

// Runs the event loop until `done` or the deadline; false on the deadline.
template <typename F>
bool waitFor(F done, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired()) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

// CPU time of the calling thread: work measured this way takes as long on a busy machine.
inline double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Whether StallMeter counts what a frozen window is made of as a stall of the GUI thread's own:
// one turn of the event loop that computes for 300 ms, and one that blocks for 300 ms. A benchmark
// whose meter misses them would report stalls that mean nothing, so it refuses to run.
inline bool stallMeterSeesStalls()
{
    for (const bool blocked : {false, true}) {
        StallMeter stalls;
        waitFor([] { return false; }, 20);
        QTimer::singleShot(0, [blocked] {
            if (blocked) QThread::msleep(300);
            else
                for (const double start = threadCpuMs(); threadCpuMs() - start < 300;) {}
        });
        if (!waitFor([&] { return stalls.longestOwnMs() >= 290; }, 10000)) return false;
        if (stalls.longestMs() < stalls.longestOwnMs()) return false;
    }
    return true;
}

}  // namespace keyplan::test
