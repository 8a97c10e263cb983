// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/clusterpanel.h"

#include "base/diagnostickinds.h"
#include "catalog/catalog.h"
#include "cluster/clustercanvas.h"
#include "cluster/clusterlegend.h"
#include "cluster/gpupalette.h"
#include "cluster/whatiftext.h"
#include "comm/stagecopy.h"
#include "common/catalogtext.h"
#include "common/explanationdialog.h"
#include "common/groupcolors.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "design/placementchecks.h"
#include "design/placementfix.h"
#include "diagnostics/diagnostictext.h"
#include "memory/memorytext.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace widgets {

namespace {

constexpr std::array kDims{core::Dim::Tp, core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep};
constexpr std::array kLinks{core::LinkClass::NvLink, core::LinkClass::Pcie, core::LinkClass::Fabric};

QString rankList(std::span<const int> group)
{
    bool consecutive = group.size() > 2;
    for (std::size_t i = 1; i < group.size() && consecutive; ++i)
        consecutive = group[i] == group[i - 1] + 1;
    if (consecutive)
        return QStringLiteral("%1–%2").arg(group.front()).arg(group.back());
    QStringList items;
    for (std::size_t i = 0; i < group.size(); ++i) {
        if (i == 8 && group.size() > 10) {
            items << QStringLiteral("…") << QString::number(group.back());
            break;
        }
        items << QString::number(group[i]);
    }
    return items.join(QStringLiteral(", "));
}

QLabel* sectionLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace

ClusterPanel::ClusterPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(createHeader());

    m_traffic = new QLabel(this);
    m_traffic->setContentsMargins(8, 2, 8, 0);
    m_traffic->setTextFormat(Qt::RichText);
    m_traffic->setWordWrap(true);
    layout->addWidget(m_traffic);
    m_legend = new QLabel(this);
    m_legend->setContentsMargins(8, 0, 8, 0);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setStyleSheet(QStringLiteral("color: %1;").arg(palette::clusterLegendText.name()));
    layout->addWidget(m_legend);

    auto* warningHolder = new QHBoxLayout;
    warningHolder->setContentsMargins(8, 0, 8, 0);
    warningHolder->addWidget(createWarningBar());
    layout->addLayout(warningHolder);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_canvas = new ClusterCanvas(splitter);
    QWidget* side = createSideColumn(splitter);
    splitter->addWidget(m_canvas);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({1000, 300});
    layout->addWidget(splitter, 1);

    m_status = new QLabel(this);
    m_status->setContentsMargins(8, 2, 8, 6);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    m_rebuild = new RebuildWhenShown(this, [this] { rebuild(); });
    connectControls();
    retranslate();
}

// The dimension buttons (which colour the GPUs and double as the legend of the hover paths), the drag mode,
// auto-place, the lesson and fit buttons.
QLayout* ClusterPanel::createHeader()
{
    auto* header = new QHBoxLayout;
    header->setContentsMargins(8, 6, 8, 0);
    m_colorLabel = new QLabel(this);
    header->addWidget(m_colorLabel);
    m_dimButtons = new QButtonGroup(this);
    m_dimButtons->setExclusive(true);
    for (core::Dim dim : kDims) {
        auto* button = new QToolButton(this);
        button->setCheckable(true);
        button->setText(dimensionLabel(dim));
        button->setMinimumWidth(40);
        // The buttons double as the legend of the hover paths: each dimension in its own colour.
        QPalette colours = button->palette();
        colours.setColor(QPalette::ButtonText, dimensionColor(dim).darker(115));
        button->setPalette(colours);
        QFont bold = button->font();
        bold.setBold(true);
        button->setFont(bold);
        m_dimButtons->addButton(button, static_cast<int>(dim));
        header->addWidget(button);
    }
    m_dimButtons->button(static_cast<int>(core::Dim::Tp))->setChecked(true);
    header->addSpacing(16);
    m_modeLabel = new QLabel(this);
    header->addWidget(m_modeLabel);
    auto* modes = new QButtonGroup(this);
    m_moveGpus = new QToolButton(this);
    m_swapRanks = new QToolButton(this);
    for (QToolButton* button : {m_moveGpus, m_swapRanks}) {
        button->setCheckable(true);
        modes->addButton(button);
        header->addWidget(button);
    }
    m_moveGpus->setChecked(true);
    header->addSpacing(16);
    m_autoPlace = new QPushButton(this);
    header->addWidget(m_autoPlace);
    header->addStretch(1);
    m_learn = new QToolButton(this);
    m_learn->setObjectName(QStringLiteral("learnSplit"));
    header->addWidget(m_learn);
    m_fit = new QToolButton(this);
    header->addWidget(m_fit);
    return header;
}

