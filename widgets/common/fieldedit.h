// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An intent a view emits: set this field of the design to this value. A list of them is one undo step.

#include "design/designfield.h"

namespace widgets {

struct FieldEdit
{
    core::Field field = core::Field::Schedule;
    core::FieldValue value;
};

} // namespace widgets
