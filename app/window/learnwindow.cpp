// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/learnwindow.h"

#include "teaching/contextringview.h"
#include "teaching/expertroutingview.h"
#include "teaching/mlpsplitview.h"
#include "teaching/strategyexplorer.h"
#include "window/figureexport.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace app {

namespace {
// Type a back row of a lecture hall can read: twice the desktop size on a 1600×1000 projector (projector
// guides ask for 24 pt and up).
constexpr double kPresentationScale = 2.0;
} // namespace

QStringList LearnWindow::viewNames()
{
    return {QStringLiteral("strategies"), QStringLiteral("mlp"), QStringLiteral("context"),
            QStringLiteral("experts"), QStringLiteral("serving")};
}

LearnWindow::LearnWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("learnWindow"));
    m_normalFont = font();
    auto* layout = new QHBoxLayout(this);
    m_list = new QListWidget(this);
    m_list->setFocusPolicy(Qt::NoFocus);
    m_list->setMaximumWidth(240);
    layout->addWidget(m_list);
    auto* right = new QVBoxLayout;
    m_header = new QLabel(this);
    m_header->setTextFormat(Qt::RichText);
    right->addWidget(m_header);
    m_stack = new QStackedWidget(this);
    right->addWidget(m_stack, 1);
    m_keys = new QLabel(this);
    m_keys->setObjectName(QStringLiteral("learnKeys"));
    // The key hints in the window's own text colour: a disabled label is grey on the grey bar, unreadable
    // on a projector.
    m_keys->setForegroundRole(QPalette::WindowText);
    m_exportAction = new QAction(this);
    m_exportAction->setObjectName(QStringLiteral("learn-export"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    addAction(m_exportAction);
    connect(m_exportAction, &QAction::triggered, this,
            [this] { exportFigureDialog(this, currentLessonView(), viewNames()[currentView()]); });
    m_exportButton = new QToolButton(this);
    m_exportButton->setDefaultAction(m_exportAction);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_keys, 1);
    bottom->addWidget(m_exportButton);
    right->addLayout(bottom);
    layout->addLayout(right, 1);

    m_views = {new widgets::StrategyExplorer(widgets::StrategyExplorer::Kind::Training, m_stack),
               new widgets::MlpSplitView(m_stack), new widgets::ContextRingView(m_stack),
               new widgets::ExpertRoutingView(m_stack),
               new widgets::StrategyExplorer(widgets::StrategyExplorer::Kind::Serving, m_stack)};
    m_snapshotApply = new widgets::RebuildWhenShown(this, [this] { applySnapshot(); });
    const QStringList names = viewNames();
    for (std::size_t i = 0; i < m_views.size(); ++i) {
        m_views[i]->setObjectName(names[static_cast<int>(i)]);
        m_stack->addWidget(m_views[i]);
        m_list->addItem(QString());
        connect(m_views[i], &widgets::LessonView::stepChanged, this, &LearnWindow::updateHeader);
    }
    connect(m_list, &QListWidget::currentRowChanged, this, &LearnWindow::setCurrentView);
    m_list->setCurrentRow(0);

    // The lecture keys reach the window whichever of its widgets has focus (a clicker sends Page Down/Up);
    // spin boxes keep their arrows.
    qApp->installEventFilter(this);
    resize(1400, 900);
    retranslate();
}

bool LearnWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this || qobject_cast<QAbstractSpinBox*>(widget))
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & ~Qt::KeypadModifier)
        return false;
    switch (key->key()) {
    case Qt::Key_PageDown:
        setCurrentView(currentView() + 1);
        return true;
    case Qt::Key_PageUp:
        setCurrentView(currentView() - 1);
        return true;
    case Qt::Key_Right:
    case Qt::Key_Space:
        advance();
        return true;
    case Qt::Key_Left:
    case Qt::Key_Backspace:
        goBack();
        return true;
    case widgets::LessonView::kVariantKey:
        return currentLessonView()->toggleVariant();
    case Qt::Key_Escape:
        if (!m_presenting)
            return false;
        setPresenting(false);
        return true;
    case Qt::Key_F5:
        setPresenting(!m_presenting);
        return true;
    default:
        return false;
    }
}

