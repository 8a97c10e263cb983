// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/mlpsplitview.h"

#include "collectives/collectivetext.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "teaching/lessonview.h"

#include <QCheckBox>
#include <QLabel>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace widgets {

namespace {

QString shapeText(const core::MatrixShape& m)
{
    return QStringLiteral("%1×%2").arg(m.rows).arg(m.cols);
}

} // namespace

MlpSplitView::MlpSplitView(QWidget* parent)
    : LessonView(parent)
{
    m_sequenceParallel = addVariantBox(addControlRow(), QStringLiteral("sequenceParallel"));
    m_canvas = new MlpSplitCanvas(this);
    addCanvas(m_canvas);
    m_explanation = addText();
    m_explanation->setMinimumHeight(m_explanation->fontMetrics().height() * 4);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    retranslate();
}

void MlpSplitView::setSnapshot(const DesignSnapshot& snapshot)
{
    if (snapshot.isNull())
        return;
    m_model = snapshot.design->model;
    m_tokens = snapshot.design->workload.sequenceLength;
    rebuild();
}

void MlpSplitView::setSequenceParallel(bool on)
{
    m_sequenceParallel->setChecked(on);
}

QString MlpSplitView::variantLabel() const
{
    return tr("sequence parallelism");
}

void MlpSplitView::rebuild()
{
    m_split = core::mlpSplit(m_model, kRanks, m_sequenceParallel->isChecked(), m_tokens);
    setTitle(
        tr("<b>Tensor parallelism inside one MLP</b> of %1 on two GPUs (Megatron-LM): %2 tokens, hidden size "
           "h = %3, MLP width f = %4%5. Weights per GPU: %6 instead of %7.")
            .arg(qs(m_model.name))
            .arg(m_split.tokens)
            .arg(m_split.hidden)
            .arg(m_split.ffn)
            .arg(m_split.gated ? tr(" (SwiGLU: A holds the gate and up projections, 2f columns)") : QString())
            .arg(bytesText(m_split.weightBytesPerRank), bytesText(m_split.weightBytesWhole)));
    showStep();
}

void MlpSplitView::showStep()
{
    m_canvas->setSplit(m_split, step());
    m_explanation->setText(stepText());
}

void MlpSplitView::retranslate()
{
    m_sequenceParallel->setText(tr("Sequence parallelism (all-gather before, reduce-scatter after)"));
    rebuild();
}

QString MlpSplitView::stepText() const
{
    const core::MlpSplit& s = m_split;
    QString text = tr("<b>Step %1 of %2.</b> ").arg(step() + 1).arg(kSteps);
    const auto collective = [&](core::CollectiveOp op) -> const core::MlpCollective* {
        for (const core::MlpCollective& c : s.forward)
            if (c.op == op)
                return &c;
        return nullptr;
    };
    switch (step()) {
    case 0:
        if (const core::MlpCollective* gather = collective(core::CollectiveOp::AllGather))
            text += tr("With sequence parallelism each GPU holds only %1 of X (%2 tokens). An all-gather "
                       "builds "
                       "the whole X (%3) on both GPUs, sending %4 per GPU.")
                        .arg(shapeText(s.inputPerRank))
                        .arg(s.inputPerRank.rows)
                        .arg(shapeText(s.input), bytesText(gather->sendBytesPerGpu));
        else
            text += tr("Both GPUs hold the same input X (%1: tokens × hidden).").arg(shapeText(s.input));
        break;
    case 1:
        text += tr("The first weight matrix A (%1) is cut by <b>columns</b>: GPU i holds A<sub>i</sub> (%2) "
                   "and "
                   "computes X·A<sub>i</sub> (%3) on its own — no communication.")
                    .arg(shapeText(s.firstWeight), shapeText(s.firstWeightPerRank),
                         shapeText(s.intermediatePerRank));
        break;
    case 2:
        if (s.gated)
            text += tr("SwiGLU works element by element: each GPU's columns of A hold its share of both the "
                       "gate "
                       "and the up projection, and it multiplies silu(gate) by up on its own — still no "
                       "communication. The result Y<sub>i</sub> (%1) is half as wide as X·A<sub>i</sub>, "
                       "since gate and up pair into one column each. (A column cut of B instead would need "
                       "the "
                       "whole output on every GPU.)")
                        .arg(shapeText(s.intermediatePerRank));
        else
            text += tr(
                "GeLU works element by element, so each GPU applies it to its own columns — still no "
                "communication. (A column cut of B instead would need the whole GeLU output on every GPU.)");
        break;
    case 3:
        text += tr("The second weight matrix B (%1) is cut by <b>rows</b>: GPU i holds B<sub>i</sub> (%2). "
                   "Y<sub>i</sub>·B<sub>i</sub> is already the full output shape (%3), but only a <b>partial "
                   "sum</b>: the output is Y<sub>0</sub>B<sub>0</sub> + Y<sub>1</sub>B<sub>1</sub>.")
                    .arg(shapeText(s.secondWeight), shapeText(s.secondWeightPerRank),
                         shapeText(s.partialOutput));
        break;
    default:
        if (const core::MlpCollective* scatter = collective(core::CollectiveOp::ReduceScatter))
            text += tr("A <b>reduce-scatter</b> adds the partial sums and leaves each GPU its own %1 tokens "
                       "(%2): %3 buffer, %4 sent per GPU. Outside the MLP, LayerNorm and dropout then keep "
                       "only "
                       "these tokens' activations: that is what sequence parallelism saves.")
                        .arg(s.outputPerRank.rows)
                        .arg(shapeText(s.outputPerRank), bytesText(scatter->bytes),
                             bytesText(scatter->sendBytesPerGpu));
        else if (const core::MlpCollective* reduce = collective(core::CollectiveOp::AllReduce))
            text += tr("<b>One all-reduce</b> adds the partial sums: %1 buffer, %2 sent per GPU. One "
                       "all-reduce "
                       "per MLP in the forward pass instead of one per matrix multiplication.")
                        .arg(bytesText(reduce->bytes), bytesText(reduce->sendBytesPerGpu));
        break;
    }
    return text;
}

