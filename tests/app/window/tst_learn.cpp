// SPDX-License-Identifier: GPL-3.0-or-later
// The Learn menu and the teaching window: every teaching view is reachable from the menu, the
// window follows the current design, and in a presentation the keyboard reaches every step of every view.

#include "cluster/clusterpanel.h"
#include "memory/memorypanel.h"
#include "support/guitestmain.h"
#include "support/mainwindowundertest.h"
#include "support/testdesigns.h"
#include "teaching/contextringview.h"
#include "teaching/expertroutingview.h"
#include "teaching/lessonview.h"
#include "teaching/mlpsplitview.h"
#include "teaching/strategyexplorer.h"
#include "window/language.h"
#include "window/learnwindow.h"
#include "window/mainwindow.h"

#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <functional>
#include <tuple>

using namespace app;

class TstLearn : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void menuReachesEveryView();
    void windowFollowsTheDesign();
    void hiddenWindowWaitsUntilShown();
    void keyboardReachesEveryStep();
    void keyboardTogglesTheVariants();
    void variantByName_data();
    void variantByName();
    void presentationFitsEveryView_data();
    void presentationFitsEveryView();
    void windowKeepsTheSizeItIsGiven();
    void canvasLinksEachDimensionToItsLesson();
    void presentationEnlargesAndEscLeaves();
    void germanReachesEveryTeachingView();
    void exportsTheCurrentView_data();
    void exportsTheCurrentView();

private:
    QMenu* learnMenu() const;
    std::unique_ptr<Language> m_language;
    std::unique_ptr<MainWindow> m_window;
};