// The placement warning and its one-click fix; hidden while there is nothing to warn about.
QWidget* ClusterPanel::createWarningBar()
{
    m_warningBar = new QWidget(this);
    m_warningBar->setObjectName(QStringLiteral("warningBar"));
    m_warningBar->setStyleSheet(
        QStringLiteral("#warningBar { background: %1; border: 1px solid %2; border-radius: 4px; }")
            .arg(palette::warningBarFill.name(), palette::warningBarBorder.name()));
    auto* warningLayout = new QHBoxLayout(m_warningBar);
    warningLayout->setContentsMargins(8, 4, 8, 4);
    m_warning = new QLabel(m_warningBar);
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("color: %1;").arg(palette::warningBarText.name()));
    warningLayout->addWidget(m_warning, 1);
    m_fix = new QPushButton(m_warningBar);
    warningLayout->addWidget(m_fix);
    m_warningBar->hide();
    return m_warningBar;
}

// Beside the canvas: the GPU palette, "add nodes", the traffic table and the what-if.
QWidget* ClusterPanel::createSideColumn(QWidget* parent)
{
    // The side column scrolls when the window is short (a laptop or a projector): its labels wrap and
    // must never be drawn over one another.
    auto* sideScroll = new QScrollArea(parent);
    sideScroll->setWidgetResizable(true);
    sideScroll->setFrameShape(QFrame::NoFrame);
    sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* side = new QWidget(sideScroll);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(6, 0, 6, 0);
    m_paletteLabel = sectionLabel(side);
    sideLayout->addWidget(m_paletteLabel);
    m_palette = new GpuPalette(side);
    m_palette->setMaximumHeight(m_palette->sizeHintForRow(0) * m_palette->count()
                                + 2 * m_palette->frameWidth() + 2);
    sideLayout->addWidget(m_palette);
    m_addLabel = new QLabel(side);
    m_addLabel->setWordWrap(true);
    sideLayout->addWidget(m_addLabel);
    auto* addRow = new QHBoxLayout;
    m_addCount = new QSpinBox(side);
    m_addCount->setRange(1, 4096);
    m_addCount->setValue(1);
    m_addTimes = new QLabel(side);
    m_addGpus = new QSpinBox(side);
    m_addGpus->setRange(0, 72);
    m_addGpus->setValue(8);
    m_addNodes = new QPushButton(side);
    addRow->addWidget(m_addCount);
    addRow->addWidget(m_addTimes);
    addRow->addWidget(m_addGpus);
    addRow->addWidget(m_addNodes, 1);
    sideLayout->addLayout(addRow);
    sideLayout->addSpacing(8);
    m_tableLabel = sectionLabel(side);
    sideLayout->addWidget(m_tableLabel);
    m_table = new QTableWidget(static_cast<int>(kDims.size()), 5, side);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height()
                            + static_cast<int>(kDims.size()) * m_table->verticalHeader()->defaultSectionSize()
                            + 4);
    sideLayout->addWidget(m_table);
    m_totals = new QLabel(side);
    m_totals->setWordWrap(true);
    sideLayout->addWidget(m_totals);
    sideLayout->addSpacing(8);
    m_whatIfLabel = sectionLabel(side);
    sideLayout->addWidget(m_whatIfLabel);
    m_whatIf = new QLabel(side);
    m_whatIf->setWordWrap(true);
    m_whatIf->setTextFormat(Qt::RichText);
    m_whatIf->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    sideLayout->addWidget(m_whatIf);
    sideLayout->addStretch(1);
    side->setMinimumWidth(330);
    sideScroll->setWidget(side);
    sideScroll->setMinimumWidth(330 + sideScroll->verticalScrollBar()->sizeHint().width());
    return sideScroll;
}