// ---------------------------------------------------------------------------------------------------------

MlpSplitCanvas::MlpSplitCanvas(QWidget* parent)
    : LessonCanvas(parent)
{
    setAnimation(400);
}

void MlpSplitCanvas::setSplit(const core::MlpSplit& split, int step)
{
    const bool advancing = step != m_step && isVisible();
    m_split = split;
    m_step = step;
    animate(advancing);
    update();
}

MlpSplitCanvas::Measures MlpSplitCanvas::measures() const
{
    const core::MlpSplit& s = m_split;
    Measures m;
    // Matrix sizes on screen: the hidden size is one unit; the MLP width is drawn at the square root of its
    // ratio so that both rows fit (the labels carry the true shapes).
    m.fRatio = s.hidden > 0 ? std::sqrt(double(s.ffn) / double(s.hidden)) : 1;
    m.aRatio = s.hidden > 0 ? std::sqrt(double(s.firstWeight.cols) / double(s.hidden)) : 1;
    // X, A, Y_i, B, Z_i and the output Z in units; five operators, the collective box and its two wires.
    m.unitsWide = 4 + m.aRatio + m.fRatio / 2;
    // An operator's slot: wide enough for its widest name (SwiGLU).
    QFont bold = font();
    bold.setBold(true);
    m.opWidth = std::max(46.0, QFontMetrics(bold).horizontalAdvance(QStringLiteral("SwiGLU")) + 10.0);
    // The captions of X and of the output Z reach out of the drawing by as much as they are wider than
    // the matrix.
    m.captionSlack = fontMetrics().horizontalAdvance(shapeText(s.inputPerRank) + QStringLiteral(" → ")
                                                     + shapeText(s.input));
    return m;
}

QSizeF MlpSplitCanvas::contentMinimum() const
{
    // A unit of 36 pixels keeps every caption clear of its neighbours.
    constexpr double unit = 36;
    const Measures m = measures();
    const double line = fontMetrics().height();
    return {16 + m.captionSlack + 5 * m.opWidth + 150 + 60 + 16 + unit * m.unitsWide,
            3 * line + MlpSplitView::kRanks * (3.6 * line + unit * std::max(1.0, m.fRatio)) + line};
}

QColor MlpSplitCanvas::faint(QColor c, int from) const
{
    // An element belongs to the step that introduces it: faint before, fading in during its step's
    // animation, solid after.
    const double shown = m_step > from ? 1.0 : m_step == from ? progress() : 0.0;
    c.setAlphaF(c.alphaF() * (0.24 + 0.76 * shown));
    return c;
}

