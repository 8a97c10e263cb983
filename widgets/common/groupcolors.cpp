// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/groupcolors.h"

#include "common/palette.h"

#include <iterator>

namespace widgets {

QColor groupColor(int groupIndex)
{
    constexpr int hues = static_cast<int>(std::size(palette::groupHues));
    const int index = groupIndex < 0 ? 0 : groupIndex;
    QColor color = palette::groupHues[index % hues];
    // Past one round of the palette, shade the colours so that groups 0 and 12 still differ.
    if ((index / hues) % 2 == 1)
        color = color.lighter(130);
    return color;
}

QColor groupShade(core::Dim dim, int groupIndex)
{
    // Four lightnesses in the order dark, light, middle, pale: neighbours always differ by two steps or more.
    static constexpr double lightness[] = {0.36, 0.70, 0.52, 0.84};
    const QColor accent = dimensionColor(dim);
    const int index = groupIndex < 0 ? 0 : groupIndex;
    return QColor::fromHslF(accent.hslHueF(), accent.hslSaturationF(),
                            lightness[static_cast<std::size_t>(index) % std::size(lightness)]);
}

QColor stageColor(int stage)
{
    return groupColor(stage);
}

QColor textColorOn(const QColor& background)
{
    return background.lightnessF() > 0.55 ? palette::textOnLight : palette::textOnDark;
}

QColor dimensionColor(core::Dim dim)
{
    switch (dim) {
    case core::Dim::Tp:
        return palette::tensorParallel;
    case core::Dim::Pp:
        return palette::pipelineParallel;
    case core::Dim::Dp:
        return palette::dataParallel;
    case core::Dim::Cp:
        return palette::contextParallel;
    case core::Dim::Ep:
        return palette::expertParallel;
    }
    return palette::unknownKind;
}

} // namespace widgets
