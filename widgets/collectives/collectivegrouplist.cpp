// SPDX-License-Identifier: GPL-3.0-or-later
#include "collectives/collectivegrouplist.h"

#include "collectives/collectivegrouptext.h"
#include "collectives/collectivetext.h"
#include "comm/groupcollective.h"
#include "comm/grouplinks.h"
#include "comm/stagecopy.h"
#include "common/catalogtext.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"

#include <QEvent>
#include <QHeaderView>
#include <QSet>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <span>
#include <tuple>

namespace widgets {

namespace {

// Groups listed per dimension; the rest are reachable through CollectivePanel::selectGroup().
constexpr int kMaxListedGroups = 64;

enum ItemRole { DimRole = Qt::UserRole, IndexRole };

bool sameMessage(const core::GroupMessage& a, const core::GroupMessage& b)
{
    const auto fields = [](const core::GroupMessage& m) {
        return std::tie(m.kind, m.bytes, m.bytesPerElement, m.tokens, m.microBatch, m.hidden, m.parameters,
                        m.kvHeads, m.headDim, m.topK, m.blocks, m.partition);
    };
    return fields(a) == fields(b);
}

// The groups of a dimension move one message over mostly the same links: their tooltips are worded once
// per list rather than once per row (the numbers in them, through QLocale, were most of the list's cost).
class TipCache
{
public:
    const QString& tipOf(const core::GroupCollective& g)
    {
        if (!m_message || !sameMessage(*m_message, g.message)) {
            m_message = g.message;
            m_messageText = groupMessageText(g.message);
            m_tips.clear();
        }
        auto key = std::make_tuple(static_cast<int>(g.spec.op), g.intraLink.name,
                                   g.nodes > 1 ? g.interLink.name : std::string());
        auto found = m_tips.find(key);
        if (found == m_tips.end()) {
            const QString tip
                = CollectivePanelText::tr("%1: %2\nLinks: %3%4")
                      .arg(collectiveOpText(g.spec.op), m_messageText, presetName(g.intraLink.name),
                           g.nodes > 1 ? CollectivePanelText::tr(", between nodes %1")
                                             .arg(presetName(g.interLink.name))
                                       : QString());
            found = m_tips.emplace(std::move(key), tip).first;
        }
        return found->second;
    }

private:
    std::optional<core::GroupMessage> m_message;
    QString m_messageText;
    std::map<std::tuple<int, std::string, std::string>, QString> m_tips;
};

// Fills a group's row: its name, ranks, links and time, and what it moves in a tooltip.
void describeItem(QTreeWidgetItem* item, const core::GroupCollective& g, TipCache& tips)
{
    const core::CollectiveCost cost = core::collectiveCost(g.spec, g.links);
    item->setText(2, groupLinkClassesText(g));
    item->setText(3, cost.valid() ? secondsText(cost.timeSeconds) : QStringLiteral("—"));
    item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
    if (g.nodes > 1)
        item->setForeground(3, palette::collectiveCrossesFabric);
    const QString& tip = tips.tipOf(g);
    for (int column = 0; column < 4; ++column)
        item->setToolTip(column, tip);
}

} // namespace

CollectiveGroupList::CollectiveGroupList(QWidget* parent)
    : QGroupBox(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("groupTree"));
    m_tree->setColumnCount(4);
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    // Room for a TP and a DP list at once (about 16 rows), scrolling beyond.
    m_tree->setMinimumHeight(16 * fontMetrics().height() + 40);
    // Group, links and time as wide as their texts (fitColumns); the rank lists take what is left and
    // elide, so that the time stays in view however long the translated texts are.
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::Fixed);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_tree->header()->setMinimumSectionSize(24);
    m_tree->viewport()->installEventFilter(this);
    layout->addWidget(m_tree);

    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, [this] {
        if (m_marking)
            return;
        const QList<QTreeWidgetItem*> items = m_tree->selectedItems();
        if (items.isEmpty() || !items.front()->data(0, IndexRole).isValid())
            return;
        emit groupChosen(static_cast<core::Dim>(items.front()->data(0, DimRole).toInt()),
                         items.front()->data(0, IndexRole).toInt());
    });
}

