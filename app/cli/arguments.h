// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small command-line reader: "--flag value" and "--flag=value", positional arguments, and usage errors
// that name the flag. Used by every verb of meshwright-cli.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cli {

// A mistake on the command line; the message names the flag and what it expected. Exit code 2.
class UsageError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class Arguments
{
public:
    explicit Arguments(std::vector<std::string> args);

    // True when every argument has been read. A "--flag=value" whose value the verb did not ask for (a
    // switch such as --json=yes or --sp=false) is refused here, before the next argument is read, so
    // that it is never taken for the bare switch.
    bool atEnd();
    // The next argument; a "--flag=value" comes back as "--flag" with the value kept for value().
    std::string next();
    // The value of the flag just read by next().
    std::string value(const std::string& flag);
    std::int64_t integer(const std::string& flag, std::int64_t min, std::int64_t max);
    double number(const std::string& flag);

private:
    std::vector<std::string> m_args;
    std::size_t m_index = 0;
    void refuseUnreadValue();

    std::optional<std::string> m_inlineValue;
    std::string m_inlineFlag; // the flag m_inlineValue was written with
};

} // namespace cli
