// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/expertroutingview.h"

#include "catalog/catalog.h"
#include "collectives/collectivetext.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "teaching/lessonview.h"
#include "teaching/teachingstrategies.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {
std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}
} // namespace

QColor expertColor(int expert)
{
    // Experts 8–15 darker, so that sixteen experts stay apart.
    const QColor base = palette::lessonExperts[expert % 8];
    return expert / 8 % 2 == 0 ? base : base.darker(150);
}

ExpertRoutingView::ExpertRoutingView(QWidget* parent)
    : LessonView(parent)
{
    auto* controls = addControlRow();
    m_factorLabel = new QLabel(this);
    m_factor = new QDoubleSpinBox(this);
    m_factor->setObjectName(QStringLiteral("capacityFactor"));
    m_factor->setRange(0.25, 4.0);
    m_factor->setSingleStep(0.25);
    m_factor->setValue(1.0);
    controls->addWidget(m_factorLabel);
    controls->addWidget(m_factor);
    controls->addSpacing(16);
    m_dropless = addVariantBox(controls, QStringLiteral("dropless"));
    m_seedLabel = new QLabel(this);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setRange(1, 999);
    m_seed->setValue(1);
    controls->addSpacing(16);
    controls->addWidget(m_seedLabel);
    controls->addWidget(m_seed);
    controls->addStretch(1);
    m_canvas = new ExpertRoutingCanvas(this);
    addCanvas(m_canvas);
    m_summary = addText();
    connect(m_factor, &QDoubleSpinBox::valueChanged, this, [this] { rebuild(); });
    connect(m_dropless, &QCheckBox::toggled, m_factor, [this](bool on) { m_factor->setEnabled(!on); });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { rebuild(); });

    // Until a design arrives: the catalog's smallest MoE model.
    if (const core::ModelArchitecture* moe = core::teachingMoeModel()) {
        m_modelName = qs(moe->name);
        m_config.experts = std::min(moe->moe.experts, kMaxDrawnExperts);
        m_config.topK = moe->moe.topK;
    }
    retranslate();
}

void ExpertRoutingView::setSnapshot(const DesignSnapshot& snapshot)
{
    if (snapshot.isNull())
        return;
    const core::ModelArchitecture* model = &snapshot.design->model;
    // A dense model has no router: the smallest MoE preset teaches routing instead, as in the six splits'
    // EP panel.
    if (!model->moe.isMoe())
        model = core::teachingMoeModel();
    if (!model)
        return;
    m_modelName = qs(model->name);
    m_config.experts = std::min(model->moe.experts, kMaxDrawnExperts);
    m_config.topK = std::min(model->moe.topK, m_config.experts);
    m_config.epRanks = core::kTeachingGpus;
    rebuild();
}

void ExpertRoutingView::setCapacityFactor(double factor)
{
    m_dropless->setChecked(factor <= 0);
    if (factor > 0)
        m_factor->setValue(factor);
}

QString ExpertRoutingView::variantLabel() const
{
    return tr("dropless routing");
}

bool ExpertRoutingView::isVariantOn() const
{
    return m_dropless->isChecked();
}

void ExpertRoutingView::setVariantOn(bool on)
{
    m_dropless->setChecked(on);
}

void ExpertRoutingView::rebuild()
{
    m_config.capacityFactor = m_dropless->isChecked() ? 0 : m_factor->value();
    m_config.seed = static_cast<std::uint64_t>(m_seed->value());
    m_routing = core::routeTokens(m_config);
    setTitle(tr("<b>Expert parallelism</b> with %1's router: %2 tokens on %3 GPUs, %4 experts (%5 per "
                "GPU), each token goes to its top %6. Every square is a token, coloured by the experts "
                "the router chose for it.")
                 .arg(m_modelName)
                 .arg(m_routing.config.tokens)
                 .arg(m_routing.config.epRanks)
                 .arg(m_routing.config.experts)
                 .arg(m_routing.config.experts / std::max(m_routing.config.epRanks, 1))
                 .arg(m_routing.config.topK));
    showStep();
}

void ExpertRoutingView::showStep()
{
    m_canvas->setRouting(m_routing, step());
    m_summary->setText(summaryText());
}

void ExpertRoutingView::retranslate()
{
    m_factorLabel->setText(tr("Capacity factor"));
    m_dropless->setText(tr("Dropless (no capacity limit)"));
    m_seedLabel->setText(tr("Router seed"));
    rebuild();
}

