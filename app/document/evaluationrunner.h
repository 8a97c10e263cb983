// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The document's evaluation off the GUI thread, for designs large enough that it takes a noticeable time.
// core::evaluate grows with the GPUs and ranks: under a millisecond at 512 GPUs, about 0.13 s at the
// 262,144-GPU limit (README, "Limits"). Below kBackgroundEvaluationGpus the document evaluates at once, so
// an edit redraws in the same event; from there on it evaluates here, the window says so with a Cancel
// button, and the newest request wins: a request made before an older one is done makes the older one's
// result stale, and it is dropped.

#include "common/designsnapshot.h"
#include "document/newestwins.h"

#include <QObject>
#include <memory>

namespace app {

// At 32,768 GPUs the evaluation takes about 16 ms on one core of this project's CI machine: one frame.
// Larger designs evaluate on the worker.
inline constexpr int kBackgroundEvaluationGpus = 32768;

// Whether `design` is evaluated on the worker: its GPUs or its ranks reach the threshold.
bool evaluatesInBackground(const core::Design& design);

class EvaluationRunner : public QObject
{
    Q_OBJECT

public:
    explicit EvaluationRunner(QObject* parent = nullptr);

    // Starts evaluating `design`; its snapshot comes with evaluated() unless a newer request or cancel()
    // comes first.
    void request(std::shared_ptr<const core::Design> design);
    // Drops the evaluation under way: its result is never delivered.
    void cancel();
    bool busy() const { return m_busy; }
    // Blocks until the evaluation under way is done and delivered (for a screenshot, a test, an open).
    void finish();

signals:
    void evaluated(const widgets::DesignSnapshot& snapshot);

private:
    bool m_busy = false;
    NewestWins m_worker; // last: it waits for the evaluation under way before the rest goes
};

} // namespace app
