// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivefigures.h"

#include "base/units.h"
#include "collectives/collectivetext.h"
#include "comm/groupcollective.h"
#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "diagnostics/diagnostictext.h"

#include <QLabel>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

// nccl-tests' bus bandwidth factor for the operation, as a formula of n.
QString busFactorFormula(core::CollectiveOp op)
{
    switch (op) {
    case core::CollectiveOp::AllReduce:
        return QStringLiteral("2(n−1)/n");
    case core::CollectiveOp::AllGather:
    case core::CollectiveOp::ReduceScatter:
    case core::CollectiveOp::AllToAll:
        return QStringLiteral("(n−1)/n");
    case core::CollectiveOp::SendRecv:
        return QStringLiteral("1");
    }
    return {};
}

} // namespace

QLabel* makeFigureLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

CollectiveFigures::CollectiveFigures(QWidget* parent)
    : QGroupBox(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_timeText = makeFigureLabel(this);
    m_timeText->setObjectName(QStringLiteral("timeText"));
    m_bandwidthText = makeFigureLabel(this);
    m_bandwidthText->setObjectName(QStringLiteral("bandwidthText"));
    m_whyText = makeFigureLabel(this);
    m_compareText = makeFigureLabel(this);
    m_compareText->setObjectName(QStringLiteral("compareText"));
    layout->addWidget(m_timeText);
    layout->addWidget(m_bandwidthText);
    layout->addWidget(m_whyText);
    layout->addWidget(m_compareText);
}

void CollectiveFigures::retranslate()
{
    setTitle(CollectivePanelText::tr("Cost (α–β model)"));
}

void CollectiveFigures::showCost(const core::CollectiveSpec& spec, const core::CollectiveLinks& links,
                                 const core::CollectiveCost& cost, double seconds, int animatedSteps,
                                 const core::GroupCollective* group)
{
    if (!cost.valid()) {
        QStringList lines;
        for (const core::Diagnostic& d : cost.diagnostics)
            if (d.isError())
                lines << diagnosticMessage(d).toHtmlEscaped();
        m_timeText->setText(lines.join(QStringLiteral("<br>")));
        m_bandwidthText->clear();
        m_whyText->clear();
        m_compareText->clear();
        return;
    }
    showTime(cost, seconds, animatedSteps);
    showBandwidths(spec, seconds);
    showWhy(spec.op, cost.crossesInterNode ? 1.0 / links.interNode.beta : 1.0 / links.intraNode.beta);
    m_compareText->clear();
    if (group)
        showComparison(spec, *group, cost.crossesInterNode, seconds);
}

// The animated steps priced one by one are the time shown; for ring, pairwise, hierarchical and sends they
// add up to the α–β formula, for the pipelined tree they differ from MPICH's binomial formula.
void CollectiveFigures::showTime(const core::CollectiveCost& c, double seconds, int animatedSteps)
{
    const bool animated = animatedSteps > 0;
    const bool formulaAgrees
        = !animated || std::abs(seconds - c.timeSeconds) <= 1e-9 * std::max(seconds, 1e-12);
    const QString split
        = CollectivePanelText::tr("latency %1 + transfer %2%3")
              .arg(secondsText(c.latencySeconds), secondsText(c.bandwidthSeconds),
                   c.reductionSeconds > 0
                       ? CollectivePanelText::tr(" + reduction %1").arg(secondsText(c.reductionSeconds))
                       : QString());
    QString time = animated
        ? CollectivePanelText::tr("<b>Time: %1</b> in %Ln step(s)", nullptr, animatedSteps)
              .arg(secondsText(seconds))
        : CollectivePanelText::tr("<b>Time: %1</b>, %Ln message(s) one after another", nullptr, c.steps)
              .arg(secondsText(seconds));
    if (formulaAgrees)
        time += QStringLiteral("<br>") + split;
    else
        time += QStringLiteral("<br>")
            + CollectivePanelText::tr(
                  "MPICH's binomial-tree formula, which does not pipeline the chunks, gives %1.")
                  .arg(secondsText(c.timeSeconds));
    m_timeText->setText(time);
}

