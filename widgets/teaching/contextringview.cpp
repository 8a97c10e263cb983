// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/contextringview.h"

#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "teaching/lessonview.h"
#include "teaching/teachingstrategies.h"

#include <QCheckBox>
#include <QLabel>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {
std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}
} // namespace

ContextRingView::ContextRingView(QWidget* parent)
    : LessonView(parent)
{
    // The variant is the naive cut: the box says the opposite, load-balanced, and starts checked.
    m_balanced = addVariantBox(addControlRow(), QStringLiteral("loadBalanced"), true);
    m_canvas = new ContextRingCanvas(this);
    addCanvas(m_canvas);
    m_explanation = addText();
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
    setTitle(tr("<b>Context parallelism</b> on four GPUs: %1 tokens of %2, cut into %3 chunks. Causal "
                "attention: a query sees only the keys before it (the lower triangle). Each ring step, every "
                "GPU computes its queries against one key/value block and passes the block on: %4 per send.")
                 .arg(integerText(m_sequence))
                 .arg(qs(m_model.name))
                 .arg(m_split.chunks.size())
                 .arg(bytesText(m_split.kvBlockBytes)));
    showStep();
}

void ContextRingView::showStep()
{
    m_canvas->setSplit(m_split, step());
    m_explanation->setText(stepText());
}

void ContextRingView::retranslate()
{
    m_balanced->setText(tr("Load-balanced: 2·CP chunks, GPU r keeps chunks r and 2·CP−1−r"));
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
        work << tr("GPU %1: %2 M").arg(r).arg(fixedText(st.pairs[r] / 1e6, 2));
    QString text = tr("<b>Ring step %1 of %2.</b> Query–key pairs computed: %3.")
                       .arg(step() + 1)
                       .arg(s.steps.size())
                       .arg(work.join(QStringLiteral(", ")));
    text += QLatin1Char(' ')
        + (st.sends ? tr("Then every GPU sends its key/value block to the next GPU.")
                    : tr("Last step: no more sends (%1 sends in all).").arg(s.cp - 1));
    text += QLatin1Char(' ')
        + tr("Over all steps the busiest GPU does %1× the average work%2.")
              .arg(fixedText(s.imbalance(), 2))
              .arg(s.loadBalanced
                       ? tr(" — the balanced split evens out the causal triangle")
                       : tr(" — with contiguous chunks the GPU holding the end of the sequence works most"));
    return text;
}

// ---------------------------------------------------------------------------------------------------------

ContextRingCanvas::ContextRingCanvas(QWidget* parent)
    : LessonCanvas(parent)
{
    setAnimation(600, QEasingCurve::InOutQuad);
}

void ContextRingCanvas::setSplit(const core::ContextSplit& split, int step)
{
    const bool forward = step == m_step + 1 && split.cp == m_split.cp && isVisible();
    m_split = split;
    m_step = step;
    animate(forward);
    update();
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
    const core::ContextSplit& s = m_split;
    if (s.chunks.empty() || s.steps.empty())
        return;
    Figure f;
    f.view = view;
    f.line = fontMetrics().height();
    f.bold = font();
    f.bold.setBold(true);
    f.step = std::clamp(m_step, 0, static_cast<int>(s.steps.size()) - 1);
    const int n = static_cast<int>(s.chunks.size());
    f.side = std::max(4.0 * n, std::min(view.height() - 4.0 * f.line - 2 * f.margin, view.width() * 0.55));
    f.cell = f.side / n;
    f.left = f.margin + 3 * f.line;
    f.top = f.margin + 2 * f.line + 4;
    paintAttention(p, f);

    // The ring, which block each GPU holds in this step and where it goes next, and the work per GPU:
    // the bars under the ring where the height allows, else beside it (a short presentation canvas).
    const double ringLeft = f.left + f.side + 3 * f.line;
    const double panelWidth = view.width() - ringLeft - f.margin;
    if (panelWidth < 100)
        return;
    const int cp = s.cp;
    const double node = nodeRadius();
    const QString barsTitle = ContextRingView::tr("Work in this step (query–key pairs)");
    // The title wraps in a narrow column.
    const auto titleHeight = [&](double width) {
        return p.boundingRect(QRectF(0, 0, width, 10 * f.line), Qt::TextWordWrap, barsTitle).height();
    };
    double barsHeight = titleHeight(panelWidth) + cp * (f.line + 4.0) + 4;
    const double bottom = view.height() - f.margin;
    // Four nodes on a circle of radius r are r·√2 apart: r ≥ 1.5 node keeps them clear of each other.
    const bool stacked = bottom - f.top - barsHeight - f.line >= 5 * node + 4;
    if (!stacked)
        barsHeight = titleHeight(panelWidth / 2 - f.line) + cp * (f.line + 4.0) + 4;
    const QRectF ringBox = stacked ? QRectF(ringLeft, f.top, panelWidth, bottom - f.top - barsHeight - f.line)
                                   : QRectF(ringLeft, f.top, panelWidth / 2, bottom - f.top);
    const QRectF barsBox = stacked
        ? QRectF(ringLeft, bottom - barsHeight, panelWidth, barsHeight)
        : QRectF(ringLeft + panelWidth / 2 + f.line, f.top + std::max(0.0, (bottom - f.top - barsHeight) / 2),
                 panelWidth / 2 - f.line, barsHeight);
    paintRing(p, f, ringBox);
    paintWork(p, f, barsBox, barsTitle, titleHeight(barsBox.width()));
}