void ClusterPanel::connectControls()
{
    connect(m_dimButtons, &QButtonGroup::idClicked, this,
            [this](int id) { setColorDimension(static_cast<core::Dim>(id)); });
    connect(m_moveGpus, &QToolButton::clicked, this,
            [this] { m_canvas->setEditMode(ClusterCanvas::EditMode::MoveGpus); });
    connect(m_swapRanks, &QToolButton::clicked, this,
            [this] { m_canvas->setEditMode(ClusterCanvas::EditMode::SwapRanks); });
    connect(m_autoPlace, &QPushButton::clicked, this,
            [this] { emit clusterEditRequested(core::edit::AutoPlace{}); });
    connect(m_fit, &QToolButton::clicked, m_canvas, &ClusterCanvas::fitCluster);
    connect(m_learn, &QToolButton::clicked, this,
            [this] { emit lessonRequested(static_cast<core::Dim>(m_dimButtons->checkedId())); });
    connect(m_fix, &QPushButton::clicked, this, &ClusterPanel::tpFixRequested);
    connect(m_addNodes, &QPushButton::clicked, this, [this] {
        emit clusterEditRequested(
            core::edit::AddNodes{m_addCount->value(), m_addGpus->value(), ss(m_palette->currentType()), {}});
    });
    connect(m_addCount, &QSpinBox::valueChanged, this, &ClusterPanel::updateAddSuffixes);
    connect(m_addGpus, &QSpinBox::valueChanged, this, &ClusterPanel::updateAddSuffixes);
    connect(m_table, &QTableWidget::cellClicked, this,
            [this](int row, int) { setColorDimension(kDims[static_cast<std::size_t>(row)]); });
    connect(m_canvas, &ClusterCanvas::clusterEditRequested, this, &ClusterPanel::clusterEditRequested);
    connect(m_canvas, &ClusterCanvas::fieldEdited, this, &ClusterPanel::fieldEdited);
    connect(m_canvas, &ClusterCanvas::groupSelected, this, [this](core::Dim dim, int group) {
        updateStatus();
        emit groupSelected(dim, group);
    });
    connect(m_canvas, &ClusterCanvas::rankHovered, this, [this](int) { updateStatus(); });
}

void ClusterPanel::setSnapshot(const DesignSnapshot& snapshot)
{
    if (m_whatIfFigures && m_whatIfFigures->design != snapshot.design)
        m_whatIfFigures.reset();
    m_snapshot = snapshot;
    // The palette starts at the design's GPU type, so that "Add" adds more of the same.
    if (!snapshot.isNull() && !snapshot.design->cluster.nodes.empty()
        && !snapshot.design->cluster.nodes.front().gpus.empty()) {
        const QString type = qs(snapshot.design->cluster.nodes.front().gpus.front().type);
        if (type != m_lastClusterType) {
            m_lastClusterType = type;
            for (int row = 0; row < m_palette->count(); ++row)
                if (m_palette->item(row)->data(Qt::UserRole).toString() == type)
                    m_palette->setCurrentRow(row);
        }
    }
    m_rebuild->request();
}

void ClusterPanel::rebuild()
{
    // An edit that scatters the coloured groups over nodes (or gathers them again) switches the canvas
    // between colouring groups and positions: say so, until the next edit (the tab shows).
    const bool hadSnapshot = !m_canvas->clusterGeometry().nodes.empty();
    const bool byPositionBefore = m_canvas->colorsByPosition();
    m_canvas->setSnapshot(m_snapshot);
    m_colouringNote = hadSnapshot && m_canvas->colorsByPosition() != byPositionBefore
        ? colouringSwitchNote(m_canvas->colorDimension(), m_canvas->colorsByPosition())
        : QString();
    refresh();
}

void ClusterPanel::setColorDimension(core::Dim dim)
{
    m_rebuild->bringUpToDate();
    if (QAbstractButton* button = m_dimButtons->button(static_cast<int>(dim)))
        button->setChecked(true);
    m_canvas->setColorDimension(dim);
    m_colouringNote.clear();
    updateLearnButton();
    refresh();
}

