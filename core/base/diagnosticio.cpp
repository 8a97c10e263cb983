// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/diagnosticio.h"

namespace core {

Json diagnosticToJson(const Diagnostic& d)
{
    return {{"severity", enumName(d.severity)}, {"code", d.code}, {"message", d.message()}, {"path", d.path}};
}

} // namespace core
