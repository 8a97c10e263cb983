#include "rankmappanel.h"

#include "groupcolors.h"
#include "qtconvert.h"
#include "rankmapview.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace widgets {

RankMapPanel::RankMapPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    header->setContentsMargins(8, 6, 8, 0);
    m_colorLabel = new QLabel(this);
    header->addWidget(m_colorLabel);
    m_dimButtons = new QButtonGroup(this);
    m_dimButtons->setExclusive(true);
    for (core::Dim dim : {core::Dim::Tp, core::Dim::Pp, core::Dim::Dp, core::Dim::Cp, core::Dim::Ep}) {
        auto* button = new QToolButton(this);
        button->setCheckable(true);
        button->setText(qs(core::enumName(dim)).toUpper());
        button->setAutoRaise(false);
        button->setMinimumWidth(40);
        m_dimButtons->addButton(button, static_cast<int>(dim));
        header->addWidget(button);
    }
    m_dimButtons->button(static_cast<int>(core::Dim::Tp))->setChecked(true);
    header->addStretch(1);
    layout->addLayout(header);

    m_view = new RankMapView(this);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->viewport()->installEventFilter(this);
    layout->addWidget(m_scroll, 1);

    m_status = new QLabel(this);
    m_status->setContentsMargins(8, 2, 8, 6);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);

    connect(m_dimButtons, &QButtonGroup::idClicked, this, [this](int id) {
        m_view->setColorDimension(static_cast<core::Dim>(id));
        updateStatus();
    });
    connect(m_view, &RankMapView::rankHovered, this, [this](int) { updateStatus(); });
    retranslate();
}

void RankMapPanel::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_view->setSnapshot(snapshot);
    updateStatus();
}

void RankMapPanel::setColorDimension(core::Dim dim)
{
    if (QAbstractButton* button = m_dimButtons->button(static_cast<int>(dim)))
        button->setChecked(true);
    m_view->setColorDimension(dim);
    updateStatus();
}

bool RankMapPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        m_view->setFitHeight(m_scroll->viewport()->height());
    return QWidget::eventFilter(watched, event);
}

void RankMapPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void RankMapPanel::retranslate()
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
    updateStatus();
}

void RankMapPanel::updateStatus()
{
    if (m_snapshot.isNull() || !m_snapshot.evaluation->hasMesh) {
        m_status->setText(tr("No ranks: the layout's degrees are not valid."));
        return;
    }
    const core::Evaluation& e = *m_snapshot.evaluation;
    const core::Dim dim = m_view->colorDimension();
    const QString dimName = qs(core::enumName(dim)).toUpper();
    const auto& groups = e.mesh.groupsOf(dim);
    const int rank = m_view->hoveredRank();
    if (rank < 0) {
        m_status->setText(tr("%1 ranks · %2 %3 groups of %4 · hover a GPU to see its group")
                              .arg(e.worldSize)
                              .arg(groups.size())
                              .arg(dimName)
                              .arg(groups.empty() ? 0 : groups.front().size()));
        return;
    }
    const core::RankInfo& info = e.ranks[static_cast<std::size_t>(rank)];
    m_status->setText(tr("Rank %1 on node %2, GPU %3 · DP %4 · TP %5 · PP %6 · CP %7 · EP %8")
                          .arg(rank)
                          .arg(info.nodeId)
                          .arg(info.gpuId)
                          .arg(info.coord(core::Dim::Dp))
                          .arg(info.coord(core::Dim::Tp))
                          .arg(info.coord(core::Dim::Pp))
                          .arg(info.coord(core::Dim::Cp))
                          .arg(info.coord(core::Dim::Ep)));
}

} // namespace widgets
