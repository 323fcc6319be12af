// The store's maintenance thread: at every interval it closes the stream shards that are due and
// opens their children, trims stream records past retention, and sweeps expired items. Reads never
// depend on it for correctness (they trim by age themselves); it reclaims space and keeps the
// Time to Live promise, whose bound is stated in docs/fidelity.md.
#include "engine/StoreImpl.h"
#include "engine/StreamFormat.h"

#include <cstdio>

namespace keyplan::engine {

namespace {

// Records past retention are deleted in passes at least this far apart: reads hide them anyway.
constexpr int64_t kTrimEveryMs = 60 * 1000;

}  // namespace

void SqliteStore::Impl::startMaintenance()
{
    maintenanceThread = std::thread([this] {
        std::unique_lock lock(maintenanceMutex);
        while (!maintenanceStop) {
            // A new interval starts the wait again rather than waiting out the old one.
            const int generation = maintenanceGeneration;
            const bool woken = maintenanceWake.wait_for(lock, maintenanceInterval,
                                                        [&] { return maintenanceStop || maintenanceGeneration != generation; });
            if (maintenanceStop) break;
            if (woken) continue;
            lock.unlock();
            try {
                runMaintenance();
            } catch (const std::exception& e) {
                // A failed pass (a full disk, a busy file) is tried again at the next interval.
                std::fprintf(stderr, "keyplan store: maintenance pass failed: %s\n", e.what());
            }
            lock.lock();
        }
    });
}

void SqliteStore::Impl::stopMaintenance()
{
    {
        std::lock_guard lock(maintenanceMutex);
        maintenanceStop = true;
    }
    maintenanceWake.notify_all();
    if (maintenanceThread.joinable()) maintenanceThread.join();
}

void SqliteStore::Impl::runMaintenance()
{
    // A damaged file refuses writes until it is recovered: nothing to maintain meanwhile.
    if (health && health->damaged()) return;
    const int64_t now = nowMs();
    {
        WriteAccess access(*this, WriteAccess::Kind::Background);
        rollShards(now);
        if (now - lastTrimMs >= kTrimEveryMs || now < lastTrimMs) {
            trimStreams(now);
            lastTrimMs = now;
        }
    }
    sweepExpired(now);
    std::function<void(int64_t)> observer;
    {
        std::lock_guard lock(maintenanceMutex);
        observer = maintenanceObserver;
    }
    if (observer) observer(now);
}

}  // namespace keyplan::engine

namespace keyplan::engine {

void SqliteStore::setClock(std::function<int64_t()> clock)
{
    std::lock_guard lock(d_->clockMutex);
    d_->clock = std::move(clock);
}

void SqliteStore::setMaintenanceInterval(std::chrono::milliseconds interval)
{
    {
        std::lock_guard lock(d_->maintenanceMutex);
        d_->maintenanceInterval = interval;
        ++d_->maintenanceGeneration;
    }
    d_->maintenanceWake.notify_all();
}

void SqliteStore::runMaintenance() { d_->runMaintenance(); }

void SqliteStore::setMaintenanceObserver(std::function<void(int64_t)> observer)
{
    std::lock_guard lock(d_->maintenanceMutex);
    d_->maintenanceObserver = std::move(observer);
}

}  // namespace keyplan::engine
