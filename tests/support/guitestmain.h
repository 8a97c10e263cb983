// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The shared main of every GUI test suite: offscreen platform, fixed DPI, a fixed locale and a
// test-only organisation name, so that a test never reads or writes the user's settings.

#include <QApplication>
#include <QLocale>
#include <QStandardPaths>
#include <QTest>

#define MESHWRIGHT_GUI_TEST_MAIN(TestClass)                                                                  \
    int main(int argc, char* argv[])                                                                         \
    {                                                                                                        \
        qputenv("QT_QPA_PLATFORM", "offscreen");                                                             \
        qputenv("QT_FONT_DPI", "96");                                                                        \
        qputenv("LANGUAGE", "en");                                                                           \
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));                               \
        QStandardPaths::setTestModeEnabled(true);                                                            \
        QApplication::setOrganizationName(QStringLiteral("MeshwrightTest"));                                 \
        QApplication::setApplicationName(QStringLiteral("MeshwrightTest"));                                  \
        QApplication application(argc, argv);                                                                \
        TestClass test;                                                                                      \
        return QTest::qExec(&test, argc, argv);                                                              \
    }
