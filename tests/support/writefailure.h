// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A full disk for one scope, without root: RLIMIT_FSIZE makes every write(2) past `bytes` fail with EFBIG
// (SIGXFSZ ignored), the way ENOSPC does on a full file system. Files already larger stay readable.

#include <csignal>
#include <sys/resource.h>

namespace testing {

class WriteLimit
{
public:
    explicit WriteLimit(rlim_t bytes)
    {
        m_signal = std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &m_old);
        rlimit limited = m_old;
        limited.rlim_cur = bytes;
        m_active = ::setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    ~WriteLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_signal);
    }
    WriteLimit(const WriteLimit&) = delete;
    WriteLimit& operator=(const WriteLimit&) = delete;

    bool active() const { return m_active; }

private:
    rlimit m_old{};
    void (*m_signal)(int) = nullptr;
    bool m_active = false;
};

} // namespace testing
