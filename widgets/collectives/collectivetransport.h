// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The transport under the collective animation: back to the start, a step back, play or pause, a step
// forward, and the speed. It drives the view it is given and follows the view's playhead.

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace widgets {

class CollectiveView;

class CollectiveTransport : public QWidget
{
    Q_OBJECT

public:
    explicit CollectiveTransport(CollectiveView* view, QWidget* parent = nullptr);

    // Enables the buttons that can act now and names the play button after what it does.
    void refresh();
    void retranslate();

private:
    CollectiveView* m_view = nullptr;
    QPushButton* m_restartButton = nullptr;
    QPushButton* m_backButton = nullptr;
    QPushButton* m_playButton = nullptr;
    QPushButton* m_forwardButton = nullptr;
    QLabel* m_speedLabel = nullptr;
    QComboBox* m_speedBox = nullptr;
};

} // namespace widgets