void CollectiveGroupList::retranslate()
{
    setTitle(CollectivePanelText::tr("Groups of this design"));
    m_tree->setToolTip(CollectivePanelText::tr(
        "Choose a group to play its collective on its GPUs, with its message and links."));
    m_tree->setHeaderLabels({CollectivePanelText::tr("Group"), CollectivePanelText::tr("Ranks"),
                             CollectivePanelText::tr("Links"), CollectivePanelText::tr("Time")});
    for (int column = 0; column < m_tree->columnCount(); ++column)
        m_tree->headerItem()->setToolTip(column, m_tree->headerItem()->text(column));
    fitColumns(); // the headers' widths changed, the rows' texts may not
}

void CollectiveGroupList::fill(const DesignSnapshot& snapshot,
                               std::optional<std::pair<core::Dim, int>> selected)
{
    const bool wasMarking = m_marking;
    m_marking = true;
    // The rows are built apart from the tree and added at once: with the columns sized to their contents,
    // every row added to (or expanded in) a shown tree would measure all rows again.
    QList<QTreeWidgetItem*> tops;
    if (!snapshot.isNull() && snapshot.evaluation->hasMesh) {
        // Built once for every group listed: it walks every node (a quarter of the list at 4,096 GPUs).
        const core::ClusterLinkSpecs specs(snapshot.design->cluster, snapshot.evaluation->presets());
        // PP last: its groups talk only as the pairs of copies (DualPipe, the embedding: comm/stagecopy.h).
        for (core::Dim dim : {core::Dim::Tp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep, core::Dim::Pp})
            if (QTreeWidgetItem* top = dimensionItem(snapshot, specs, dim))
                tops << top;
    }
    // An edit that keeps the groups (most do: recomputation, batch, precision) changes a few texts: the
    // rows stay, so that the tree is not cleared, filled, expanded and measured again for each edit.
    if (sameRows(tops)) {
        const bool measure = takeTexts(tops);
        qDeleteAll(tops);
        if (measure)
            fitColumns();
        m_tree->clearSelection();
        if (selected)
            for (QTreeWidgetItem* item : itemsOf(selected->first, selected->second))
                item->setSelected(true);
        m_marking = wasMarking;
        return;
    }
    m_tree->clear();
    m_tree->addTopLevelItems(tops);
    for (QTreeWidgetItem* top : tops)
        top->setFirstColumnSpanned(true); // only an item in a tree can span
    m_tree->expandAll();
    fitColumns();
    if (m_tree->topLevelItemCount() == 0) {
        auto* none = new QTreeWidgetItem(m_tree);
        none->setFlags(Qt::NoItemFlags);
        none->setText(
            0, CollectivePanelText::tr("The design has no TP, DP, CP or EP group of two or more ranks."));
        none->setFirstColumnSpanned(true);
    }
    if (selected)
        for (QTreeWidgetItem* item : itemsOf(selected->first, selected->second))
            item->setSelected(true);
    m_marking = wasMarking;
}