void ContextRingCanvas::paintAttention(QPainter& p, const Figure& f)
{
    const core::ContextSplit& s = m_split;
    const QPalette pal = palette();
    const int line = f.line;
    const double margin = f.margin, side = f.side, cell = f.cell, left = f.left, top = f.top;
    // The sequence, chunk by chunk, coloured by owner.
    p.setFont(f.bold);
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
        p.setBrush(palette::lessonGpu(c.rank));
        p.drawRect(QRectF(left + c.index * cell, top - line - 2, cell - 1, line));
        p.drawRect(QRectF(left - line - 2, top + c.index * cell, line, cell - 1));
        p.setPen(palette::lessonTextOnFill);
        p.drawText(QRectF(left + c.index * cell, top - line - 2, cell - 1, line), Qt::AlignCenter,
                   QString::number(c.rank));
        p.drawText(QRectF(left - line - 2, top + c.index * cell, line, cell - 1), Qt::AlignCenter,
                   QString::number(c.rank));
    }
    noteDrawn(QRectF(left - line - 2, top - line - 2, side + line + 2, side + line + 2));
    // The causal attention matrix: block (q, k) belongs to the GPU owning chunk q and is computed in the step
    // in which that GPU holds the key/value block of chunk k's owner.
    for (const core::ContextChunk& q : s.chunks)
        for (const core::ContextChunk& k : s.chunks) {
            if (k.index > q.index)
                continue; // masked: a query never sees later keys
            int computedIn = 0;
            for (const core::ContextRingStep& st : s.steps)
                if (st.kvOwner[idx(q.rank)] == k.rank)
                    computedIn = st.step;
            QColor c = palette::lessonGpu(q.rank);
            if (computedIn > f.step)
                c.setAlpha(35);
            else if (computedIn < f.step)
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
            if (computedIn == f.step) {
                p.setPen(QPen(pal.color(QPalette::Text), 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(block);
            }
        }
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(left, top, side, side));
}

