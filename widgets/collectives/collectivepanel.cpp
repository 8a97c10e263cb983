// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivepanel.h"

#include "collectives/collectivetext.h"
#include "collectives/collectiveview.h"
#include "diagnostics/diagnostictext.h"
#include "common/qtconvert.h"
#include "base/units.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

namespace widgets {

namespace {

constexpr std::array<double, 4> kByteUnits{1, 1e3, 1e6, 1e9};
constexpr std::array<double, 5> kSpeeds{0.25, 0.5, 1, 2, 4};
// Groups listed per dimension; the rest are reachable through selectGroup().
constexpr int kMaxListedGroups = 64;

enum ItemRole { DimRole = Qt::UserRole, IndexRole };

QString dimText(core::Dim dim)
{
    return qs(core::enumName(dim)).toUpper();
}

// "0–7" for consecutive ranks, else "0, 8, 16, 24" (shortened after six).
QString ranksText(const std::vector<int>& ranks)
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

QDoubleSpinBox* makeNumberBox(QWidget* parent, double max, int decimals, const QString& name)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setKeyboardTracking(false);
    box->setObjectName(name);
    return box;
}

QLabel* makeTextLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

CollectivePanel::CollectivePanel(QWidget* parent)
    : QWidget(parent)
{
    buildControls();
    retranslate();
    m_updating = true;
    setLinks(5e-6, 100e9); // reference case 13: α = 5 µs, 100 GB/s
    setMessageBytes(1e9);
    m_updating = false;
    setCollective(core::CollectiveOp::AllReduce, core::CollectiveAlgorithm::Ring, 4);
}

void CollectivePanel::buildControls()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);

    // The collective.
    auto* top = new QHBoxLayout;
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
    m_chunksBox->setRange(0, kMaxChunks);
    m_chunksBox->setKeyboardTracking(false);
    m_bytesLabel = new QLabel(this);
    m_bytesBox = makeNumberBox(this, 999999, 3, QStringLiteral("bytesBox"));
    m_bytesUnitBox = new QComboBox(this);
    m_bytesUnitBox->setObjectName(QStringLiteral("bytesUnitBox"));
    for (const char* unit : {"B", "kB", "MB", "GB"})
        m_bytesUnitBox->addItem(QString::fromLatin1(unit));
    m_ownValuesButton = new QPushButton(this);
    m_ownValuesButton->setObjectName(QStringLiteral("ownValuesButton"));
    for (QWidget* w : std::initializer_list<QWidget*>{m_opLabel, m_opBox, m_algorithmLabel, m_algorithmBox,
                                                      m_ranksLabel, m_ranksBox, m_chunksLabel, m_chunksBox,
                                                      m_bytesLabel, m_bytesBox, m_bytesUnitBox})
        top->addWidget(w);
    top->addStretch(1);
    top->addWidget(m_ownValuesButton);
    layout->addLayout(top);

    // The caption, large enough to read from the back of a lecture hall.
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("caption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setMinimumHeight(48);
    QFont captionFont = m_caption->font();
    captionFont.setPointSizeF(captionFont.pointSizeF() * 1.3);
    m_caption->setFont(captionFont);
    m_caption->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_caption);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_view = new CollectiveView(splitter);
    splitter->addWidget(m_view);

    // The side column: what the collective costs, the design's groups, and the links.
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 4, 0);

    m_costBox = new QGroupBox(side);
    auto* costLayout = new QVBoxLayout(m_costBox);
    m_timeText = makeTextLabel(m_costBox);
    m_timeText->setObjectName(QStringLiteral("timeText"));
    m_bandwidthText = makeTextLabel(m_costBox);
    m_bandwidthText->setObjectName(QStringLiteral("bandwidthText"));
    m_whyText = makeTextLabel(m_costBox);
    m_compareText = makeTextLabel(m_costBox);
    m_compareText->setObjectName(QStringLiteral("compareText"));
    costLayout->addWidget(m_timeText);
    costLayout->addWidget(m_bandwidthText);
    costLayout->addWidget(m_whyText);
    costLayout->addWidget(m_compareText);
    sideLayout->addWidget(m_costBox);

    m_groupsBox = new QGroupBox(side);
    auto* groupsLayout = new QVBoxLayout(m_groupsBox);
    m_groupTree = new QTreeWidget(m_groupsBox);
    m_groupTree->setObjectName(QStringLiteral("groupTree"));
    m_groupTree->setColumnCount(4);
    m_groupTree->setRootIsDecorated(true);
    m_groupTree->setUniformRowHeights(true);
    // Room for a TP and a DP list at once (about 16 rows), scrolling beyond.
    m_groupTree->setMinimumHeight(16 * fontMetrics().height() + 40);
    // Group, links and time as wide as their texts; the rank lists take what is left and elide, so
    // that the time stays in view however long the translated texts are.
    m_groupTree->header()->setStretchLastSection(false);
    m_groupTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_groupTree->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_groupTree->header()->setMinimumSectionSize(24);
    groupsLayout->addWidget(m_groupTree);
    sideLayout->addWidget(m_groupsBox, 1);

    m_linksBox = new QGroupBox(side);
    auto* linksLayout = new QGridLayout(m_linksBox);
    m_intraLabel = new QLabel(m_linksBox);
    m_alphaLabel = new QLabel(m_linksBox);
    m_alphaBox = makeNumberBox(m_linksBox, 1e6, 2, QStringLiteral("alphaBox"));
    m_bandwidthLabel = new QLabel(m_linksBox);
    m_bandwidthBox = makeNumberBox(m_linksBox, 1e5, 1, QStringLiteral("bandwidthBox"));
    m_ranksPerNodeLabel = new QLabel(m_linksBox);
    m_ranksPerNodeBox = new QSpinBox(m_linksBox);
    m_ranksPerNodeBox->setObjectName(QStringLiteral("ranksPerNodeBox"));
    m_ranksPerNodeBox->setRange(0, kMaxAnimatedRanks);
    m_ranksPerNodeBox->setKeyboardTracking(false);
    m_interLabel = new QLabel(m_linksBox);
    m_interAlphaLabel = new QLabel(m_linksBox);
    m_interAlphaBox = makeNumberBox(m_linksBox, 1e6, 2, QStringLiteral("interAlphaBox"));
    m_interBandwidthLabel = new QLabel(m_linksBox);
    m_interBandwidthBox = makeNumberBox(m_linksBox, 1e5, 1, QStringLiteral("interBandwidthBox"));
    m_groupLinks = makeTextLabel(m_linksBox);
    m_groupLinks->setObjectName(QStringLiteral("groupLinks"));
    linksLayout->addWidget(m_intraLabel, 0, 0, 1, 4);
    linksLayout->addWidget(m_alphaLabel, 1, 0);
    linksLayout->addWidget(m_alphaBox, 1, 1);
    linksLayout->addWidget(m_bandwidthLabel, 1, 2);
    linksLayout->addWidget(m_bandwidthBox, 1, 3);
    linksLayout->addWidget(m_ranksPerNodeLabel, 2, 0, 1, 2);
    linksLayout->addWidget(m_ranksPerNodeBox, 2, 2, 1, 2);
    linksLayout->addWidget(m_interLabel, 3, 0, 1, 4);
    linksLayout->addWidget(m_interAlphaLabel, 4, 0);
    linksLayout->addWidget(m_interAlphaBox, 4, 1);
    linksLayout->addWidget(m_interBandwidthLabel, 4, 2);
    linksLayout->addWidget(m_interBandwidthBox, 4, 3);
    linksLayout->addWidget(m_groupLinks, 5, 0, 1, 4);
    sideLayout->addWidget(m_linksBox);

    sideLayout->addStretch(0);
    // Scrolls when the window is short; the word-wrapped texts keep their height (QScrollArea asks the
    // layout's heightForWidth at the viewport's width).
    auto* sideScroll = new QScrollArea(splitter);
    m_sideScroll = sideScroll;
    sideScroll->setWidget(side);
    sideScroll->setWidgetResizable(true);
    sideScroll->setFrameShape(QFrame::NoFrame);
    sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A scroll bar that comes and goes would change the width the texts wrapped at, and clip their last line.
    sideScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    sideScroll->setMinimumWidth(370);
    sideScroll->setMaximumWidth(540);
    splitter->addWidget(sideScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({1000, 370});
    layout->addWidget(splitter, 1);

    // Transport.
    auto* transport = new QHBoxLayout;
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
        transport->addWidget(w);
    transport->addStretch(1);
    layout->addLayout(transport);

    // Keys a presenter's clicker sends (Page Down/Up) and the arrows step; space plays and pauses. Spin
    // boxes with focus keep their own keys (they accept the shortcut override).
    const auto shortcut = [this](QKeySequence key, auto slot) {
        auto* s = new QShortcut(key, this);
        s->setContext(Qt::WidgetWithChildrenShortcut);
        connect(s, &QShortcut::activated, m_view, slot);
    };
    shortcut(QKeySequence(Qt::Key_Right), &CollectiveView::stepForward);
    shortcut(QKeySequence(Qt::Key_PageDown), &CollectiveView::stepForward);
    shortcut(QKeySequence(Qt::Key_Left), &CollectiveView::stepBack);
    shortcut(QKeySequence(Qt::Key_PageUp), &CollectiveView::stepBack);
    shortcut(QKeySequence(Qt::Key_Space), &CollectiveView::togglePlay);
    shortcut(QKeySequence(Qt::Key_Home), &CollectiveView::restart);

    connect(m_restartButton, &QPushButton::clicked, m_view, &CollectiveView::restart);
    connect(m_backButton, &QPushButton::clicked, m_view, &CollectiveView::stepBack);
    connect(m_playButton, &QPushButton::clicked, m_view, &CollectiveView::togglePlay);
    connect(m_forwardButton, &QPushButton::clicked, m_view, &CollectiveView::stepForward);
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this] { m_view->setSpeed(m_speedBox->currentData().toDouble()); });
    connect(m_view, &CollectiveView::stateChanged, this, [this] {
        updateTransport();
        updateCaption();
    });

    connect(m_opBox, &QComboBox::currentIndexChanged, this, [this] {
        fillAlgorithms();
        rebuild();
    });
    connect(m_algorithmBox, &QComboBox::currentIndexChanged, this, &CollectivePanel::rebuild);
    connect(m_ranksBox, &QSpinBox::valueChanged, this, &CollectivePanel::rebuild);
    connect(m_chunksBox, &QSpinBox::valueChanged, this, &CollectivePanel::rebuild);
    connect(m_bytesBox, &QDoubleSpinBox::valueChanged, this, &CollectivePanel::rebuild);
    connect(m_bytesUnitBox, &QComboBox::currentIndexChanged, this, &CollectivePanel::rebuild);
    for (QDoubleSpinBox* box : {m_alphaBox, m_bandwidthBox, m_interAlphaBox, m_interBandwidthBox})
        connect(box, &QDoubleSpinBox::valueChanged, this, &CollectivePanel::rebuild);
    connect(m_ranksPerNodeBox, &QSpinBox::valueChanged, this, [this] {
        updateLinkControls();
        rebuild();
    });
    connect(m_ownValuesButton, &QPushButton::clicked, this, &CollectivePanel::useOwnValues);
    connect(m_groupTree, &QTreeWidget::itemSelectionChanged, this, [this] {
        if (m_updating)
            return;
        const QList<QTreeWidgetItem*> items = m_groupTree->selectedItems();
        if (items.isEmpty() || !items.front()->data(0, IndexRole).isValid())
            return;
        const auto dim = static_cast<core::Dim>(items.front()->data(0, DimRole).toInt());
        selectGroup(dim, items.front()->data(0, IndexRole).toInt());
    });
}

