// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/evaluationrunner.h"

#include "evaluate.h"

#include <QCoreApplication>
#include <algorithm>
#include <limits>

namespace app {

bool evaluatesInBackground(const core::Design& design)
{
    return std::max<std::int64_t>(design.cluster.gpuCount(), design.layout.worldSize())
        >= kBackgroundEvaluationGpus;
}

EvaluationRunner::EvaluationRunner(QObject* parent)
    : QObject(parent)
    , m_latest(std::make_shared<std::atomic<std::uint64_t>>(0))
{
    m_pool.setMaxThreadCount(1);
}

EvaluationRunner::~EvaluationRunner()
{
    // Nothing queued may start, and the worker must be done before this object goes: it reports to it.
    m_latest->store(std::numeric_limits<std::uint64_t>::max());
    m_pool.clear();
    m_pool.waitForDone();
}

void EvaluationRunner::request(std::shared_ptr<const core::Design> design)
{
    const std::uint64_t number = ++*m_latest;
    m_busy = true;
    m_pool.start([this, design = std::move(design), number, latest = m_latest] {
        if (latest->load() != number)
            return; // a newer design came before this one started
        auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(*design));
        QMetaObject::invokeMethod(
            this,
            [this, snapshot = widgets::DesignSnapshot{design, std::move(evaluation)}, number] {
                if (m_latest->load() != number)
                    return;
                m_busy = false;
                emit evaluated(snapshot);
            },
            Qt::QueuedConnection);
    });
}

void EvaluationRunner::cancel()
{
    ++*m_latest;
    m_busy = false;
}

void EvaluationRunner::finish()
{
    m_pool.waitForDone();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

} // namespace app
