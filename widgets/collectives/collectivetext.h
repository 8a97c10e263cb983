// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Collectives in the user's language (translation context "Collectives"): the operations keep their
// English names as the reference article does (All-Reduce, All-Gather, Reduce-Scatter, All-to-All,
// Point-to-Point); algorithms and phases are translated. Sizes and times use core's units (decimal, unit
// attached).

#include "comm/collective.h"
#include "common/unitstext.h"

#include <QCoreApplication>
#include <QString>

namespace widgets {

QString collectiveOpText(core::CollectiveOp op);
QString collectiveAlgorithmText(core::CollectiveOp op, core::CollectiveAlgorithm algorithm);
QString collectivePhaseText(core::CollectivePhase phase);
// Whether the op sums contributions (all-reduce, reduce-scatter) rather than copying them.
bool isReduction(core::CollectiveOp op);

// The Collectives tab is built from parts (controls, links, group list, figures, transport, caption) and
// the view paints in parts (state panels, topology, legend, time strip). Each side translates in one
// context, the panel's and the view's, so that a text shared by two parts ("Ranks", "Links") has one entry
// and a translator finds the tab's texts together: the parts call CollectivePanelText::tr and
// CollectiveViewText::tr.
class CollectivePanelText
{
    Q_DECLARE_TR_FUNCTIONS(widgets::CollectivePanel)
};
class CollectiveViewText
{
    Q_DECLARE_TR_FUNCTIONS(widgets::CollectiveView)
};

} // namespace widgets