QTreeWidgetItem* CollectiveGroupList::dimensionItem(const DesignSnapshot& snapshot,
                                                    const core::ClusterLinkSpecs& specs, core::Dim dim)
{
    const core::Evaluation& e = *snapshot.evaluation;
    const core::RankGroups& groups = e.mesh.groupsOf(dim);
    // Pipeline groups send point to point; under DualPipe the pairs of ranks holding the same two stages
    // sum their gradients, and with a word embedding on both ends the first and last stage sum its copies:
    // those pairs are the PP groups listed (core::groupCollective plays them).
    const bool stageCopies = dim == core::Dim::Pp;
    const std::vector<std::array<int, 2>> pairs = stageCopies
        ? core::stageCopyPairs(*snapshot.design, e.mesh, e.ranks)
        : std::vector<std::array<int, 2>>{};
    if (stageCopies ? pairs.empty() : (groups.empty() || groups.front().size() < 2))
        return nullptr;
    const int count = static_cast<int>(stageCopies ? pairs.size() : groups.size());
    auto* top = new QTreeWidgetItem;
    top->setFlags(Qt::ItemIsEnabled);
    QString opName;
    TipCache tips;
    const int listed = std::min(count, kMaxListedGroups);
    for (int i = 0; i < listed; ++i) {
        const core::GroupCollectiveResult result = core::groupCollective(*snapshot.design, e, specs, dim, i);
        auto* item = new QTreeWidgetItem(top);
        const auto index = static_cast<std::size_t>(i);
        item->setText(0,
                      stageCopies ? CollectivePanelText::tr("Copies %1").arg(i)
                                  : QStringLiteral("%1 %2").arg(groupDimText(dim)).arg(i));
        item->setText(1, groupRanksText(stageCopies ? std::span<const int>(pairs[index]) : groups[index]));
        item->setData(0, DimRole, static_cast<int>(dim));
        item->setData(0, IndexRole, i);
        if (!result.group) {
            // The design's diagnostics say why in detail (a rank without a GPU, an unknown link).
            item->setFlags(Qt::NoItemFlags);
            item->setToolTip(
                0,
                CollectivePanelText::tr("This group cannot be played: some of its ranks have no GPU, "
                                        "or a link of the design is unknown."));
            continue;
        }
        opName = dim == core::Dim::Tp && result.group->spec.op == core::CollectiveOp::AllGather
            ? CollectivePanelText::tr("all-gather and reduce-scatter (sequence parallel)")
            : collectiveOpText(result.group->spec.op);
        describeItem(item, *result.group, tips);
    }
    if (opName.isEmpty()) {
        // No group of this dimension talks (serving replicas): nothing to list.
        delete top;
        return nullptr;
    }
    if (count > listed) {
        auto* more = new QTreeWidgetItem(top);
        more->setFlags(Qt::NoItemFlags);
        more->setText(0, CollectivePanelText::tr("… %1 more").arg(integerText(count - listed)));
    }
    const bool embedding = core::pipelineCopies(*snapshot.design) == core::PipelineCopies::Embedding;
    top->setText(0,
                 stageCopies && embedding
                     ? CollectivePanelText::tr(
                           "Embedding copies: %Ln pair(s) of the first and last stage · %1", nullptr, count)
                           .arg(opName)
                     : stageCopies
                     ? CollectivePanelText::tr("DualPipe copies: %Ln pair(s) r, PP−1−r · %1", nullptr, count)
                           .arg(opName)
                     : CollectivePanelText::tr("%1: %Ln group(s) of %2 · %3", nullptr, count)
                           .arg(groupDimText(dim))
                           .arg(integerText(static_cast<long long>(groups.front().size())))
                           .arg(opName));
    return top;
}

void CollectiveGroupList::fitColumns()
{
    // Qt's ResizeToContents would measure every row through the style at each change of the tree (two
    // thirds of the tab's redraw at 512 GPUs); the rows of a column repeat a few texts, each measured once.
    const QFontMetrics metrics = m_tree->fontMetrics();
    // The item's text margins as QCommonStyle's viewItemSize adds them.
    const int padding = 2 * (m_tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_tree) + 1);
    for (int column : {0, 2, 3}) {
        QSet<QString> texts;
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
            for (int j = 0; j < m_tree->topLevelItem(i)->childCount(); ++j)
                texts.insert(m_tree->topLevelItem(i)->child(j)->text(column));
        // The links' header ("Verbindungen" in German) is wider than "NVLink": that column is as wide as
        // its rows and its header elides (its tooltip says it whole), so that the rank lists keep the room.
        int width = column == 2 ? 0 : m_tree->header()->sectionSizeHint(column);
        for (const QString& text : texts)
            width = std::max(width, metrics.horizontalAdvance(text) + padding);
        if (column == 0) // the rows sit one level in, below decorated top rows
            width += m_tree->indentation() * (m_tree->rootIsDecorated() ? 2 : 1);
        if (column == 2)
            m_linksWidth = width;
        else
            m_tree->header()->resizeSection(column, width);
    }
    shareWidth();
}

