// SPDX-License-Identifier: GPL-3.0-or-later
#include "design/layoutinspector.h"

#include "base/sizelimits.h"
#include "base/units.h"
#include "catalog/catalog.h"
#include "common/catalogtext.h"
#include "common/palette.h"
#include "common/qtconvert.h"
#include "common/unitstext.h"
#include "design/fieldtext.h"
#include "design/validate.h"
#include "diagnostics/diagnostictext.h"
#include "framework/frameworkprofile.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

namespace widgets {

using core::Field;

namespace {

// A choice as wide as the panel gives it, not as its longest item ("InfiniBand NDR, 400 Gb/s per GPU"):
// otherwise four such boxes make the panel wider than a laptop's dock, and every row scrolls sideways.
// The current item elides; the open list shows every item whole.
QComboBox* compactChoice(QComboBox* box)
{
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(10);
    return box;
}

constexpr int kIntMax = 2147483647;

// A tinted field marks a problem; the tooltip says which. A palette, not a style sheet: a style sheet
// switches a spin box to style-sheet drawing, which loses its arrows.
void markSeverity(QWidget* editor, std::optional<core::Severity> severity)
{
    editor->setProperty("severity",
                        severity ? QString::fromUtf8(core::enumName(*severity).data()) : QVariant());
    QPalette palette;
    if (severity) {
        palette = editor->parentWidget() ? editor->parentWidget()->palette() : QPalette();
        palette.setColor(QPalette::Base,
                         *severity == core::Severity::Error ? palette::errorField : palette::warningField);
    }
    editor->setPalette(palette);
}
} // namespace

LayoutInspector::LayoutInspector(QWidget* parent)
    : QWidget(parent)
{
    build();
    retranslate();
}

// A group's rows sit in a form; its word-wrapped notes sit beside the form, never in it. Qt 6.4's
// QFormLayout computes height-for-width (the wrapped label's) over every row, hidden ones too, with the
// layout index a hidden row had when it was last shown: with rows hidden by setRowVisible that index
// can lie past the end of the form's row table, and the form writes beyond its memory. A form without a
// height-for-width item never runs that computation.
QFormLayout* LayoutInspector::addGroup(QGroupBox*& box)
{
    box = new QGroupBox(this);
    auto* column = new QVBoxLayout(box);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    column->addLayout(form);
    layout()->addWidget(box);
    return form;
}

QLabel* LayoutInspector::addNote(QGroupBox* box, bool aboveRows)
{
    auto* note = new QLabel(this);
    note->setWordWrap(true);
    auto* column = static_cast<QVBoxLayout*>(box->layout());
    if (aboveRows)
        column->insertWidget(0, note);
    else
        column->addWidget(note);
    return note;
}

QSpinBox* LayoutInspector::addInteger(QFormLayout* form, Field field, int min, int max)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(min, max);
    spin->setKeyboardTracking(false); // typing "16" is one edit, not "1" then "16"
    spin->setGroupSeparatorShown(max > 99999);
    auto* label = new QLabel(this);
    form->addRow(label, spin);
    m_bindings.push_back({field, spin, label, form});
    connect(spin, &QSpinBox::valueChanged, this, [this, field](int value) {
        emit fieldEdited(field, core::FieldValue{static_cast<std::int64_t>(value)});
    });
    return spin;
}

QComboBox* LayoutInspector::addChoice(QFormLayout* form, Field field, Choices choices)
{
    auto* box = compactChoice(new QComboBox(this));
    auto* label = new QLabel(this);
    form->addRow(label, box);
    m_bindings.push_back({field, box, label, form});
    m_choiceBoxes.emplace_back(box, choices);
    if (choices == Choices::Order) {
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
    }
    connect(box, &QComboBox::activated, this, [this, field, box](int index) {
        const QVariant data = box->itemData(index);
        if (data.typeId() == QMetaType::Int)
            emit fieldEdited(field, core::FieldValue{static_cast<std::int64_t>(data.toInt())});
        else
            emit fieldEdited(field,
                             core::FieldValue{ss(data.isValid() ? data.toString() : box->itemText(index))});
    });
    if (choices == Choices::Order)
        connect(box->lineEdit(), &QLineEdit::editingFinished, this, [this, field, box] {
            emit fieldEdited(field, core::FieldValue{ss(box->currentText().trimmed())});
        });
    return box;
}

