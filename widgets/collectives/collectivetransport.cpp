// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivetransport.h"

#include "collectives/collectivetext.h"
#include "collectives/collectiveview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <array>

namespace widgets {

namespace {

constexpr std::array<double, 5> kSpeeds{0.25, 0.5, 1, 2, 4};

} // namespace

CollectiveTransport::CollectiveTransport(CollectiveView* view, QWidget* parent)
    : QWidget(parent)
    , m_view(view)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_restartButton = new QPushButton(this);
    m_restartButton->setObjectName(QStringLiteral("restartButton"));
    m_backButton = new QPushButton(this);
    m_backButton->setObjectName(QStringLiteral("stepBackButton"));
    m_playButton = new QPushButton(this);
    m_playButton->setObjectName(QStringLiteral("playButton"));
    m_playButton->setMinimumWidth(110);
    m_forwardButton = new QPushButton(this);
    m_forwardButton->setObjectName(QStringLiteral("stepForwardButton"));
    m_forwardButton->setLayoutDirection(Qt::RightToLeft); // the arrow after the text
    m_restartButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_backButton->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_forwardButton->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_speedLabel = new QLabel(this);
    m_speedBox = new QComboBox(this);
    m_speedBox->setObjectName(QStringLiteral("speedBox"));
    for (double speed : kSpeeds)
        m_speedBox->addItem(QStringLiteral("%1×").arg(speed), speed);
    m_speedBox->setCurrentIndex(2);
    for (QWidget* w : std::initializer_list<QWidget*>{m_restartButton, m_backButton, m_playButton,
                                                      m_forwardButton, m_speedLabel, m_speedBox})
        layout->addWidget(w);
    layout->addStretch(1);

    connect(m_restartButton, &QPushButton::clicked, m_view, &CollectiveView::restart);
    connect(m_backButton, &QPushButton::clicked, m_view, &CollectiveView::stepBack);
    connect(m_playButton, &QPushButton::clicked, m_view, &CollectiveView::togglePlay);
    connect(m_forwardButton, &QPushButton::clicked, m_view, &CollectiveView::stepForward);
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this] { m_view->setSpeed(m_speedBox->currentData().toDouble()); });
}

void CollectiveTransport::refresh()
{
    const CollectivePlayhead& p = m_view->playhead();
    const bool any = m_view->hasTrace() && p.steps() > 0;
    m_restartButton->setEnabled(any && p.canStepBack());
    m_backButton->setEnabled(any && p.canStepBack());
    m_forwardButton->setEnabled(any && p.canStepForward());
    m_playButton->setEnabled(any);
    if (p.isPlaying())
        m_playButton->setText(CollectivePanelText::tr("Pause"));
    else if (any && p.atEnd())
        m_playButton->setText(CollectivePanelText::tr("Replay"));
    else
        m_playButton->setText(CollectivePanelText::tr("Play"));
    m_playButton->setIcon(
        style()->standardIcon(p.isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void CollectiveTransport::retranslate()
{
    m_restartButton->setText(CollectivePanelText::tr("Start"));
    m_restartButton->setToolTip(CollectivePanelText::tr("Back to the state before the first step (Home)"));
    m_backButton->setText(CollectivePanelText::tr("Step back"));
    m_backButton->setToolTip(CollectivePanelText::tr("One step back (Left arrow, Page Up)"));
    m_forwardButton->setText(CollectivePanelText::tr("Step"));
    m_forwardButton->setToolTip(CollectivePanelText::tr("Play the next step (Right arrow, Page Down)"));
    m_playButton->setToolTip(CollectivePanelText::tr("Play all steps, or pause (Space)"));
    m_speedLabel->setText(CollectivePanelText::tr("Speed"));
}

} // namespace widgets