QString ExpertRoutingView::summaryText() const
{
    const core::Routing& r = m_routing;
    QString text = tr("<b>Step %1 of %2.</b> ").arg(step() + 1).arg(kSteps);
    const auto busiest
        = std::max_element(r.experts.begin(), r.experts.end(),
                           [](const auto& a, const auto& b) { return a.assigned < b.assigned; });
    const auto idlest
        = std::min_element(r.experts.begin(), r.experts.end(),
                           [](const auto& a, const auto& b) { return a.assigned < b.assigned; });
    switch (step()) {
    case 0:
        text += tr("The router picks %Ln expert(s) for each token: %1 assignments, counted per expert below. "
                   "They are not even: expert %2 got %3, expert %4 only %5.",
                   nullptr, r.config.topK)
                    .arg(r.assignments)
                    .arg(busiest->expert)
                    .arg(busiest->assigned)
                    .arg(idlest->expert)
                    .arg(idlest->assigned);
        break;
    case 1:
        if (r.dropless())
            text += tr("<b>Dropless:</b> every expert processes all its tokens (from %1 to %2), nothing is "
                       "dropped "
                       "or padded, and the work per expert varies.")
                        .arg(idlest->assigned)
                        .arg(busiest->assigned);
        else
            text
                += tr("Capacity = ⌈c × T × k / E⌉ = ⌈%1 × %2 × %3 / %4⌉ = <b>%5</b> tokens per expert. Above "
                      "it "
                      "<b>%6 assignments are dropped</b> (red: those tokens skip the expert); below it <b>%7 "
                      "slots are padded</b> (grey: computed on nothing).")
                       .arg(r.config.capacityFactor)
                       .arg(r.config.tokens)
                       .arg(r.config.topK)
                       .arg(r.config.experts)
                       .arg(r.capacity)
                       .arg(r.dropped)
                       .arg(r.padded);
        break;
    case 2:
        text += tr("The <b>dispatch all-to-all</b> sends every kept assignment to the GPU of its expert: %1 "
                   "of "
                   "%2 leave their GPU (the numbers on the lines).")
                    .arg(r.leavingAssignments())
                    .arg(r.assignments - r.dropped);
        break;
    default:
        text += tr(
            "The <b>combine all-to-all</b> brings the results back to the tokens' GPUs, where each token "
            "adds its experts' outputs, weighted by the router. Backward repeats both all-to-alls.");
        break;
    }
    return text;
}

// ---------------------------------------------------------------------------------------------------------

ExpertRoutingCanvas::ExpertRoutingCanvas(QWidget* parent)
    : LessonCanvas(parent)
{
    setAnimation(900, QEasingCurve::InOutQuad);
}

void ExpertRoutingCanvas::setRouting(const core::Routing& routing, int step)
{
    const bool exchange = step != m_step && (step == 2 || step == 3) && isVisible();
    m_routing = routing;
    m_step = step;
    animate(exchange);
    update();
}

QSizeF ExpertRoutingCanvas::contentMinimum() const
{
    const core::Routing& r = m_routing;
    const int ranks = std::max(r.config.epRanks, 1);
    const double line = fontMetrics().height();
    QFont bold = font();
    bold.setBold(true);
    // A GPU's box: its title, and its experts' columns with their counts ("E3: 13, −5").
    const int expertsPerRank = (static_cast<int>(r.experts.size()) + ranks - 1) / ranks;
    const double column
        = fontMetrics().horizontalAdvance(ExpertRoutingView::tr("E%1: %2, −%3").arg(15).arg(88).arg(88));
    const double box = std::max(
        QFontMetrics(bold).horizontalAdvance(ExpertRoutingView::tr("GPU %1: experts").arg(ranks - 1)) + 12.0,
        expertsPerRank * (column - 16) + 16);
    // The experts take the lower 48 %; their tallest column at 6 pixels a slot (paintEvent).
    int tallest = r.capacity;
    for (const core::ExpertLoad& e : r.experts)
        tallest = std::max(tallest, e.assigned);
    return {2 * 8 + ranks * box + (ranks - 1) * 16.0, (4.4 * line + 14 + 6.0 * tallest) / 0.48};
}

void ExpertRoutingCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QSizeF view = beginPaint(p);
    const core::Routing& r = m_routing;
    const int ranks = r.config.epRanks;
    if (ranks <= 0 || r.experts.empty())
        return;
    Figure f;
    f.view = view;
    f.line = fontMetrics().height();
    f.bold = font();
    f.bold.setBold(true);
    f.boxWidth = (view.width() - 2 * f.margin - (ranks - 1) * f.gap) / ranks;
    // The tokens above, the experts below.
    f.perRank = (r.config.tokens + ranks - 1) / ranks;
    f.tokenSize = std::clamp(std::min((f.boxWidth - 16) / std::min(f.perRank, 8) - 4, view.height() * 0.07),
                             10.0, 44.0);
    const int tokenRows = (f.perRank + 7) / 8;
    f.tokensTop = f.margin + f.line + 4;
    f.tokensHeight = tokenRows * (f.tokenSize + 6) + f.line + 12;
    f.expertsTop = view.height() * 0.52;
    f.expertsBottom = view.height() - f.line * 2.4;
    paintTokens(p, f);
    paintExperts(p, f);
    // The all-to-all between them: one line per pair of GPUs, as thick as the tokens it carries.
    if (m_step == 2 || m_step == 3)
        paintAllToAll(p, f);
}