void CollectivePanel::retranslate()
{
    m_opLabel->setText(tr("Collective"));
    for (int i = 0; i < m_opBox->count(); ++i)
        m_opBox->setItemText(i,
                             collectiveOpText(static_cast<core::CollectiveOp>(m_opBox->itemData(i).toInt())));
    for (int i = 0; i < m_algorithmBox->count(); ++i)
        m_algorithmBox->setItemText(
            i,
            collectiveAlgorithmText(
                static_cast<core::CollectiveOp>(m_opBox->currentData().toInt()),
                static_cast<core::CollectiveAlgorithm>(m_algorithmBox->itemData(i).toInt())));
    m_algorithmLabel->setText(tr("Algorithm"));
    m_ranksLabel->setText(tr("Ranks"));
    m_chunksLabel->setText(tr("Chunks"));
    m_chunksBox->setSpecialValueText(tr("1 per rank"));
    m_chunksBox->setToolTip(
        tr("How many chunks each rank's buffer is cut into. Ring, pairwise and hierarchical "
           "algorithms need a multiple of the ranks."));
    m_bytesLabel->setText(tr("Message"));
    m_bytesBox->setToolTip(
        tr("S as nccl-tests counts it: the all-reduce buffer, the whole gathered output of an "
           "all-gather, the whole input of a reduce-scatter, the whole send buffer of an "
           "all-to-all, the message of a send."));
    m_ownValuesButton->setText(tr("Use my own values"));
    m_groupsBox->setTitle(tr("Groups of this design"));
    m_groupTree->setToolTip(
        tr("Choose a group to play its collective on its GPUs, with its message and links."));
    m_groupTree->setHeaderLabels({tr("Group"), tr("Ranks"), tr("Links"), tr("Time")});
    m_linksBox->setTitle(tr("Links"));
    m_intraLabel->setText(tr("Inside a node (per rank and direction):"));
    m_alphaLabel->setText(QStringLiteral("α"));
    m_alphaBox->setSuffix(QStringLiteral(" µs"));
    m_alphaBox->setToolTip(tr("Latency of one message (α)"));
    m_bandwidthLabel->setText(tr("Bandwidth"));
    m_bandwidthBox->setSuffix(QStringLiteral(" GB/s"));
    m_ranksPerNodeLabel->setText(tr("Ranks per node"));
    m_ranksPerNodeBox->setSpecialValueText(tr("all in one node"));
    m_interLabel->setText(tr("Between nodes:"));
    m_interAlphaLabel->setText(QStringLiteral("α"));
    m_interAlphaBox->setSuffix(QStringLiteral(" µs"));
    m_interBandwidthLabel->setText(tr("Bandwidth"));
    m_interBandwidthBox->setSuffix(QStringLiteral(" GB/s"));
    m_costBox->setTitle(tr("Cost (α–β model)"));
    m_restartButton->setText(tr("Start"));
    m_restartButton->setToolTip(tr("Back to the state before the first step (Home)"));
    m_backButton->setText(tr("Step back"));
    m_backButton->setToolTip(tr("One step back (Left arrow, Page Up)"));
    m_forwardButton->setText(tr("Step"));
    m_forwardButton->setToolTip(tr("Play the next step (Right arrow, Page Down)"));
    m_playButton->setToolTip(tr("Play all steps, or pause (Space)"));
    m_speedLabel->setText(tr("Speed"));
    rebuildGroupTree();
    // The animation keeps its place; only its words change. A diagnostic is worded anew by rebuilding.
    if (m_view->hasTrace()) {
        CollectiveScene labels;
        labelColumns(labels);
        m_view->setLabels(labels.heads, labels.details, labels.nodeNames);
    } else if (!m_updating) {
        rebuild();
    }
    updateFigures();
    fitSideColumn();
    updateTransport();
    updateCaption();
}

