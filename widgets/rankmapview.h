#pragma once

// The ranks of the layout on the real hardware: nodes as boxes, GPUs as cells labelled with their rank
// and coloured by their group in the chosen dimension. Hovering a GPU outlines its group and tells its
// coordinates. (The interactive canvas with drag and drop replaces this view; see issue 4.)

#include "designsnapshot.h"
#include "rankmapgeometry.h"

#include <QWidget>

namespace widgets {

class RankMapView : public QWidget
{
    Q_OBJECT

public:
    explicit RankMapView(QWidget* parent = nullptr);

    void setSnapshot(const DesignSnapshot& snapshot);
    void setColorDimension(core::Dim dim);
    // The height the map should fit in if it can (the visible part of the scroll area).
    void setFitHeight(int height);
    core::Dim colorDimension() const { return m_dim; }
    int hoveredRank() const { return m_hoveredRank; }
    const RankMapGeometry& mapGeometry() const { return m_geometry; }
    // The rank on a GPU cell (-1 for an idle or missing cell).
    int rankAt(int node, int slot) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

signals:
    void rankHovered(int rank); // -1 when the pointer leaves the ranks

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void relayout();
    std::vector<int> gpusPerNode() const;
    void setHoveredRank(int rank);
    QString toolTipFor(int node, int slot) const;

    DesignSnapshot m_snapshot;
    core::Dim m_dim = core::Dim::Tp;
    RankMapGeometry m_geometry;
    std::vector<std::vector<int>> m_rankOnCell; // [node][slot] → rank or -1
    int m_hoveredRank = -1;
    int m_fitHeight = 0;
};

} // namespace widgets
