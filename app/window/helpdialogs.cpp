// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/helpdialogs.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QKeySequence>
#include <QMenu>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <utility>
#include <vector>

namespace app {

namespace {

using KeyRow = std::pair<QString, QString>; // keys, what they do

void collectShortcuts(const QMenu* menu, std::vector<KeyRow>& rows)
{
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            collectShortcuts(action->menu(), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        if (keys.isEmpty())
            continue;
        QString text = action->text();
        text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        text.remove(QStringLiteral("…"));
        rows.emplace_back(keys.join(QStringLiteral(", ")), text.trimmed());
    }
}

QString table(const QString& heading, const std::vector<KeyRow>& rows)
{
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=\"0\" cellpadding=\"3\">").arg(heading);
    for (const auto& [keys, what] : rows)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString native(QKeySequence key)
{
    return key.toString(QKeySequence::NativeText);
}

} // namespace

QString keyboardShortcutsHtml(const QList<QMenu*>& menus)
{
    std::vector<KeyRow> menuKeys;
    for (const QMenu* menu : menus)
        collectShortcuts(menu, menuKeys);
    QString html = table(HelpDialog::tr("Menus"), menuKeys);
    html += QStringLiteral("<p>")
        + HelpDialog::tr("Undo and redo act on the design wherever the focus is; a value being typed is "
                         "entered first, so that undo takes it back.")
        + QStringLiteral("</p>");
    const std::vector<KeyRow> canvas{
        {native(QKeySequence::Delete), HelpDialog::tr("Remove the selected GPUs or nodes")},
        {native(QKeySequence::SelectAll), HelpDialog::tr("Select every GPU")},
        {HelpDialog::tr("Esc"), HelpDialog::tr("Cancel a drag, or clear the selection")},
        {native(QKeySequence(Qt::CTRL | Qt::Key_Plus)) + QStringLiteral(", ")
             + native(QKeySequence(Qt::CTRL | Qt::Key_Minus)),
         HelpDialog::tr("Zoom in, zoom out (or Ctrl + mouse wheel)")},
        {native(QKeySequence(Qt::CTRL | Qt::Key_0)), HelpDialog::tr("Fit the cluster into the view")},
    };
    html += table(HelpDialog::tr("Cluster canvas"), canvas);
    const std::vector<KeyRow> learn{
        {HelpDialog::tr("Page Down, Page Up"), HelpDialog::tr("Next view, previous view")},
        {HelpDialog::tr("Right, Left (Space, Backspace)"), HelpDialog::tr("Next step, previous step")},
        {QStringLiteral("V"), HelpDialog::tr("The view's variant on or off")},
        {QStringLiteral("F5"), HelpDialog::tr("Start or leave the presentation")},
        {HelpDialog::tr("Esc"), HelpDialog::tr("Leave the presentation")},
    };
    html += table(HelpDialog::tr("Learn window"), learn);
    return html;
}

QString userGuideMarkdown()
{
    QFile file(QStringLiteral(":/guide/README.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString readme = QString::fromUtf8(file.readAll());
    const qsizetype start = readme.indexOf(QStringLiteral("\n## Using the application"));
    if (start < 0)
        return {};
    qsizetype end = readme.indexOf(QStringLiteral("\n## "), start + 1);
    if (end < 0)
        end = readme.size();
    QString section = readme.mid(start + 1, end - start - 1);
    // The screenshots live beside the README, not in the program.
    section.remove(QRegularExpression(QStringLiteral("!\\[[^\\]]*\\]\\([^)]*\\)")));
    return section;
}

HelpDialog::HelpDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("helpDialog"));
    auto* layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);
    layout->addWidget(m_browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(760, 640);
}

void HelpDialog::showHtml(const QString& title, const QString& html)
{
    setWindowTitle(title);
    m_browser->setHtml(html);
    show();
    raise();
    activateWindow();
}

void HelpDialog::showMarkdown(const QString& title, const QString& markdown)
{
    setWindowTitle(title);
    m_browser->setMarkdown(markdown);
    show();
    raise();
    activateWindow();
}

} // namespace app