void TstLearn::init()
{
    testing::createMainWindow(m_language, m_window);
    m_window->setDesign(testing::example("teaching-4gpu"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TstLearn::cleanup()
{
    m_window.reset();
    m_language.reset();
}

QMenu* TstLearn::learnMenu() const
{
    for (QAction* action : m_window->menuBar()->actions())
        if (action->menu() && action->menu()->objectName() == QStringLiteral("learnMenu"))
            return action->menu();
    return nullptr;
}

void TstLearn::menuReachesEveryView()
{
    QMenu* menu = learnMenu();
    QVERIFY(menu);
    QCOMPARE(menu->title(), QStringLiteral("&Learn"));
    LearnWindow* learn = m_window->learn();
    QVERIFY(!learn->isVisible());
    const QStringList names = LearnWindow::viewNames();
    QCOMPARE(names.size(), learn->viewCount());
    for (int i = names.size() - 1; i >= 0; --i) {
        QAction* action = menu->findChild<QAction*>(QStringLiteral("learn-") + names[i]);
        QVERIFY2(action, qPrintable(names[i]));
        QVERIFY(!action->text().isEmpty());
        action->trigger();
        QVERIFY(learn->isVisible());
        QCOMPARE(learn->currentView(), i);
        QCOMPARE(learn->currentLessonView()->objectName(), names[i]);
    }
    QVERIFY(menu->findChild<QAction*>(QStringLiteral("learn-present")));
}

void TstLearn::windowFollowsTheDesign()
{
    LearnWindow* learn = m_window->learn();
    emit learnMenu()->aboutToShow();
    auto* explorer = qobject_cast<widgets::StrategyExplorer*>(learn->view(0));
    QVERIFY(explorer);
    QCOMPARE(explorer->lessons().size(), std::size_t(6));
    QCOMPARE(QString::fromStdString(explorer->lessons().front().design.model.preset),
             QStringLiteral("llama-3.1-8b"));
    learn->show();
    m_window->setDesign(testing::example("mixtral-8x7b-ep8"));
    // Mixtral fits four GPUs in none of the six layouts: the 8B preset teaches, the title says why, and the
    // EP panel shows Mixtral.
    QVERIFY2(explorer->titleText().contains(QStringLiteral("Mixtral 8x7B")),
             qPrintable(explorer->titleText()));
    QCOMPARE(QString::fromStdString(explorer->lessons().back().design.model.preset),
             QStringLiteral("mixtral-8x7b"));
}

// Closed, the window keeps the design without giving it to its lessons (common/rebuildwhenshown.h);
// opening it does.
void TstLearn::hiddenWindowWaitsUntilShown()
{
    LearnWindow* learn = m_window->learn();
    auto* explorer = qobject_cast<widgets::StrategyExplorer*>(learn->view(0));
    QVERIFY(explorer);
    const QString before = explorer->titleText();
    QVERIFY(!before.contains(QStringLiteral("Mixtral")));
    QVERIFY(!learn->isVisible());
    m_window->setDesign(testing::example("mixtral-8x7b-ep8"));
    QCOMPARE(explorer->titleText(), before); // not applied while hidden
    learn->show();
    QVERIFY2(explorer->titleText().contains(QStringLiteral("Mixtral 8x7B")),
             qPrintable(explorer->titleText()));
}

void TstLearn::canvasLinksEachDimensionToItsLesson()
{
    LearnWindow* learn = m_window->learn();
    widgets::ClusterPanel* cluster = m_window->cluster();
    const std::vector<std::pair<core::Dim, QString>> links{{core::Dim::Tp, QStringLiteral("mlp")},
                                                           {core::Dim::Cp, QStringLiteral("context")},
                                                           {core::Dim::Ep, QStringLiteral("experts")},
                                                           {core::Dim::Pp, QStringLiteral("strategies")}};
    for (const auto& [dim, view] : links) {
        cluster->setColorDimension(dim);
        QVERIFY(cluster->learnButton()->text().contains(
            QString::fromStdString(std::string(core::enumName(dim))).toUpper()));
        cluster->learnButton()->click();
        QVERIFY(learn->isVisible());
        QCOMPARE(learn->currentLessonView()->objectName(), view);
    }
    auto* explorer = qobject_cast<widgets::StrategyExplorer*>(learn->currentLessonView());
    QCOMPARE(explorer->currentLesson()->strategy, core::Strategy::Pp);
    // DP opens DDP, or FSDP when the design shards with ZeRO-3.
    learn->showLessonFor(core::Dim::Dp, 1);
    QCOMPARE(explorer->currentLesson()->strategy, core::Strategy::Ddp);
    learn->showLessonFor(core::Dim::Dp, 3);
    QCOMPARE(explorer->currentLesson()->strategy, core::Strategy::Fsdp);
    // The Memory tab's ZeRO view leads to the FSDP lesson, whatever the design's stage.
    learn->showLessonFor(core::Dim::Dp, 1);
    m_window->memory()->learnButton()->click();
    QCOMPARE(learn->currentLessonView()->objectName(), QStringLiteral("strategies"));
    QCOMPARE(explorer->currentLesson()->strategy, core::Strategy::Fsdp);
    // A serving design opens the serving view's panel of the dimension (the reference article's serving
    // table).
    const std::pair<core::Dim, core::Strategy> serving[]{{core::Dim::Tp, core::Strategy::ServingTp},
                                                         {core::Dim::Pp, core::Strategy::ServingPp},
                                                         {core::Dim::Dp, core::Strategy::ServingReplicas},
                                                         {core::Dim::Ep, core::Strategy::ServingEp}};
    for (const auto& [dim, strategy] : serving) {
        learn->showLessonFor(dim, 0, true);
        QCOMPARE(learn->currentLessonView()->objectName(), QStringLiteral("serving"));
        auto* servingExplorer = qobject_cast<widgets::StrategyExplorer*>(learn->currentLessonView());
        QCOMPARE(servingExplorer->currentLesson()->strategy, strategy);
    }
}

void TstLearn::keyboardReachesEveryStep()
{
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    learn->show();
    learn->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(learn));
    QSet<QPair<int, int>> seen;
    int expected = 0;
    for (int v = 0; v < learn->viewCount(); ++v)
        expected += learn->view(v)->stepCount();
    seen.insert({learn->currentView(), learn->currentLessonView()->step()});
    for (int i = 0; i < expected + 2; ++i) {
        QTest::keyClick(learn, Qt::Key_Right);
        seen.insert({learn->currentView(), learn->currentLessonView()->step()});
    }
    QCOMPARE(int(seen.size()), expected);
    QCOMPARE(learn->currentView(), learn->viewCount() - 1);
    // Left walks back through the steps; PageUp/PageDown jump between views.
    QTest::keyClick(learn, Qt::Key_Left);
    QCOMPARE(learn->currentLessonView()->step(), learn->currentLessonView()->stepCount() - 2);
    QTest::keyClick(learn, Qt::Key_PageUp);
    QCOMPARE(learn->currentView(), learn->viewCount() - 2);
    QTest::keyClick(learn, Qt::Key_PageDown);
    QCOMPARE(learn->currentView(), learn->viewCount() - 1);
}

// Presentation mode is keyboard-driven: V turns each view's variant on and off, and the key hint names it.
void TstLearn::keyboardTogglesTheVariants()
{
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    learn->show();
    learn->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(learn));
    auto* keys = learn->findChild<QLabel*>(QStringLiteral("learnKeys"));
    QVERIFY(keys);
    auto* mlp = qobject_cast<widgets::MlpSplitView*>(learn->view(1));
    auto* context = qobject_cast<widgets::ContextRingView*>(learn->view(2));
    auto* experts = qobject_cast<widgets::ExpertRoutingView*>(learn->view(3));
    const std::vector<std::tuple<QString, QString, std::function<bool()>>> variants{
        {QStringLiteral("mlp"), QStringLiteral("sequence parallelism"),
         [&] { return mlp->split().sequenceParallel; }},
        {QStringLiteral("context"), QStringLiteral("contiguous chunks"),
         [&] { return !context->split().loadBalanced; }},
        {QStringLiteral("experts"), QStringLiteral("dropless routing"),
         [&] { return experts->routing().dropless(); }}};
    for (const auto& [view, label, shown] : variants) {
        QVERIFY(learn->showView(view));
        const int step = learn->currentLessonView()->step();
        QVERIFY2(keys->text().contains(QStringLiteral("V ") + label), qPrintable(keys->text()));
        QVERIFY(!shown());
        QTest::keyClick(learn, Qt::Key_V);
        QVERIFY2(shown(), qPrintable(view));
        QVERIFY(learn->currentLessonView()->isVariantOn());
        QCOMPARE(learn->currentLessonView()->step(), step); // the variant, not another step
        QTest::keyClick(learn, Qt::Key_V);
        QVERIFY(!shown());
    }
    // The check boxes name the key too.
    for (const char* name : {"sequenceParallel", "loadBalanced", "dropless"}) {
        auto* box = learn->findChild<QCheckBox*>(QLatin1String(name));
        QVERIFY2(box && box->toolTip().contains(QStringLiteral("V")), name);
    }
    // The six splits have no variant: no V in the hint, and V changes nothing.
    QVERIFY(learn->showView(QStringLiteral("strategies")));
    QVERIFY(!keys->text().contains(QStringLiteral(" V ")));
    QTest::keyClick(learn, Qt::Key_V);
    QCOMPARE(learn->currentView(), 0);
    QCOMPARE(learn->currentLessonView()->step(), 0);
}

void TstLearn::variantByName_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("error");
    QTest::newRow("mlp sp") << "mlp"
                            << "sp"
                            << "";
    QTest::newRow("context contiguous") << "context"
                                        << "contiguous"
                                        << "";
    QTest::newRow("experts dropless, any case") << "experts"
                                                << "Dropless"
                                                << "";
    QTest::newRow("mlp dropless") << "mlp"
                                  << "dropless"
                                  << "the view mlp has the variant sp";
    QTest::newRow("context balanced: the default") << "context"
                                                   << "balanced"
                                                   << "the view context has the variant contiguous";
    QTest::newRow("strategies") << "strategies"
                                << "sp"
                                << "the view strategies has no variant";
}