// New texts change the side column's height for its width. QScrollArea sizes its widget by that height
// only when it gets a layout request itself, and the boxes' layouts report their new heights only once they
// have been activated; so the caches are dropped and the scroll area asked now, not some events later.
void CollectivePanel::fitSideColumn()
{
    if (!m_sideScroll || !m_sideScroll->widget())
        return;
    for (QGroupBox* box : {m_costBox, m_groupsBox, m_linksBox}) {
        box->layout()->invalidate();
        box->updateGeometry();
    }
    m_sideScroll->widget()->layout()->invalidate();
    QEvent request(QEvent::LayoutRequest);
    QCoreApplication::sendEvent(m_sideScroll, &request);
}

void CollectivePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CollectivePanel::fillAlgorithms()
{
    const auto op = static_cast<core::CollectiveOp>(m_opBox->currentData().toInt());
    const QVariant previous = m_algorithmBox->currentData();
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_algorithmBox->clear();
    for (core::CollectiveAlgorithm algorithm : core::algorithmsFor(op))
        m_algorithmBox->addItem(collectiveAlgorithmText(op, algorithm), static_cast<int>(algorithm));
    const int keep = m_algorithmBox->findData(previous);
    m_algorithmBox->setCurrentIndex(keep >= 0 ? keep : 0);
    m_updating = wasUpdating;
}

// ---- Setting the collective ----------------------------------------------------------------------------

void CollectivePanel::setCollective(core::CollectiveOp op, core::CollectiveAlgorithm algorithm, int ranks,
                                    int chunks)
{
    m_updating = true;
    m_group.reset();
    syncControlsToGroup();
    m_opBox->setCurrentIndex(m_opBox->findData(static_cast<int>(op)));
    fillAlgorithms();
    const int index = m_algorithmBox->findData(static_cast<int>(algorithm));
    if (index < 0) {
        // Not one of the op's algorithms: listed anyway, so that the core's diagnostic explains why.
        m_algorithmBox->addItem(collectiveAlgorithmText(op, algorithm), static_cast<int>(algorithm));
        m_algorithmBox->setCurrentIndex(m_algorithmBox->count() - 1);
    } else {
        m_algorithmBox->setCurrentIndex(index);
    }
    m_ranksBox->setValue(ranks);
    m_chunksBox->setValue(chunks);
    m_updating = false;
    rebuild();
}

