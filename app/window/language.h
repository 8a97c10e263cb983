// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The user interface language: the system's by default, English or German on request (View ▸
// Language), remembered in the settings. Switching installs the translator at once; every widget
// retranslates itself on QEvent::LanguageChange.

#include <QObject>
#include <QString>
#include <QTranslator>

namespace app {

class Language : public QObject
{
    Q_OBJECT

public:
    explicit Language(QObject* parent = nullptr);

    // "system", "en" or "de".
    QString choice() const { return m_choice; }
    // The language actually shown ("en" or "de").
    QString effective() const { return m_effective; }
    // Applies and remembers a choice; an unknown value means "system".
    void choose(const QString& choice);
    // Applies the remembered choice (or `override` if it is not empty) without storing it.
    void applyStored(const QString& override = {});

    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("de")}; }

signals:
    void changed(const QString& effective);

private:
    void apply(const QString& choice);

    QString m_choice = QStringLiteral("system");
    QString m_effective = QStringLiteral("en");
    QTranslator m_translator;
    bool m_installed = false;
};

} // namespace app