void ClusterPanel::showGroup(core::Dim dim, int groupIndex)
{
    if (!m_dimButtons->button(static_cast<int>(dim)))
        return; // a dimension the canvas does not colour
    m_rebuild->bringUpToDate();
    if (dim == core::Dim::Pp && !m_snapshot.isNull() && core::hasStageCopies(*m_snapshot.design)) {
        // With pipeline copies (DualPipe's stages, an embedding's) the tab's PP groups are the pairs.
        const core::Evaluation& e = *m_snapshot.evaluation;
        const auto pairs = core::stageCopyPairs(*m_snapshot.design, e.mesh, e.ranks);
        if (groupIndex < 0 || groupIndex >= static_cast<int>(pairs.size()))
            return;
        const QSignalBlocker quiet(this);
        setColorDimension(dim);
        const auto& pair = pairs[static_cast<std::size_t>(groupIndex)];
        m_canvas->showRanks({pair.begin(), pair.end()});
        return;
    }
    if (m_canvas->colorDimension() == dim && m_canvas->selectedGroup() == groupIndex)
        return;
    const QSignalBlocker quiet(this);
    setColorDimension(dim);
    m_canvas->selectGroup(groupIndex);
}

void ClusterPanel::updateLearnButton()
{
    const auto dim = static_cast<core::Dim>(m_dimButtons->checkedId());
    m_learn->setText(tr("How does %1 split?").arg(dimensionLabel(dim)));
    m_learn->setToolTip(tr("Open the teaching view of this split (Learn menu)"));
}

void ClusterPanel::refresh()
{
    m_autoPlace->setEnabled(!m_snapshot.isNull() && !m_snapshot.design->placement.empty());
    updateTraffic();
    updateLegend();
    updateWarning();
    updateWhatIf();
    updateStatus();
}

void ClusterPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ClusterPanel::retranslate()
{
    m_colorLabel->setText(tr("Colour GPUs by group:"));
    const auto tip = [](core::Dim dim) {
        switch (dim) {
        case core::Dim::Tp:
            return tr("Tensor parallel groups: split each layer's matrices");
        case core::Dim::Pp:
            return tr("Pipeline parallel groups: the stages one micro-batch passes through");
        case core::Dim::Dp:
            return tr("Data parallel groups: replicas that synchronise gradients");
        case core::Dim::Cp:
            return tr("Context parallel groups: split the sequence");
        case core::Dim::Ep:
            return tr("Expert parallel groups: share the experts of each MoE layer");
        }
        return QString();
    };
    for (QAbstractButton* button : m_dimButtons->buttons())
        button->setToolTip(tip(static_cast<core::Dim>(m_dimButtons->id(button))));
    m_modeLabel->setText(tr("Dragging moves:"));
    m_moveGpus->setText(tr("GPUs"));
    m_moveGpus->setToolTip(tr("Drag a GPU to another node or slot to move it; drag it out of every node to "
                              "remove it."));
    m_swapRanks->setText(tr("Ranks"));
    m_swapRanks->setToolTip(tr("Drag a rank onto another GPU to swap the two placements (Shift switches "
                               "for one drag)."));
    m_autoPlace->setText(tr("Auto-place"));
    m_autoPlace->setToolTip(tr("Drop the explicit placement: ranks go back to the topology-aware default."));
    updateLearnButton();
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(tr("Fit the cluster in view (Ctrl+0). Ctrl+wheel zooms."));
    m_paletteLabel->setText(tr("GPU types"));
    m_palette->setToolTip(tr("Drag a GPU type into a node to add it, or onto empty space for a new node."));
    m_addLabel->setText(tr("Add nodes of the selected GPU type:"));
    m_addTimes->setText(QStringLiteral("×"));
    updateAddSuffixes();
    m_addNodes->setText(tr("Add"));
    m_tableLabel->setText(tr("Traffic per GPU and training step"));
    m_table->setHorizontalHeaderLabels({tr("Group"), tr("Per GPU"), tr("NVLink"), tr("PCIe"), tr("Fabric")});
    m_table->horizontalHeaderItem(1)->setToolTip(tr("Bytes the busiest GPU sends per training step"));
    m_legend->setToolTip(
        tr("Under each node's GPUs: its NVLink (dashed: PCIe). Lines down to the lanes: the fabric "
           "between nodes. Coloured and thicker where the chosen group's traffic runs. Hover a "
           "GPU to see all its groups."));
    m_whatIfLabel->setText(tr("What if"));
    if (!m_rebuild->isStale())
        refresh();
}

