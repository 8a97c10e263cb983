// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/contextringview.h"

#include "teaching/lessonview.h"
#include "common/qtconvert.h"
#include "teaching/teachingstrategies.h"
#include "common/unitstext.h"

#include <QCheckBox>
#include <QEvent>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {
std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}
QColor rankColor(int rank)
{
    static const QColor colors[] = {QColor(0x4e79a7), QColor(0xf28e2b), QColor(0x59a14f), QColor(0xb07aa1)};
    return colors[rank % 4];
}
} // namespace

ContextRingView::ContextRingView(QWidget* parent)
    : LessonView(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    m_balanced = new QCheckBox(this);
    m_balanced->setObjectName(QStringLiteral("loadBalanced"));
    m_balanced->setChecked(true);
    layout->addWidget(m_balanced);
    m_canvas = new ContextRingCanvas(this);
    layout->addWidget(m_canvas, 1);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    layout->addWidget(m_explanation);
    connect(m_balanced, &QCheckBox::toggled, this, [this] { rebuild(); });
    retranslate();
}

void ContextRingView::setSnapshot(const DesignSnapshot& snapshot)
{
    if (snapshot.isNull())
        return;
    m_model = snapshot.design->model;
    m_sequence = snapshot.design->workload.sequenceLength;
    rebuild();
}

int ContextRingView::stepCount() const
{
    return core::kTeachingGpus; // one ring step per rank
}

void ContextRingView::setLoadBalanced(bool on)
{
    m_balanced->setChecked(on);
}

QString ContextRingView::variantLabel() const
{
    return tr("contiguous chunks");
}

void ContextRingView::rebuild()
{
    m_split = core::contextSplit(m_model, m_sequence, core::kTeachingGpus, m_balanced->isChecked());
    m_title->setText(
        tr("<b>Context parallelism</b> on four GPUs: %1 tokens of %2, cut into %3 chunks. Causal "
           "attention: a query sees only the keys before it (the lower triangle). Each ring step, every "
           "GPU computes its queries against one key/value block and passes the block on: %4 per send.")
            .arg(m_sequence)
            .arg(qs(m_model.name))
            .arg(m_split.chunks.size())
            .arg(bytesText(m_split.kvBlockBytes)));
    m_canvas->setSplit(m_split, step());
    m_explanation->setText(stepText());
}

void ContextRingView::showStep()
{
    m_canvas->setSplit(m_split, step());
    m_explanation->setText(stepText());
}

void ContextRingView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    LessonView::changeEvent(event);
}

void ContextRingView::retranslate()
{
    m_balanced->setText(tr("Load-balanced: 2·CP chunks, GPU r keeps chunks r and 2·CP−1−r"));
    m_balanced->setToolTip(variantToolTip());
    rebuild();
}

QString ContextRingView::stepText() const
{
    const core::ContextSplit& s = m_split;
    if (s.steps.empty())
        return {};
    const core::ContextRingStep& st = s.steps[idx(std::min<int>(step(), int(s.steps.size()) - 1))];
    QStringList work;
    for (std::size_t r = 0; r < st.pairs.size(); ++r)
        work << tr("GPU %1: %2 M").arg(r).arg(st.pairs[r] / 1e6, 0, 'f', 2);
    QString text = tr("<b>Ring step %1 of %2.</b> Query–key pairs computed: %3.")
                       .arg(step() + 1)
                       .arg(s.steps.size())
                       .arg(work.join(QStringLiteral(", ")));
    text += QLatin1Char(' ')
        + (st.sends ? tr("Then every GPU sends its key/value block to the next GPU.")
                    : tr("Last step: no more sends (%1 sends in all).").arg(s.cp - 1));
    text += QLatin1Char(' ')
        + tr("Over all steps the busiest GPU does %1× the average work%2.")
              .arg(s.imbalance(), 0, 'f', 2)
              .arg(s.loadBalanced
                       ? tr(" — the balanced split evens out the causal triangle")
                       : tr(" — with contiguous chunks the GPU holding the end of the sequence works most"));
    return text;
}

// ---------------------------------------------------------------------------------------------------------

ContextRingCanvas::ContextRingCanvas(QWidget* parent)
    : LessonCanvas(parent)
    , m_animation(new QVariantAnimation(this))
{
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(600);
    m_animation->setEasingCurve(QEasingCurve::InOutQuad);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        m_travel = value.toDouble();
        update();
    });
}

void ContextRingCanvas::setSplit(const core::ContextSplit& split, int step)
{
    const bool forward = step == m_step + 1 && split.cp == m_split.cp && isVisible();
    m_split = split;
    m_step = step;
    m_animation->stop();
    m_travel = 1;
    if (forward) {
        m_travel = 0;
        m_animation->start();
    }
    update();
}

bool ContextRingCanvas::isAnimating() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

