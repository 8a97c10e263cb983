// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivepanel.h"

#include "collectives/collectivecaption.h"
#include "collectives/collectivecontrols.h"
#include "collectives/collectivefigures.h"
#include "collectives/collectivegrouplist.h"
#include "collectives/collectivelinksbox.h"
#include "collectives/collectivetext.h"
#include "collectives/collectivetransport.h"
#include "collectives/collectiveview.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "diagnostics/diagnostictext.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace widgets {

CollectivePanel::CollectivePanel(QWidget* parent)
    : QWidget(parent)
{
    buildParts();
    m_groupTreeRebuild = new RebuildWhenShown(this, [this] { rebuildGroupTree(); });
    retranslate();
    m_updating = true;
    setLinks(5e-6, 100e9); // test case 13 of the reference article: α = 5 µs, 100 GB/s
    setMessageBytes(1e9);
    m_updating = false;
    setCollective(core::CollectiveOp::AllReduce, core::CollectiveAlgorithm::Ring, 4);
}

// The parts are created in reading order, which is also the order Tab walks them.
void CollectivePanel::buildParts()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);

    m_controls = new CollectiveControls(this);
    layout->addWidget(m_controls);

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
    QWidget* side = buildSideColumn();
    // Scrolls when the window is short; the word-wrapped texts keep their height (QScrollArea asks the
    // layout's heightForWidth at the viewport's width).
    m_sideScroll = new QScrollArea(splitter);
    m_sideScroll->setWidget(side);
    m_sideScroll->setWidgetResizable(true);
    m_sideScroll->setFrameShape(QFrame::NoFrame);
    m_sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A scroll bar that comes and goes would change the width the texts wrapped at, and clip their last line.
    m_sideScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_sideScroll->setMinimumWidth(370);
    m_sideScroll->setMaximumWidth(540);
    splitter->addWidget(m_sideScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({1000, 370});
    layout->addWidget(splitter, 1);

    m_transport = new CollectiveTransport(m_view, this);
    layout->addWidget(m_transport);
    addShortcuts();

    connect(m_view, &CollectiveView::stateChanged, this, [this] {
        m_transport->refresh();
        updateCaption();
    });
    connect(m_controls, &CollectiveControls::changed, this, &CollectivePanel::rebuild);
    connect(m_controls, &CollectiveControls::ownValuesRequested, this, &CollectivePanel::useOwnValues);
    connect(m_linksBox, &CollectiveLinksBox::changed, this, &CollectivePanel::rebuild);
    connect(m_linksBox, &CollectiveLinksBox::nodesChanged, this, [this] {
        fitSideColumn();
        rebuild();
    });
    connect(m_groupList, &CollectiveGroupList::groupChosen, this, &CollectivePanel::selectGroup);
}

// The side column: what the collective costs, the design's groups, and the links.
QWidget* CollectivePanel::buildSideColumn()
{
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 4, 0);
    m_figures = new CollectiveFigures(side);
    sideLayout->addWidget(m_figures);
    m_groupList = new CollectiveGroupList(side);
    sideLayout->addWidget(m_groupList, 1);
    m_linksBox = new CollectiveLinksBox(side);
    sideLayout->addWidget(m_linksBox);
    sideLayout->addStretch(0);
    return side;
}

// Keys a presenter's clicker sends (Page Down/Up) and the arrows step; space plays and pauses. Spin boxes
// with focus keep their own keys (they accept the shortcut override).
void CollectivePanel::addShortcuts()
{
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
}

void CollectivePanel::retranslate()
{
    m_controls->retranslate();
    m_groupList->retranslate();
    m_linksBox->retranslate();
    m_figures->retranslate();
    m_transport->retranslate();
    m_groupTreeRebuild->request();
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
    m_transport->refresh();
    updateCaption();
}