void MlpSplitCanvas::paintMatrix(QPainter& p, const Figure& f, QRectF r, const QString& name,
                                 const QString& shape, const QColor& fill, int active, QRectF part)
{
    const QPalette pal = palette();
    p.setPen(QPen(faint(pal.color(QPalette::Text), active), 1));
    p.setBrush(part.isNull() ? faint(fill, active) : faint(pal.color(QPalette::AlternateBase), active));
    p.drawRect(r);
    if (!part.isNull()) {
        p.setBrush(faint(fill, active));
        p.drawRect(part);
    }
    noteDrawn(r);
    p.setPen(faint(pal.color(QPalette::Text), active));
    p.setFont(f.bold);
    drawText(p, QRectF(r.left() - 30, r.top() - f.line - 2, r.width() + 60, f.line), Qt::AlignCenter, name);
    p.setFont(font());
    drawText(p, QRectF(r.left() - 40, r.bottom() + 2, r.width() + 80, 2 * f.line),
             Qt::AlignHCenter | Qt::AlignTop, shape);
}

void MlpSplitCanvas::paintOperator(QPainter& p, const Figure& f, double x, double y, const QString& text,
                                   int active)
{
    p.setPen(faint(palette().color(QPalette::Text), active));
    p.setFont(f.bold);
    drawText(p, QRectF(x, y - f.line, f.m.opWidth, 2 * f.line), Qt::AlignCenter, text);
    p.setFont(font());
}

QPointF MlpSplitCanvas::paintRank(QPainter& p, const Figure& f, int r)
{
    const core::MlpSplit& s = m_split;
    const bool sp = s.sequenceParallel;
    const double u = f.unit, sH = f.unit; // tokens drawn as tall as the hidden size is wide
    const int line = f.line;
    const QColor c = palette::lessonGpu(r);
    const double top = line * 1.6 + r * f.rowHeight;
    const double mid = top + std::max(sH, u * f.m.fRatio) / 2 + line;
    p.setPen(c.darker(120));
    p.setFont(f.bold);
    drawText(p, QRectF(8, top - line * 1.5, 200, line), Qt::AlignLeft, MlpSplitView::tr("GPU %1").arg(r));
    p.setFont(font());
    // X's caption may be wider than X.
    double x = 16 + f.m.captionSlack / 2;
    // X: with SP this GPU holds a slice of the tokens before the all-gather.
    const QRectF xRect(x, mid - sH / 2, u, sH);
    const QRectF xPart = sp ? QRectF(x, mid - sH / 2 + r * sH / 2, u, sH / 2) : QRectF();
    paintMatrix(p, f, xRect, QStringLiteral("X"),
                sp && m_step == 0 ? shapeText(s.inputPerRank) + QStringLiteral(" → ") + shapeText(s.input)
                                  : shapeText(s.input),
                c.lighter(140), 0, sp && m_step == 0 ? xPart : QRectF());
    x += u;
    paintOperator(p, f, x, mid, QStringLiteral("×"), 1);
    x += f.m.opWidth;
    // A, cut by columns: this GPU's half coloured.
    const double aW = u * f.m.aRatio;
    const QRectF aRect(x, mid - u / 2, aW, u);
    paintMatrix(
        p, f, aRect, QStringLiteral("A%1").arg(QChar(0x2080 + r)),
        MlpSplitView::tr("columns: %1\nof %2").arg(shapeText(s.firstWeightPerRank), shapeText(s.firstWeight)),
        c, 1, QRectF(x + r * aW / 2, mid - u / 2, aW / 2, u));
    x += aW;
    paintOperator(p, f, x, mid, s.gated ? QStringLiteral("SwiGLU") : QStringLiteral("GeLU"), 2);
    x += f.m.opWidth;
    const double yW = u * f.m.fRatio / 2;
    paintMatrix(p, f, QRectF(x, mid - sH / 2, yW, sH), QStringLiteral("Y%1").arg(QChar(0x2080 + r)),
                shapeText(s.intermediatePerRank), c.lighter(120), 2);
    x += yW;
    paintOperator(p, f, x, mid, QStringLiteral("×"), 3);
    x += f.m.opWidth;
    // B, cut by rows: this GPU's half coloured.
    const double bH = u * f.m.fRatio;
    const QRectF bRect(x, mid - bH / 2, u, bH);
    paintMatrix(
        p, f, bRect, QStringLiteral("B%1").arg(QChar(0x2080 + r)),
        MlpSplitView::tr("rows: %1\nof %2").arg(shapeText(s.secondWeightPerRank), shapeText(s.secondWeight)),
        c, 3, QRectF(x, mid - bH / 2 + r * bH / 2, u, bH / 2));
    x += u;
    paintOperator(p, f, x, mid, QStringLiteral("="), 3);
    x += f.m.opWidth;
    paintMatrix(p, f, QRectF(x, mid - sH / 2, u, sH),
                MlpSplitView::tr("Z%1 (partial)").arg(QChar(0x2080 + r)), shapeText(s.partialOutput),
                c.lighter(160), 3);
    x += u;
    return QPointF(x, mid);
}