void CollectivePanel::setMessageBytes(double bytes)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    int unit = 0;
    for (int i = static_cast<int>(kByteUnits.size()) - 1; i > 0; --i)
        if (bytes >= kByteUnits[static_cast<std::size_t>(i)]) {
            unit = i;
            break;
        }
    m_bytesUnitBox->setCurrentIndex(unit);
    m_bytesBox->setValue(bytes / kByteUnits[static_cast<std::size_t>(unit)]);
    m_updating = wasUpdating;
    rebuild();
}

void CollectivePanel::setLinks(double alpha, double bandwidth, int ranksPerNode, double interAlpha,
                               double interBandwidth)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_alphaBox->setValue(alpha * 1e6);
    m_bandwidthBox->setValue(bandwidth / 1e9);
    m_ranksPerNodeBox->setValue(ranksPerNode);
    m_interAlphaBox->setValue(interAlpha * 1e6);
    m_interBandwidthBox->setValue(interBandwidth / 1e9);
    m_updating = wasUpdating;
    rebuild();
}

std::optional<std::pair<core::Dim, int>> CollectivePanel::selectedGroup() const
{
    if (!m_group)
        return std::nullopt;
    return std::pair{m_group->dim, m_group->groupIndex};
}

bool CollectivePanel::selectGroup(core::Dim dim, int groupIndex)
{
    if (m_snapshot.isNull())
        return false;
    core::GroupCollectiveResult result
        = core::groupCollective(*m_snapshot.design, *m_snapshot.evaluation, dim, groupIndex);
    if (!result.group || result.group->members.size() < 2)
        return false;
    m_group = std::move(result.group);
    m_updating = true;
    m_opBox->setCurrentIndex(m_opBox->findData(static_cast<int>(m_group->spec.op)));
    fillAlgorithms();
    m_algorithmBox->setCurrentIndex(m_algorithmBox->findData(static_cast<int>(m_group->spec.algorithm)));
    syncControlsToGroup();
    // Mark the group in the list, if it is listed.
    m_groupTree->clearSelection();
    for (int i = 0; i < m_groupTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = m_groupTree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem* item = top->child(j);
            if (item->data(0, DimRole).toInt() == static_cast<int>(dim)
                && item->data(0, IndexRole).toInt() == groupIndex) {
                item->setSelected(true);
                m_groupTree->scrollToItem(item);
            }
        }
    }
    m_updating = false;
    rebuild();
    emit groupSelected(dim, groupIndex);
    return true;
}

void CollectivePanel::useOwnValues()
{
    if (!m_group)
        return;
    m_updating = true;
    m_group.reset();
    syncControlsToGroup();
    m_groupTree->clearSelection();
    m_updating = false;
    rebuild();
}

// The controls show the group's values and cannot be edited while a group plays (op, algorithm and chunks
// stay free: the same group can run another algorithm).
void CollectivePanel::updateLinkControls()
{
    // A group brings its own links: the editable ones make way for a description of the real ones. The
    // link between nodes matters only when the ranks are split into nodes.
    const bool own = !m_group.has_value();
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_intraLabel, m_alphaLabel, m_alphaBox, m_bandwidthLabel,
                                         m_bandwidthBox, m_ranksPerNodeLabel, m_ranksPerNodeBox})
        w->setVisible(own);
    const bool nodes = own && m_ranksPerNodeBox->value() > 0;
    for (QWidget* w : std::initializer_list<QWidget*>{m_interLabel, m_interAlphaLabel, m_interAlphaBox,
                                                      m_interBandwidthLabel, m_interBandwidthBox})
        w->setVisible(nodes);
    m_groupLinks->setVisible(!own);
    fitSideColumn();
}

void CollectivePanel::syncControlsToGroup()
{
    const bool group = m_group.has_value();
    for (QWidget* w : std::initializer_list<QWidget*>{m_ranksBox, m_bytesBox, m_bytesUnitBox})
        w->setEnabled(!group);
    updateLinkControls();
    m_ownValuesButton->setVisible(group);
    const bool wasUpdating = m_updating;
    m_updating = true;
    if (group) {
        const core::GroupCollective& g = *m_group;
        m_ranksBox->setMaximum(std::max(kMaxAnimatedRanks, g.spec.ranks));
        m_ranksBox->setValue(g.spec.ranks);
        int unit = 0;
        for (int i = static_cast<int>(kByteUnits.size()) - 1; i > 0; --i)
            if (g.spec.bytes >= kByteUnits[static_cast<std::size_t>(i)]) {
                unit = i;
                break;
            }
        m_bytesUnitBox->setCurrentIndex(unit);
        m_bytesBox->setValue(g.spec.bytes / kByteUnits[static_cast<std::size_t>(unit)]);
        m_alphaBox->setValue(g.intraLink.latency * 1e6);
        m_bandwidthBox->setValue(g.intraLink.bandwidth / 1e9);
        m_ranksPerNodeBox->setMaximum(std::max(kMaxAnimatedRanks, g.spec.ranks));
        m_ranksPerNodeBox->setValue(g.spec.ranksPerNode);
        m_interAlphaBox->setValue(g.interLink.latency * 1e6);
        m_interBandwidthBox->setValue(g.interLink.bandwidth / 1e9);
    } else {
        m_ranksBox->setMaximum(kMaxAnimatedRanks);
        m_ranksPerNodeBox->setMaximum(kMaxAnimatedRanks);
    }
    m_updating = wasUpdating;
}

