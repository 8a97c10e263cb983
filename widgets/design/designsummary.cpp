// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/designsummary.h"

#include "base/diagnostickinds.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/choicetext.h"
#include "common/explanationdialog.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/recordtext.h"
#include "common/unitstext.h"
#include "design/fieldtext.h"
#include "design/validate.h"
#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "framework/frameworkswitches.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <algorithm>

namespace widgets {

namespace {
QString count(double value)
{
    return countText(value);
}

// The fullest rank that does not fit: its total and its GPU's capacity.
const core::RankRole* fullestOverflowing(const core::Evaluation& e)
{
    const core::RankRole* worst = nullptr;
    if (!e.memory)
        return worst;
    for (const core::RankRole& role : e.memory->roles)
        if (!role.fits() && (!worst || role.totalBytes - role.capacityBytes > worst->totalBytes - worst->capacityBytes))
            worst = &role;
    return worst;
}

int idleGpus(const core::Evaluation& e)
{
    return e.worldSize > 0 ? std::max(0, e.gpusInService - static_cast<int>(e.worldSize)) : 0;
}

QLabel* makeValueLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}
} // namespace

Verdict layoutVerdict(const core::Evaluation& e)
{
    if (e.failsOnlyInMemory())
        return Verdict::DoesNotFit;
    if (!e.valid())
        return Verdict::HasErrors;
    if (e.memory && e.memory->tight)
        return Verdict::RunsTight;
    return idleGpus(e) > 0 ? Verdict::RunsWithIdleGpus : Verdict::Runs;
}

QString layoutVerdictText(const core::Evaluation& e)
{
    switch (layoutVerdict(e)) {
    case Verdict::HasErrors: {
        int errors = 0;
        for (const core::Diagnostic& d : e.diagnostics)
            errors += d.isError() ? 1 : 0;
        return DesignSummary::tr("The layout cannot run: %Ln error(s), see Diagnostics.", nullptr, errors);
    }
    case Verdict::DoesNotFit: {
        const core::RankRole* role = fullestOverflowing(e);
        if (!role)
            return DesignSummary::tr("The layout does not fit in memory: it cannot run.");
        return DesignSummary::tr("The layout does not fit: rank %1 needs %2 but its GPU holds %3; it cannot run.")
            .arg(integerText(role->ranks.front()), bytesText(role->totalBytes), bytesText(role->capacityBytes));
    }
    case Verdict::RunsTight: {
        const core::RankRole* role = fullestOverflowing(e);
        return DesignSummary::
            tr("Valid layout, tight in memory: rank %1 needs %2 of %3 only with the fragmentation allowance.")
                .arg(integerText(role->ranks.empty() ? e.memory->peakRank : role->ranks.front()),
                     bytesText(role->totalBytes), bytesText(role->capacityBytes));
    }
    case Verdict::RunsWithIdleGpus:
        return DesignSummary::tr("Valid layout: %1 on %2, %Ln GPU(s) idle.", nullptr, idleGpus(e))
            .arg(DesignSummary::tr("%Ln rank(s)", nullptr, static_cast<int>(e.worldSize)),
                 DesignSummary::tr("%Ln GPU(s)", nullptr, static_cast<int>(e.gpusInService)));
    case Verdict::Runs:
        break;
    }
    return DesignSummary::tr("Valid layout: %1 on %2.")
        .arg(DesignSummary::tr("%Ln rank(s)", nullptr, static_cast<int>(e.worldSize)),
             DesignSummary::tr("%Ln GPU(s)", nullptr, static_cast<int>(e.gpusInService)));
}

DesignSummary::DesignSummary(QWidget* parent)
    : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(10, 8, 10, 8);
    grid->setHorizontalSpacing(24);
    m_model = makeValueLabel(this);
    m_layout = makeValueLabel(this);
    m_cluster = makeValueLabel(this);
    m_workload = makeValueLabel(this);
    grid->addWidget(m_model, 0, 0);
    grid->addWidget(m_layout, 0, 1);
    grid->addWidget(m_cluster, 1, 0);
    grid->addWidget(m_workload, 1, 1);
    m_performance = makeValueLabel(this);
    m_performance->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    connect(m_performance, &QLabel::linkActivated, this, &DesignSummary::explain);
    grid->addWidget(m_performance, 2, 0, 1, 2);
    m_measured = makeValueLabel(this);
    m_measured->setObjectName(QStringLiteral("measured"));
    grid->addWidget(m_measured, 3, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
}

