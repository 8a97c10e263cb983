// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The teaching views in one window, reached from the "Learn" menu: the six splits on four GPUs,
// the MLP split, context parallelism, expert routing and serving. A presentation mode for lectures shows
// them full screen in large type; PageDown/PageUp move between views, Right/Left (or Space/Backspace)
// through a view's steps, V toggles the view's variant (lessonview.h), Esc leaves the presentation, F5
// starts it. The current view (at its current step) exports as a figure for slides, like every tab of the
// main window (figureexport.h).

#include "common/designsnapshot.h"
#include "common/rebuildwhenshown.h"
#include "design/layout.h"

#include <QWidget>
#include <vector>

class QAction;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;
class QToolButton;

namespace widgets {
class LessonView;
}

namespace app {

class LearnWindow : public QWidget
{
    Q_OBJECT

public:
    // Object names, also the values of `meshwright --learn`.
    static QStringList viewNames(); // strategies, mlp, context, experts, serving

    explicit LearnWindow(QWidget* parent = nullptr);

    // The design the views teach with. The window keeps it while hidden and hands it to the views when it
    // shows (F5 from the main window, the Learn menu, a lesson link), so that every view is current.
    void setSnapshot(const widgets::DesignSnapshot& snapshot);
    int viewCount() const;
    int currentView() const;
    void setCurrentView(int index);
    bool showView(const QString& name); // by object name; false if unknown
    // The view that explains a dimension: TP the MLP split, CP the ring, EP the routing, DP and PP their
    // panel of the six splits (FSDP when the design shards with ZeRO-3). A serving design opens the
    // serving view's panel of the dimension instead (TP, PP, replicas for DP, EP).
    void showLessonFor(core::Dim dim, int zeroStage, bool serving = false);
    widgets::LessonView* view(int index) const;
    widgets::LessonView* currentLessonView() const;
    // Turns the current view's variant on by its name (`meshwright --variant`: sp, contiguous, dropless);
    // false with `error` naming the view's own variant, or saying that it has none.
    bool showVariant(const QString& name, QString* error);

    // A "Learn" menu that opens this window on each view, and starts the presentation.
    QMenu* createMenu(QWidget* parent);

    // The current view as a PNG, SVG or PDF figure at `size`; false with `error` saying why.
    bool exportCurrentView(const QString& path, QSize size, QString* error) const;
    QAction* exportAction() const { return m_exportAction; }

    void setPresenting(bool on);
    bool isPresenting() const { return m_presenting; }
    // How much a presentation enlarges type and drawings: 2 on a 1600×1000 screen, less on a smaller one.
    double presentationScale() const;

    // Moves to the next step, or to the next view after the last step; false at the very end.
    bool advance();
    bool goBack();

signals:
    void currentViewChanged(int index);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void bringToFront();
    void applySnapshot();
    void applyScale();
    void retranslate();
    void updateHeader();
    QString viewTitle(int index) const;

    std::vector<widgets::LessonView*> m_views;
    QListWidget* m_list = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_keys = nullptr;
    QToolButton* m_exportButton = nullptr;
    QMenu* m_menu = nullptr;
    std::vector<QAction*> m_viewActions;
    QAction* m_presentAction = nullptr;
    QAction* m_exportAction = nullptr;
    bool m_presenting = false;
    QFont m_normalFont;
    widgets::DesignSnapshot m_snapshot;
    // The lessons see the design while the window is shown; hidden, it keeps it until shown or read.
    widgets::RebuildWhenShown* m_snapshotApply = nullptr;
};

} // namespace app