void ExpertRoutingCanvas::paintGpuBoxes(QPainter& p, const Figure& f, double top, double height,
                                        const QString& title)
{
    const QPalette pal = palette();
    for (int rank = 0; rank < m_routing.config.epRanks; ++rank) {
        const QRectF box(f.boxX(rank), top, f.boxWidth, height);
        p.setPen(QPen(pal.color(QPalette::Mid), 1.5));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawRoundedRect(box, 6, 6);
        noteDrawn(box);
        p.setPen(pal.color(QPalette::Text));
        p.setFont(f.bold);
        drawText(p, QRectF(box.left(), box.top() + 2, box.width(), f.line), Qt::AlignCenter, title.arg(rank));
        p.setFont(font());
    }
}

void ExpertRoutingCanvas::paintTokens(QPainter& p, const Figure& f)
{
    const QPalette pal = palette();
    paintGpuBoxes(p, f, f.tokensTop, f.tokensHeight, ExpertRoutingView::tr("GPU %1: tokens"));
    const double tokenSize = f.tokenSize;
    for (const core::TokenRoute& t : m_routing.tokens) {
        const int local = t.token - t.sourceRank * f.perRank;
        const double x = f.boxX(t.sourceRank) + 8 + (local % 8) * (tokenSize + 4);
        const double y = f.tokensTop + f.line + 6 + (local / 8) * (tokenSize + 6);
        const double part = tokenSize / std::max<std::size_t>(t.experts.size(), 1);
        for (std::size_t k = 0; k < t.experts.size(); ++k) {
            const QRectF cell(x + k * part, y, part, tokenSize);
            p.setPen(Qt::NoPen);
            p.setBrush(expertColor(t.experts[k]));
            p.drawRect(cell);
            if (!t.kept[k] && m_step >= 1) {
                p.setPen(QPen(palette::lessonOverCapacity, 2.5));
                p.drawLine(cell.topLeft(), cell.bottomRight());
                p.drawLine(cell.topRight(), cell.bottomLeft());
            }
        }
        p.setPen(QPen(pal.color(QPalette::Text), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x, y, tokenSize, tokenSize));
        noteDrawn(QRectF(x, y, tokenSize, tokenSize));
    }
}

void ExpertRoutingCanvas::paintExperts(QPainter& p, const Figure& f)
{
    const core::Routing& r = m_routing;
    const QPalette pal = palette();
    const int line = f.line;
    const double expertsTop = f.expertsTop, expertsBottom = f.expertsBottom;
    const int expertsPerRank = (static_cast<int>(r.experts.size()) + r.config.epRanks - 1) / r.config.epRanks;
    int tallest = r.capacity;
    for (const core::ExpertLoad& e : r.experts)
        tallest = std::max(tallest, e.assigned);
    const double slot = std::min((expertsBottom - expertsTop - 2 * line - 14) / std::max(tallest, 1), 22.0);
    const double columnWidth = std::min((f.boxWidth - 16) / expertsPerRank - 8, 90.0);
    paintGpuBoxes(p, f, expertsTop, expertsBottom - expertsTop + line * 2.2,
                  ExpertRoutingView::tr("GPU %1: experts"));
    // The slots each expert fills: kept, then, from the capacity step on, padded and dropped.
    const bool showCapacity = m_step >= 1;
    for (const core::ExpertLoad& e : r.experts) {
        const int local = e.expert - e.rank * expertsPerRank;
        const double x = f.boxX(e.rank) + 8 + local * (columnWidth + 8)
            + (f.boxWidth - 16 - expertsPerRank * (columnWidth + 8)) / 2;
        const double base = expertsBottom;
        const int shownKept = showCapacity ? e.processed : e.assigned;
        for (int s = 0; s < shownKept; ++s) {
            p.setPen(QPen(pal.color(QPalette::Base), 1));
            p.setBrush(expertColor(e.expert));
            p.drawRect(QRectF(x, base - (s + 1) * slot, columnWidth, slot));
        }
        if (showCapacity) {
            for (int s = 0; s < e.padded; ++s) {
                p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
                p.setBrush(QBrush(pal.color(QPalette::Mid), Qt::BDiagPattern));
                p.drawRect(QRectF(x, base - (e.processed + s + 1) * slot, columnWidth, slot));
            }
            for (int s = 0; s < e.dropped; ++s) {
                p.setPen(QPen(palette::lessonOverCapacity, 1.5));
                p.setBrush(QBrush(palette::lessonOverCapacity, Qt::DiagCrossPattern));
                p.drawRect(QRectF(x, base - (e.processed + s + 1) * slot, columnWidth, slot));
            }
        }
        // The expert's colour key, so that tokens can be matched to it before any arrives.
        const QRectF key(x, expertsTop + line + 6, columnWidth, line);
        p.setPen(Qt::NoPen);
        p.setBrush(expertColor(e.expert));
        p.drawRect(key);
        p.setPen(palette::lessonTextOnFill);
        drawText(p, key, Qt::AlignCenter, ExpertRoutingView::tr("expert %1").arg(e.expert));
        p.setPen(pal.color(QPalette::Text));
        QString label = ExpertRoutingView::tr("E%1: %2").arg(e.expert).arg(e.assigned);
        if (showCapacity && e.dropped > 0)
            label = ExpertRoutingView::tr("E%1: %2, −%3").arg(e.expert).arg(e.assigned).arg(e.dropped);
        drawText(p, QRectF(x - 12, base + 2, columnWidth + 24, line), Qt::AlignCenter, label);
        noteDrawn(QRectF(x, base - std::max(shownKept + e.padded + e.dropped, 0) * slot, columnWidth, 1));
    }
    // The capacity, across every GPU.
    if (showCapacity && r.capacity > 0) {
        const double viewWidth = f.view.width(), margin = f.margin;
        const double y = expertsBottom - r.capacity * slot;
        p.setPen(QPen(palette::lessonOverCapacity, 2, Qt::DashLine));
        p.drawLine(QPointF(margin, y), QPointF(viewWidth - margin, y));
        p.setPen(palette::lessonOverCapacity);
        p.setFont(f.bold);
        drawText(p, QRectF(viewWidth / 2.0, y - line - 1, viewWidth / 2.0 - margin - 4, line), Qt::AlignRight,
                 ExpertRoutingView::tr("capacity %1").arg(r.capacity));
        p.setFont(font());
    }
}

