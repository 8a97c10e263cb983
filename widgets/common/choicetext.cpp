// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/choicetext.h"

#include <QCoreApplication>

namespace widgets {

QString scheduleName(core::Schedule schedule)
{
    switch (schedule) {
    case core::Schedule::GPipe:
        return QCoreApplication::translate("Timeline", "GPipe");
    case core::Schedule::OneFOneB:
        return QCoreApplication::translate("Timeline", "1F1B");
    case core::Schedule::Interleaved:
        return QCoreApplication::translate("Timeline", "Interleaved 1F1B");
    case core::Schedule::ZbH1:
        return QCoreApplication::translate("Timeline", "ZB-H1");
    case core::Schedule::ZbV:
        return QCoreApplication::translate("Timeline", "ZB-V");
    case core::Schedule::DualPipeV:
        return QCoreApplication::translate("Timeline", "DualPipeV");
    case core::Schedule::DualPipe:
        return QCoreApplication::translate("Timeline", "DualPipe");
    }
    return {};
}

QString recomputeName(core::Recompute recompute)
{
    switch (recompute) {
    case core::Recompute::None:
        return QCoreApplication::translate("ChoiceText", "no recomputation");
    case core::Recompute::Selective:
        return QCoreApplication::translate("ChoiceText", "selective recomputation");
    case core::Recompute::Full:
        return QCoreApplication::translate("ChoiceText", "full recomputation");
    }
    return {};
}

} // namespace widgets
