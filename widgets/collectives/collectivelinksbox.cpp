// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivelinksbox.h"

#include "collectives/collectivefigures.h"
#include "collectives/collectivegrouptext.h"
#include "collectives/collectivescene.h"
#include "collectives/collectivetext.h"
#include "comm/groupcollective.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>

namespace widgets {

namespace {

QDoubleSpinBox* makeNumberBox(QWidget* parent, double max, int decimals, const QString& name)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setKeyboardTracking(false);
    box->setObjectName(name);
    return box;
}

} // namespace

CollectiveLinksBox::CollectiveLinksBox(QWidget* parent)
    : QGroupBox(parent)
{
    auto* layout = new QGridLayout(this);
    m_intraLabel = new QLabel(this);
    m_alphaLabel = new QLabel(this);
    m_alphaBox = makeNumberBox(this, 1e6, 2, QStringLiteral("alphaBox"));
    m_bandwidthLabel = new QLabel(this);
    m_bandwidthBox = makeNumberBox(this, 1e5, 1, QStringLiteral("bandwidthBox"));
    m_ranksPerNodeLabel = new QLabel(this);
    m_ranksPerNodeBox = new QSpinBox(this);
    m_ranksPerNodeBox->setObjectName(QStringLiteral("ranksPerNodeBox"));
    m_ranksPerNodeBox->setRange(0, kMaxAnimatedRanks);
    m_ranksPerNodeBox->setKeyboardTracking(false);
    m_interLabel = new QLabel(this);
    m_interAlphaLabel = new QLabel(this);
    m_interAlphaBox = makeNumberBox(this, 1e6, 2, QStringLiteral("interAlphaBox"));
    m_interBandwidthLabel = new QLabel(this);
    m_interBandwidthBox = makeNumberBox(this, 1e5, 1, QStringLiteral("interBandwidthBox"));
    m_groupLinks = makeFigureLabel(this);
    m_groupLinks->setObjectName(QStringLiteral("groupLinks"));
    layout->addWidget(m_intraLabel, 0, 0, 1, 4);
    layout->addWidget(m_alphaLabel, 1, 0);
    layout->addWidget(m_alphaBox, 1, 1);
    layout->addWidget(m_bandwidthLabel, 1, 2);
    layout->addWidget(m_bandwidthBox, 1, 3);
    layout->addWidget(m_ranksPerNodeLabel, 2, 0, 1, 2);
    layout->addWidget(m_ranksPerNodeBox, 2, 2, 1, 2);
    layout->addWidget(m_interLabel, 3, 0, 1, 4);
    layout->addWidget(m_interAlphaLabel, 4, 0);
    layout->addWidget(m_interAlphaBox, 4, 1);
    layout->addWidget(m_interBandwidthLabel, 4, 2);
    layout->addWidget(m_interBandwidthBox, 4, 3);
    layout->addWidget(m_groupLinks, 5, 0, 1, 4);

    for (QDoubleSpinBox* box : {m_alphaBox, m_bandwidthBox, m_interAlphaBox, m_interBandwidthBox})
        connect(box, &QDoubleSpinBox::valueChanged, this, &CollectiveLinksBox::changed);
    connect(m_ranksPerNodeBox, &QSpinBox::valueChanged, this, [this] {
        showRows();
        emit nodesChanged();
    });
}

core::CollectiveLinks CollectiveLinksBox::links() const
{
    core::CollectiveLinks links;
    links.intraNode = core::linkCost(m_alphaBox->value() * 1e-6, m_bandwidthBox->value() * 1e9);
    links.interNode = core::linkCost(m_interAlphaBox->value() * 1e-6, m_interBandwidthBox->value() * 1e9);
    return links;
}

int CollectiveLinksBox::ranksPerNode() const
{
    return m_ranksPerNodeBox->value();
}

void CollectiveLinksBox::setValues(double alpha, double bandwidth, int ranksPerNode, double interAlpha,
                                   double interBandwidth)
{
    m_alphaBox->setValue(alpha * 1e6);
    m_bandwidthBox->setValue(bandwidth / 1e9);
    m_ranksPerNodeBox->setValue(ranksPerNode);
    m_interAlphaBox->setValue(interAlpha * 1e6);
    m_interBandwidthBox->setValue(interBandwidth / 1e9);
}

void CollectiveLinksBox::showGroup(const core::GroupCollective* group)
{
    m_own = !group;
    showRows();
    if (group) {
        m_alphaBox->setValue(group->intraLink.latency * 1e6);
        m_bandwidthBox->setValue(group->intraLink.bandwidth / 1e9);
        m_ranksPerNodeBox->setMaximum(std::max(kMaxAnimatedRanks, group->spec.ranks));
        m_ranksPerNodeBox->setValue(group->spec.ranksPerNode);
        m_interAlphaBox->setValue(group->interLink.latency * 1e6);
        m_interBandwidthBox->setValue(group->interLink.bandwidth / 1e9);
    } else {
        m_ranksPerNodeBox->setMaximum(kMaxAnimatedRanks);
    }
}

void CollectiveLinksBox::describeGroup(const core::GroupCollective& group)
{
    m_groupLinks->setText(groupLinksText(group));
}

// The link between nodes matters only when the ranks are split into nodes.
void CollectiveLinksBox::showRows()
{
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_intraLabel, m_alphaLabel, m_alphaBox, m_bandwidthLabel,
                                         m_bandwidthBox, m_ranksPerNodeLabel, m_ranksPerNodeBox})
        w->setVisible(m_own);
    const bool nodes = m_own && m_ranksPerNodeBox->value() > 0;
    for (QWidget* w : std::initializer_list<QWidget*>{m_interLabel, m_interAlphaLabel, m_interAlphaBox,
                                                      m_interBandwidthLabel, m_interBandwidthBox})
        w->setVisible(nodes);
    m_groupLinks->setVisible(!m_own);
}

void CollectiveLinksBox::retranslate()
{
    setTitle(CollectivePanelText::tr("Links"));
    m_intraLabel->setText(CollectivePanelText::tr("Inside a node (per rank and direction):"));
    m_alphaLabel->setText(QStringLiteral("α"));
    m_alphaBox->setSuffix(QStringLiteral(" µs"));
    m_alphaBox->setToolTip(CollectivePanelText::tr("Latency of one message (α)"));
    m_bandwidthLabel->setText(CollectivePanelText::tr("Bandwidth"));
    m_bandwidthBox->setSuffix(QStringLiteral(" GB/s"));
    m_ranksPerNodeLabel->setText(CollectivePanelText::tr("Ranks per node"));
    m_ranksPerNodeBox->setSpecialValueText(CollectivePanelText::tr("all in one node"));
    m_interLabel->setText(CollectivePanelText::tr("Between nodes:"));
    m_interAlphaLabel->setText(QStringLiteral("α"));
    m_interAlphaBox->setSuffix(QStringLiteral(" µs"));
    m_interBandwidthLabel->setText(CollectivePanelText::tr("Bandwidth"));
    m_interBandwidthBox->setSuffix(QStringLiteral(" GB/s"));
}

} // namespace widgets