void DesignSummary::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    refresh();
}

QString DesignSummary::modelText() const
{
    return m_model->text();
}

QString DesignSummary::layoutText() const
{
    return m_layout->text();
}

QString DesignSummary::clusterText() const
{
    return m_cluster->text();
}

QString DesignSummary::performanceText() const
{
    return m_performance->text();
}

QString DesignSummary::measuredText() const
{
    return m_measured->text();
}

QString DesignSummary::verdictStyle() const
{
    return m_performance->property("verdict").toString();
}

void DesignSummary::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QFrame::changeEvent(event);
}

void DesignSummary::refresh()
{
    if (m_snapshot.isNull())
        return;
    const core::Design& d = *m_snapshot.design;
    const core::Evaluation& e = *m_snapshot.evaluation;
    const core::ParameterBreakdown& all = e.parameters.all;
    const core::Catalog& catalog = m_snapshot.catalog();

    QString model = tr("<b>%1</b>: %2 parameters").arg(qs(d.model.name).toHtmlEscaped(), count(all.total()));
    if (d.model.moe.isMoe())
        model += tr(", %1 active per token").arg(count(e.parameters.active.total()));
    QStringList parts{tr("embedding %1").arg(count(all.embedding)),
                      tr("attention %1").arg(count(all.attention)), tr("MLP %1").arg(count(all.mlp))};
    if (d.model.moe.isMoe())
        parts << tr("experts %1").arg(count(all.experts));
    parts << tr("output head %1").arg(all.outputHead > 0 ? count(all.outputHead) : tr("tied"));
    if (all.mtp > 0)
        parts << tr("multi-token prediction %1").arg(count(all.mtp));
    m_model->setText(model + QStringLiteral("<br><small>") + parts.join(QStringLiteral(" · "))
                     + QStringLiteral("</small>"));

    const core::ParallelLayout& l = d.layout;
    QString layout = tr("<b>%Ln rank(s)</b> = %1", nullptr, static_cast<int>(l.worldSize()))
                         .arg(qs(core::worldSizeFormula(l)));
    QStringList details;
    // Megatron's expert layout regroups the same ranks for the MoE layers (core/design/mesh.cpp): EP is not a
    // factor of the world size, so it is said here.
    if (d.model.moe.isMoe() && l.expertMode == core::ExpertMode::Megatron
        && (l.ep() > 1 || l.effectiveExpertTp() != l.tp())) {
        details << tr("experts: EP %1 × expert TP %2 × expert DP %3")
                       .arg(l.ep())
                       .arg(l.effectiveExpertTp())
                       .arg(l.expertDataParallel());
    }
    details << tr("order %1").arg(qs(core::orderToString(l.order)));
    details << (l.zeroStage == 0 ? tr("no ZeRO") : tr("ZeRO-%1").arg(l.zeroStage));
    if (l.sequenceParallel)
        details << tr("sequence parallel");
    if (l.sequenceParallel && l.tpCommOverlap)
        details << tr("TP overlap");
    if (l.pp() > 1)
        details << tr("%1 schedule").arg(scheduleName(l.schedule));
    // The framework always, its switches where the design overrides the framework's default.
    details << qs(core::frameworkProfile(d).name);
    for (std::size_t i = 0; i < core::kAllSwitches.size(); ++i) {
        const core::Switch s = core::kAllSwitches[i];
        if (d.workload.mode == core::Mode::Training && core::switchApplies(d, s)
            && (l.*core::switchMember(s)).has_value())
            details << (core::switchOn(d, s) ? tr("%1 on") : tr("%1 off")).arg(fieldLabel(kSwitchFields[i]));
    }
    m_layout->setText(layout + QStringLiteral("<br><small>") + details.join(QStringLiteral(" · "))
                      + QStringLiteral("</small>"));

    const core::Cluster& c = d.cluster;
    QString cluster;
    if (!c.nodes.empty() && c.isUniform() && !c.nodes.front().gpus.empty()) {
        const core::GpuSpec* gpu = catalog.gpu(c.nodes.front().gpus.front().type);
        cluster = tr("<b>%1 × %2 GPUs</b> %3")
                      .arg(integerText(static_cast<long long>(c.nodes.size())),
                           integerText(static_cast<long long>(c.nodes.front().gpus.size())),
                           gpu ? presetName(gpu->name) : QString());
    } else {
        cluster = tr("<b>%Ln GPU(s)</b>", nullptr, c.gpuCount()) + QLatin1Char(' ')
            + tr("in %Ln node(s)", nullptr, static_cast<int>(c.nodes.size()));
    }
    const core::LinkSpec* intra = c.nodes.empty() ? nullptr : catalog.link(c.nodes.front().intraLink);
    const core::LinkSpec* fabric = catalog.link(c.fabric);
    QStringList links;
    if (intra)
        links << tr("%1 inside nodes").arg(presetName(intra->name));
    if (fabric && c.nodes.size() > 1)
        links << tr("%1 between nodes").arg(presetName(fabric->name));
    m_cluster->setText(cluster + QStringLiteral("<br><small>") + links.join(QStringLiteral(" · "))
                       + QStringLiteral("</small>"));

    const core::Workload& w = d.workload;
    if (w.mode == core::Mode::Training) {
        m_workload->setText(tr("<b>Training</b>: global batch %1 × %2 tokens")
                                .arg(integerText(w.globalBatch), integerText(w.sequenceLength))
                            + QStringLiteral("<br><small>")
                            + (e.microBatches > 0 ? tr("%Ln micro-batch(es) of %1 per pipeline and step",
                                                       nullptr, static_cast<int>(e.microBatches))
                                                        .arg(l.microBatch)
                                                  : tr("the batch does not divide into micro-batches"))
                            + QStringLiteral("</small>"));
    } else {
        m_workload->setText(tr("<b>Serving</b>: %Ln sequence(s) of %1 tokens per replica", nullptr,
                               static_cast<int>(w.serving.concurrency))
                                .arg(integerText(w.serving.contextLength))
                            + QStringLiteral("<br><small>")
                            + tr("%Ln replica(s)", nullptr, static_cast<int>(l.batchReplicas()))
                            + QStringLiteral("</small>"));
    }
    refreshPerformance();
    refreshMeasured();
}