void LayoutInspector::addText(QFormLayout* form, Field field)
{
    auto* edit = new QLineEdit(this);
    edit->setClearButtonEnabled(true);
    auto* label = new QLabel(this);
    form->addRow(label, edit);
    m_bindings.push_back({field, edit, label, form});
    connect(edit, &QLineEdit::editingFinished, this,
            [this, field, edit] { emit fieldEdited(field, core::FieldValue{ss(edit->text().trimmed())}); });
}

void LayoutInspector::addCheck(QFormLayout* form, Field field)
{
    auto* check = new QCheckBox(this);
    auto* label = new QLabel(this);
    form->addRow(label, check);
    m_bindings.push_back({field, check, label, form});
    connect(check, &QCheckBox::toggled, this,
            [this, field](bool on) { emit fieldEdited(field, core::FieldValue{on}); });
}

// The model, and the design's name (the title of what is exported).
void LayoutInspector::buildModelGroup(const core::Catalog& catalog)
{
    QFormLayout* model = addGroup(m_modelGroup);
    addText(model, Field::Name);
    m_modelPreset = compactChoice(new QComboBox(this));
    for (const core::ModelArchitecture& m : catalog.models())
        m_modelPreset->addItem(qs(m.name), qs(m.preset));
    m_modelPresetLabel = new QLabel(this);
    model->addRow(m_modelPresetLabel, m_modelPreset);
    connect(m_modelPreset, &QComboBox::activated, this, [this](int index) {
        const QString id = m_modelPreset->itemData(index).toString();
        if (!id.isEmpty())
            emit modelPresetChosen(id);
    });
    m_modelNote = addNote(m_modelGroup, false);
    addInteger(model, Field::ModelLayers, 1, core::limits::kMaxLayers);
    addInteger(model, Field::ModelHidden, 1, static_cast<int>(core::limits::kMaxHidden));
    addInteger(model, Field::ModelFfn, 0, static_cast<int>(core::limits::kMaxFfn));
    addInteger(model, Field::ModelHeads, 1, core::limits::kMaxHeads);
    addInteger(model, Field::ModelKvHeads, 1, core::limits::kMaxHeads);
    addInteger(model, Field::ModelHeadDim, 1, static_cast<int>(core::limits::kMaxHeadDim));
    addInteger(model, Field::ModelVocab, 1, static_cast<int>(core::limits::kMaxVocab));
    addInteger(model, Field::ModelExperts, 0, core::limits::kMaxExperts);
    addInteger(model, Field::ModelTopK, 0, core::limits::kMaxExperts);
    addInteger(model, Field::ModelExpertFfn, 0, static_cast<int>(core::limits::kMaxFfn));
    addInteger(model, Field::ModelRouterGroups, 0, core::limits::kMaxExperts);
    addInteger(model, Field::ModelRouterGroupTopK, 0, core::limits::kMaxExperts);
    addInteger(model, Field::ModelSlidingWindow, 0, static_cast<int>(core::limits::kMaxSequence));
    addInteger(model, Field::ModelWindowPeriod, 1, core::limits::kMaxLayers);
    addInteger(model, Field::ModelSlidingLayers, 1, core::limits::kMaxLayers);
    addInteger(model, Field::ModelMtpLayers, 0, core::limits::kMaxLayers);
}

