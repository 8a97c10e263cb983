#pragma once

// The rank map with its controls: which dimension colours the GPUs, and a line that describes the
// hovered rank.

#include "designsnapshot.h"

#include <QWidget>

class QButtonGroup;
class QLabel;
class QScrollArea;

namespace widgets {

class RankMapView;

class RankMapPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RankMapPanel(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    RankMapView* view() const { return m_view; }
    void setColorDimension(core::Dim dim);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void updateStatus();

    DesignSnapshot m_snapshot;
    RankMapView* m_view = nullptr;
    QScrollArea* m_scroll = nullptr;
    QLabel* m_colorLabel = nullptr;
    QButtonGroup* m_dimButtons = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace widgets