void DesignSummary::explain(const QString& figure)
{
    const core::Evaluation& e = *m_snapshot.evaluation;
    if (!m_dialog)
        m_dialog = new ExplanationDialog(this);
    auto seconds = [](double s) { return secondsText(s); };
    if (e.performance && figure == QLatin1String("step"))
        m_dialog->showExplanation(tr("Step time"), seconds(e.performance->stepSeconds), e.performance->step);
    else if (e.performance && figure == QLatin1String("mfu"))
        m_dialog->showExplanation(tr("MFU"), percentText(e.performance->mfu), e.performance->mfuExplanation);
    else if (e.performance && figure == QLatin1String("exposed"))
        m_dialog->showExplanation(tr("Visible communication"), seconds(e.performance->exposed.total()),
                                  e.performance->exposedExplanation);
    else if (e.serving && figure == QLatin1String("ttft"))
        m_dialog->showExplanation(tr("Time to first token"), seconds(e.serving->timeToFirstToken),
                                  e.serving->ttft);
    else if (e.serving && figure == QLatin1String("itl"))
        m_dialog->showExplanation(tr("Inter-token latency"), seconds(e.serving->interTokenLatency),
                                  e.serving->itl);
    else if (e.serving && figure == QLatin1String("throughput"))
        m_dialog->showExplanation(tr("Tokens per second"), countText(e.serving->groupTokensPerSecond),
                                  e.serving->throughput);
    else
        return;
    m_dialog->show();
    m_dialog->raise();
}

