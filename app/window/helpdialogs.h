// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Help ▸ Keyboard Shortcuts and Help ▸ User Guide. The shortcuts are read from the menus themselves, so
// that the list cannot disagree with the keys; the guide is the README's "Using the application" section,
// compiled into the program, so that the guide and the README are one text.

#include <QDialog>
#include <QList>
#include <QString>

class QMenu;
class QTextBrowser;

namespace app {

// The shortcuts of every action in `menus` (and their submenus), then the canvas and Learn window keys,
// as an HTML table.
QString keyboardShortcutsHtml(const QList<QMenu*>& menus);

// The README's section "Using the application" as Markdown, without its screenshots; empty if missing.
QString userGuideMarkdown();

// A non-modal window that shows rich text or Markdown; reused while open.
class HelpDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HelpDialog(QWidget* parent = nullptr);
    void showHtml(const QString& title, const QString& html);
    void showMarkdown(const QString& title, const QString& markdown);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser = nullptr;
};

} // namespace app
