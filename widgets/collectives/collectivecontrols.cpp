// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivecontrols.h"

#include "collectives/collectivescene.h"
#include "collectives/collectivetext.h"
#include "comm/groupcollective.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <array>

namespace widgets {

namespace {

constexpr std::array<double, 4> kByteUnits{1, 1e3, 1e6, 1e9};

// The largest unit the size reaches (B, kB, MB or GB).
int byteUnit(double bytes)
{
    for (int i = static_cast<int>(kByteUnits.size()) - 1; i > 0; --i)
        if (bytes >= kByteUnits[static_cast<std::size_t>(i)])
            return i;
    return 0;
}

} // namespace

CollectiveControls::CollectiveControls(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_opLabel = new QLabel(this);
    m_opBox = new QComboBox(this);
    m_opBox->setObjectName(QStringLiteral("opBox"));
    for (core::CollectiveOp op : core::enumValues<core::CollectiveOp>())
        m_opBox->addItem(QString(), static_cast<int>(op));
    m_algorithmLabel = new QLabel(this);
    m_algorithmBox = new QComboBox(this);
    m_algorithmBox->setObjectName(QStringLiteral("algorithmBox"));
    // Long algorithm names must not widen the window beyond a laptop screen.
    m_algorithmBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_algorithmBox->setMinimumContentsLength(18);
    m_ranksLabel = new QLabel(this);
    m_ranksBox = new QSpinBox(this);
    m_ranksBox->setObjectName(QStringLiteral("ranksBox"));
    m_ranksBox->setRange(2, kMaxAnimatedRanks);
    m_ranksBox->setKeyboardTracking(false);
    m_chunksLabel = new QLabel(this);
    m_chunksBox = new QSpinBox(this);
    m_chunksBox->setObjectName(QStringLiteral("chunksBox"));
    m_chunksBox->setRange(0, kMaxAnimatedChunks);
    m_chunksBox->setKeyboardTracking(false);
    m_bytesLabel = new QLabel(this);
    m_bytesBox = new QDoubleSpinBox(this);
    m_bytesBox->setRange(0, 999999);
    m_bytesBox->setDecimals(3);
    m_bytesBox->setKeyboardTracking(false);
    m_bytesBox->setObjectName(QStringLiteral("bytesBox"));
    m_bytesUnitBox = new QComboBox(this);
    m_bytesUnitBox->setObjectName(QStringLiteral("bytesUnitBox"));
    for (const char* unit : {"B", "kB", "MB", "GB"})
        m_bytesUnitBox->addItem(QString::fromLatin1(unit));
    m_ownValuesButton = new QPushButton(this);
    m_ownValuesButton->setObjectName(QStringLiteral("ownValuesButton"));
    for (QWidget* w : std::initializer_list<QWidget*>{m_opLabel, m_opBox, m_algorithmLabel, m_algorithmBox,
                                                      m_ranksLabel, m_ranksBox, m_chunksLabel, m_chunksBox,
                                                      m_bytesLabel, m_bytesBox, m_bytesUnitBox})
        layout->addWidget(w);
    layout->addStretch(1);
    layout->addWidget(m_ownValuesButton);

    connect(m_opBox, &QComboBox::currentIndexChanged, this, [this] {
        fillAlgorithms();
        emit changed();
    });
    connect(m_algorithmBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            emit changed();
    });
    for (QSpinBox* box : {m_ranksBox, m_chunksBox})
        connect(box, &QSpinBox::valueChanged, this, &CollectiveControls::changed);
    connect(m_bytesBox, &QDoubleSpinBox::valueChanged, this, &CollectiveControls::changed);
    connect(m_bytesUnitBox, &QComboBox::currentIndexChanged, this, &CollectiveControls::changed);
    connect(m_ownValuesButton, &QPushButton::clicked, this, &CollectiveControls::ownValuesRequested);
}

core::CollectiveOp CollectiveControls::op() const
{
    return static_cast<core::CollectiveOp>(m_opBox->currentData().toInt());
}

core::CollectiveAlgorithm CollectiveControls::algorithm() const
{
    return static_cast<core::CollectiveAlgorithm>(m_algorithmBox->currentData().toInt());
}

int CollectiveControls::ranks() const
{
    return m_ranksBox->value();
}

