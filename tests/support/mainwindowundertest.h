// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window as every GUI suite opens it in init(): English, and not interactive (no dialog ever
// waits for a click), optionally at a given size. The suite shows it after whatever set-up must come first.

#include "window/language.h"
#include "window/mainwindow.h"

#include <QSize>

#include <memory>

namespace testing {

inline void createMainWindow(std::unique_ptr<app::Language>& language, std::unique_ptr<app::MainWindow>& window,
                             QSize size = {})
{
    language = std::make_unique<app::Language>();
    language->applyStored(QStringLiteral("en"));
    window = std::make_unique<app::MainWindow>(language.get());
    window->setInteractive(false);
    if (size.isValid())
        window->resize(size);
}

} // namespace testing
