// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/diagnostickinds.h"

#include "base/importdiagnostics.h"

#include <array>

namespace core::diag {

namespace {
constexpr std::array kKinds{
    kIoFile,
    kIoParse,
    kIoType,
    kIoMissing,
    kIoValue,
    kIoFormat,
    kIoVersionNewer,
    kIoVersionInvalid,
    kIoUnknownKey,
    kIoTooLarge,
    kIoDuplicateId,
    kValueRange,
    kSearchTooLarge,
    kModelPresetUnknown,
    kGpuUnknown,
    kLinkUnknown,
    kLinkWrongClass,
    kModelKvHeads,
    kModelTopK,
    kModelRouterGroups,
    kModelNoMlp,
    kModelTooLarge,
    kModelUnmodelled,
    kClusterEmpty,
    kNodesNonUniform,
    kMixedGpus,
    kGpusOutOfService,
    kWorldExceedsGpus,
    kWorldIdleGpus,
    kWorldTooLarge,
    kPlacementStale,
    kPlacementUnknownGpu,
    kPlacementDuplicate,
    kPlacementOutOfService,
    kTpHeads,
    kTpKvHeads,
    kTpKvReplicated,
    kTpHidden,
    kTpFfn,
    kTpExpertFfn,
    kTpVocabPadded,
    kTpSpansNodes,
    kTpOverPcie,
    kEpSpansNodes,
    kSpWithoutTp,
    kTpOverlapWithoutSp,
    kFp8RecipeGpu,
    kPpLayers,
    kPpTooManyStages,
    kPpStageCount,
    kPpStageSum,
    kPpEmptyStage,
    kScheduleVirtualStages,
    kScheduleInterleavedMicroBatches,
    kScheduleFewMicroBatches,
    kScheduleDualPipeMicroBatches,
    kScheduleDualPipeRanks,
    kScheduleDualPipeBidirectionalMicroBatches,
    kScheduleWithoutPp,
    kEpDenseModel,
    kEpExperts,
    kEpMegatronFold,
    kBatchDivisible,
    kSeqCp,
    kSeqSp,
    kSeqContext,
    kZeroNoEffect,
    kZeroServing,
    kShardGroup,
    kScheduleDuration,
    kScheduleDurationNegative,
    kScheduleStageScaleCount,
    kScheduleStageScaleValue,
    kScheduleTransferCount,
    kScheduleGroupSize,
    kScheduleGroupRemainder,
    kScheduleTooLarge,
    kScheduleOpOutOfRange,
    kScheduleOpMisplaced,
    kScheduleOpRepeated,
    kScheduleOpMissing,
    kScheduleDeadlock,
    kScheduleNotSimulated,
    // ---- Collectives
    kCollectiveRanks,
    kCollectiveSingleRank,
    kCollectiveRanksTooMany,
    kCollectiveTraceRanks,
    kCollectiveTraceTooLarge,
    kCollectiveBytes,
    kCollectiveChunks,
    kCollectiveChunksUneven,
    kCollectiveChunksExceedBytes,
    kCollectiveAlgorithm,
    kCollectiveRanksPerNode,
    kCollectiveHierarchicalNodes,
    kCollectivePeers,
    kCollectiveLink,
    kMemoryDoesNotFit, // one code; its three other messages (by the largest part) share it and its severity
    kMemoryTight,
    kOffloadWithoutZero,
    kHostMemory, // kHostMemoryCheckpoint shares its code and severity
    kFrameworkMode,
    kFrameworkZeroStage,
    kFrameworkZeroPipeline,
    kFrameworkDimension,
    kFrameworkOffload,
    kFrameworkSchedule, // kFrameworkScheduleNowhere shares its code and severity
    kFrameworkScheduleAuto, // kFrameworkScheduleAutoNowhere shares its code and severity
    kFrameworkSwitch,
    kFrameworkMtp,
    kNcclTestsRow,
    kNcclTestsEmpty,
    kRecordRunDiffers,
    kTraceNoEvents,
    kTraceNoKernels,
    kTraceNoSteps,
    kHfArchitecture,
    kHfNotModelled,
    kLaunchSyntax,
    kLaunchEmpty,
    kLaunchWorld,
    kLaunchClusterResized,
    kLaunchDegrees,
    kLaunchCluster,
    kLaunchConflict,
    kLaunchUnsupported,
    kLaunchModel,
    kLaunchApproximated,
};
} // namespace

std::span<const DiagnosticKind> allKinds()
{
    return kKinds;
}

const DiagnosticKind* findKind(std::string_view code)
{
    for (const DiagnosticKind& kind : kKinds)
        if (kind.code == code)
            return &kind;
    return nullptr;
}

} // namespace core::diag
