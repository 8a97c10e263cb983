// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The seam between core's std::string and Qt's QString (UTF-8 both ways).

#include <QString>
#include <string>
#include <string_view>

namespace widgets {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

inline std::string ss(const QString& text)
{
    return text.toStdString();
}

} // namespace widgets
