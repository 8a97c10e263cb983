// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace/traceinput.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <zlib.h>

namespace core {

namespace {
constexpr unsigned kChunkBytes = 1u << 20;
}

TraceInput::TraceInput(const std::string& path, TraceProgress progress)
    : m_buffer(kChunkBytes)
    , m_progress(std::move(progress))
{
    std::error_code code;
    const auto bytes = std::filesystem::file_size(path, code);
    if (code) {
        m_error = code.message();
        return;
    }
    m_fileBytes = static_cast<double>(bytes);
    gzFile file = gzopen(path.c_str(), "rb");
    if (file == nullptr) {
        m_error = errno != 0 ? std::strerror(errno) : "cannot open";
        return;
    }
    gzbuffer(file, kChunkBytes);
    m_file = file;
    setg(m_buffer.data(), m_buffer.data(), m_buffer.data());
}

TraceInput::~TraceInput()
{
    if (m_file != nullptr)
        gzclose(static_cast<gzFile>(m_file));
}

TraceInput::int_type TraceInput::underflow()
{
    if (gptr() < egptr())
        return traits_type::to_int_type(*gptr());
    if (m_file == nullptr || m_cancelled || !m_error.empty())
        return traits_type::eof();
    gzFile file = static_cast<gzFile>(m_file);
    if (m_progress && m_fileBytes > 0) {
        const double fraction = static_cast<double>(gzoffset(file)) / m_fileBytes;
        if (!m_progress(std::min(1.0, fraction))) {
            m_cancelled = true;
            return traits_type::eof();
        }
    }
    const int read = gzread(file, m_buffer.data(), kChunkBytes);
    if (read < 0) {
        int number = 0;
        m_error = gzerror(file, &number);
        return traits_type::eof();
    }
    if (read == 0) {
        // A gzip stream cut short reads as its end; zlib says so only through gzerror.
        int number = 0;
        const char* message = gzerror(file, &number);
        if (number != Z_OK && number != Z_STREAM_END)
            m_error = message;
        return traits_type::eof();
    }
    setg(m_buffer.data(), m_buffer.data(), m_buffer.data() + read);
    return traits_type::to_int_type(*gptr());
}

} // namespace core