void LearnWindow::setSnapshot(const widgets::DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_snapshotApply->request();
}

void LearnWindow::applySnapshot()
{
    if (m_snapshot.isNull())
        return;
    for (widgets::LessonView* view : m_views)
        view->setSnapshot(m_snapshot);
}

void LearnWindow::showEvent(QShowEvent* event)
{
    updateHeader();
    QWidget::showEvent(event);
}

int LearnWindow::viewCount() const
{
    return static_cast<int>(m_views.size());
}

int LearnWindow::currentView() const
{
    return m_stack->currentIndex();
}

void LearnWindow::setCurrentView(int index)
{
    if (index < 0 || index >= viewCount())
        return;
    m_stack->setCurrentIndex(index);
    if (m_list->currentRow() != index)
        m_list->setCurrentRow(index);
    updateHeader();
    emit currentViewChanged(index);
}

bool LearnWindow::showView(const QString& name)
{
    const int index = static_cast<int>(viewNames().indexOf(name.toLower()));
    if (index < 0)
        return false;
    setCurrentView(index);
    return true;
}

void LearnWindow::showLessonFor(core::Dim dim, int zeroStage, bool serving)
{
    m_snapshotApply->bringUpToDate();
    auto* explorer = static_cast<widgets::StrategyExplorer*>(m_views.front());
    if (serving && dim != core::Dim::Cp) {
        showView(QStringLiteral("serving"));
        auto* servingExplorer = static_cast<widgets::StrategyExplorer*>(currentLessonView());
        servingExplorer->setStrategy(dim == core::Dim::Tp       ? core::Strategy::ServingTp
                                         : dim == core::Dim::Pp ? core::Strategy::ServingPp
                                         : dim == core::Dim::Ep ? core::Strategy::ServingEp
                                                                : core::Strategy::ServingReplicas);
        bringToFront();
        return;
    }
    switch (dim) {
    case core::Dim::Tp:
        showView(QStringLiteral("mlp"));
        break;
    case core::Dim::Cp:
        showView(QStringLiteral("context"));
        break;
    case core::Dim::Ep:
        showView(QStringLiteral("experts"));
        break;
    case core::Dim::Pp:
        showView(QStringLiteral("strategies"));
        explorer->setStrategy(core::Strategy::Pp);
        break;
    case core::Dim::Dp:
        showView(QStringLiteral("strategies"));
        explorer->setStrategy(zeroStage >= 3 ? core::Strategy::Fsdp : core::Strategy::Ddp);
        break;
    }
    bringToFront();
}

void LearnWindow::bringToFront()
{
    show();
    raise();
    activateWindow();
}

widgets::LessonView* LearnWindow::view(int index) const
{
    m_snapshotApply->bringUpToDate(); // whoever reads a view sees it with the current design
    return index >= 0 && index < viewCount() ? m_views[static_cast<std::size_t>(index)] : nullptr;
}

widgets::LessonView* LearnWindow::currentLessonView() const
{
    return view(currentView());
}

bool LearnWindow::showVariant(const QString& name, QString* error)
{
    widgets::LessonView* view = currentLessonView();
    const QString known = view->variantName();
    if (known.isEmpty() || name.toLower() != known) {
        // A command-line message, in English like the others of main.cpp.
        *error = QStringLiteral("the view %1 ").arg(view->objectName())
            + (known.isEmpty() ? QStringLiteral("has no variant")
                               : QStringLiteral("has the variant ") + known);
        return false;
    }
    view->setVariantOn(true);
    return true;
}

bool LearnWindow::exportCurrentView(const QString& path, QSize size, QString* error) const
{
    return exportFigure(currentLessonView(), size, path, error);
}

bool LearnWindow::advance()
{
    if (currentLessonView()->nextStep())
        return true;
    if (currentView() + 1 >= viewCount())
        return false;
    setCurrentView(currentView() + 1);
    currentLessonView()->setStep(0);
    return true;
}

bool LearnWindow::goBack()
{
    if (currentLessonView()->previousStep())
        return true;
    if (currentView() == 0)
        return false;
    setCurrentView(currentView() - 1);
    currentLessonView()->setStep(currentLessonView()->stepCount() - 1);
    return true;
}