QString ClusterPanel::trafficText() const
{
    return m_rebuild->current(m_traffic)->text();
}

QString ClusterPanel::whatIfText() const
{
    return m_rebuild->current(m_whatIf)->text();
}

QString ClusterPanel::statusText() const
{
    return m_rebuild->current(m_status)->text();
}

void ClusterPanel::updateTraffic()
{
    const core::Dim dim = m_canvas->colorDimension();
    for (int row = 0; row < static_cast<int>(kDims.size()); ++row)
        for (int column = 0; column < m_table->columnCount(); ++column)
            m_table->setItem(row, column, new QTableWidgetItem);
    for (int row = 0; row < static_cast<int>(kDims.size()); ++row) {
        auto* item = m_table->item(row, 0);
        item->setText(dimensionLabel(kDims[static_cast<std::size_t>(row)]));
        item->setForeground(dimensionColor(kDims[static_cast<std::size_t>(row)]).darker(120));
        QFont font = item->font();
        font.setBold(kDims[static_cast<std::size_t>(row)] == dim);
        item->setFont(font);
    }
    m_table->selectRow(static_cast<int>(std::find(kDims.begin(), kDims.end(), dim) - kDims.begin()));

    const QString swatch = QStringLiteral("<span style='color:%1'>■</span> ").arg(dimensionColor(dim).name());
    if (m_snapshot.isNull() || !m_snapshot.evaluation->traffic) {
        const bool serving = !m_snapshot.isNull() && m_snapshot.design->workload.mode == core::Mode::Serving;
        m_traffic->setText(serving ? tr("Traffic per training step is shown for training designs.")
                                   : tr("Traffic needs a valid model and a GPU for every rank."));
        for (int row = 0; row < m_table->rowCount(); ++row)
            for (int column = 1; column < m_table->columnCount(); ++column)
                m_table->item(row, column)->setText(QStringLiteral("—"));
        m_totals->clear();
        return;
    }
    const core::TrafficReport& report = *m_snapshot.evaluation->traffic;
    const core::Catalog& catalog = *m_snapshot.evaluation->catalog;
    const auto linkText = [&](core::LinkClass link) {
        switch (link) {
        case core::LinkClass::NvLink:
            return tr("NVLink inside the nodes");
        case core::LinkClass::Pcie:
            return tr("PCIe inside the nodes");
        case core::LinkClass::Fabric: {
            const core::LinkSpec* fabric = catalog.link(m_snapshot.design->cluster.fabric);
            return tr("the fabric between nodes (%1)")
                .arg(fabric ? presetName(fabric->name) : qs(m_snapshot.design->cluster.fabric));
        }
        }
        return QString();
    };
    for (int row = 0; row < static_cast<int>(kDims.size()); ++row) {
        const core::DimensionTraffic& t = report.of(kDims[static_cast<std::size_t>(row)]);
        m_table->item(row, 1)->setText(t.totalBytes > 0 ? bytesText(t.bytesPerGpu) : QStringLiteral("—"));
        for (std::size_t k = 0; k < kLinks.size(); ++k) {
            QTableWidgetItem* item = m_table->item(row, static_cast<int>(k) + 2);
            item->setText(t.totalBytes > 0 ? shareText(t.share(kLinks[k])) : QStringLiteral("—"));
            if (kLinks[k] == core::LinkClass::Fabric && t.share(kLinks[k]) > 0)
                item->setForeground(palette::fabricLink);
        }
        const core::Explanation& why = t.explanation;
        const QString tip
            = QStringLiteral("%1\n%2%3")
                  .arg(explanationText(why.formula), qs(why.source),
                       why.note.empty() ? QString() : QStringLiteral("\n") + explanationText(why.note));
        for (int column = 0; column < m_table->columnCount(); ++column)
            m_table->item(row, column)->setToolTip(tip);
    }
    m_totals->setText(tr("All GPUs per step: NVLink %1 · PCIe %2 · fabric %3")
                          .arg(bytesText(report.bytesOn(core::LinkClass::NvLink)),
                               bytesText(report.bytesOn(core::LinkClass::Pcie)),
                               bytesText(report.bytesOn(core::LinkClass::Fabric))));

    const core::DimensionTraffic& t = report.of(dim);
    if (t.totalBytes <= 0) {
        m_traffic->setText(swatch
                           + tr("<b>%1</b>: no traffic (%1 = %2).")
                                 .arg(dimensionLabel(dim))
                                 .arg(m_snapshot.design->layout.degree(dim)));
        return;
    }
    QStringList shares;
    for (core::LinkClass link : kLinks)
        if (t.share(link) > 0)
            shares << tr("%1 over %2").arg(shareText(t.share(link)), linkText(link));
    const int size = static_cast<int>(t.groupSize());
    QString group = tr("groups of %Ln rank(s)", nullptr, size);
    if (dim == core::Dim::Dp)
        group
            = tr("gradient synchronisation over the %Ln rank(s) holding the same parameters", nullptr, size);
    m_traffic->setText(
        swatch
        + tr("<b>%1 traffic: %2 per GPU per training step</b> (busiest GPU; %3) — %4.")
              .arg(dimensionLabel(dim), bytesText(t.bytesPerGpu), group, shares.join(QStringLiteral(", "))));
}

