// SPDX-License-Identifier: GPL-3.0-or-later
// The search's pipeline schedules (performance/search.h, SearchSpace::schedules): it tries the zero-bubble
// and DualPipe schedules where the candidate's framework runs them (resources/presets/frameworks.json,
// "schedules": Megatron-Core 1F1B and interleaved, DeepSpeed 1F1B, torchtitan also ZB-H1, ZB-V and
// DualPipeV) and proposes one when it is fastest; a framework never gets a schedule it does not run. A
// benchmark compares a torchtitan search with and without the new schedules.

#include "evaluate.h"
#include "framework/frameworkprofile.h"
#include "performance/search.h"
#include "performance/searchspace.h"
#include "support/testdesigns.h"

#include <QTest>
#include <algorithm>
#include <set>

using namespace core;

namespace {

// Llama 3.1 8B on four nodes of one H200, plain data parallelism (ZeRO-0): a replica's model states
// (8.03 B parameters × 16 bytes) with its activations and its loss fit no GPU, and half of them do (on an
// 80 GB GPU torchtitan's eager loss leaves the last stage no room), so every candidate that fits pipelines
// (PP 2 or 4; one GPU per node bounds TP to 1), and the schedule decides its speed. Global batch 14: PP 2 ×
// DP 2 runs 7 micro-batches of one sequence, PP 4 runs 14, neither a multiple of PP, so the interleaved
// schedule is out (Megatron's rule, schedule-interleaved-micro-batches) and 1F1B is the one to beat;
// DualPipeV's rule (at least 2 × PP) holds.
Design pipelinedOnly(Framework framework)
{
    Design d = testing::example("fsdp-1node-8gpu");
    d.cluster = makeUniformCluster(4, 1, "h200-141gb", "nvlink4", "ib-ndr-400");
    d.layout.framework = framework;
    d.workload.globalBatch = 14;
    return d;
}

SearchSpace smallSpace()
{
    SearchSpace space;
    space.zeroStages = {0};
    space.microBatches = {1};
    space.recompute = {Recompute::Full};
    return space;
}

bool zeroBubbleOrDualPipe(Schedule s)
{
    return s == Schedule::ZbH1 || s == Schedule::ZbV || s == Schedule::DualPipeV || s == Schedule::DualPipe;
}

} // namespace

class TestSearchSchedules : public QObject
{
    Q_OBJECT

private slots:
    void profilesSayWhatTheyRun_data();
    void profilesSayWhatTheyRun();
    void zeroBubbleWinsWhereTheFrameworkRunsIt();
    void frameworkNeverGetsAScheduleItLacks_data();
    void frameworkNeverGetsAScheduleItLacks();
    void choicesFollowTheSpace();
    void benchmarkTorchtitanSchedules_data();
    void benchmarkTorchtitanSchedules();
};

// The schedules of each profile, as its source names them (frameworks.json "scheduleSource").
void TestSearchSchedules::profilesSayWhatTheyRun_data()
{
    QTest::addColumn<int>("framework");
    QTest::addColumn<QString>("schedules");
    QTest::newRow("Megatron-Core: schedules.py get_forward_backward_func")
        << int(Framework::MegatronCore) << QStringLiteral("1f1b interleaved");
    QTest::newRow("DeepSpeed: pipe/schedule.py TrainSchedule")
        << int(Framework::DeepSpeed) << QStringLiteral("1f1b");
    QTest::newRow("torchtitan: pipelining get_schedule_class")
        << int(Framework::Fsdp2) << QStringLiteral("gpipe 1f1b interleaved zb-h1 zb-v dualpipev");
}

void TestSearchSchedules::profilesSayWhatTheyRun()
{
    QFETCH(int, framework);
    QFETCH(QString, schedules);
    const FrameworkProfile& profile = frameworkProfile(Framework(framework));
    QVERIFY(frameworkProfileProblems().empty());
    QStringList names;
    for (Schedule s : profile.schedules)
        names << QString::fromUtf8(std::string(enumName(s)).c_str());
    QCOMPARE(names.join(QLatin1Char(' ')), schedules);
    QVERIFY(!profile.scheduleSource.empty());
    QVERIFY(!profile.runsSchedule(Schedule::DualPipe)); // no framework of the five runs the bidirectional one
}