void ExpertRoutingCanvas::paintAllToAll(QPainter& p, const Figure& f)
{
    const core::Routing& r = m_routing;
    const QPalette pal = palette();
    const int ranks = r.config.epRanks;
    const int line = f.line;
    const double yTop = f.tokensTop + f.tokensHeight;
    const double yBottom = f.expertsTop;
    int most = 1;
    for (const auto& row : r.sent)
        for (int n : row)
            most = std::max(most, n);
    for (int from = 0; from < ranks; ++from)
        for (int to = 0; to < ranks; ++to) {
            const int n = r.sent[idx(from)][idx(to)];
            if (n == 0)
                continue;
            const QPointF a(f.boxX(from) + f.boxWidth * (0.2 + 0.6 * (to + 0.5) / ranks), yTop);
            const QPointF b(f.boxX(to) + f.boxWidth * (0.2 + 0.6 * (from + 0.5) / ranks), yBottom);
            // Tokens that stay on their GPU cost no link.
            const QColor wire = from == to ? pal.color(QPalette::Mid) : palette::lessonCommunication;
            QColor c = wire;
            c.setAlpha(170);
            p.setPen(QPen(c, 1 + 6.0 * n / most));
            p.drawLine(a, b);
            if (progress() < 1) {
                // The tokens on their way: down to the experts, or back up in the combine.
                const double t = m_step == 2 ? progress() : 1 - progress();
                const QPointF at = a + (b - a) * t;
                p.setPen(QPen(pal.color(QPalette::Text), 1));
                p.setBrush(wire);
                p.drawRect(QRectF(at.x() - 7, at.y() - 7, 14, 14));
            }
            // Staggered along the line by destination, so that the labels of one GPU's lines do not
            // overlap.
            const QPointF label = a + (b - a) * (0.15 + 0.2 * to);
            p.setPen(pal.color(QPalette::Text));
            p.setBrush(pal.color(QPalette::Base));
            const QRectF tag(label.x() - 11, label.y() - line / 2.0, 22, line);
            p.drawRect(tag);
            p.drawText(tag, Qt::AlignCenter, QString::number(n));
        }
    p.setPen(palette::lessonCommunication.darker(130));
    p.setFont(f.bold);
    drawText(
        p, QRectF(f.margin, (yTop + yBottom) / 2 - line / 2.0, f.view.width() - 2 * f.margin, line),
        Qt::AlignLeft,
        m_step == 2
            ? ExpertRoutingView::tr("↓ dispatch: %1").arg(collectiveOpText(core::CollectiveOp::AllToAll))
            : ExpertRoutingView::tr("↑ combine: %1").arg(collectiveOpText(core::CollectiveOp::AllToAll)));
    p.setFont(font());
}

} // namespace widgets