void ClusterPanel::updateWarning()
{
    m_warningBar->hide();
    if (m_snapshot.isNull() || !m_snapshot.evaluation->hasMesh)
        return;
    const core::Evaluation& e = *m_snapshot.evaluation;
    const bool spans = findDiagnostic(e, core::diag::kTpSpansNodes) != nullptr;
    const bool pcie = findDiagnostic(e, core::diag::kTpOverPcie) != nullptr;
    const core::Diagnostic* ep = findDiagnostic(e, core::diag::kEpSpansNodes);
    if (!spans && !pcie && !ep)
        return;
    QString text;
    if (spans) {
        const core::PlacementChecks checks
            = core::checkPlacement(*m_snapshot.design, *e.catalog, e.mesh, e.ranks);
        text = tr("%1 of %2 TP groups span nodes: every layer's TP collectives cross the slow fabric.")
                   .arg(checks.tp.spanning)
                   .arg(checks.tp.groups);
        if (e.traffic)
            text += QLatin1Char(' ')
                + tr("%1 of the TP traffic runs over the fabric.")
                      .arg(shareText(e.traffic->of(core::Dim::Tp).share(core::LinkClass::Fabric)));
    } else if (pcie) {
        text = tr("TP=%1 runs over PCIe: every layer's all-reduce crosses PCIe. Keep TP at 1 or 2 without "
                  "NVLink.")
                   .arg(m_snapshot.design->layout.tp());
    } else {
        text = diagnosticMessage(*ep);
        if (e.traffic)
            text += QLatin1Char(' ')
                + tr("%1 of the EP traffic runs over the fabric.")
                      .arg(shareText(e.traffic->of(core::Dim::Ep).share(core::LinkClass::Fabric)));
    }
    // The fix the document applies (Document::fixTpPlacement): TP's first, else EP's.
    const bool epOnly = !spans && !pcie;
    const std::optional<core::TpPlacementFix> fix = spans ? core::suggestTpPlacementFix(*m_snapshot.design)
        : epOnly                                          ? core::suggestEpPlacementFix(*m_snapshot.design)
                                                          : std::nullopt;
    m_fix->setVisible(fix.has_value());
    const QString what = epOnly ? tr("keep EP inside nodes") : tr("keep TP inside nodes");
    if (fix)
        m_fix->setText(fix->remedy == core::TpPlacementRemedy::AutoPlace
                           ? tr("Auto-place: %1").arg(what)
                           : tr("Order %1: %2").arg(qs(core::orderToString(fix->order)), what));
    else if (spans)
        text += QLatin1Char(' ')
            + tr("No placement keeps every TP group inside a node: TP must divide the GPUs per node.");
    m_warning->setText(text);
    m_warningBar->show();
}

void ClusterPanel::setWhatIfFigures(const WhatIfFigures& figures)
{
    if (m_snapshot.isNull() || figures.design != m_snapshot.design)
        return;
    m_whatIfFigures = figures;
    if (!m_rebuild->isStale())
        updateWhatIf();
}