// torchtitan runs ZB-H1, ZB-V and DualPipeV: 1F1B idles (p − 1)/(m + p − 1) of the step (PP 4 with 14
// micro-batches: 3/17), the zero-bubble schedules fill much of that with weight gradients, so at PP 4 one of
// them is the fastest candidate, faster than every 1F1B one, and the recipe says which. At PP 2 × DP 2 they
// pay for it: the weight gradients they defer run after the last backward, so the gradients' all-reduce
// has nothing left to hide under (ZB-H1 exposes about three times 1F1B's), and there the two come out
// within a few per cent of each other.
void TestSearchSchedules::zeroBubbleWinsWhereTheFrameworkRunsIt()
{
    const Design d = pipelinedOnly(Framework::Fsdp2);
    const SearchResult result = searchMeshes(d, smallSpace());
    QVERIFY(!result.candidates.empty());
    QCOMPARE(result.enumerated, result.combinations);
    QVERIFY(result.candidates.front().layout.pp() > 1);
    // The fastest of each kind at each pipeline degree (candidates come fastest first).
    const auto fastest = [&result](int pp, bool zeroBubble) -> const SearchCandidate* {
        for (const SearchCandidate& c : result.candidates)
            if (c.layout.pp() == pp && zeroBubbleOrDualPipe(c.layout.schedule) == zeroBubble)
                return &c;
        return nullptr;
    };
    std::set<Schedule> seen;
    for (const SearchCandidate& c : result.candidates)
        seen.insert(c.layout.schedule);
    QVERIFY(seen.count(Schedule::OneFOneB) && seen.count(Schedule::ZbH1) && seen.count(Schedule::ZbV)
            && seen.count(Schedule::DualPipeV));
    QVERIFY(!seen.count(Schedule::DualPipe) && !seen.count(Schedule::GPipe)
            && !seen.count(Schedule::Interleaved));
    const SearchCandidate* best = fastest(4, true);
    const SearchCandidate* classic = fastest(4, false);
    QVERIFY(best && classic);
    QVERIFY2(best->stepSeconds < 0.97 * classic->stepSeconds,
             qPrintable(QStringLiteral("%1 against %2").arg(best->stepSeconds).arg(classic->stepSeconds)));
    QVERIFY2(best->recipe.find(best->layout.schedule == Schedule::ZbH1      ? "ZB-H1"
                                   : best->layout.schedule == Schedule::ZbV ? "ZB-V"
                                                                            : "DualPipeV")
                 != std::string::npos,
             best->recipe.c_str());
    const SearchCandidate* zbTwo = fastest(2, true);
    const SearchCandidate* classicTwo = fastest(2, false);
    QVERIFY(zbTwo && classicTwo);
    QVERIFY(zbTwo->bubbleFraction < classicTwo->bubbleFraction);
    QVERIFY(zbTwo->exposed.allReduce > 2 * classicTwo->exposed.allReduce);
    // The candidate is what evaluate() finds for its design, and its JSON names the schedule.
    const Evaluation e = evaluate(withCandidate(d, *best));
    QVERIFY2(e.valid() && e.performance, qPrintable(testing::describe(e.diagnostics)));
    QCOMPARE(e.performance->stepSeconds, best->stepSeconds);
    const Json json = searchToJson(result, result.candidates.size());
    const auto at = static_cast<std::size_t>(best - result.candidates.data());
    QCOMPARE(json.at("candidates").at(at).at("schedule").get<std::string>(),
             std::string(enumName(best->layout.schedule)));
}

// The same problem run by Megatron-Core or DeepSpeed: only what each runs, even when the space asks for
// more; asked for a schedule it lacks alone, the framework has no pipelined combination at all.
void TestSearchSchedules::frameworkNeverGetsAScheduleItLacks_data()
{
    QTest::addColumn<int>("framework");
    QTest::addColumn<QString>("allowed");
    QTest::addColumn<int>("lacked");
    QTest::newRow("Megatron-Core") << int(Framework::MegatronCore) << QStringLiteral("1f1b")
                                   << int(Schedule::ZbV);
    QTest::newRow("DeepSpeed") << int(Framework::DeepSpeed) << QStringLiteral("1f1b") << int(Schedule::ZbH1);
    QTest::newRow("torchtitan, DualPipe")
        << int(Framework::Fsdp2) << QStringLiteral("1f1b zb-h1 zb-v dualpipev") << int(Schedule::DualPipe);
}

