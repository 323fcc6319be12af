// The longest gap between two turns of the GUI event loop, for the benchmarks that report how long
// the window freezes (keyplan-layout-bench, keyplan-console-bench).
//
// Two figures. longestMs() is the wall-clock gap, what a user would see on this machine at this
// moment. longestOwnMs() leaves out the time the GUI thread was ready to run but waited for a CPU
// (Linux's schedstat run-queue delay): on a loaded machine (a parallel build, ctest -j2) that wait
// can be seconds and says nothing about the code. What stays is the time the thread spent working
// or blocked (on a lock, on I/O) inside one turn, which is what a frozen window is made of. Where
// the kernel does not report the delay, both figures are the same.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#ifdef Q_OS_LINUX
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace keyplan::test {

class StallMeter : public QObject {
public:
    StallMeter()
    {
        openRunQueueClock();
        clock_.start();
        timer_.setInterval(0);
        connect(&timer_, &QTimer::timeout, this, [this] { tick(); });
        timer_.start();
    }
    ~StallMeter() override
    {
#ifdef Q_OS_LINUX
        if (schedstat_ >= 0) ::close(schedstat_);
#endif
    }
    StallMeter(const StallMeter&) = delete;
    StallMeter& operator=(const StallMeter&) = delete;

    double longestMs() const { return longest_; }
    double longestOwnMs() const { return longestOwn_; }
    // Whether longestOwnMs() could leave the run-queue delay out (false: it equals longestMs()).
    bool knowsRunQueueDelay() const { return runQueueNs() >= 0; }
    void stop() { timer_.stop(); }
    void reset()
    {
        longest_ = 0;
        longestOwn_ = 0;
        sampled_ = false;
    }

private:
    // The clock is read before the run-queue figure: a wait that follows the read of that figure
    // (the kernel often switches threads on the way out of the read) then falls into the next gap
    // on both counts, instead of being taken off a gap whose clock did not see it.
    void tick()
    {
        const int64_t now = clock_.nsecsElapsed();
        const int64_t waited = std::max<int64_t>(runQueueNs(), 0);
        if (sampled_) {
            const int64_t gap = now - sampledAt_;
            longest_ = std::max(longest_, gap / 1e6);
            longestOwn_ = std::max(longestOwn_, std::max<int64_t>(gap - (waited - waitedAtSample_), 0) / 1e6);
        }
        sampled_ = true;
        sampledAt_ = now;
        waitedAtSample_ = waited;
    }

    // Nanoseconds this thread has waited on a run queue so far; -1 when not known.
    int64_t runQueueNs() const
    {
#ifdef Q_OS_LINUX
        if (schedstat_ < 0) return -1;
        char text[96];
        const ssize_t n = ::pread(schedstat_, text, sizeof text - 1, 0);
        if (n <= 0) return -1;
        text[n] = '\0';
        // "<ns on a CPU> <ns waiting on a run queue> <time slices>"
        const char* space = std::char_traits<char>::find(text, size_t(n), ' ');
        return space ? std::strtoll(space + 1, nullptr, 10) : -1;
#else
        return -1;
#endif
    }

    void openRunQueueClock()
    {
#ifdef Q_OS_LINUX
        const std::string path = "/proc/self/task/" + std::to_string(::syscall(SYS_gettid)) + "/schedstat";
        schedstat_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
#endif
    }

    QTimer timer_;
    QElapsedTimer clock_;
    bool sampled_ = false;
    int64_t sampledAt_ = 0;
    int64_t waitedAtSample_ = 0;
    double longest_ = 0;
    double longestOwn_ = 0;
    int schedstat_ = -1;
};

}  // namespace keyplan::test