void MlpSplitCanvas::paintReduction(QPainter& p, const Figure& f,
                                    const std::array<QPointF, MlpSplitView::kRanks>& partialEnds)
{
    const core::MlpSplit& s = m_split;
    const bool sp = s.sequenceParallel;
    const int line = f.line;
    const double u = f.unit, sH = f.unit;
    const int active = 4;
    const double reduceX = partialEnds.back().x() + 30;
    const double y0 = partialEnds[0].y(), y1 = partialEnds[1].y();
    const QRectF reduceBox(reduceX, y0 - line, 150, y1 - y0 + 2 * line);
    p.setPen(QPen(faint(palette::lessonCommunication, active), 2.5));
    for (const QPointF& end : partialEnds)
        p.drawLine(end, QPointF(reduceX, end.y()));
    p.setBrush(faint(palette::lessonCommunication.lighter(170), active));
    p.drawRoundedRect(reduceBox, 8, 8);
    noteDrawn(reduceBox);
    p.setPen(faint(palette().color(QPalette::Text), active));
    p.setFont(f.bold);
    const QString name
        = collectiveOpText(sp ? core::CollectiveOp::ReduceScatter : core::CollectiveOp::AllReduce);
    drawText(p, reduceBox, Qt::AlignCenter | Qt::TextWordWrap,
             name + QLatin1Char('\n') + MlpSplitView::tr("Z = Z₀ + Z₁"));
    p.setFont(font());
    const double outX = reduceBox.right() + 30;
    for (int r = 0; r < MlpSplitView::kRanks; ++r) {
        const double mid = r == 0 ? y0 : y1;
        p.setPen(QPen(faint(palette::lessonCommunication, active), 2.5));
        p.drawLine(QPointF(reduceBox.right(), mid), QPointF(outX, mid));
        const QRectF zRect(outX, mid - sH / 2, u, sH);
        const QRectF zPart = sp ? QRectF(outX, mid - sH / 2 + r * sH / 2, u, sH / 2) : QRectF();
        paintMatrix(p, f, zRect, QStringLiteral("Z"), shapeText(s.outputPerRank),
                    palette::lessonGpu(r).lighter(110), active, zPart);
    }
}

void MlpSplitCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QSizeF view = beginPaint(p);
    const double viewWidth = view.width();
    const double viewHeight = view.height();
    const core::MlpSplit& s = m_split;
    if (s.hidden <= 0)
        return;
    Figure f;
    f.line = fontMetrics().height();
    f.m = measures();
    f.rowHeight = (viewHeight - 3 * f.line) / double(MlpSplitView::kRanks);
    const double budgetWidth = viewWidth - 16 - f.m.captionSlack;
    const double unitByWidth = (budgetWidth - 5 * f.m.opWidth - 150 - 60 - 16) / f.m.unitsWide;
    // Below each matrix two lines of caption (its share and the whole).
    const double unitByHeight = (f.rowHeight - 3.6 * f.line) / std::max(1.0, f.m.fRatio);
    f.unit = std::max(20.0, std::min({unitByWidth, unitByHeight, 130.0}));
    f.bold = font();
    f.bold.setBold(true);

    std::array<QPointF, MlpSplitView::kRanks> partialEnds;
    for (int r = 0; r < MlpSplitView::kRanks; ++r)
        partialEnds[static_cast<std::size_t>(r)] = paintRank(p, f, r);
    // The collective that joins the ranks, and the result.
    paintReduction(p, f, partialEnds);
    if (s.sequenceParallel && m_step == 0) {
        p.setPen(palette::lessonCommunication.darker(120));
        p.setFont(f.bold);
        drawText(p, QRectF(8, viewHeight - f.line - 4, viewWidth - 16, f.line), Qt::AlignLeft,
                 collectiveOpText(core::CollectiveOp::AllGather) + QStringLiteral(": X₀ + X₁ → X"));
        p.setFont(font());
    }
}

} // namespace widgets