void TestSearchSchedules::frameworkNeverGetsAScheduleItLacks()
{
    QFETCH(int, framework);
    QFETCH(QString, allowed);
    QFETCH(int, lacked);
    const Design d = pipelinedOnly(Framework(framework));
    const SearchResult result = searchMeshes(d, smallSpace());
    QVERIFY(!result.candidates.empty());
    std::set<QString> seen;
    for (const SearchCandidate& c : result.candidates)
        seen.insert(QString::fromUtf8(std::string(enumName(c.layout.schedule)).c_str()));
    const QStringList names = allowed.split(QLatin1Char(' '));
    QCOMPARE(seen, std::set<QString>(names.begin(), names.end()));

    SearchSpace only = smallSpace();
    only.schedules = {Schedule(lacked)};
    const SearchResult none = searchMeshes(d, only);
    // What remains is the one combination without a pipeline (PP 1 × DP 4, 1F1B), which does not run.
    QVERIFY(none.candidates.empty());
    QCOMPARE(none.combinations, std::int64_t(1));
    QCOMPARE(none.enumerated, std::int64_t(1));
}

// What one set of degrees tries: 1F1B alone without a pipeline; interleaved once per virtual-stage count
// above 1, the V-shaped schedules with 2; the count of combinations follows.
void TestSearchSchedules::choicesFollowTheSpace()
{
    const Design d = pipelinedOnly(Framework::Fsdp2);
    SearchSpace space = smallSpace();
    ParallelLayout l = d.layout;
    l.setDegree(Dim::Dp, 1);
    l.setDegree(Dim::Pp, 4);
    l.zeroStage = 0;
    const std::vector<ScheduleChoice> choices = scheduleChoices(l, Mode::Training, space);
    QCOMPARE(choices.size(), std::size_t(6)); // 1F1B, interleaved v2 and v4, ZB-H1, ZB-V, DualPipeV
    QCOMPARE(choices[1].schedule, Schedule::Interleaved);
    QCOMPARE(choices[2].virtualStages, 4);
    QCOMPARE(choices[4].schedule, Schedule::ZbV);
    QCOMPARE(choices[4].virtualStages, 2);
    l.setDegree(Dim::Pp, 1);
    QCOMPARE(scheduleChoices(l, Mode::Training, space).size(), std::size_t(1));
    // Whatever the pipeline splits, the count of combinations is what the search enumerates.
    const SearchResult all = searchMeshes(d, space);
    space.schedules = {Schedule::OneFOneB, Schedule::Interleaved};
    const SearchResult classic = searchMeshes(d, space);
    QVERIFY(all.combinations > classic.combinations);
    QCOMPARE(all.enumerated, countCombinations(d, smallSpace()));
    QCOMPARE(classic.enumerated, countCombinations(d, space));
}

// A torchtitan search a user waits for (Llama 3.1 70B on 64 nodes × 8 H100): with only 1F1B and
// interleaved, as before the space had schedules, and with every schedule torchtitan runs.
void TestSearchSchedules::benchmarkTorchtitanSchedules_data()
{
    QTest::addColumn<bool>("every");
    QTest::newRow("1F1B and interleaved") << false;
    QTest::newRow("every schedule torchtitan runs") << true;
}

void TestSearchSchedules::benchmarkTorchtitanSchedules()
{
    QFETCH(bool, every);
    Design d = testing::example("default");
    d.cluster = makeUniformCluster(64, 8, "h100-sxm-80gb", "nvlink4", "ib-ndr-400");
    d.layout.framework = Framework::Fsdp2;
    SearchSpace space;
    if (!every)
        space.schedules = {Schedule::OneFOneB, Schedule::Interleaved};
    QBENCHMARK
    {
        QVERIFY(!searchMeshes(d, space).candidates.empty());
    }
}

QTEST_GUILESS_MAIN(TestSearchSchedules)
#include "tst_searchschedules.moc"