double ContextRingCanvas::nodeRadius() const
{
    // Wide enough for its two labels.
    QFont bold = font();
    bold.setBold(true);
    const int last = std::max(m_split.cp - 1, 0);
    const double widest
        = std::max(QFontMetrics(bold).horizontalAdvance(ContextRingView::tr("GPU %1").arg(last)),
                   fontMetrics().horizontalAdvance(ContextRingView::tr("KV of %1").arg(last)));
    return std::max(28.0, widest / 2 + 6);
}

QSizeF ContextRingCanvas::contentMinimum() const
{
    // The matrix at 20 pixels a chunk, and the ring with its bars beside it (paintEvent).
    const double line = fontMetrics().height();
    const double margin = 10;
    const double side = 20.0 * std::max<std::size_t>(m_split.chunks.size(), 4);
    const double node = nodeRadius();
    return {margin + 3 * line + side + 3 * line + 10 * node + line + margin,
            std::max(side + 4 * line + 2 * margin, margin + 2 * line + 4 + 5 * node + 4 + margin)};
}

void ContextRingCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QSizeF view = beginPaint(p);
    const double viewWidth = view.width();
    const double viewHeight = view.height();
    const QPalette pal = palette();
    const core::ContextSplit& s = m_split;
    if (s.chunks.empty() || s.steps.empty())
        return;
    const QFontMetrics fm(font());
    const int line = fm.height();
    QFont bold = font();
    bold.setBold(true);
    const int n = static_cast<int>(s.chunks.size());
    const int step = std::clamp(m_step, 0, static_cast<int>(s.steps.size()) - 1);

    // The sequence, chunk by chunk, coloured by owner.
    const double margin = 10;
    const double side = std::max(4.0 * n, std::min(viewHeight - 4.0 * line - 2 * margin, viewWidth * 0.55));
    const double cell = side / n;
    const double left = margin + 3 * line;
    const double top = margin + 2 * line + 4;
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    drawText(p, QRectF(left, margin, side, line), Qt::AlignCenter, ContextRingView::tr("keys →"));
    p.save();
    p.translate(margin + line, top + side / 2);
    p.rotate(-90);
    p.drawText(QRectF(-side / 2, -line, side, line * 1.5), Qt::AlignCenter, ContextRingView::tr("queries →"));
    p.restore();
    noteDrawn(QRectF(margin, top, line * 1.5, side));
    p.setFont(font());
    for (const core::ContextChunk& c : s.chunks) {
        p.setPen(Qt::NoPen);
        p.setBrush(rankColor(c.rank));
        p.drawRect(QRectF(left + c.index * cell, top - line - 2, cell - 1, line));
        p.drawRect(QRectF(left - line - 2, top + c.index * cell, line, cell - 1));
        p.setPen(Qt::white);
        p.drawText(QRectF(left + c.index * cell, top - line - 2, cell - 1, line), Qt::AlignCenter,
                   QString::number(c.rank));
        p.drawText(QRectF(left - line - 2, top + c.index * cell, line, cell - 1), Qt::AlignCenter,
                   QString::number(c.rank));
    }
    noteDrawn(QRectF(left - line - 2, top - line - 2, side + line + 2, side + line + 2));
    // The causal attention matrix: block (q, k) belongs to the GPU owning chunk q and is computed in the step
    // in which that GPU holds the key/value block of chunk k's owner.
    const core::ContextRingStep& current = s.steps[idx(step)];
    for (const core::ContextChunk& q : s.chunks)
        for (const core::ContextChunk& k : s.chunks) {
            if (k.index > q.index)
                continue; // masked: a query never sees later keys
            int computedIn = 0;
            for (const core::ContextRingStep& st : s.steps)
                if (st.kvOwner[idx(q.rank)] == k.rank)
                    computedIn = st.step;
            QColor c = rankColor(q.rank);
            if (computedIn > step)
                c.setAlpha(35);
            else if (computedIn < step)
                c.setAlpha(110);
            const QRectF block(left + k.index * cell, top + q.index * cell, cell - 1, cell - 1);
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            if (k.index == q.index) {
                QPolygonF triangle{block.topLeft(), block.bottomLeft(), block.bottomRight()};
                p.drawPolygon(triangle);
            } else {
                p.drawRect(block);
            }
            if (computedIn == step) {
                p.setPen(QPen(pal.color(QPalette::Text), 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(block);
            }
        }
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(left, top, side, side));

    // The ring, which block each GPU holds in this step and where it goes next, and the work per GPU:
    // the bars under the ring where the height allows, else beside it (a short presentation canvas).
    const double ringLeft = left + side + 3 * line;
    const double panelWidth = viewWidth - ringLeft - margin;
    if (panelWidth < 100)
        return;
    const int cp = s.cp;
    const QString lastGpu = ContextRingView::tr("GPU %1").arg(cp - 1);
    const double node = nodeRadius();
    const double barLabelWidth = fm.horizontalAdvance(lastGpu) + 8;
    const QString barsTitle = ContextRingView::tr("Work in this step (query–key pairs)");
    // The title wraps in a narrow column.
    const auto titleHeight = [&](double width) {
        return p.boundingRect(QRectF(0, 0, width, 10 * line), Qt::TextWordWrap, barsTitle).height();
    };
    double barsHeight = titleHeight(panelWidth) + cp * (line + 4.0) + 4;
    const double bottom = viewHeight - margin;
    // Four nodes on a circle of radius r are r·√2 apart: r ≥ 1.5 node keeps them clear of each other.
    const bool stacked = bottom - top - barsHeight - line >= 5 * node + 4;
    if (!stacked)
        barsHeight = titleHeight(panelWidth / 2 - line) + cp * (line + 4.0) + 4;
    const QRectF ringBox = stacked ? QRectF(ringLeft, top, panelWidth, bottom - top - barsHeight - line)
                                   : QRectF(ringLeft, top, panelWidth / 2, bottom - top);
    const QRectF barsBox = stacked
        ? QRectF(ringLeft, bottom - barsHeight, panelWidth, barsHeight)
        : QRectF(ringLeft + panelWidth / 2 + line, top + std::max(0.0, (bottom - top - barsHeight) / 2),
                 panelWidth / 2 - line, barsHeight);
    const QPointF centre = ringBox.center();
    const double radius = std::max(node, std::min(ringBox.width(), ringBox.height()) / 2 - node - 2);
    const auto position = [&](int r) {
        const double angle = -M_PI / 2 + 2 * M_PI * r / cp;
        return centre + QPointF(std::cos(angle), std::sin(angle)) * radius;
    };
    for (int r = 0; r < cp; ++r) {
        const QPointF a = position(r), b = position((r + 1) % cp);
        const QPointF d = b - a;
        const double len = std::hypot(d.x(), d.y());
        const QPointF u = d / len;
        const QPointF from = a + u * (node + 2), to = b - u * (node + 2);
        p.setPen(QPen(current.sends ? QColor(0xe15759) : pal.color(QPalette::Mid), 2.5));
        p.drawLine(from, to);
        const QPointF nrm(-u.y(), u.x());
        p.setBrush(current.sends ? QColor(0xe15759) : pal.color(QPalette::Mid));
        p.drawPolygon(QPolygonF{to, to - 10 * u + 5 * nrm, to - 10 * u - 5 * nrm});
    }
    for (int r = 0; r < cp; ++r) {
        const QPointF c = position(r);
        p.setPen(QPen(rankColor(r), 3));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawEllipse(c, node, node);
        noteDrawn(QRectF(c.x() - node, c.y() - node, 2 * node, 2 * node));
        p.setPen(pal.color(QPalette::Text));
        p.setFont(bold);
        drawText(p, QRectF(c.x() - node, c.y() - line, 2 * node, line), Qt::AlignCenter,
                 ContextRingView::tr("GPU %1").arg(r));
        p.setFont(font());
        const int owner = current.kvOwner[idx(r)];
        p.setPen(rankColor(owner).darker(120));
        drawText(p, QRectF(c.x() - node, c.y(), 2 * node, line), Qt::AlignCenter,
                 ContextRingView::tr("KV of %1").arg(owner));
    }
    // The blocks on their way: each GPU's new block comes from the GPU before it.
    if (m_travel < 1)
        for (int r = 0; r < cp; ++r) {
            const int to = (r + 1) % cp;
            const QPointF at = position(r) + (position(to) - position(r)) * m_travel;
            const int owner = current.kvOwner[idx(to)];
            p.setPen(QPen(pal.color(QPalette::Text), 1));
            p.setBrush(rankColor(owner));
            p.drawRect(QRectF(at.x() - 12, at.y() - 12, 24, 24));
            p.setPen(Qt::white);
            p.drawText(QRectF(at.x() - 12, at.y() - 12, 24, 24), Qt::AlignCenter, QStringLiteral("KV"));
        }
    // Work per GPU in this step.
    double most = 0;
    for (const core::ContextRingStep& st : s.steps)
        for (double pairs : st.pairs)
            most = std::max(most, pairs);
    p.setPen(pal.color(QPalette::Text));
    const double barsTitleHeight = titleHeight(barsBox.width());
    drawText(p, QRectF(barsBox.left(), barsBox.top(), barsBox.width(), barsTitleHeight),
             Qt::AlignLeft | Qt::TextWordWrap, barsTitle);
    for (int r = 0; r < cp; ++r) {
        const double y = barsBox.top() + barsTitleHeight + 4 + r * (line + 4);
        const double barWidth = barsBox.width() - barLabelWidth - 4;
        const double w = most > 0 ? barWidth * current.pairs[idx(r)] / most : 0;
        p.setPen(Qt::NoPen);
        p.setBrush(rankColor(r));
        p.drawRect(QRectF(barsBox.left() + barLabelWidth + 4, y, w, line));
        noteDrawn(QRectF(barsBox.left() + barLabelWidth + 4, y, w, line));
        p.setPen(pal.color(QPalette::Text));
        drawText(p, QRectF(barsBox.left(), y, barLabelWidth, line), Qt::AlignRight,
                 ContextRingView::tr("GPU %1").arg(r));
    }
}

} // namespace widgets