void CollectiveFigures::showBandwidths(const core::CollectiveSpec& spec, double seconds)
{
    const core::BandwidthFigures figures = core::ncclTestsBandwidth(spec.op, spec.ranks, spec.bytes, seconds);
    m_bandwidthText->setText(
        QStringLiteral("<table cellspacing='0' cellpadding='3' width='100%'>"
                       "<tr><td>%1</td><td align='center'></td><td>%2</td></tr>"
                       "<tr><td><span style='font-size:large'><b>%3</b></span></td>"
                       "<td align='center'>→ × %4 →</td>"
                       "<td><span style='font-size:large'><b>%5</b></span></td></tr>"
                       "<tr><td><small>%6</small></td><td align='center'><small>%7</small></td>"
                       "<td><small>%8</small></td></tr></table>")
            .arg(CollectivePanelText::tr("Algorithm bandwidth"), CollectivePanelText::tr("Bus bandwidth"),
                 bandwidthText(figures.algBandwidth), numberText(figures.busFactor, 4),
                 bandwidthText(figures.busBandwidth), CollectivePanelText::tr("= S / time"),
                 CollectivePanelText::tr("n = %1: %2").arg(spec.ranks).arg(busFactorFormula(spec.op)),
                 CollectivePanelText::tr("= algbw × factor")));
}

// `slowestBandwidth`: bytes per second of the slowest link the collective crosses.
void CollectiveFigures::showWhy(core::CollectiveOp op, double slowestBandwidth)
{
    QString why;
    switch (op) {
    case core::CollectiveOp::AllReduce:
        why = CollectivePanelText::tr(
            "Why they differ: an all-reduce moves 2(n−1)/n of the buffer over each rank's link, so busbw is "
            "what a link carried, comparable with its %1 at any rank count.");
        break;
    case core::CollectiveOp::AllGather:
    case core::CollectiveOp::ReduceScatter:
        why = CollectivePanelText::tr(
            "Why they differ: only the (n−1)/n of the buffer that belongs to other ranks crosses each rank's "
            "link, so busbw is what a link carried, comparable with its %1.");
        break;
    case core::CollectiveOp::AllToAll:
        why = CollectivePanelText::tr(
            "Why they differ: each rank keeps 1/n of its send buffer and sends (n−1)/n over its link, so "
            "busbw is what a link carried, comparable with its %1.");
        break;
    case core::CollectiveOp::SendRecv:
        why = CollectivePanelText::tr("They are the same: the whole message crosses the link once (%1).");
        break;
    }
    m_whyText->setText(why.arg(bandwidthText(slowestBandwidth)));
}

// A group across nodes is compared with the same collective with every rank inside one node: what the
// fabric costs it.
void CollectiveFigures::showComparison(const core::CollectiveSpec& spec, const core::GroupCollective& g,
                                       bool crossesFabric, double seconds)
{
    if (!crossesFabric) {
        m_compareText->setText(CollectivePanelText::tr("This group stays inside one node, on %1.")
                                   .arg(presetName(g.intraLink.name).toHtmlEscaped()));
        return;
    }
    core::CollectiveSpec inside = spec;
    inside.ranksPerNode = 0;
    if (inside.algorithm == core::CollectiveAlgorithm::Hierarchical)
        inside.algorithm = core::CollectiveAlgorithm::Ring;
    core::CollectiveLinks nvlink;
    nvlink.intraNode = g.links.intraNode;
    nvlink.interNode = g.links.intraNode;
    const core::CollectiveCost alone = core::collectiveCost(inside, nvlink);
    if (alone.valid() && alone.timeSeconds > 0)
        m_compareText->setText(
            CollectivePanelText::tr(
                "<b>This group crosses the fabric</b> (%1). The same collective inside one "
                "node over %2 would take %3: the fabric makes it %4× slower.")
                .arg(presetName(g.interLink.name).toHtmlEscaped(),
                     presetName(g.intraLink.name).toHtmlEscaped(), secondsText(alone.timeSeconds),
                     numberText(seconds / alone.timeSeconds, 2)));
}

QString CollectiveFigures::text() const
{
    QStringList parts;
    for (const QLabel* label : {m_timeText, m_bandwidthText, m_whyText, m_compareText}) {
        QString plain = label->text();
        plain.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
        parts << plain.simplified();
    }
    parts.removeAll(QString());
    return parts.join(QLatin1Char('\n'));
}

} // namespace widgets
