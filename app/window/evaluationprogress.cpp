// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/evaluationprogress.h"

#include "document/document.h"
#include "document/evaluationrunner.h"

#include <QEvent>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <algorithm>

namespace app {

namespace {
QString gpusText(const core::Design& design)
{
    const std::int64_t gpus = std::max<std::int64_t>(design.cluster.gpuCount(), design.layout.worldSize());
    return EvaluationStatus::tr("Evaluating %1 GPUs…").arg(QLocale().toString(static_cast<qlonglong>(gpus)));
}
} // namespace

std::shared_ptr<const core::Evaluation> evaluateWithProgress(const core::Design& design, QWidget* parent,
                                                             bool interactive)
{
    if (!evaluatesInBackground(design) || !interactive)
        return std::make_shared<const core::Evaluation>(core::evaluate(design));
    EvaluationRunner runner;
    std::shared_ptr<const core::Evaluation> result;
    QEventLoop loop;
    QObject::connect(&runner, &EvaluationRunner::evaluated, &loop,
                     [&](const widgets::DesignSnapshot& snapshot) {
                         result = snapshot.evaluation;
                         loop.quit();
                     });
    QProgressDialog progress(gpusText(design), EvaluationStatus::tr("Cancel"), 0, 0, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    QObject::connect(&progress, &QProgressDialog::canceled, &loop, [&] {
        runner.cancel();
        loop.quit();
    });
    runner.request(std::make_shared<const core::Design>(design));
    loop.exec();
    progress.reset();
    return result; // the runner waits for a cancelled evaluation to end before it goes
}

EvaluationStatus::EvaluationStatus(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 0); // busy: the evaluation does not report how far it is
    m_bar->setMaximumWidth(120);
    m_bar->setMaximumHeight(m_label->sizeHint().height());
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelEvaluation"));
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    // As wide as its text: the status bar's message keeps the room on the left.
    m_cancel->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_document)
            m_document->cancelEvaluation();
    });
    retranslate();
    hide();
}

void EvaluationStatus::setDocument(Document* document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    setVisible(document && document->isEvaluating());
    if (!document)
        return;
    connect(document, &Document::evaluationStarted, this, &EvaluationStatus::started);
    connect(document, &Document::evaluationEnded, this, &QWidget::hide);
}

void EvaluationStatus::started()
{
    m_label->setText(gpusText(m_document->design()));
    show();
}

void EvaluationStatus::retranslate()
{
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(
        tr("Stop evaluating and undo the changes made since the design shown was evaluated"));
    if (m_document && m_document->isEvaluating())
        m_label->setText(gpusText(m_document->design()));
}

void EvaluationStatus::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace app
