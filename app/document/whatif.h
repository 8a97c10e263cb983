// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Cluster tab's what-if costs (widgets/cluster/whatif.h), computed off the GUI thread. Which designs to
// evaluate beside the current one is decided at once and cheaply; evaluating them takes as long as the
// design's own evaluation and runs on a worker, and the figures go to whoever shows them (figuresReady).
// A newer design makes an older computation stale: its figures are dropped, and a computation that has not
// started yet is skipped.

#include "cluster/whatif.h"
#include "common/designsnapshot.h"
#include "document/newestwins.h"

#include <QObject>
#include <memory>
#include <optional>

namespace app {

// What the what-if of one snapshot needs: the figures as far as they follow without evaluating anything,
// and the designs whose costs they still lack.
struct WhatIfPlan
{
    widgets::WhatIfFigures figures;
    std::optional<core::Design> whole; // every GPU back in service, against…
    std::optional<core::Design> regrouped; // …the layout regrouped onto the GPUs in service
    std::optional<core::Design> allFast; // every node on the fastest intra-node link

    bool needsEvaluation() const { return whole || regrouped || allFast; }
};

WhatIfPlan planWhatIf(const widgets::DesignSnapshot& snapshot);
// Evaluates the plan's designs and fills in their costs; safe on any thread (core::evaluate is a pure
// function of the design).
widgets::WhatIfFigures computeWhatIf(const WhatIfPlan& plan);

class WhatIfRunner : public QObject
{
    Q_OBJECT

public:
    explicit WhatIfRunner(QObject* parent = nullptr);

    // The figures of `snapshot`: emitted at once when nothing needs evaluating, else when the worker is done.
    void request(const widgets::DesignSnapshot& snapshot);
    // Blocks until the computation under way is done and its figures are out (for a screenshot).
    void finish();

signals:
    void figuresReady(const widgets::WhatIfFigures& figures);

private:
    std::shared_ptr<const core::Design> m_requested;
    NewestWins m_worker; // one what-if at a time, the newest wins; last: it waits before the rest goes
};

} // namespace app
