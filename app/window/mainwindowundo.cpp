// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's undo and redo: one binding per key, and both act on the design from any field of the
// window (a field being typed in commits its value first).
#include "window/mainwindow.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QUndoGroup>

namespace app {

void MainWindow::createUndoActions()
{
    // QUndoGroup builds "Undo Set TP to 4" from a prefix, so the actions are made anew in each language.
    delete m_undoAction;
    delete m_redoAction;
    m_undoAction = m_undoGroup->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcuts(undoKeys());
    m_redoAction = m_undoGroup->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcuts(redoKeys());
    m_editMenu->insertAction(m_editMenu->actions().value(0), m_redoAction);
    m_editMenu->insertAction(m_redoAction, m_undoAction);
}

QList<QKeySequence> MainWindow::undoKeys()
{
    return QKeySequence::keyBindings(QKeySequence::Undo);
}

// The platform's Redo and Ctrl+Y, each once: a key bound twice is ambiguous, and Qt then runs neither.
QList<QKeySequence> MainWindow::redoKeys()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence& key : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)})
        if (!keys.contains(key))
            keys << key;
    return keys;
}

// Undo and redo act on the design wherever the focus is. A field being typed in first commits its value
// (one undo step of its own), so that Ctrl+Z right after typing takes exactly that value back; the
// field's own text undo would otherwise swallow the key.
bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return QMainWindow::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    // This window and its docks, floating or not; not dialogs, whose text fields keep their own undo.
    const QWidget* top = widget ? widget->window() : nullptr;
    const bool mine = top && (top == this || top == m_inspectorDock || top == m_diagnosticsDock);
    if (!mine)
        return QMainWindow::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const QKeySequence pressed(key->keyCombination());
    const bool undo = undoKeys().contains(pressed);
    const bool redo = redoKeys().contains(pressed);
    if (!undo && !redo)
        return QMainWindow::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        // Taken as a key press (below), not as a shortcut that a field could claim for itself.
        event->accept();
        return true;
    }
    commitFocusedField();
    QAction* action = undo ? m_undoAction : m_redoAction;
    if (action->isEnabled())
        action->trigger();
    return true;
}

void MainWindow::commitFocusedField()
{
    QWidget* focus = QApplication::focusWidget();
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(focus)) {
        spin->interpretText(); // emits valueChanged when the typed text differs
    } else if (auto* combo = qobject_cast<QComboBox*>(focus); combo && combo->lineEdit()) {
        if (combo->lineEdit()->isModified())
            emit combo->lineEdit()->editingFinished();
    } else if (auto* edit = qobject_cast<QLineEdit*>(focus)) {
        if (edit->isModified())
            emit edit->editingFinished();
    }
    if (auto* edit = qobject_cast<QLineEdit*>(focus))
        edit->setModified(false);
}

} // namespace app