// New texts change the side column's height for its width. QScrollArea sizes its widget by that height
// only when it gets a layout request itself, and the boxes' layouts report their new heights only once they
// have been activated; so the caches are dropped and the scroll area asked now, not some events later.
void CollectivePanel::fitSideColumn()
{
    if (!m_sideScroll || !m_sideScroll->widget())
        return;
    for (QWidget* box : std::initializer_list<QWidget*>{m_figures, m_groupList, m_linksBox}) {
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

// ---- Setting the collective ----------------------------------------------------------------------------

void CollectivePanel::setCollective(core::CollectiveOp op, core::CollectiveAlgorithm algorithm, int ranks,
                                    int chunks)
{
    m_updating = true;
    m_group.reset();
    syncControlsToGroup();
    m_controls->setOp(op);
    m_controls->setAlgorithm(algorithm);
    m_controls->setRanks(ranks);
    m_controls->setChunks(chunks);
    m_updating = false;
    rebuild();
}

void CollectivePanel::setMessageBytes(double bytes)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_controls->setBytes(bytes);
    m_updating = wasUpdating;
    rebuild();
}

void CollectivePanel::setLinks(double alpha, double bandwidth, int ranksPerNode, double interAlpha,
                               double interBandwidth)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_linksBox->setValues(alpha, bandwidth, ranksPerNode, interAlpha, interBandwidth);
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
    m_controls->setOp(m_group->spec.op);
    m_controls->setAlgorithm(m_group->spec.algorithm);
    syncControlsToGroup();
    m_groupList->mark(dim, groupIndex);
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
    m_groupList->clearMark();
    m_updating = false;
    rebuild();
}

// The controls show the group's values and cannot be edited while a group plays.
void CollectivePanel::syncControlsToGroup()
{
    const core::GroupCollective* group = m_group ? &*m_group : nullptr;
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_controls->showGroup(group);
    m_linksBox->showGroup(group);
    m_updating = wasUpdating;
    fitSideColumn();
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
        spec.ranks = m_controls->ranks();
        spec.bytes = m_controls->bytes();
        spec.ranksPerNode = m_linksBox->ranksPerNode();
        m_links = m_linksBox->links();
    }
    spec.op = m_controls->op();
    spec.algorithm = m_controls->algorithm();
    spec.chunks = m_controls->chunks();
    spec.source = 0;
    spec.destination = 1;
    m_spec = spec;
    m_cost = core::collectiveCost(spec, m_links);
    m_stepSeconds.clear();

    CollectiveScene scene;
    scene.costModel = QStringLiteral("α–β");
    rebuildTrace(scene);
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
    m_transport->refresh();
    updateCaption();
}

// The trace of m_spec and its steps' times into `scene`, or why there is none: too many ranks to animate,
// or the core's diagnostics of the trace and the cost (each once).
void CollectivePanel::rebuildTrace(CollectiveScene& scene)
{
    if (m_spec.ranks > kMaxAnimatedRanks) {
        m_trace.reset();
        scene.message
            = tr("This group has %1 ranks; the animation shows up to %2. Its time and bandwidths are "
                 "on the right.")
                  .arg(integerText(m_spec.ranks))
                  .arg(integerText(kMaxAnimatedRanks));
        return;
    }
    m_trace = std::make_shared<const core::CollectiveTrace>(core::traceCollective(m_spec));
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
        return;
    }
    QStringList lines;
    for (const core::Diagnostic& d : problems)
        lines << diagnosticMessage(d);
    scene.message = lines.join(QLatin1Char('\n'));
}

// Columns: the group's ranks where they run, or ranks 0…n−1 (in nodes of the chosen size).
void CollectivePanel::labelColumns(CollectiveScene& scene) const
{
    const int n = std::min(m_spec.ranks, kMaxAnimatedRanks);
    for (int i = 0; i < n; ++i) {
        const QString name = m_group && i < static_cast<int>(m_group->members.size())
            ? QString::number(m_group->members[static_cast<std::size_t>(i)].rank)
            : QString::number(i);
        scene.heads << tr("rank %1").arg(name);
        scene.discLabels << name;
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

// ---- The design's groups -------------------------------------------------------------------------------

void CollectivePanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    const std::optional<std::pair<core::Dim, int>> previous = selectedGroup();
    m_groupTreeRebuild->request();
    // The design changed: play the same group with its new ranks, links and message, or leave it.
    if (previous && !selectGroup(previous->first, previous->second))
        useOwnValues();
}

void CollectivePanel::rebuildGroupTree()
{
    m_groupList->fill(m_snapshot, selectedGroup());
}

QTreeWidget* CollectivePanel::groupTree() const
{
    return m_groupTreeRebuild->current(m_groupList->tree());
}

// ---- Figures and caption -------------------------------------------------------------------------------

void CollectivePanel::updateFigures()
{
    if (m_group)
        m_linksBox->describeGroup(*m_group);
    m_figures->showCost(m_spec, m_links, m_cost, m_seconds, static_cast<int>(m_stepSeconds.size()),
                        m_group ? &*m_group : nullptr);
}

QString CollectivePanel::captionText() const
{
    return collectiveCaption(*m_view);
}

void CollectivePanel::updateCaption()
{
    if (m_caption)
        m_caption->setText(captionText());
}

QString CollectivePanel::figuresText() const
{
    return m_figures->text();
}

} // namespace widgets