// The reference article's list of what to record for a layout: step time, useful tokens per second, MFU, and
// the visible time of each kind of collective.
void DesignSummary::refreshPerformance()
{
    const core::Evaluation& e = *m_snapshot.evaluation;
    const std::optional<core::Performance>& p = e.performance;
    const std::optional<core::ServingPerformance>& serving = e.serving;
    // The line stays, whatever the verdict, so that the tabs below do not move. A layout that cannot run
    // says so first, in red; its figures follow as those it would reach.
    const Verdict verdict = layoutVerdict(e);
    const bool amber = verdict == Verdict::RunsWithIdleGpus || verdict == Verdict::RunsTight;
    const char* style = verdict == Verdict::Runs ? "runs" : amber ? "idle" : "fails";
    m_performance->setProperty("verdict", QString::fromLatin1(style));
    QString head;
    if (verdict != Verdict::Runs) {
        const QColor colour = amber ? palette::verdictIdleText : palette::verdictFailsText;
        head = QStringLiteral("<span style=\"color:%1\"><b>%2</b></span>")
                   .arg(colour.name(), layoutVerdictText(e).toHtmlEscaped());
        // On the first line, before the figures, so that the headline keeps its height.
        if (verdict == Verdict::DoesNotFit && (p || serving))
            head += QStringLiteral(" ") + tr("If it ran:");
        head += QStringLiteral(" ");
    }
    if (verdict == Verdict::HasErrors || (!p && !serving)) {
        // The verdict keeps the height the figures had, so that the views below do not move up while
        // the user mends the error (and back down once it is mended).
        m_performance->setMinimumHeight(m_performance->height());
        // Without errors, the step is missing because its pipeline is too large to simulate: say that.
        const bool tooLarge = verdict != Verdict::HasErrors
            && std::any_of(e.diagnostics.begin(), e.diagnostics.end(), [](const core::Diagnostic& d) {
                                  return d.code == core::diag::kScheduleNotSimulated.code;
                              });
        m_performance->setText(
            head + QStringLiteral("<br><small>")
            + (tooLarge ? tr("No step time: the pipeline runs too many operations per step to simulate "
                             "(see Diagnostics).")
                        : tr("No step time: the figures need a layout without errors."))
            + QStringLiteral("</small>"));
        m_performance->setToolTip(QString());
        return;
    }
    m_performance->setMinimumHeight(0);
    auto seconds = [](double s) { return secondsText(s); };
    auto percent = [](double share) { return QLocale().toString(100 * share, 'f', 1); };
    // The headline figures are links to their explanation (formula, inputs, source).
    auto link = [](const char* key, const QString& text) {
        return QStringLiteral("<a href=\"%1\">%2</a>").arg(QLatin1String(key), text);
    };
    if (serving) {
        // Serving as the reference article measures it: latency per request, throughput for the whole
        // group.
        const core::ServingPerformance& v = *serving;
        m_performance->setText(
            head
            + tr("<b>First token %1</b> · %2 per further token · %3 tokens/s for the group (%4 × %5)")
                  .arg(link("ttft", seconds(v.timeToFirstToken)), link("itl", seconds(v.interTokenLatency)),
                       link("throughput", count(v.groupTokensPerSecond)),
                       tr("%Ln replica(s)", nullptr, static_cast<int>(v.replicas)),
                       tr("%Ln sequence(s)", nullptr, static_cast<int>(v.batch)))
            + QStringLiteral("<br><small>")
            + tr("a request of %1 prompt and %2 output tokens takes %3 · each decode step reads %4 per GPU "
                 "(%5)")
                  .arg(integerText(v.promptTokens), integerText(v.outputTokens))
                  .arg(seconds(v.requestSeconds), bytesText(v.decodeBytesPerStep),
                       v.decodeMemoryBound ? tr("memory-bound") : tr("compute-bound"))
            + QStringLiteral("</small>"));
        m_performance->setToolTip(tr("Inter-token latency = %1").arg(explanationText(v.itl.formula)));
        return;
    }
    const core::ExposedCommunication& x = p->exposed;
    // MFU is stated against the BF16 peak; an FP8 design's can pass 100 %, so its share of the FP8 peak
    // follows, labelled (the MFU's explanation has both).
    const bool fp8 = m_snapshot.design->workload.precision == core::Precision::Fp8 && p->mfuFp8Peak > 0
        && p->mfuFp8Peak != p->mfu;
    const QString mfu = fp8 ? tr("MFU %1 % of the BF16 peak, %2 % of FP8 (HFU %3 %)")
                                  .arg(link("mfu", percent(p->mfu)), percent(p->mfuFp8Peak), percent(p->hfu))
                            : tr("MFU %1 % (HFU %2 %)").arg(link("mfu", percent(p->mfu)), percent(p->hfu));
    // FSDP2's copies in and out of its collective buffers are part of the data-parallel time but not
    // communication: named apart.
    const QString dataParallel = p->dataParallelCopySeconds > 0
        ? tr("%1, of which FSDP2's buffer copies %2")
              .arg(seconds(p->dataParallelSeconds), seconds(p->dataParallelCopySeconds))
        : seconds(p->dataParallelSeconds);
    m_performance->setText(
        head
        + tr("<b>Step %1</b> · %2 tokens/s · %3 · bubble %4 %")
              .arg(link("step", seconds(p->stepSeconds)), count(p->tokensPerSecond), mfu,
                   percent(p->bubbleFraction))
        + QStringLiteral("<br><small>")
        + link("exposed",
               tr("visible communication per step: all-reduce %1, all-gather %2, reduce-scatter %3, "
                  "all-to-all %4, "
                  "point-to-point %5 · data-parallel sync after the pipeline %6 · optimizer %7")
                   .arg(seconds(x.allReduce), seconds(x.allGather), seconds(x.reduceScatter),
                        seconds(x.allToAll), seconds(x.p2p), dataParallel, seconds(p->optimizerSeconds)))
        // An eager MoE layer that waits for the host's launches (core/pipeline/hostlaunch.h): not compute.
        + (p->hostWaitSeconds > 0 ? QStringLiteral("<br>")
                   + tr("in the step, the GPUs wait %1 for the host to launch MoE layers without CUDA graphs")
                         .arg(seconds(p->hostWaitSeconds))
                                  : QString())
        + QStringLiteral("</small>"));
    m_performance->setToolTip(
        tr("Step = %1. MFU = %2. Compute efficiency %3 % of peak for this GEMM width.")
            .arg(explanationText(p->step.formula), explanationText(p->mfuExplanation.formula),
                 percent(p->computeEfficiency)));
}

