// SPDX-License-Identifier: GPL-3.0-or-later
#include "performance/resultcolumns.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

namespace widgets {

namespace {

constexpr QChar kSoftHyphen(0x00AD);
// Beside a header's text: QCommonStyle's PM_HeaderMargin (4 px) on either side and the grid line; 16 px per
// column kept the last three columns of 17 out of view at 1366 px.
constexpr int kHeaderMargins = 10;

// The lines of `label` broken at the break opportunities `at` (indices into `label`, ascending).
QStringList linesOf(const QString& label, const std::vector<qsizetype>& at)
{
    QStringList lines;
    qsizetype start = 0;
    for (qsizetype i : at) {
        QString line = label.mid(start, i - start);
        const QChar c = label[i];
        if (c == QLatin1Char('-') || c == kSoftHyphen)
            line += QLatin1Char('-');
        lines << line;
        start = i + 1;
    }
    lines << label.mid(start);
    for (QString& line : lines)
        line.remove(kSoftHyphen);
    return lines;
}

int widest(const QStringList& lines, const QFontMetrics& metrics)
{
    int width = 0;
    for (const QString& line : lines)
        width = std::max(width, metrics.horizontalAdvance(line));
    return width;
}

// The header's widest line, as drawn.
int headerTextWidth(const QString& header, const QFontMetrics& metrics)
{
    return widest(header.split(QLatin1Char('\n')), metrics);
}

} // namespace

QString breakHeader(const QString& label, int maxLines, const QFontMetrics& metrics)
{
    std::vector<qsizetype> opportunities;
    for (qsizetype i = 0; i < label.size(); ++i)
        if (label[i] == QLatin1Char(' ') || label[i] == kSoftHyphen
            || (label[i] == QLatin1Char('-') && i + 1 < label.size()))
            opportunities.push_back(i);
    // Every choice of up to maxLines − 1 breaks: a header has a handful of opportunities.
    QStringList best = linesOf(label, {});
    int bestWidth = widest(best, metrics);
    const std::size_t n = opportunities.size();
    if (n < 16)
        for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
            std::vector<qsizetype> at;
            for (std::size_t b = 0; b < n; ++b)
                if (mask & (1u << b))
                    at.push_back(opportunities[b]);
            if (static_cast<int>(at.size()) >= maxLines)
                continue;
            const QStringList lines = linesOf(label, at);
            const int width = widest(lines, metrics);
            if (width < bestWidth || (width == bestWidth && lines.size() < best.size())) {
                best = lines;
                bestWidth = width;
            }
        }
    return best.join(QLatin1Char('\n'));
}

void fitResultColumns(QTableView* view, const QStringList& labels)
{
    auto* model = qobject_cast<QStandardItemModel*>(view->model());
    if (!model)
        return;
    QHeaderView* header = view->horizontalHeader();
    const QFontMetrics metrics(header->font());
    // Qt sizes every header for a sort arrow, which only the sorted one shows: 17 such margins kept peak
    // memory out of view at 1600 px. Only the sorted column makes room for it.
    const int arrow = header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header);
    const QAbstractItemView* base = view; // QTableView keeps its sizeHintForColumn protected
    const int columns = std::min(static_cast<int>(labels.size()), model->columnCount());
    auto widths = [&](int maxLines, QStringList* headers) {
        std::vector<int> out;
        for (int column = 0; column < columns; ++column) {
            const QString text = breakHeader(labels[column], maxLines, metrics);
            if (headers)
                *headers << text;
            const int sorted = header->sortIndicatorSection() == column ? arrow + 4 : 0;
            // The reasons are long sentences: their column takes what is left (stretched, its cells elided).
            const int content = column + 1 < columns ? base->sizeHintForColumn(column) : 0;
            out.push_back(std::max(content, headerTextWidth(text, metrics) + sorted + kHeaderMargins));
        }
        return out;
    };
    auto total = [](const std::vector<int>& w) { return std::accumulate(w.begin(), w.end(), 0); };
    QStringList headers;
    std::vector<int> width = widths(2, &headers);
    // A third line where two do not fit: the header grows by a line, the table loses no column.
    if (total(width) > view->viewport()->width()) {
        headers.clear();
        width = widths(3, &headers);
    }
    for (int column = 0; column < columns; ++column) {
        QStandardItem* item = model->horizontalHeaderItem(column);
        if (!item) {
            item = new QStandardItem;
            model->setHorizontalHeaderItem(column, item);
        }
        item->setText(headers[column]);
        view->setColumnWidth(column, width[static_cast<std::size_t>(column)]);
    }
}

namespace {

// Refits a wrapped header once the sections have their final sizes: a stretched header resizes its
// sections after its own resize, and not always with a sectionResized signal for the last pass.
class HeaderFitter : public QObject
{
public:
    HeaderFitter(QHeaderView* header, std::function<void()> fit)
        : QObject(header)
        , m_fit(std::move(fit))
    {
        header->installEventFilter(this);
    }

    void schedule()
    {
        if (!m_pending) {
            m_pending = true;
            QTimer::singleShot(0, this, [this] {
                m_pending = false;
                m_fit();
            });
        }
    }

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Resize)
            schedule();
        return false;
    }

private:
    std::function<void()> m_fit;
    bool m_pending = false;
};

} // namespace

void wrapStretchedHeaders(QTableView* view)
{
    QHeaderView* header = view->horizontalHeader();
    const Qt::Alignment wrapped = Qt::Alignment(Qt::AlignCenter) | Qt::Alignment(Qt::TextWordWrap);
    header->setDefaultAlignment(wrapped);
    auto fit = [view, header, wrapped] {
        const QFontMetrics metrics(header->font());
        int text = metrics.height();
        for (int column = 0; column < header->count(); ++column) {
            const QString label = view->model()->headerData(column, Qt::Horizontal).toString();
            const int width = std::max(1, header->sectionSize(column) - kHeaderMargins);
            text = std::max(text, metrics.boundingRect(QRect(0, 0, width, 1 << 20), wrapped, label).height());
        }
        const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        header->setFixedHeight(text + 2 * margin + 2);
    };
    auto* fitter = new HeaderFitter(header, fit);
    QObject::connect(header, &QHeaderView::sectionResized, fitter, &HeaderFitter::schedule);
    QObject::connect(view->model(), &QAbstractItemModel::headerDataChanged, fitter, &HeaderFitter::schedule);
    fit();
}

} // namespace widgets
