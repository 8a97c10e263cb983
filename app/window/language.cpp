// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/language.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSettings>

namespace app {

namespace {
const QString kSettingsKey = QStringLiteral("ui/language");
}

Language::Language(QObject* parent)
    : QObject(parent)
{ }

void Language::choose(const QString& choice)
{
    QSettings().setValue(kSettingsKey, choice);
    apply(choice);
}

void Language::applyStored(const QString& override)
{
    apply(override.isEmpty() ? QSettings().value(kSettingsKey, QStringLiteral("system")).toString()
                             : override);
}

void Language::apply(const QString& choice)
{
    m_choice = available().contains(choice) ? choice : QStringLiteral("system");
    QString language = m_choice;
    if (language == QLatin1String("system")) {
        // The first UI language of the system that Meshwright speaks; English otherwise.
        language = QStringLiteral("en");
        for (const QString& name : QLocale::system().uiLanguages()) {
            const QString code = name.left(2).toLower();
            if (available().contains(code)) {
                language = code;
                break;
            }
        }
    }
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_translator);
        m_installed = false;
    }
    // The English catalogue carries the plural forms ("1 error", "2 errors").
    if (m_translator.load(QStringLiteral("meshwright_") + language, QStringLiteral(":/i18n")))
        m_installed = QCoreApplication::installTranslator(&m_translator);
    // Numbers, units and dates follow the language shown (widgets/common/unitstext.h reads the default
    // locale): "2,41 TB" and "8.192" in German. The system's own locale stays when it speaks this language.
    const QLocale system = QLocale::system();
    QLocale::setDefault(system.name().left(2) == language ? system : QLocale(language));
    m_effective = language;
    emit changed(language);
}

} // namespace app