void CollectiveGroupList::shareWidth()
{
    // The side column is narrower than the four columns' texts at full width: the time, the row's answer,
    // stays whole and in view (no sideways scrolling); the links and the rank lists give way.
    QHeaderView* header = m_tree->header();
    const int rest = m_tree->viewport()->width() - header->sectionSize(0) - header->sectionSize(3);
    const int minimumRanks = m_tree->fontMetrics().horizontalAdvance(QStringLiteral("0, 8, 16…"));
    header->resizeSection(
        2, std::max(std::min(m_linksWidth, rest - minimumRanks), header->minimumSectionSize()));
}

bool CollectiveGroupList::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize)
        shareWidth();
    return QGroupBox::eventFilter(watched, event);
}

bool CollectiveGroupList::sameRows(const QList<QTreeWidgetItem*>& tops) const
{
    if (tops.isEmpty() || m_tree->topLevelItemCount() != tops.size())
        return false;
    for (int i = 0; i < tops.size(); ++i) {
        const QTreeWidgetItem* shown = m_tree->topLevelItem(i);
        const QTreeWidgetItem* fresh = tops[i];
        if (shown->childCount() != fresh->childCount())
            return false;
        for (int j = 0; j < fresh->childCount(); ++j) {
            const QTreeWidgetItem* a = shown->child(j);
            const QTreeWidgetItem* b = fresh->child(j);
            if (a->flags() != b->flags() || a->data(0, DimRole) != b->data(0, DimRole)
                || a->data(0, IndexRole) != b->data(0, IndexRole))
                return false;
        }
    }
    return true;
}

namespace {

// Gives `shown` what `fresh` says; whether a text of a column sized to its contents changed.
bool takeRow(QTreeWidgetItem* shown, const QTreeWidgetItem* fresh)
{
    bool measure = false;
    for (int column = 0; column < fresh->columnCount() || column < shown->columnCount(); ++column) {
        if (column != 1 && shown->text(column) != fresh->text(column))
            measure = true;
        // QTreeWidgetItem::setData leaves a value that is already set alone: an unchanged row stays as is.
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::TextAlignmentRole),
                         int(Qt::ForegroundRole)})
            shown->setData(column, role, fresh->data(column, role));
    }
    return measure;
}

} // namespace

bool CollectiveGroupList::takeTexts(const QList<QTreeWidgetItem*>& tops)
{
    bool measure = false;
    for (int i = 0; i < tops.size(); ++i) {
        QTreeWidgetItem* shown = m_tree->topLevelItem(i);
        measure |= takeRow(shown, tops[i]);
        for (int j = 0; j < tops[i]->childCount(); ++j)
            measure |= takeRow(shown->child(j), tops[i]->child(j));
    }
    return measure;
}

QList<QTreeWidgetItem*> CollectiveGroupList::itemsOf(core::Dim dim, int groupIndex) const
{
    QList<QTreeWidgetItem*> items;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = m_tree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem* item = top->child(j);
            if (item->data(0, DimRole).toInt() == static_cast<int>(dim)
                && item->data(0, IndexRole).toInt() == groupIndex)
                items << item;
        }
    }
    return items;
}

void CollectiveGroupList::mark(core::Dim dim, int groupIndex)
{
    const bool wasMarking = m_marking;
    m_marking = true;
    m_tree->clearSelection();
    for (QTreeWidgetItem* item : itemsOf(dim, groupIndex)) {
        item->setSelected(true);
        m_tree->scrollToItem(item);
    }
    m_marking = wasMarking;
}

void CollectiveGroupList::clearMark()
{
    const bool wasMarking = m_marking;
    m_marking = true;
    m_tree->clearSelection();
    m_marking = wasMarking;
}

} // namespace widgets