// The headline figures a run measures, each beside its prediction with the difference, so that a
// measured record is read against the figure it checks.
void DesignSummary::refreshMeasured()
{
    const ShownRecord shown = shownRecord(m_snapshot);
    m_measured->setVisible(shown.record != nullptr);
    if (!shown.record) {
        m_measured->clear();
        return;
    }
    QStringList figures;
    for (const char* quantity : {"stepSeconds", "tokensPerSecond", "mfu", "timeToFirstToken", "interToken"})
        if (const core::RecordComparisonRow* row = shown.comparison.find(quantity))
            figures << tr("%1: %2").arg(recordQuantityText(*row), measuredBesidePredicted(*row));
    QString text = tr("<b>Measured</b> in %1").arg(recordTitle(*shown.record).toHtmlEscaped());
    text += QStringLiteral("<br><small>")
        + (figures.isEmpty() ? tr("no step time, tokens per second, MFU or latency (File ▸ Export ▸ Measured "
                                  "Records… lists everything the record holds)")
                             : figures.join(QStringLiteral(" · ")).toHtmlEscaped())
        + QStringLiteral("</small>");
    for (const QString& warning : recordWarnings(shown.comparison))
        text
            += QStringLiteral("<br><small><b>%1</b> %2</small>").arg(tr("Warning:"), warning.toHtmlEscaped());
    m_measured->setText(text);
}

} // namespace widgets
