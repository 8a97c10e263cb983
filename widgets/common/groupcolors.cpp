// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/groupcolors.h"

#include <array>

namespace widgets {

QColor groupColor(int groupIndex)
{
    // Tableau 10 followed by two muted extras: distinct, colour-blind-aware, readable with dark text.
    static constexpr std::array<QRgb, 12> palette{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
                                                  0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x86bcb6, 0xd4a6c8};
    const auto index = static_cast<std::size_t>(groupIndex < 0 ? 0 : groupIndex) % palette.size();
    QColor color = QColor::fromRgb(palette[index]);
    // Past one round of the palette, shade the colours so that groups 0 and 12 still differ.
    const int round = (groupIndex < 0 ? 0 : groupIndex) / static_cast<int>(palette.size());
    if (round % 2 == 1)
        color = color.lighter(130);
    return color;
}

QColor textColorOn(const QColor& background)
{
    return background.lightnessF() > 0.55 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white);
}

QColor dimensionColor(core::Dim dim)
{
    switch (dim) {
    case core::Dim::Tp:
        return QColor(0x4e79a7);
    case core::Dim::Pp:
        return QColor(0xe15759);
    case core::Dim::Dp:
        return QColor(0x59a14f);
    case core::Dim::Cp:
        return QColor(0xb07aa1);
    case core::Dim::Ep:
        return QColor(0xf28e2b);
    }
    return QColor(Qt::gray);
}

} // namespace widgets