// `meshwright --learn VIEW --variant NAME`: the view's own variant, or a message naming it.
void TstLearn::variantByName()
{
    QFETCH(QString, view);
    QFETCH(QString, variant);
    QFETCH(QString, error);
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    QVERIFY(learn->showView(view));
    QString message;
    QCOMPARE(learn->showVariant(variant, &message), error.isEmpty());
    QCOMPARE(message, error);
    QCOMPARE(learn->currentLessonView()->isVariantOn(), error.isEmpty());
}

void TstLearn::presentationFitsEveryView_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("language");
    for (const QSize size : {QSize(1600, 1000), QSize(1366, 768)})
        for (const char* language : {"en", "de"})
            QTest::addRow("%dx%d %s", size.width(), size.height(), language)
                << size << QString::fromLatin1(language);
}

// A projector shows 1600×1000 or 1366×768: in presentation mode every view, at every step and in its variant,
// draws inside its canvas, and every text under it is shown whole.
void TstLearn::presentationFitsEveryView()
{
    QFETCH(QSize, size);
    QFETCH(QString, language);
    m_language->choose(language);
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    learn->show();
    QVERIFY(QTest::qWaitForWindowExposed(learn));
    learn->setPresenting(true);
    // The offscreen screen is smaller than a projector: the window takes the projector's size instead, and
    // must not grow beyond it.
    learn->showNormal();
    learn->setFixedSize(size);
    QTRY_COMPARE(learn->size(), size);
    QVERIFY(learn->isPresenting());
    for (int v = 0; v < learn->viewCount(); ++v) {
        learn->setCurrentView(v);
        widgets::LessonView* view = learn->currentLessonView();
        for (bool variant : {false, true}) {
            view->setVariantOn(variant);
            for (int step = 0; step < view->stepCount(); ++step) {
                view->setStep(step);
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                learn->grab(); // paints
                const QString where = QStringLiteral("%1 step %2%3")
                                          .arg(view->objectName())
                                          .arg(step + 1)
                                          .arg(variant ? QStringLiteral(" variant") : QString());
                const auto* canvas = view->findChild<widgets::LessonCanvas*>();
                QVERIFY(canvas);
                QVERIFY2(!canvas->drawnRect().isEmpty(), qPrintable(where));
                const QRectF inside = QRectF(canvas->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
                QVERIFY2(inside.contains(canvas->drawnRect()),
                         qPrintable(where
                                    + QStringLiteral(": drew %1,%2 to %3,%4 in %5×%6")
                                          .arg(canvas->drawnRect().left())
                                          .arg(canvas->drawnRect().top())
                                          .arg(canvas->drawnRect().right())
                                          .arg(canvas->drawnRect().bottom())
                                          .arg(canvas->width())
                                          .arg(canvas->height())));
                for (const QLabel* label : learn->findChildren<QLabel*>()) {
                    if (!label->isVisibleTo(learn) || label->text().isEmpty())
                        continue;
                    const QRect placed(label->mapTo(learn, QPoint(0, 0)), label->size());
                    QVERIFY2(learn->rect().contains(placed),
                             qPrintable(where + QLatin1Char(' ') + label->text()));
                    if (label->wordWrap())
                        QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                                 qPrintable(where
                                            + QStringLiteral(": %1 of %2 pixels shown: ")
                                                  .arg(label->height())
                                                  .arg(label->heightForWidth(label->width()))
                                            + label->text()));
                }
            }
        }
        view->setVariantOn(false);
    }
    learn->setPresenting(false);
    learn->setMinimumSize(0, 0);
    learn->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    m_language->choose(QStringLiteral("en"));
}

