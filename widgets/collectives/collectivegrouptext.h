// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the Collectives tab names a group of the design: its dimension, its ranks, the kinds of link it
// crosses, the message its collective moves and the links it runs on (in the panel's translation context).

#include "comm/groupcollective.h"

#include <QString>
#include <span>
#include <vector>

namespace widgets {

// "TP", "DP", …
QString groupDimText(core::Dim dim);
// "0–7" for consecutive ranks, else "0, 8, 16, 24" (shortened after six).
QString groupRanksText(std::span<const int> ranks);
// "NVLink", or "NVLink + fabric" for a group across nodes.
QString groupLinkClassesText(const core::GroupCollective& group);
// What the message is and how its size follows from the design, e.g. "one layer's activations, s·b·h·e = …".
QString groupMessageText(const core::GroupMessage& message);
// The group's nodes, message and links, as rich text.
QString groupLinksText(const core::GroupCollective& group);

} // namespace widgets