int CollectiveControls::chunks() const
{
    return m_chunksBox->value();
}

double CollectiveControls::bytes() const
{
    return m_bytesBox->value() * kByteUnits[static_cast<std::size_t>(m_bytesUnitBox->currentIndex())];
}

void CollectiveControls::setOp(core::CollectiveOp op)
{
    m_opBox->setCurrentIndex(m_opBox->findData(static_cast<int>(op)));
    fillAlgorithms();
}

void CollectiveControls::setAlgorithm(core::CollectiveAlgorithm algorithm)
{
    const int index = m_algorithmBox->findData(static_cast<int>(algorithm));
    if (index < 0) {
        m_algorithmBox->addItem(collectiveAlgorithmText(op(), algorithm), static_cast<int>(algorithm));
        m_algorithmBox->setCurrentIndex(m_algorithmBox->count() - 1);
    } else {
        m_algorithmBox->setCurrentIndex(index);
    }
}

void CollectiveControls::setRanks(int ranks)
{
    m_ranksBox->setValue(ranks);
}

void CollectiveControls::setChunks(int chunks)
{
    m_chunksBox->setValue(chunks);
}

void CollectiveControls::setBytes(double bytes)
{
    const int unit = byteUnit(bytes);
    m_bytesUnitBox->setCurrentIndex(unit);
    m_bytesBox->setValue(bytes / kByteUnits[static_cast<std::size_t>(unit)]);
}

void CollectiveControls::showGroup(const core::GroupCollective* group)
{
    for (QWidget* w : std::initializer_list<QWidget*>{m_ranksBox, m_bytesBox, m_bytesUnitBox})
        w->setEnabled(!group);
    m_ownValuesButton->setVisible(group);
    if (group) {
        m_ranksBox->setMaximum(std::max(kMaxAnimatedRanks, group->spec.ranks));
        m_ranksBox->setValue(group->spec.ranks);
        setBytes(group->spec.bytes);
    } else {
        m_ranksBox->setMaximum(kMaxAnimatedRanks);
    }
}

void CollectiveControls::fillAlgorithms()
{
    const core::CollectiveOp shown = op();
    const QVariant previous = m_algorithmBox->currentData();
    const bool wasFilling = m_filling;
    m_filling = true;
    m_algorithmBox->clear();
    for (core::CollectiveAlgorithm algorithm : core::algorithmsFor(shown))
        m_algorithmBox->addItem(collectiveAlgorithmText(shown, algorithm), static_cast<int>(algorithm));
    const int keep = m_algorithmBox->findData(previous);
    m_algorithmBox->setCurrentIndex(keep >= 0 ? keep : 0);
    m_filling = wasFilling;
}

void CollectiveControls::retranslate()
{
    m_opLabel->setText(CollectivePanelText::tr("Collective"));
    for (int i = 0; i < m_opBox->count(); ++i)
        m_opBox->setItemText(i,
                             collectiveOpText(static_cast<core::CollectiveOp>(m_opBox->itemData(i).toInt())));
    for (int i = 0; i < m_algorithmBox->count(); ++i)
        m_algorithmBox->setItemText(
            i,
            collectiveAlgorithmText(
                op(), static_cast<core::CollectiveAlgorithm>(m_algorithmBox->itemData(i).toInt())));
    m_algorithmLabel->setText(CollectivePanelText::tr("Algorithm"));
    m_ranksLabel->setText(CollectivePanelText::tr("Ranks"));
    m_chunksLabel->setText(CollectivePanelText::tr("Chunks"));
    m_chunksBox->setSpecialValueText(CollectivePanelText::tr("1 per rank"));
    m_chunksBox->setToolTip(CollectivePanelText::tr(
        "How many chunks each rank's buffer is cut into. Ring, pairwise and hierarchical "
        "algorithms need a multiple of the ranks."));
    m_bytesLabel->setText(CollectivePanelText::tr("Message"));
    m_bytesBox->setToolTip(CollectivePanelText::tr(
        "S as nccl-tests counts it: the all-reduce buffer, the whole gathered output of an "
        "all-gather, the whole input of a reduce-scatter, the whole send buffer of an "
        "all-to-all, the message of a send."));
    m_ownValuesButton->setText(CollectivePanelText::tr("Use my own values"));
}

} // namespace widgets