// Outside a presentation the drawings' least sizes must not push the window beyond the size it was given
// (the six splits' legend, measured at a layout's first narrow width, once made it 1300 pixels tall).
void TstLearn::windowKeepsTheSizeItIsGiven()
{
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    learn->resize(1400, 900);
    learn->show();
    QVERIFY(QTest::qWaitForWindowExposed(learn));
    for (int v = 0; v < learn->viewCount(); ++v) {
        learn->setCurrentView(v);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(learn->size(), QSize(1400, 900));
    }
}

void TstLearn::presentationEnlargesAndEscLeaves()
{
    LearnWindow* learn = m_window->learn();
    learn->show();
    learn->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(learn));
    const double normal = learn->font().pointSizeF();
    QTest::keyClick(learn, Qt::Key_F5);
    QVERIFY(learn->isPresenting());
    // Twice the type on a 1600×1000 projector; a smaller screen keeps the proportions.
    learn->resize(1600, 1000);
    QTRY_COMPARE(learn->font().pointSizeF(), 2 * normal);
    learn->resize(1366, 768);
    QTRY_COMPARE(learn->presentationScale(), 2 * 768 / 1000.0);
    QCOMPARE(learn->font().pointSizeF(), normal * learn->presentationScale());
    learn->resize(1600, 1000);
    QTRY_COMPARE(learn->font().pointSizeF(), 2 * normal);
    // The drawings grow as a whole: each canvas keeps the normal font under a zoom of 2, so its labels keep
    // their places (lessonview.h).
    int canvases = 0;
    for (QWidget* w : learn->findChildren<QWidget*>())
        if (w->property("lessonCanvas").toBool()) {
            ++canvases;
            QCOMPARE(widgets::canvasZoom(w), 2.0);
            QCOMPARE(w->font().pointSizeF(), normal);
        }
    QCOMPARE(canvases, 5); // six splits, MLP, CP ring, EP routing, serving
    QVERIFY(QTest::qWaitForWindowActive(learn));
    QTest::keyClick(learn, Qt::Key_Escape);
    QVERIFY(!learn->isPresenting());
    QCOMPARE(learn->font().pointSizeF(), normal);
    for (QWidget* w : learn->findChildren<QWidget*>())
        if (w->property("lessonCanvas").toBool()) {
            QCOMPARE(widgets::canvasZoom(w), 1.0);
            QCOMPARE(w->font().pointSizeF(), normal);
        }
}