bool ClusterPanel::whatIfComputing() const
{
    return !m_snapshot.isNull() && !m_whatIfFigures;
}

void ClusterPanel::updateWhatIf()
{
    m_whatIf->setText(widgets::whatIfText(m_snapshot, m_whatIfFigures ? &*m_whatIfFigures : nullptr));
}

void ClusterPanel::updateStatus()
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->hasMesh) {
        m_status->setText(tr("No ranks: the layout's degrees are not valid."));
        return;
    }
    const core::Evaluation& e = *m_snapshot.evaluation;
    const core::Dim dim = m_canvas->colorDimension();
    const auto& groups = e.mesh.groupsOf(dim);
    const int rank = m_canvas->hoveredRank();
    if (rank >= 0 && rank < static_cast<int>(e.ranks.size())) {
        const core::RankInfo& info = e.ranks[static_cast<std::size_t>(rank)];
        QString text = tr("Rank %1 on node %2, GPU %3 · DP %4 · TP %5 · PP %6 · CP %7 · EP %8")
                           .arg(rank)
                           .arg(info.nodeId)
                           .arg(info.gpuId)
                           .arg(info.coord(core::Dim::Dp))
                           .arg(info.coord(core::Dim::Tp))
                           .arg(info.coord(core::Dim::Pp))
                           .arg(info.coord(core::Dim::Cp))
                           .arg(info.coord(core::Dim::Ep));
        if (e.memory) {
            const core::RankRole& role = e.memory->roleOf(rank);
            text += QStringLiteral(" · ")
                + tr("memory %1 of %2").arg(bytesText(role.totalBytes), bytesText(role.capacityBytes));
        }
        m_status->setText(text);
        return;
    }
    const int selected = m_canvas->selectedGroup();
    if (selected >= 0 && selected < static_cast<int>(groups.size())) {
        m_status->setText(tr("%1 group %2 selected: ranks %3")
                              .arg(dimensionLabel(dim))
                              .arg(selected)
                              .arg(rankList(groups[static_cast<std::size_t>(selected)])));
        return;
    }
    QString text = tr("%Ln rank(s)", nullptr, static_cast<int>(e.worldSize)) + QStringLiteral(" · ")
        + tr("%Ln %1 group(s) of %2", nullptr, static_cast<int>(groups.size()))
              .arg(dimensionLabel(dim))
              .arg(groups.empty() ? 0 : groups.front().size());
    if (m_canvas->colorsByPosition())
        text += QStringLiteral(", ")
            + tr("spread over nodes: colour = %1 (0–%2)")
                  .arg(positionName(dim))
                  .arg(groups.empty() ? 0 : groups.front().size() - 1);
    m_status->setText(
        text + QStringLiteral(" · ")
        + tr("hover a GPU to see its groups; drag it to move it; Delete removes the selection"));
}

void ClusterPanel::updateLegend()
{
    const QString note = m_colouringNote.isEmpty()
        ? QString()
        : QStringLiteral("<span style='color:%1'><b>%2</b></span><br>")
              .arg(palette::warningBarText.name(), m_colouringNote.toHtmlEscaped());
    m_legend->setText(note + colourLegendText(*m_canvas));
}

QString ClusterPanel::legendText() const
{
    return m_rebuild->current(m_legend)->text();
}

// "1 node × 8 GPUs", "2 nodes × 1 GPU": the spin boxes' units agree with their values.
void ClusterPanel::updateAddSuffixes()
{
    m_addCount->setSuffix(tr(" node(s)", nullptr, m_addCount->value()));
    m_addGpus->setSuffix(tr(" GPU(s)", nullptr, m_addGpus->value()));
}

// What a rank's coordinate in a group of `dim` is, for the colour key of scattered groups.
QString ClusterPanel::positionName(core::Dim dim)
{
    switch (dim) {
    case core::Dim::Tp:
        return tr("TP rank");
    case core::Dim::Pp:
        return tr("pipeline stage");
    case core::Dim::Dp:
        return tr("DP replica");
    case core::Dim::Cp:
        return tr("CP rank (its sequence chunks)");
    case core::Dim::Ep:
        return tr("EP rank (its experts)");
    }
    return {};
}

} // namespace widgets