// ---- The collective, its trace and its cost -------------------------------------------------------------

void CollectivePanel::rebuild()
{
    if (m_updating)
        return;
    core::CollectiveSpec spec;
    if (m_group) {
        spec = m_group->spec;
        m_links = m_group->links;
    } else {
        spec.ranks = m_ranksBox->value();
        spec.bytes
            = m_bytesBox->value() * kByteUnits[static_cast<std::size_t>(m_bytesUnitBox->currentIndex())];
        spec.ranksPerNode = m_ranksPerNodeBox->value();
        m_links = {};
        m_links.intraNode = core::linkCost(m_alphaBox->value() * 1e-6, m_bandwidthBox->value() * 1e9);
        m_links.interNode
            = core::linkCost(m_interAlphaBox->value() * 1e-6, m_interBandwidthBox->value() * 1e9);
    }
    spec.op = static_cast<core::CollectiveOp>(m_opBox->currentData().toInt());
    spec.algorithm = static_cast<core::CollectiveAlgorithm>(m_algorithmBox->currentData().toInt());
    spec.chunks = m_chunksBox->value();
    spec.source = 0;
    spec.destination = 1;
    m_spec = spec;
    m_cost = core::collectiveCost(spec, m_links);
    m_stepSeconds.clear();

    CollectiveScene scene;
    scene.costModel = QStringLiteral("α–β");
    if (spec.ranks > kMaxAnimatedRanks) {
        m_trace.reset();
        scene.message
            = tr("This group has %1 ranks; the animation shows up to %2. Its time and bandwidths are "
                 "on the right.")
                  .arg(spec.ranks)
                  .arg(kMaxAnimatedRanks);
    } else {
        m_trace = std::make_shared<const core::CollectiveTrace>(core::traceCollective(spec));
        std::vector<core::Diagnostic> problems;
        for (const std::vector<core::Diagnostic>* list :
             std::initializer_list<const std::vector<core::Diagnostic>*>{&m_trace->diagnostics,
                                                                         &m_cost.diagnostics})
            for (const core::Diagnostic& d : *list)
                if (d.isError()
                    && std::none_of(problems.begin(), problems.end(),
                                    [&d](const core::Diagnostic& p) { return p.code == d.code; }))
                    problems.push_back(d);
        if (problems.empty()) {
            m_stepSeconds = core::stepSeconds(*m_trace, m_links);
            scene.trace = m_trace;
            scene.stepSeconds = m_stepSeconds;
        } else {
            QStringList lines;
            for (const core::Diagnostic& d : problems)
                lines << diagnosticMessage(d);
            scene.message = lines.join(QLatin1Char('\n'));
        }
    }

    labelColumns(scene);
    m_seconds = m_cost.timeSeconds;
    if (!m_stepSeconds.empty()) {
        m_seconds = 0;
        for (double seconds : m_stepSeconds)
            m_seconds += seconds;
    }
    m_view->setScene(std::move(scene));
    updateFigures();
    fitSideColumn();
    updateTransport();
    updateCaption();
}

// Columns: the group's ranks where they run, or ranks 0…n−1 (in nodes of the chosen size).
void CollectivePanel::labelColumns(CollectiveScene& scene) const
{
    const int n = std::min(m_spec.ranks, kMaxAnimatedRanks);
    for (int i = 0; i < n; ++i) {
        scene.heads << tr("rank %1").arg(rankName(i));
        scene.discLabels << rankName(i);
        if (m_group)
            scene.rankIds.push_back(m_group->members[static_cast<std::size_t>(i)].rank);
    }
    if (m_group && !m_snapshot.isNull()) {
        const core::Cluster& cluster = m_snapshot.design->cluster;
        std::map<int, int> nodeColumn;
        for (int i = 0; i < n; ++i) {
            const core::GroupMember& m = m_group->members[static_cast<std::size_t>(i)];
            const core::Node& node = cluster.nodes[static_cast<std::size_t>(m.nodeIndex)];
            const QString nodeName = node.name.empty() ? tr("node %1").arg(node.id) : qs(node.name);
            scene.details << tr("%1 · GPU %2").arg(nodeName).arg(m.slot);
            if (!nodeColumn.count(m.nodeIndex)) {
                nodeColumn[m.nodeIndex] = static_cast<int>(scene.nodeNames.size());
                scene.nodeNames << nodeName;
            }
            scene.nodeOfColumn.push_back(nodeColumn[m.nodeIndex]);
        }
    } else if (m_spec.ranksPerNode > 0 && m_spec.ranksPerNode < m_spec.ranks) {
        for (int i = 0; i < n; ++i) {
            const int node = i / m_spec.ranksPerNode;
            scene.details << tr("node %1").arg(node);
            scene.nodeOfColumn.push_back(node);
            if (node >= scene.nodeNames.size())
                scene.nodeNames << tr("node %1").arg(node);
        }
    }
}

QString CollectivePanel::rankName(int position) const
{
    if (m_group && position >= 0 && position < static_cast<int>(m_group->members.size()))
        return QString::number(m_group->members[static_cast<std::size_t>(position)].rank);
    return QString::number(position);
}

// ---- The design's groups -------------------------------------------------------------------------------

QString CollectivePanel::groupItemText(const core::GroupCollective& group) const
{
    QStringList classes;
    const auto className = [this](core::LinkClass c) {
        switch (c) {
        case core::LinkClass::NvLink:
            return tr("NVLink");
        case core::LinkClass::Pcie:
            return tr("PCIe");
        case core::LinkClass::Fabric:
            return tr("fabric");
        }
        return QString();
    };
    classes << className(group.intraLink.linkClass);
    if (group.nodes > 1)
        classes << className(group.interLink.linkClass);
    return classes.join(QStringLiteral(" + "));
}

