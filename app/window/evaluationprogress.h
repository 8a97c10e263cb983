// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the window shows while a large design evaluates on the worker (document/evaluationrunner.h): when a
// design opens, a progress dialog whose Cancel keeps the design that was open; after an edit, a line in the
// status bar, "Evaluating 262,144 GPUs…", whose Cancel undoes the edits not yet evaluated
// (Document::cancelEvaluation). The views show the last evaluated design until the new one is ready.

#include "design/design.h"
#include "evaluate.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace app {

class Document;

// Evaluates `design` on a worker; from 300 ms on a dialog shows that it is under way, with Cancel.
// Null when cancelled. Without `interactive` (tests, screenshots) it waits and shows nothing.
std::shared_ptr<const core::Evaluation> evaluateWithProgress(const core::Design& design, QWidget* parent,
                                                             bool interactive);

// The status bar's evaluation line: hidden unless the document evaluates on the worker.
class EvaluationStatus : public QWidget
{
    Q_OBJECT

public:
    explicit EvaluationStatus(QWidget* parent = nullptr);

    void setDocument(Document* document);
    QPushButton* cancelButton() const { return m_cancel; }

private:
    void started();
    void retranslate();
    void changeEvent(QEvent* event) override;

    QPointer<Document> m_document; // the window replaces its document: this one may be gone
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace app
