// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// QCustomPlot takes the default locale once, in its constructor (without group separators), and formats
// its tick labels with it from then on: a plot made in English kept "2.5" after a switch to German. A plot
// given to followLanguage() takes the default locale again at every language change and redraws.

#include <QLocale>

class QCustomPlot;

namespace widgets {

// The default locale as QCustomPlot formats numbers with it: no group separators ("8192", "2,5").
QLocale plotLocale();
void followLanguage(QCustomPlot* plot);

} // namespace widgets