void ContextRingCanvas::paintRing(QPainter& p, const Figure& f, const QRectF& ringBox)
{
    const core::ContextSplit& s = m_split;
    const QPalette pal = palette();
    const core::ContextRingStep& current = s.steps[idx(f.step)];
    const int cp = s.cp;
    const int line = f.line;
    const double node = nodeRadius();
    const QPointF centre = ringBox.center();
    const double radius = std::max(node, std::min(ringBox.width(), ringBox.height()) / 2 - node - 2);
    const auto position = [&](int r) {
        const double angle = -M_PI / 2 + 2 * M_PI * r / cp;
        return centre + QPointF(std::cos(angle), std::sin(angle)) * radius;
    };
    // The sends, from each GPU to the next.
    const QColor wire = current.sends ? palette::lessonCommunication : pal.color(QPalette::Mid);
    for (int r = 0; r < cp; ++r) {
        const QPointF a = position(r), b = position((r + 1) % cp);
        const QPointF d = b - a;
        const double len = std::hypot(d.x(), d.y());
        const QPointF u = d / len;
        const QPointF from = a + u * (node + 2), to = b - u * (node + 2);
        p.setPen(QPen(wire, 2.5));
        p.drawLine(from, to);
        const QPointF nrm(-u.y(), u.x());
        p.setBrush(wire);
        p.drawPolygon(QPolygonF{to, to - 10 * u + 5 * nrm, to - 10 * u - 5 * nrm});
    }
    // The GPUs, each with the key/value block it holds in this step.
    for (int r = 0; r < cp; ++r) {
        const QPointF c = position(r);
        p.setPen(QPen(palette::lessonGpu(r), 3));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawEllipse(c, node, node);
        noteDrawn(QRectF(c.x() - node, c.y() - node, 2 * node, 2 * node));
        p.setPen(pal.color(QPalette::Text));
        p.setFont(f.bold);
        drawText(p, QRectF(c.x() - node, c.y() - line, 2 * node, line), Qt::AlignCenter,
                 ContextRingView::tr("GPU %1").arg(r));
        p.setFont(font());
        const int owner = current.kvOwner[idx(r)];
        p.setPen(palette::lessonGpu(owner).darker(120));
        drawText(p, QRectF(c.x() - node, c.y(), 2 * node, line), Qt::AlignCenter,
                 ContextRingView::tr("KV of %1").arg(owner));
    }
    // The blocks on their way: each GPU's new block comes from the GPU before it.
    if (progress() < 1)
        for (int r = 0; r < cp; ++r) {
            const int to = (r + 1) % cp;
            const QPointF at = position(r) + (position(to) - position(r)) * progress();
            const int owner = current.kvOwner[idx(to)];
            p.setPen(QPen(pal.color(QPalette::Text), 1));
            p.setBrush(palette::lessonGpu(owner));
            p.drawRect(QRectF(at.x() - 12, at.y() - 12, 24, 24));
            p.setPen(palette::lessonTextOnFill);
            p.drawText(QRectF(at.x() - 12, at.y() - 12, 24, 24), Qt::AlignCenter, QStringLiteral("KV"));
        }
}

void ContextRingCanvas::paintWork(QPainter& p, const Figure& f, const QRectF& barsBox, const QString& title,
                                  double titleHeight)
{
    const core::ContextSplit& s = m_split;
    const core::ContextRingStep& current = s.steps[idx(f.step)];
    const int line = f.line;
    const double barLabelWidth
        = fontMetrics().horizontalAdvance(ContextRingView::tr("GPU %1").arg(s.cp - 1)) + 8;
    // Every step's bars on the scale of the busiest GPU of any step.
    double most = 0;
    for (const core::ContextRingStep& st : s.steps)
        for (double pairs : st.pairs)
            most = std::max(most, pairs);
    p.setPen(palette().color(QPalette::Text));
    drawText(p, QRectF(barsBox.left(), barsBox.top(), barsBox.width(), titleHeight),
             Qt::AlignLeft | Qt::TextWordWrap, title);
    for (int r = 0; r < s.cp; ++r) {
        const double y = barsBox.top() + titleHeight + 4 + r * (line + 4);
        const double barWidth = barsBox.width() - barLabelWidth - 4;
        const double w = most > 0 ? barWidth * current.pairs[idx(r)] / most : 0;
        p.setPen(Qt::NoPen);
        p.setBrush(palette::lessonGpu(r));
        p.drawRect(QRectF(barsBox.left() + barLabelWidth + 4, y, w, line));
        noteDrawn(QRectF(barsBox.left() + barLabelWidth + 4, y, w, line));
        p.setPen(palette().color(QPalette::Text));
        drawText(p, QRectF(barsBox.left(), y, barLabelWidth, line), Qt::AlignRight,
                 ContextRingView::tr("GPU %1").arg(r));
    }
}

} // namespace widgets