QString CollectivePanel::messageExplanation(const core::GroupMessage& m) const
{
    const auto number = [](double value) { return qs(core::formatNumber(value, 6)); };
    switch (m.kind) {
    case core::GroupMessageKind::TpActivations:
        return tr("one layer's activations, s·b·h·e = %1 × %2 × %3 × %4 B = %5")
            .arg(number(double(m.tokens)), number(double(m.microBatch)), number(double(m.hidden)),
                 number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::DpGradients:
        return tr("the gradients of one rank's model shard, %1 parameters × %2 B = %3")
            .arg(qs(core::formatCount(m.parameters)), number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::CpKvBlocks:
        return tr("the KV blocks of ring attention, one per rank: %1 × 2·(s/CP)·b·(KV heads)·d·e = "
                  "%1 × 2 × %2 × %3 × %4 × %5 × %6 B = %7")
            .arg(number(m.blocks), number(double(m.tokens)), number(double(m.microBatch)), number(m.kvHeads),
                 number(double(m.headDim)), number(m.bytesPerElement), bytesText(m.bytes));
    case core::GroupMessageKind::EpDispatch:
        return tr("the token dispatch of one MoE layer, T·k·h·e = %1 × %2 × %3 × %4 B = %5")
            .arg(number(double(m.tokens)), number(m.topK), number(double(m.hidden)),
                 number(m.bytesPerElement), bytesText(m.bytes));
    }
    return {};
}

void CollectivePanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    const std::optional<std::pair<core::Dim, int>> previous = selectedGroup();
    rebuildGroupTree();
    // The design changed: play the same group with its new ranks, links and message, or leave it.
    if (previous && !selectGroup(previous->first, previous->second))
        useOwnValues();
}

void CollectivePanel::rebuildGroupTree()
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_groupTree->clear();
    if (!m_snapshot.isNull() && m_snapshot.evaluation->hasMesh) {
        const core::Design& design = *m_snapshot.design;
        const core::Evaluation& evaluation = *m_snapshot.evaluation;
        for (core::Dim dim : core::kCollectiveDims) {
            const core::RankGroups& groups = evaluation.mesh.groupsOf(dim);
            if (groups.empty() || groups.front().size() < 2)
                continue;
            auto* top = new QTreeWidgetItem(m_groupTree);
            top->setFlags(Qt::ItemIsEnabled);
            QString opName;
            const int listed = std::min(static_cast<int>(groups.size()), kMaxListedGroups);
            for (int i = 0; i < listed; ++i) {
                const core::GroupCollectiveResult result = core::groupCollective(design, evaluation, dim, i);
                auto* item = new QTreeWidgetItem(top);
                item->setText(0, QStringLiteral("%1 %2").arg(dimText(dim)).arg(i));
                item->setText(1, ranksText(groups[static_cast<std::size_t>(i)]));
                item->setData(0, DimRole, static_cast<int>(dim));
                item->setData(0, IndexRole, i);
                if (!result.group) {
                    // The design's diagnostics say why in detail (a rank without a GPU, an unknown link).
                    item->setFlags(Qt::NoItemFlags);
                    item->setToolTip(0,
                                     tr("This group cannot be played: some of its ranks have no GPU, or a "
                                        "link of the design is unknown."));
                    continue;
                }
                const core::GroupCollective& g = *result.group;
                opName = collectiveOpText(g.spec.op);
                const core::CollectiveCost cost = core::collectiveCost(g.spec, g.links);
                item->setText(2, groupItemText(g));
                item->setText(3, cost.valid() ? secondsText(cost.timeSeconds) : QStringLiteral("—"));
                item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
                if (g.nodes > 1)
                    item->setForeground(3, QColor(0xb0, 0x3a, 0x2e)); // crosses the slow fabric
                const QString tip
                    = tr("%1: %2\nLinks: %3%4")
                          .arg(collectiveOpText(g.spec.op), messageExplanation(g.message),
                               qs(g.intraLink.name),
                               g.nodes > 1 ? tr(", between nodes %1").arg(qs(g.interLink.name)) : QString());
                for (int column = 0; column < 4; ++column)
                    item->setToolTip(column, tip);
            }
            if (opName.isEmpty()) {
                // No group of this dimension talks (serving replicas): nothing to list.
                delete top;
                continue;
            }
            if (static_cast<int>(groups.size()) > listed) {
                auto* more = new QTreeWidgetItem(top);
                more->setFlags(Qt::NoItemFlags);
                more->setText(0, tr("… %1 more").arg(static_cast<int>(groups.size()) - listed));
            }
            top->setText(0,
                         tr("%1: %2 groups of %3 · %4")
                             .arg(dimText(dim))
                             .arg(groups.size())
                             .arg(groups.front().size())
                             .arg(opName));
            top->setFirstColumnSpanned(true);
            top->setExpanded(true);
        }
    }
    if (m_groupTree->topLevelItemCount() == 0) {
        auto* none = new QTreeWidgetItem(m_groupTree);
        none->setFlags(Qt::NoItemFlags);
        none->setText(0, tr("The design has no TP, DP, CP or EP group of two or more ranks."));
        none->setFirstColumnSpanned(true);
    }
    if (m_group) {
        for (int i = 0; i < m_groupTree->topLevelItemCount(); ++i) {
            QTreeWidgetItem* top = m_groupTree->topLevelItem(i);
            for (int j = 0; j < top->childCount(); ++j) {
                QTreeWidgetItem* item = top->child(j);
                if (item->data(0, DimRole).toInt() == static_cast<int>(m_group->dim)
                    && item->data(0, IndexRole).toInt() == m_group->groupIndex)
                    item->setSelected(true);
            }
        }
    }
    m_updating = wasUpdating;
}

// ---- Figures, transport, caption -----------------------------------------------------------------------