QMenu* LearnWindow::createMenu(QWidget* parent)
{
    m_menu = new QMenu(parent);
    m_menu->setObjectName(QStringLiteral("learnMenu"));
    m_viewActions.clear();
    for (int i = 0; i < viewCount(); ++i) {
        QAction* action = m_menu->addAction(QString());
        action->setObjectName(QStringLiteral("learn-") + viewNames()[i]);
        connect(action, &QAction::triggered, this, [this, i] {
            setCurrentView(i);
            bringToFront();
        });
        m_viewActions.push_back(action);
    }
    m_menu->addSeparator();
    m_presentAction = m_menu->addAction(QString());
    m_presentAction->setObjectName(QStringLiteral("learn-present"));
    connect(m_presentAction, &QAction::triggered, this, [this] { setPresenting(true); });
    retranslate();
    return m_menu;
}

double LearnWindow::presentationScale() const
{
    // A smaller screen keeps the proportions of the 1600×1000 one, as a slide would.
    return std::max(1.0, kPresentationScale * std::min({1.0, width() / 1600.0, height() / 1000.0}));
}

void LearnWindow::applyScale()
{
    const double scale = m_presenting ? presentationScale() : 1.0;
    QFont f = m_normalFont;
    if (m_presenting)
        f.setPointSizeF(m_normalFont.pointSizeF() * scale);
    if (f != font())
        setFont(f);
    widgets::setCanvasZoom(this, scale, m_normalFont);
}

void LearnWindow::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_presenting)
        applyScale();
}

void LearnWindow::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    applyScale();
    m_list->setVisible(!on);
    m_exportButton->setVisible(!on); // a lecture shows the view, not the tools
    for (widgets::LessonView* view : m_views)
        view->setPresenting(on);
    if (on) {
        show();
        showFullScreen();
        raise();
        activateWindow();
    } else if (isFullScreen()) {
        showNormal();
    }
    updateHeader();
}

void LearnWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString LearnWindow::viewTitle(int index) const
{
    switch (index) {
    case 0:
        return tr("Six splits on four GPUs");
    case 1:
        return tr("Tensor parallelism: the MLP split");
    case 2:
        return tr("Context parallelism: chunks and ring");
    case 3:
        return tr("Expert parallelism: routing tokens");
    case 4:
        return tr("Serving: what each GPU stores");
    default:
        return {};
    }
}

void LearnWindow::retranslate()
{
    setWindowTitle(tr("Learn — Meshwright"));
    for (int i = 0; i < viewCount(); ++i)
        m_list->item(i)->setText(viewTitle(i));
    if (m_menu) {
        m_menu->setTitle(tr("&Learn"));
        for (std::size_t i = 0; i < m_viewActions.size(); ++i)
            m_viewActions[i]->setText(viewTitle(static_cast<int>(i)));
        m_presentAction->setText(tr("Start &Presentation"));
        m_presentAction->setShortcut(QKeySequence(Qt::Key_F5));
    }
    m_exportAction->setText(tr("Export &Figure…"));
    m_exportAction->setToolTip(tr("Write this view at its current step as PNG, SVG or PDF (%1)")
                                   .arg(m_exportAction->shortcut().toString(QKeySequence::NativeText)));
    updateHeader();
}

void LearnWindow::updateHeader()
{
    const widgets::LessonView* view = currentLessonView();
    if (!view)
        return;
    m_header->setText(tr("<b>%1</b> — step %2 of %3 · view %4 of %5")
                          .arg(viewTitle(currentView()))
                          .arg(view->step() + 1)
                          .arg(view->stepCount())
                          .arg(currentView() + 1)
                          .arg(viewCount()));
    // The variant's key only where there is a variant.
    m_keys->setText(
        view->variantName().isEmpty()
            ? tr("Keys: PageDown/PageUp view · Right/Left step · F5 presentation · Esc leave")
            : tr("Keys: PageDown/PageUp view · Right/Left step · %1 %2 · F5 presentation · Esc leave")
                  .arg(QKeySequence(widgets::LessonView::kVariantKey).toString(QKeySequence::NativeText),
                       view->variantLabel()));
}

} // namespace app
