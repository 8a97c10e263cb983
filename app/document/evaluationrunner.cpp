// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/evaluationrunner.h"

#include "evaluate.h"

#include <algorithm>

namespace app {

bool evaluatesInBackground(const core::Design& design)
{
    return std::max<std::int64_t>(design.cluster.gpuCount(), design.layout.worldSize())
        >= kBackgroundEvaluationGpus;
}

EvaluationRunner::EvaluationRunner(QObject* parent)
    : QObject(parent)
{ }

void EvaluationRunner::request(std::shared_ptr<const core::Design> design)
{
    m_busy = true;
    m_worker.run(
        this,
        [design] {
            auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(*design));
            return widgets::DesignSnapshot{design, std::move(evaluation)};
        },
        [this](const widgets::DesignSnapshot& snapshot) {
            m_busy = false;
            emit evaluated(snapshot);
        });
}

void EvaluationRunner::cancel()
{
    m_worker.drop();
    m_busy = false;
}

void EvaluationRunner::finish()
{
    m_worker.finish(this);
}

} // namespace app
