// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// meshwright-cli run in-process for the command-line suites: its exit code and what it wrote to standard
// output and standard error.

#include "base/jsonreader.h"
#include "cli/cli.h"

#include <QStringList>
#include <QTest>
#include <QtGlobal>
#include <sstream>
#include <string>
#include <vector>

namespace testing {

struct CliRun
{
    int exitCode;
    std::string out;
    std::string err;
};

inline CliRun runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

// The same from a table's row of arguments.
inline CliRun runCliRow(const QStringList& args)
{
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    return runCli(argv);
}

// One row of an exit-code table (columns args, exitCode, mention): the command exits with the row's code and
// its output or error names what the row mentions.
inline void checkExitCodeRow()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mention);
    const CliRun r = runCliRow(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2((r.out + r.err).find(mention.toStdString()) != std::string::npos, (r.out + r.err).c_str());
}

// Its standard output as JSON (null where it is not JSON), warning when the exit code is not the expected
// one.
inline core::Json runJson(std::vector<std::string> args, int expectedExit = 0)
{
    const CliRun r = runCli(std::move(args));
    if (r.exitCode != expectedExit)
        qWarning("exit %d: %s %s", r.exitCode, r.out.c_str(), r.err.c_str());
    return core::Json::parse(r.out, nullptr, false);
}

} // namespace testing