void LayoutInspector::build()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->setSpacing(8);
    // The combo boxes offer the built-in presets to choose from.
    const core::Catalog& catalog = core::Catalog::builtin();

    buildModelGroup(catalog);

    // Cluster
    QFormLayout* cluster = addGroup(m_clusterGroup);
    m_gpu = compactChoice(new QComboBox(this));
    for (const core::GpuSpec& g : catalog.gpus())
        m_gpu->addItem(presetName(g.name), qs(g.id));
    m_gpuLabel = new QLabel(this);
    cluster->addRow(m_gpuLabel, m_gpu);
    m_nodes = new QSpinBox(this);
    m_nodes->setRange(1, core::limits::kMaxNodes);
    m_nodes->setKeyboardTracking(false);
    m_nodes->setGroupSeparatorShown(true); // 32,768 nodes read like every other count
    m_nodesLabel = new QLabel(this);
    cluster->addRow(m_nodesLabel, m_nodes);
    m_gpusPerNode = new QSpinBox(this);
    m_gpusPerNode->setRange(1, core::limits::kMaxGpusPerNode);
    m_gpusPerNode->setKeyboardTracking(false);
    m_gpusPerNodeLabel = new QLabel(this);
    cluster->addRow(m_gpusPerNodeLabel, m_gpusPerNode);
    m_intraLink = compactChoice(new QComboBox(this));
    for (const core::LinkSpec& l : catalog.links())
        if (l.linkClass != core::LinkClass::Fabric)
            m_intraLink->addItem(presetName(l.name), qs(l.id));
    m_intraLinkLabel = new QLabel(this);
    cluster->addRow(m_intraLinkLabel, m_intraLink);
    addChoice(cluster, Field::Fabric, Choices::Fabric);
    // 0 shows as "one per GPU": the DGX default (set with the language).
    addInteger(cluster, Field::NicsPerNode, 0, core::limits::kMaxGpusPerNode);
    // Host RAM per node in whole GiB; 0: the GPUs' shares of their reference system (DGX H100: 2 TB).
    m_hostRam = new QSpinBox(this);
    m_hostRam->setObjectName(QStringLiteral("hostRam"));
    m_hostRam->setRange(0, static_cast<int>(core::limits::kMaxHostMemoryBytes / core::kGiB));
    m_hostRam->setSingleStep(256);
    m_hostRam->setGroupSeparatorShown(true);
    m_hostRam->setKeyboardTracking(false);
    m_hostRamLabel = new QLabel(this);
    cluster->addRow(m_hostRamLabel, m_hostRam);
    connect(m_hostRam, &QSpinBox::valueChanged, this, [this](int gib) {
        emit fieldEdited(Field::HostMemory, core::FieldValue{static_cast<double>(gib) * core::kGiB});
    });
    m_clusterNote = addNote(m_clusterGroup, false);
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        // A new GPU type brings the intra-node link its nodes usually have: the preset just chosen.
        if (const core::GpuSpec* gpu = core::Catalog::builtin().gpu(ss(m_gpu->itemData(index).toString()))) {
            const int link = m_intraLink->findData(qs(gpu->defaultIntraLink));
            if (link >= 0)
                m_intraLink->setCurrentIndex(link);
        }
        emitClusterShape();
    });
    connect(m_nodes, &QSpinBox::valueChanged, this, &LayoutInspector::emitClusterShape);
    connect(m_gpusPerNode, &QSpinBox::valueChanged, this, &LayoutInspector::emitClusterShape);
    connect(m_intraLink, &QComboBox::activated, this, &LayoutInspector::emitClusterShape);

    // Parallel layout
    QFormLayout* parallel = addGroup(m_parallelGroup);
    m_worldLabel = addNote(m_parallelGroup, true);
    m_worldLabel->setTextFormat(Qt::RichText);
    for (Field field : {Field::Tp, Field::Pp, Field::Dp, Field::Cp, Field::Ep})
        addInteger(parallel, field, 1, core::limits::kMaxDegree);
    addCheck(parallel, Field::AutoDp);
    addChoice(parallel, Field::Framework, Choices::Framework);
    addChoice(parallel, Field::Order, Choices::Order);
    addChoice(parallel, Field::ExpertMode, Choices::ExpertMode);
    addInteger(parallel, Field::ExpertTp, 0, core::limits::kMaxDegree);
    addChoice(parallel, Field::MoeDispatcher, Choices::MoeDispatcher);
    addCheck(parallel, Field::SequenceParallel);
    addCheck(parallel, Field::TpCommOverlap);
    addChoice(parallel, Field::ZeroStage, Choices::ZeroStage);
    addInteger(parallel, Field::ShardGroup, 0, core::limits::kMaxDegree);
    addCheck(parallel, Field::ReshardAfterForward);
    for (Field field : kSwitchFields)
        addCheck(parallel, field);

    // Batch, sequence and pipeline
    QFormLayout* batch = addGroup(m_batchGroup);
    addChoice(batch, Field::Mode, Choices::Mode);
    addInteger(batch, Field::SequenceLength, 1, kIntMax);
    addInteger(batch, Field::GlobalBatch, 1, static_cast<int>(core::limits::kMaxBatch));
    addInteger(batch, Field::MicroBatch, 1, core::limits::kMaxMicroBatch);
    addChoice(batch, Field::Schedule, Choices::Schedule);
    addInteger(batch, Field::VirtualStages, 1, core::limits::kMaxVirtualStages);
    addText(batch, Field::LayersPerStage);

    // Training
    QFormLayout* training = addGroup(m_trainingGroup);
    addChoice(training, Field::Recompute, Choices::Recompute);
    addInteger(training, Field::RecomputeLayers, 0, core::limits::kMaxLayers); // 0: every layer
    addText(training, Field::RecomputeModules);
    addInteger(training, Field::ActivationOffloadLayers, 0, core::limits::kMaxLayers); // 0: none
    addChoice(training, Field::CudaGraphs, Choices::CudaGraphs);
    addChoice(training, Field::Precision, Choices::Precision);
    addChoice(training, Field::Fp8Recipe, Choices::Fp8Recipe);
    addChoice(training, Field::Optimizer, Choices::Optimizer);
    addChoice(training, Field::OptimizerMoments, Choices::OptimizerMoments);
    addChoice(training, Field::Offload, Choices::Offload);
    addCheck(training, Field::FlashAttention);
    addChoice(training, Field::AttentionKernel, Choices::AttentionKernel);

    // Serving
    QFormLayout* serving = addGroup(m_servingGroup);
    addInteger(serving, Field::Concurrency, 1, core::limits::kMaxConcurrency);
    addInteger(serving, Field::ContextLength, 1, kIntMax);
    addChoice(serving, Field::KvDtype, Choices::KvDtype);

    outer->addStretch(1);
    routeWheelToPanel();
}

