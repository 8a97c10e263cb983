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
    // The group hues without their red and pink: on the cluster canvas red means a GPU whose memory does
    // not fit (palette::overCapacity), so no stage may look like it.
    static constexpr int hues[] = {0, 1, 3, 4, 5, 6, 8, 9, 10, 11};
    constexpr int count = static_cast<int>(std::size(hues));
    const int index = stage < 0 ? 0 : stage;
    QColor color = palette::groupHues[hues[index % count]];
    // Past one round, shade the colours so that stages 0 and 10 still differ.
    if ((index / count) % 2 == 1)
        color = color.lighter(130);
    return color;
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
