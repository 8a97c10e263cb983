// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/strategyexplorer.h"

#include "catalog/catalog.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "teaching/teachingtext.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <algorithm>

namespace widgets {

namespace {

std::size_t idx(int i)
{
    return static_cast<std::size_t>(i);
}

} // namespace

StrategyExplorer::StrategyExplorer(Kind kind, QWidget* parent)
    : LessonView(parent)
    , m_kind(kind)
    , m_buttons(new QButtonGroup(this))
{
    if (kind == Kind::Training)
        m_strategies.assign(core::kTrainingStrategies.begin(), core::kTrainingStrategies.end());
    else
        m_strategies.assign(core::kServingStrategies.begin(), core::kServingStrategies.end());

    auto* buttonRow = addControlRow();
    for (std::size_t i = 0; i < m_strategies.size(); ++i) {
        auto* button = new QPushButton(this);
        button->setCheckable(true);
        button->setObjectName(qs(core::enumName(m_strategies[i])));
        m_buttons->addButton(button, static_cast<int>(i));
        buttonRow->addWidget(button);
    }
    m_buttons->button(0)->setChecked(true);
    buttonRow->addStretch(1);
    m_modelLabel = new QLabel(this);
    buttonRow->addWidget(m_modelLabel);
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("teachingModel"));
    m_model->addItem(QString()); // automatic, named in retranslate
    // The choice offers the built-in presets by id; the evaluation's catalog holds the same models (it
    // differs only in the design's calibrated links), and a preset is what a lecture picks from.
    for (const core::ModelArchitecture& model : core::Catalog::builtin().models())
        m_model->addItem(qs(model.name), qs(model.preset));
    m_modelLabel->setBuddy(m_model);
    buttonRow->addWidget(m_model);
    m_summary = addText(Qt::AutoText);
    m_canvas = new StrategyCanvas(this);
    addCanvas(m_canvas);
    m_saves = addText();
    m_costs = addText();
    connect(m_buttons, &QButtonGroup::idClicked, this, [this](int id) { setStep(id); });
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    retranslate();
}

int StrategyExplorer::stepCount() const
{
    return static_cast<int>(m_strategies.size());
}

const core::StrategyLesson* StrategyExplorer::currentLesson() const
{
    return idx(step()) < m_lessons.size() ? &m_lessons[idx(step())] : nullptr;
}

void StrategyExplorer::setStrategy(core::Strategy strategy)
{
    const auto it = std::find(m_strategies.begin(), m_strategies.end(), strategy);
    if (it != m_strategies.end())
        setStep(static_cast<int>(it - m_strategies.begin()));
}

bool StrategyExplorer::isAnimating() const
{
    return m_canvas->isAnimating();
}

void StrategyExplorer::setSnapshot(const DesignSnapshot& snapshot)
{
    m_design = snapshot.isNull() ? nullptr : snapshot.design;
    // The lessons evaluate their four-GPU layouts with the presets the design's evaluation used, its
    // calibrated links included.
    m_catalog = snapshot.isNull() ? nullptr : snapshot.evaluation->catalog;
    rebuild();
}

void StrategyExplorer::setTeachingModel(const QString& preset)
{
    m_model->setCurrentIndex(std::max(0, m_model->findData(preset)));
}

void StrategyExplorer::rebuild()
{
    m_lessons.clear();
    if (m_design && m_catalog) {
        core::StrategyLessons lessons = core::strategyLessons(
            *m_design, m_strategies, m_model->currentData().toString().toStdString(), *m_catalog);
        m_lessons = std::move(lessons.lessons);
        m_reason = lessons.reason;
        m_designModelName = qs(lessons.designModelName);
    }
    m_canvas->showLesson(currentLesson(), m_lessons, false);
    updateTexts();
}

void StrategyExplorer::showStep()
{
    if (QAbstractButton* button = m_buttons->button(step()))
        button->setChecked(true);
    m_canvas->showLesson(currentLesson(), m_lessons, isVisible());
    updateTexts();
}

void StrategyExplorer::setPresenting(bool on)
{
    m_presenting = on;
    m_modelLabel->setVisible(!on);
    m_model->setVisible(!on);
    retranslate();
}

void StrategyExplorer::retranslate()
{
    m_modelLabel->setText(tr("&Model:"));
    m_model->setItemText(0, tr("Automatic"));
    m_model->setToolTip(tr("Automatic teaches with the design's model if it fits on four GPUs in some "
                           "layout, else with the smallest dense preset."));
    for (std::size_t i = 0; i < m_strategies.size(); ++i)
        m_buttons->button(static_cast<int>(i))
            ->setText(m_presenting ? strategyAbbreviation(m_strategies[i]) : strategyName(m_strategies[i]));
    updateTexts();
    m_canvas->update();
}

QString StrategyExplorer::savesLabelText() const
{
    return m_saves->text();
}

QString StrategyExplorer::costsLabelText() const
{
    return m_costs->text();
}

void StrategyExplorer::updateTexts()
{
    const core::StrategyLesson* lesson = currentLesson();
    if (!lesson || m_lessons.empty()) {
        setTitle(QString());
        m_summary->clear();
        m_saves->clear();
        m_costs->clear();
        return;
    }
    setTitle(titleText());
    m_summary->setText(strategySummary(lesson->strategy));
    m_saves->setText(savesText(*lesson));
    m_costs->setText(costsText(*lesson));
}

QString StrategyExplorer::titleText() const
{
    const core::StrategyLesson* lesson = currentLesson();
    if (!lesson)
        return {};
    QString title = m_kind == Kind::Training ? tr("<b>Training on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?")
                                             : tr("<b>Serving on four GPUs:</b> %1 (%2 parameters). What "
                                                  "does each GPU store, and what does it send?");
    title = title.arg(qs(lesson->design.model.name), countText(lesson->parameters));
    // Which model, and why: the lecture must not take a stand-in for the design's model.
    if (lesson->substitutedModel)
        title += QLatin1Char(' ')
            + tr("EP needs a mixture-of-experts model, so this panel uses %1.")
                  .arg(qs(lesson->design.model.name));
    else if (m_reason == core::TeachingModelReason::DesignFitsNowhere)
        title += QLatin1Char(' ')
            + tr("The design's %1 fits four GPUs in none of these layouts, so every panel would be red; "
                 "%2, the smallest dense preset, shows what each split saves.")
                  .arg(m_designModelName, qs(lesson->design.model.name));
    else if (m_reason == core::TeachingModelReason::Chosen
             && m_designModelName != qs(lesson->design.model.name))
        title += QLatin1Char(' ') + tr("Chosen instead of the design's %1.").arg(m_designModelName);
    return title;
}

} // namespace widgets
