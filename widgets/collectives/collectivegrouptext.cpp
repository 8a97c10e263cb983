// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivegrouptext.h"

#include "base/units.h"
#include "collectives/collectivetext.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QStringList>

namespace widgets {

namespace {

QString linkClassText(core::LinkClass c)
{
    switch (c) {
    case core::LinkClass::NvLink:
        return CollectivePanelText::tr("NVLink");
    case core::LinkClass::Pcie:
        return CollectivePanelText::tr("PCIe");
    case core::LinkClass::Fabric:
        return CollectivePanelText::tr("fabric");
    }
    return QString();
}

} // namespace

QString groupDimText(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

QString groupRanksText(std::span<const int> ranks)
{
    if (ranks.empty())
        return {};
    bool consecutive = ranks.size() > 2;
    for (std::size_t i = 1; i < ranks.size() && consecutive; ++i)
        consecutive = ranks[i] == ranks[i - 1] + 1;
    if (consecutive)
        return QStringLiteral("%1–%2").arg(ranks.front()).arg(ranks.back());
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i == 6 && ranks.size() > 8) {
            parts << QStringLiteral("…") << QString::number(ranks.back());
            break;
        }
        parts << QString::number(ranks[i]);
    }
    return parts.join(QStringLiteral(", "));
}

QString groupLinkClassesText(const core::GroupCollective& group)
{
    QStringList classes;
    classes << linkClassText(group.intraLink.linkClass);
    if (group.nodes > 1)
        classes << linkClassText(group.interLink.linkClass);
    return classes.join(QStringLiteral(" + "));
}

QString groupMessageText(const core::GroupMessage& m)
{
    const auto number = [](double value) { return numberText(value, 6); };
    switch (m.kind) {
    case core::GroupMessageKind::TpActivations:
        return CollectivePanelText::tr("one layer's activations, s·b·h·e = %1 × %2 × %3 × %4 B = %5")
            .arg(number(double(m.tokens)), number(double(m.microBatch)), number(double(m.hidden)),
                 number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::DpGradients:
        return CollectivePanelText::tr("the gradients of one rank's model shard, %1 parameters × %2 B = %3")
            .arg(countText(m.parameters), number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::CpKvBlocks:
        return CollectivePanelText::tr(
                   "the KV blocks of ring attention, one per rank: %1 × 2·(s/CP)·b·(KV heads)·d·e = "
                   "%1 × 2 × %2 × %3 × %4 × %5 × %6 B = %7")
            .arg(number(m.blocks), number(double(m.tokens)), number(double(m.microBatch)), number(m.kvHeads),
                 number(double(m.headDim)), number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::EpDispatch:
        return CollectivePanelText::tr(
                   "the token dispatch of one MoE layer, T·k·h·e = %1 × %2 × %3 × %4 B = %5")
            .arg(number(double(m.tokens)), number(m.topK), number(double(m.hidden)),
                 number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::EmbeddingCopyGradients:
        return (m.partition ? CollectivePanelText::tr("the first and last stage's sum of the word "
                                                      "embedding's two copies, the rank's FSDP shard "
                                                      "of its gradient: %1 parameters × %2 B = %3")
                            : CollectivePanelText::tr(
                                "the first and last stage's sum of the word embedding's two copies, its "
                                "gradient: %1 parameters × %2 B = %3"))
            .arg(countText(m.parameters), number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::StageCopyGradients:
        return (m.partition
                    ? CollectivePanelText::tr(
                        "DualPipe's sum of both copies of two stages, the rank's ZeRO partition of their "
                        "gradients: %1 parameters × %2 B = %3")
                    : CollectivePanelText::tr(
                        "DualPipe's sum of both copies of two stages, their gradients: %1 parameters × "
                        "%2 B = %3"))
            .arg(countText(m.parameters), number(m.bytesPerElement), bytesText(m.bytes));
    }
    return {};
}

QString groupLinksText(const core::GroupCollective& g)
{
    QString text = CollectivePanelText::tr("<b>%1 %2</b> on %Ln node(s). Its message: %3.", nullptr, g.nodes)
                       .arg(groupDimText(g.dim))
                       .arg(g.groupIndex)
                       .arg(groupMessageText(g.message).toHtmlEscaped());
    text += QStringLiteral("<br>")
        + CollectivePanelText::tr("Inside a node: %1 (%2, α %3).")
              .arg(presetName(g.intraLink.name).toHtmlEscaped(), bandwidthText(g.intraLink.bandwidth),
                   secondsText(g.intraLink.latency));
    if (g.nodes > 1)
        text += QStringLiteral("<br>")
            + CollectivePanelText::tr("Between nodes: %1 (%2, α %3).")
                  .arg(presetName(g.interLink.name).toHtmlEscaped(), bandwidthText(g.interLink.bandwidth),
                       secondsText(g.interLink.latency));
    if (g.unevenNodes)
        text += QStringLiteral("<br>")
            + CollectivePanelText::tr(
                  "The nodes hold different numbers of this group's GPUs; hops are priced as if each "
                  "node held %1.")
                  .arg(g.spec.ranksPerNode);
    return text;
}

} // namespace widgets
