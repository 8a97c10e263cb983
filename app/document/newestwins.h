// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One worker thread on which the newest request wins: what the document evaluates (evaluationrunner.h) and
// the Cluster tab's what-if (whatif.h). A request made before an older one has started skips the older one;
// a result whose request is no longer the newest when it arrives is dropped. Results are delivered on the
// receiver's thread (queued), so the GUI reads them between events.

#include <QCoreApplication>
#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>

namespace app {

class NewestWins
{
public:
    NewestWins() { m_pool.setMaxThreadCount(1); }
    // Nothing queued may start, and the computation under way ends before the receiver goes: it reports
    // to it. The owner (the receiver) holds this as a member, so this runs before the receiver is gone.
    ~NewestWins()
    {
        m_latest->store(std::numeric_limits<std::uint64_t>::max());
        m_pool.clear();
        m_pool.waitForDone();
    }

    // `compute()` on the worker, then `deliver(result)` on `receiver`'s thread, each skipped once a newer
    // request (or drop()) has come. Both are copied; `compute` must be safe on any thread.
    template<typename Compute, typename Deliver> void run(QObject* receiver, Compute compute, Deliver deliver)
    {
        const std::uint64_t number = ++*m_latest;
        m_pool.start([receiver, compute, deliver, number, latest = m_latest] {
            if (latest->load() != number)
                return; // a newer request came before this one started
            auto result = compute();
            QMetaObject::invokeMethod(
                receiver,
                [deliver, result, number, latest] {
                    if (latest->load() == number)
                        deliver(result);
                },
                Qt::QueuedConnection);
        });
    }
    // Makes the request under way stale: its result is never delivered.
    void drop() { ++*m_latest; }
    // Blocks until the computation under way is done and its result delivered to `receiver`.
    void finish(QObject* receiver)
    {
        m_pool.waitForDone();
        QCoreApplication::sendPostedEvents(receiver, QEvent::MetaCall);
    }

private:
    QThreadPool m_pool; // one worker
    std::shared_ptr<std::atomic<std::uint64_t>> m_latest = std::make_shared<std::atomic<std::uint64_t>>(0);
};

} // namespace app