// The wheel scrolls the panel; it changes a value only in the field being edited. Wheel focus would let a
// scroll over a field take the focus and the value with it.
void LayoutInspector::routeWheelToPanel()
{
    for (QWidget* editor : findChildren<QWidget*>()) {
        if (!qobject_cast<QAbstractSpinBox*>(editor) && !qobject_cast<QComboBox*>(editor))
            continue;
        editor->setFocusPolicy(Qt::StrongFocus);
        editor->installEventFilter(this);
    }
}

bool LayoutInspector::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        auto* editor = qobject_cast<QWidget*>(watched);
        if (editor && !editor->hasFocus()) {
            // On to the scroll area that holds the panel. Handed over here, not left to propagate: Qt passes
            // only a spontaneous wheel event on to the parents, and a filter that keeps the event keeps it.
            for (QWidget* w = parentWidget(); w; w = w->parentWidget()) {
                if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                    QCoreApplication::sendEvent(area->viewport(), event);
                    break;
                }
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LayoutInspector::retranslate()
{
    m_modelGroup->setTitle(tr("Model"));
    m_clusterGroup->setTitle(tr("Cluster"));
    m_parallelGroup->setTitle(tr("Parallel layout"));
    m_batchGroup->setTitle(tr("Batch and pipeline"));
    m_trainingGroup->setTitle(tr("Training"));
    m_servingGroup->setTitle(tr("Serving"));
    m_modelPresetLabel->setText(tr("Preset"));
    m_gpuLabel->setText(tr("GPU"));
    m_nodesLabel->setText(tr("Nodes"));
    m_gpusPerNodeLabel->setText(tr("GPUs per node"));
    m_hostRamLabel->setText(tr("Host RAM per node (GiB)"));
    m_hostRam->setSpecialValueText(tr("from the GPU type"));
    static_cast<QSpinBox*>(editorFor(Field::NicsPerNode))->setSpecialValueText(tr("one per GPU"));
    static_cast<QSpinBox*>(editorFor(Field::RecomputeLayers))->setSpecialValueText(tr("every layer"));
    static_cast<QSpinBox*>(editorFor(Field::ActivationOffloadLayers))->setSpecialValueText(tr("none"));
    m_hostRam->setToolTip(tr("The CPU memory of every node, which offloaded optimizer states and parameters "
                             "need; 0: the GPUs' vendor reference system (DGX H100: 2 TB)"));
    m_intraLinkLabel->setText(tr("Inside a node"));
    // The presets' descriptive words follow the language ("PCIe 5.0 x16 (ohne NVLink)").
    for (QComboBox* box : {m_gpu, m_intraLink})
        for (int i = 0; i < box->count(); ++i) {
            const std::string id = ss(box->itemData(i).toString());
            if (const core::GpuSpec* gpu = core::Catalog::builtin().gpu(id))
                box->setItemText(i, presetName(gpu->name));
            else if (const core::LinkSpec* link = core::Catalog::builtin().link(id))
                box->setItemText(i, presetName(link->name));
        }
    for (const Binding& b : m_bindings) {
        b.label->setText(fieldLabel(b.field));
        b.label->setToolTip(fieldToolTip(b.field));
    }
    for (const auto& [box, choices] : m_choiceBoxes)
        fillChoices(box, choices);
    showValues();
}

QSize LayoutInspector::sizeHint() const
{
    return {minimumSizeHint().width(), QWidget::sizeHint().height()};
}

void LayoutInspector::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QWidget* LayoutInspector::editorFor(Field field) const
{
    for (const Binding& b : m_bindings)
        if (b.field == field)
            return b.editor;
    return field == Field::HostMemory ? m_hostRam : nullptr;
}

void LayoutInspector::setRowVisible(Field field, bool visible)
{
    for (const Binding& b : m_bindings)
        if (b.field == field)
            b.form->setRowVisible(b.editor, visible);
}

void LayoutInspector::setSnapshot(const DesignSnapshot& snapshot)
{
    m_snapshot = snapshot;
    showValues();
}

void LayoutInspector::showValues()
{
    if (m_snapshot.isNull())
        return;
    const core::Design& design = *m_snapshot.design;
    for (const Binding& b : m_bindings) {
        const QSignalBlocker blocker(b.editor);
        const core::FieldValue value = core::getField(design, b.field);
        if (auto* spin = qobject_cast<QSpinBox*>(b.editor)) {
            if (const auto* i = std::get_if<std::int64_t>(&value))
                spin->setValue(
                    static_cast<int>(std::clamp<std::int64_t>(*i, spin->minimum(), spin->maximum())));
        } else if (auto* edit = qobject_cast<QLineEdit*>(b.editor)) {
            if (const auto* text = std::get_if<std::string>(&value); text && edit->text() != qs(*text)) {
                edit->setText(qs(*text));
                // A long name reads from its start, not from where setText leaves the cursor.
                if (!edit->hasFocus())
                    edit->setCursorPosition(0);
            }
        } else if (auto* check = qobject_cast<QCheckBox*>(b.editor)) {
            if (const auto* on = std::get_if<bool>(&value))
                check->setChecked(*on);
            else if (const auto s = switchOfField(b.field))
                check->setChecked(core::switchDefault(design, *s)); // unset: the framework decides
            if (const auto s = switchOfField(b.field))
                check->setText(switchDefaultText(design, *s));
        } else if (auto* box = qobject_cast<QComboBox*>(b.editor)) {
            QVariant data;
            if (const auto* i = std::get_if<std::int64_t>(&value))
                data = QVariant(static_cast<int>(*i));
            else if (const auto* text = std::get_if<std::string>(&value))
                data = QVariant(qs(*text));
            int index = box->findData(data);
            if (index < 0 && box->isEditable()) {
                box->setEditText(data.toString());
            } else {
                if (index < 0) {
                    // A value the list does not offer (a custom link, say) is shown as itself.
                    box->addItem(data.toString(), data);
                    index = box->count() - 1;
                }
                box->setCurrentIndex(index);
            }
        }
    }

    // Model preset: the preset this came from, and whether it was changed.
    {
        const QSignalBlocker blocker(m_modelPreset);
        const int index = m_modelPreset->findData(qs(design.model.preset));
        m_modelPreset->setCurrentIndex(index);
        const core::ModelArchitecture* preset = m_snapshot.catalog().model(design.model.preset);
        if (!preset)
            m_modelNote->setText(tr("Custom architecture."));
        else if (!(*preset == design.model))
            m_modelNote->setText(tr("Changed from the preset."));
        else
            m_modelNote->setText(QString());
        m_modelNote->setVisible(!m_modelNote->text().isEmpty());
        if (!design.model.notModelled.empty())
            m_modelPreset->setToolTip(
                tr("Not modelled yet: %1").arg(featureText(design.model.notModelled.front())));
        else
            m_modelPreset->setToolTip(qs(design.model.source));
    }

    // Cluster shape, from the first node.
    const core::Cluster& cluster = design.cluster;
    {
        const QSignalBlocker b1(m_gpu), b2(m_nodes), b3(m_gpusPerNode), b4(m_intraLink);
        m_nodes->setValue(static_cast<int>(cluster.nodes.size()));
        if (!cluster.nodes.empty()) {
            const core::Node& first = cluster.nodes.front();
            m_gpusPerNode->setValue(static_cast<int>(first.gpus.size()));
            if (!first.gpus.empty())
                m_gpu->setCurrentIndex(m_gpu->findData(qs(first.gpus.front().type)));
            m_intraLink->setCurrentIndex(m_intraLink->findData(qs(first.intraLink)));
        }
        const QSignalBlocker b5(m_hostRam);
        m_hostRam->setValue(static_cast<int>(std::llround(cluster.hostMemoryBytes / core::kGiB)));
        m_clusterNote->setText(
            cluster.isUniform() ? QString()
                                : tr("The nodes differ; changing the shape here rebuilds every node alike."));
        m_clusterNote->setVisible(!cluster.isUniform());
    }

    // The product is one unit: it moves to a line of its own as a whole rather than leave "× EP 1" alone
    // on the next line of a narrow panel.
    m_worldLabel->setText(tr("World size %1 = %2")
                              .arg(integerText(design.layout.worldSize()),
                                   QStringLiteral("<span style='white-space:nowrap'>%1</span>")
                                       .arg(qs(core::worldSizeFormula(design.layout)).toHtmlEscaped())));

    showRowsFor(design);
    markDiagnostics();
}

// The rows that mean something for this design: MoE and sliding-window fields, the switches where they
// apply, training or serving.
void LayoutInspector::showRowsFor(const core::Design& design)
{
    const bool moe = design.model.moe.isMoe();
    for (Field field : {Field::ModelExperts, Field::ModelTopK, Field::ModelExpertFfn, Field::ExpertMode})
        setRowVisible(field, moe);
    // Group-limited routing where the model has it or could (its groups are what a preset sets).
    setRowVisible(Field::ModelRouterGroups, moe);
    setRowVisible(Field::ModelRouterGroupTopK,
                  moe && (design.model.moe.routerGroups != 0 || design.model.moe.routerGroupTopK != 0));
    for (Field field : {Field::ModelWindowPeriod, Field::ModelSlidingLayers})
        setRowVisible(field, design.model.slidingWindow.tokens > 0);
    setRowVisible(Field::ExpertTp, moe && design.layout.expertMode == core::ExpertMode::Megatron);
    setRowVisible(Field::ShardGroup, design.layout.zeroStage > 0);
    setRowVisible(Field::ReshardAfterForward, design.layout.zeroStage == 3);
    const bool training = design.workload.mode == core::Mode::Training;
    setRowVisible(Field::ModelMtpLayers, training); // serving leaves the prediction depths out
    setRowVisible(Field::OverlapGradReduce, training && design.layout.dp() > 1);
    setRowVisible(Field::OverlapParamGather,
                  training && (design.layout.zeroStage == 1 || design.layout.zeroStage == 2));
    setRowVisible(Field::GradientSyncEveryMicroBatch, training && design.layout.zeroStage == 3);
    setRowVisible(Field::OverlapMoeAllToAll, training && design.layout.ep() > 1);
    // Where Megatron-Core sends MoE tokens, and wherever a flex dispatcher is set (so that it can be undone).
    setRowVisible(Field::MoeDispatcher,
                  training && moe
                      && (design.layout.moeDispatcher != core::MoeDispatcher::AllToAll
                          || (design.layout.ep() > 1 && core::frameworkProfile(design).flexDispatchers)));
    setRowVisible(Field::AsyncCheckpoint, training);
    setRowVisible(Field::FusedCrossEntropy, training);
    setRowVisible(Field::TorchCompile, training && core::switchApplies(design, core::Switch::TorchCompile));
    setRowVisible(Field::Fp8ParamGather,
                  training && core::switchApplies(design, core::Switch::Fp8ParamGather));
    setRowVisible(Field::GradReduceInFp32, training && design.workload.precision != core::Precision::Fp32);
    setRowVisible(Field::Fp8Recipe, training && design.workload.precision == core::Precision::Fp8);
    // Where the framework keeps 16-bit moments, and wherever they are set (so that they can be undone).
    const bool moments = design.workload.optimizerMoments != core::MomentDtype::Fp32;
    setRowVisible(Field::OptimizerMoments,
                  training && (moments || core::frameworkProfile(design).sixteenBitMoments));
    setRowVisible(Field::AttentionKernel, training && design.workload.flashAttention);
    setRowVisible(Field::RecomputeLayers, training && design.layout.recompute == core::Recompute::Full);
    setRowVisible(Field::RecomputeModules, training && design.layout.recompute == core::Recompute::Selective);
    setRowVisible(Field::ActivationOffloadLayers, training);
    // Where the framework captures CUDA graphs, and wherever they are set (so that they can be undone).
    setRowVisible(Field::CudaGraphs,
                  training
                      && (design.layout.cudaGraphs != core::CudaGraphs::None
                          || core::frameworkProfile(design).cudaGraphs));
    setRowVisible(Field::VirtualStages, design.layout.pp() > 1);
    setRowVisible(Field::Schedule, design.layout.pp() > 1);
    setRowVisible(Field::LayersPerStage, design.layout.pp() > 1);
    m_trainingGroup->setVisible(training);
    m_servingGroup->setVisible(!training);
    for (Field field : {Field::GlobalBatch, Field::MicroBatch, Field::SequenceLength})
        setRowVisible(field, training);
    setRowVisible(Field::ZeroStage, training);
}

void LayoutInspector::markDiagnostics()
{
    const auto& diagnostics = m_snapshot.evaluation->diagnostics;
    for (const Binding& b : m_bindings) {
        const std::string_view pointer = core::fieldPointer(b.field);
        QStringList messages;
        std::optional<core::Severity> worst;
        for (const core::Diagnostic& d : diagnostics) {
            if (d.path != pointer || d.severity == core::Severity::Info)
                continue;
            messages << diagnosticMessage(d);
            if (!worst || d.severity < *worst)
                worst = d.severity;
        }
        markSeverity(b.editor, worst);
        QString help = fieldToolTip(b.field);
        if (const auto s = switchOfField(b.field)) // the value in effect, and where its default comes from
            help += QStringLiteral("\n\n") + switchEffectText(*m_snapshot.design, *s);
        b.editor->setToolTip(messages.isEmpty() ? help : messages.join(QLatin1Char('\n')));
    }
}

void LayoutInspector::emitClusterShape()
{
    emit clusterShapeEdited(m_nodes->value(), m_gpusPerNode->value(), m_gpu->currentData().toString(),
                            m_intraLink->currentData().toString());
}

bool LayoutInspector::focusField(const QString& jsonPointer)
{
    const auto field = core::fieldAtPointer(ss(jsonPointer));
    QWidget* editor = field ? editorFor(*field) : nullptr;
    if (!editor && jsonPointer.startsWith(QLatin1String("/cluster")))
        editor = m_nodes;
    if (!editor && jsonPointer.startsWith(QLatin1String("/model")))
        editor = m_modelPreset;
    if (!editor || !editor->isVisibleTo(this))
        return false;
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* scroll = qobject_cast<QScrollArea*>(w)) {
            scroll->ensureWidgetVisible(editor);
            break;
        }
    editor->setFocus(Qt::OtherFocusReason);
    return true;
}

} // namespace widgets
