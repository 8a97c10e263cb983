// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A trace file as a stream of bytes, plain or gzip (zlib's gzread reads both: it passes through a file
// that does not start with the gzip magic bytes), in chunks of 1 MiB, reporting progress by the share of
// the file read and stopping when the progress callback asks to cancel.

#include "trace/profilertrace.h"

#include <streambuf>
#include <string>
#include <vector>

namespace core {

class TraceInput : public std::streambuf
{
public:
    TraceInput(const std::string& path, TraceProgress progress);
    ~TraceInput() override;
    TraceInput(const TraceInput&) = delete;
    TraceInput& operator=(const TraceInput&) = delete;

    bool isOpen() const { return m_file != nullptr; }
    bool empty() const { return m_fileBytes == 0; }
    // Why the file could not be opened or read ("" while there was no problem).
    const std::string& error() const { return m_error; }
    bool cancelled() const { return m_cancelled; }

protected:
    int_type underflow() override;

private:
    void* m_file = nullptr; // gzFile, kept opaque so that this header does not include zlib.h
    std::vector<char> m_buffer;
    double m_fileBytes = 0;
    TraceProgress m_progress;
    std::string m_error;
    bool m_cancelled = false;
};

} // namespace core