void CollectivePanel::updateFigures()
{
    if (!m_timeText)
        return;
    if (m_group) {
        const core::GroupCollective& g = *m_group;
        QString text = tr("<b>%1 %2</b> on %n node(s). Its message: %3.", nullptr, g.nodes)
                           .arg(dimText(g.dim))
                           .arg(g.groupIndex)
                           .arg(messageExplanation(g.message).toHtmlEscaped());
        text += QStringLiteral("<br>")
            + tr("Inside a node: %1 (%2, α %3).")
                  .arg(qs(g.intraLink.name).toHtmlEscaped(), bandwidthText(g.intraLink.bandwidth),
                       secondsText(g.intraLink.latency));
        if (g.nodes > 1)
            text += QStringLiteral("<br>")
                + tr("Between nodes: %1 (%2, α %3).")
                      .arg(qs(g.interLink.name).toHtmlEscaped(), bandwidthText(g.interLink.bandwidth),
                           secondsText(g.interLink.latency));
        if (g.unevenNodes)
            text += QStringLiteral("<br>")
                + tr("The nodes hold different numbers of this group's GPUs; hops are priced as if each "
                     "node held %1.")
                      .arg(g.spec.ranksPerNode);
        m_groupLinks->setText(text);
    }
    if (!m_cost.valid()) {
        QStringList lines;
        for (const core::Diagnostic& d : m_cost.diagnostics)
            if (d.isError())
                lines << diagnosticMessage(d).toHtmlEscaped();
        m_timeText->setText(lines.join(QStringLiteral("<br>")));
        m_bandwidthText->clear();
        m_whyText->clear();
        m_compareText->clear();
        return;
    }
    const core::CollectiveCost& c = m_cost;
    // The animated steps priced one by one are the time shown; for ring, pairwise, hierarchical and sends
    // they add up to the α–β formula, for the pipelined tree they differ from MPICH's binomial formula.
    const bool animated = !m_stepSeconds.empty();
    const bool formulaAgrees
        = !animated || std::abs(m_seconds - c.timeSeconds) <= 1e-9 * std::max(m_seconds, 1e-12);
    const QString split
        = tr("latency %1 + transfer %2%3")
              .arg(secondsText(c.latencySeconds), secondsText(c.bandwidthSeconds),
                   c.reductionSeconds > 0 ? tr(" + reduction %1").arg(secondsText(c.reductionSeconds))
                                          : QString());
    QString time = animated
        ? tr("<b>Time: %1</b> in %n step(s)", nullptr, static_cast<int>(m_stepSeconds.size()))
              .arg(secondsText(m_seconds))
        : tr("<b>Time: %1</b>, %n message(s) one after another", nullptr, c.steps)
              .arg(secondsText(m_seconds));
    if (formulaAgrees)
        time += QStringLiteral("<br>") + split;
    else
        time += QStringLiteral("<br>")
            + tr("MPICH's binomial-tree formula, which does not pipeline the chunks, gives %1.")
                  .arg(secondsText(c.timeSeconds));
    m_timeText->setText(time);
    const core::BandwidthFigures figures
        = core::ncclTestsBandwidth(m_spec.op, m_spec.ranks, m_spec.bytes, m_seconds);
    QString formula;
    switch (m_spec.op) {
    case core::CollectiveOp::AllReduce:
        formula = QStringLiteral("2(n−1)/n");
        break;
    case core::CollectiveOp::AllGather:
    case core::CollectiveOp::ReduceScatter:
    case core::CollectiveOp::AllToAll:
        formula = QStringLiteral("(n−1)/n");
        break;
    case core::CollectiveOp::SendRecv:
        formula = QStringLiteral("1");
        break;
    }
    m_bandwidthText->setText(
        QStringLiteral("<table cellspacing='0' cellpadding='3' width='100%'>"
                       "<tr><td>%1</td><td align='center'></td><td>%2</td></tr>"
                       "<tr><td><span style='font-size:large'><b>%3</b></span></td>"
                       "<td align='center'>→ × %4 →</td>"
                       "<td><span style='font-size:large'><b>%5</b></span></td></tr>"
                       "<tr><td><small>%6</small></td><td align='center'><small>%7</small></td>"
                       "<td><small>%8</small></td></tr></table>")
            .arg(tr("Algorithm bandwidth"), tr("Bus bandwidth"), bandwidthText(figures.algBandwidth),
                 qs(core::formatNumber(figures.busFactor, 4)), bandwidthText(figures.busBandwidth),
                 tr("= S / time"), tr("n = %1: %2").arg(m_spec.ranks).arg(formula), tr("= algbw × factor")));
    const double slowest = c.crossesInterNode ? 1.0 / m_links.interNode.beta : 1.0 / m_links.intraNode.beta;
    QString why;
    switch (m_spec.op) {
    case core::CollectiveOp::AllReduce:
        why = tr(
            "Why they differ: an all-reduce moves 2(n−1)/n of the buffer over each rank's link, so busbw is "
            "what a link carried, comparable with its %1 at any rank count.");
        break;
    case core::CollectiveOp::AllGather:
    case core::CollectiveOp::ReduceScatter:
        why = tr(
            "Why they differ: only the (n−1)/n of the buffer that belongs to other ranks crosses each rank's "
            "link, so busbw is what a link carried, comparable with its %1.");
        break;
    case core::CollectiveOp::AllToAll:
        why = tr(
            "Why they differ: each rank keeps 1/n of its send buffer and sends (n−1)/n over its link, so "
            "busbw is what a link carried, comparable with its %1.");
        break;
    case core::CollectiveOp::SendRecv:
        why = tr("They are the same: the whole message crosses the link once (%1).");
        break;
    }
    m_whyText->setText(why.arg(bandwidthText(slowest)));

    m_compareText->clear();
    if (m_group) {
        const core::GroupCollective& g = *m_group;
        if (c.crossesInterNode) {
            // The same collective with every rank inside one node: what the fabric costs.
            core::CollectiveSpec inside = m_spec;
            inside.ranksPerNode = 0;
            if (inside.algorithm == core::CollectiveAlgorithm::Hierarchical)
                inside.algorithm = core::CollectiveAlgorithm::Ring;
            core::CollectiveLinks nvlink;
            nvlink.intraNode = g.links.intraNode;
            nvlink.interNode = g.links.intraNode;
            const core::CollectiveCost alone = core::collectiveCost(inside, nvlink);
            if (alone.valid() && alone.timeSeconds > 0)
                m_compareText->setText(
                    tr("<b>This group crosses the fabric</b> (%1). The same collective inside one "
                       "node over %2 would take %3: the fabric makes it %4× slower.")
                        .arg(qs(g.interLink.name).toHtmlEscaped(), qs(g.intraLink.name).toHtmlEscaped(),
                             secondsText(alone.timeSeconds),
                             qs(core::formatNumber(m_seconds / alone.timeSeconds, 2))));
        } else {
            m_compareText->setText(
                tr("This group stays inside one node, on %1.").arg(qs(g.intraLink.name).toHtmlEscaped()));
        }
    }
}

