// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The widths of the mesh search's result columns. Seventeen columns, most of them digits under a header of
// words, have to fit a laptop's 1366 px in English and German without a sideways scroll bar: a header breaks
// over two lines, or three where two do not fit, and the last column (the reasons, each whole in its row's
// tooltip) takes what is left.

#include <QString>

class QFontMetrics;
class QTableView;

namespace widgets {

// `label` broken into at most `maxLines` lines where its widest line is narrowest. It breaks at a space,
// after a hyphen, or at a soft hyphen (U+00AD, which a translation may put into a long word:
// "Spitzen\u00adspeicher"), which shows as a hyphen where it breaks and not at all elsewhere. Of equally wide
// breakings the one with the fewest lines wins.
QString breakHeader(const QString& label, int maxLines, const QFontMetrics& metrics);

// Sets the headers of `view`'s model from `labels` (one per column, unbroken) and sizes every column: as wide
// as its widest cell or header line and, where the sorted column shows its arrow, that too. The headers break
// over two lines, over three when the columns would not otherwise fit the viewport; the last column stretches
// over the rest.
void fitResultColumns(QTableView* view, const QStringList& labels);

// For a table whose columns stretch (the candidates side by side, one per design): a header longer than its
// column wraps over as many lines as it needs instead of losing both its ends, and the header row grows to
// the tallest, following every resize.
void wrapStretchedHeaders(QTableView* view);

} // namespace widgets
