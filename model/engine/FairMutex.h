// The store's writer lock: a mutex that hands itself over in the order it was asked for. Writes and
// the steps of a GSI backfill take turns on the one writer connection; with std::mutex the backfill
// thread, unlocking and locking again at once, got the lock back before a woken writer could run,
// so PutItem waited out the whole backfill. First come, first served, a writer waits at most for
// those ahead of it, of which the backfill is one step.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace keyplan::engine {

class FairMutex {
public:
    void lock()
    {
        std::unique_lock guard(mutex_);
        const uint64_t ticket = next_++;
        if (ticket != serving_) turn_.wait(guard, [&] { return ticket == serving_; });
    }
    void unlock()
    {
        bool waiters = false;
        {
            std::lock_guard guard(mutex_);
            ++serving_;
            waiters = next_ != serving_;
        }
        if (waiters) turn_.notify_all();
    }
    // How many threads wait for the lock now (not counting its holder).
    int waiting() const
    {
        std::lock_guard guard(mutex_);
        return next_ == serving_ ? 0 : static_cast<int>(next_ - serving_ - 1);
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable turn_;
    uint64_t next_ = 0;     // the ticket the next caller of lock() takes
    uint64_t serving_ = 0;  // the ticket that holds the lock, or may take it
};

}  // namespace keyplan::engine
