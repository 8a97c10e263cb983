// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/pindesign.h"

#include "common/catalogtext.h"
#include "common/qtconvert.h"
#include "design/designio.h"
#include "document/document.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace app {

std::optional<core::Design> exampleInLanguage(std::string_view id)
{
    std::optional<core::Design> design = core::exampleDesign(id);
    if (design)
        design->name = widgets::ss(widgets::presetName(design->name));
    return design;
}

std::optional<core::Design> designToPin(const QString& name, QString* error)
{
    if (QFileInfo::exists(name)) {
        Document::ReadResult read = Document::read(name);
        if (!read.design && error)
            *error = read.fileError.isEmpty()
                ? QCoreApplication::translate("PinDesign", "%1 is not a design Meshwright can read").arg(name)
                : read.fileError;
        return std::move(read.design);
    }
    std::optional<core::Design> design = exampleInLanguage(widgets::ss(name));
    if (!design && error)
        *error = QCoreApplication::translate("PinDesign", "%1: no such file and no example of that name")
                     .arg(name);
    return design;
}

} // namespace app