// The teaching views retranslate when the language changes, sentences with numbers included.
void TstLearn::germanReachesEveryTeachingView()
{
    LearnWindow* learn = m_window->learn();
    learn->setSnapshot(m_window->document()->snapshot());
    learn->show();
    m_language->choose(QStringLiteral("de"));
    QTRY_COMPARE(learnMenu()->title(), QStringLiteral("&Lernen"));
    auto* explorer = qobject_cast<widgets::StrategyExplorer*>(learn->view(0));
    QTRY_VERIFY(explorer->savesLabelText().startsWith(QStringLiteral("<b>Spart:</b>")));
    QVERIFY(explorer->costsLabelText().startsWith(QStringLiteral("<b>Kostet:</b>")));
    QCOMPARE(learn->windowTitle(), QStringLiteral("Lernen — Meshwright"));
    auto* mlp = qobject_cast<widgets::MlpSplitView*>(learn->view(1));
    QVERIFY(mlp->stepText().startsWith(QStringLiteral("<b>Schritt 1 von 5.</b>")));
    auto* experts = qobject_cast<widgets::ExpertRoutingView*>(learn->view(3));
    QVERIFY(experts->summaryText().contains(QStringLiteral("Der Router wählt")));
    auto* context = qobject_cast<widgets::ContextRingView*>(learn->view(2));
    QVERIFY(context->stepText().startsWith(QStringLiteral("<b>Ringschritt 1 von 4.</b>")));
    m_language->choose(QStringLiteral("en"));
    QTRY_VERIFY(explorer->savesLabelText().startsWith(QStringLiteral("<b>Saves:</b>")));
}

void TstLearn::exportsTheCurrentView_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("magic");
    for (const QString& view : LearnWindow::viewNames())
        QTest::addRow("%s png", qPrintable(view)) << view << "png" << QByteArray("\x89PNG");
    QTest::newRow("strategies svg") << "strategies"
                                    << "svg" << QByteArray("<?xml");
    QTest::newRow("mlp pdf") << "mlp"
                             << "pdf" << QByteArray("%PDF-");
}

// Each view, at its current step, as a figure for slides; a later step is another picture.
void TstLearn::exportsTheCurrentView()
{
    QFETCH(QString, view);
    QFETCH(QString, suffix);
    QFETCH(QByteArray, magic);
    LearnWindow* learn = m_window->learn();
    learn->show();
    QVERIFY(QTest::qWaitForWindowExposed(learn));
    QVERIFY(learn->showView(view));
    QCOMPARE(learn->exportAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QVERIFY(!learn->exportAction()->text().isEmpty());
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("first.") + suffix);
    const QSize size(1000, 600);
    QString error;
    QVERIFY2(learn->exportCurrentView(first, size, &error), qPrintable(error));
    QFile file(first);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY(contents.startsWith(magic));
    QVERIFY(contents.size() > 1000);
    if (suffix != QLatin1String("png"))
        return;
    QCOMPARE(QImage(first).size(), size);
    learn->currentLessonView()->setStep(learn->currentLessonView()->stepCount() - 1);
    const QString last = dir.filePath(QStringLiteral("last.png"));
    QVERIFY2(learn->exportCurrentView(last, size, &error), qPrintable(error));
    QVERIFY(QImage(first) != QImage(last));
}

MESHWRIGHT_GUI_TEST_MAIN(TstLearn)
#include "tst_learn.moc"