void CollectivePanel::updateTransport()
{
    const CollectivePlayhead& p = m_view->playhead();
    const bool any = m_view->hasTrace() && p.steps() > 0;
    m_restartButton->setEnabled(any && p.canStepBack());
    m_backButton->setEnabled(any && p.canStepBack());
    m_forwardButton->setEnabled(any && p.canStepForward());
    m_playButton->setEnabled(any);
    if (p.isPlaying())
        m_playButton->setText(tr("Pause"));
    else if (any && p.atEnd())
        m_playButton->setText(tr("Replay"));
    else
        m_playButton->setText(tr("Play"));
    m_playButton->setIcon(
        style()->standardIcon(p.isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

QString CollectivePanel::captionText() const
{
    if (!m_view->hasTrace())
        return m_view->message();
    const core::CollectiveTrace& trace = *m_trace;
    const CollectivePlayhead& p = m_view->playhead();
    const int n = trace.spec.ranks;
    QString goal;
    switch (trace.spec.op) {
    case core::CollectiveOp::AllReduce:
        goal = tr("every rank ends up with the sum of all ranks' tensors.");
        break;
    case core::CollectiveOp::AllGather:
        goal = tr("every rank ends up with the shards of all ranks.");
        break;
    case core::CollectiveOp::ReduceScatter:
        goal = tr("every rank ends up with the sum of one shard, its own.");
        break;
    case core::CollectiveOp::AllToAll:
        goal = tr("every rank sends every other rank a different piece.");
        break;
    case core::CollectiveOp::SendRecv:
        goal = trace.spec.algorithm == core::CollectiveAlgorithm::Direct
            ? tr("rank %1 sends its tensor to exactly one other rank, %2.").arg(rankName(0), rankName(1))
            : tr("every rank sends its tensor to the next rank.");
        break;
    }
    const int shown = p.shownStep();
    if (shown < 0) {
        QString before;
        switch (trace.spec.op) {
        case core::CollectiveOp::AllGather:
            before
                = tr("Before: each of the %1 ranks holds only its own shard (one column per rank, one cell "
                     "per chunk).")
                      .arg(n);
            break;
        case core::CollectiveOp::AllToAll:
            before
                = tr("Before: each of the %1 ranks holds one piece for every rank (\"2.1\" is rank 2's piece "
                     "for rank 1).")
                      .arg(n);
            break;
        default:
            before
                = tr("Before: each of the %1 ranks holds its own tensor, cut into %2 chunks (one column per "
                     "rank, one cell per chunk).")
                      .arg(n)
                      .arg(trace.spec.chunks);
            break;
        }
        return tr("%1 Goal: %2").arg(before, goal);
    }

    const core::CollectiveStep& step = trace.steps[static_cast<std::size_t>(shown)];
    // One phrase per link: "rank 0 sends chunk 3 to rank 1".
    std::map<std::pair<int, int>, std::vector<int>> byLink;
    bool reduces = false, copies = false;
    for (const core::CollectiveSend& s : step.sends) {
        byLink[{s.from, s.to}].push_back(s.chunk);
        (s.reduces ? reduces : copies) = true;
    }
    QStringList phrases;
    // Every link when there are a few, else the first three.
    const qsizetype listed = byLink.size() <= 4 ? 4 : 3;
    for (const auto& [link, chunks] : byLink) {
        if (phrases.size() == listed)
            break;
        QStringList numbers;
        for (int c : chunks)
            numbers << QString::number(c);
        phrases << (chunks.size() == 1 ? tr("rank %1 sends chunk %2 to rank %3")
                                       : tr("rank %1 sends chunks %2 to rank %3"))
                       .arg(rankName(link.first), numbers.join(QStringLiteral(", ")), rankName(link.second));
    }
    QString sends = phrases.join(QStringLiteral(", "));
    if (byLink.size() > 4)
        sends += tr(", … (%1 links at once)").arg(byLink.size());
    QString effect;
    if (reduces && copies)
        effect = tr("partial sums go up the trees and are added, finished sums come down and are copied");
    else if (reduces)
        effect = tr("each receiver adds it to its own part");
    else
        effect = tr("each receiver keeps a copy");
    QString text = tr("Step %1 of %2 · %3: %4; %5.")
                       .arg(shown + 1)
                       .arg(p.steps())
                       .arg(collectivePhaseText(step.phase), sends, effect);
    if (static_cast<std::size_t>(shown) < m_stepSeconds.size())
        text += QStringLiteral(" (%1)").arg(secondsText(m_stepSeconds[static_cast<std::size_t>(shown)]));
    if (p.atEnd() && !p.isMoving())
        text += QLatin1Char('\n') + tr("Done: %1").arg(goal);
    return text;
}

void CollectivePanel::updateCaption()
{
    if (m_caption)
        m_caption->setText(captionText());
}

QString CollectivePanel::figuresText() const
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
