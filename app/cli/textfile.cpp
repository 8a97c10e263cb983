// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/textfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace cli {

std::optional<std::string> readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

namespace {

// The permissions a newly created file gets (0666 less the umask), read without changing the umask for
// longer than the call.
mode_t newFileMode()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

} // namespace

std::optional<std::string> writeAtomically(const std::string& path, const std::string& text)
{
    // A unique temporary file next to the target (the same file system, so rename() is atomic): write,
    // check, fsync, close, rename. On any failure the temporary file is removed and the target is as it
    // was.
    std::string temporary = path + ".XXXXXX";
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        return std::string(std::strerror(errno));
    auto fail = [&](int code) {
        ::close(fd);
        ::unlink(temporary.c_str());
        return std::optional<std::string>(std::strerror(code));
    };
    struct stat existing
    {
    };
    const mode_t mode = ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : newFileMode();
    if (::fchmod(fd, mode) != 0)
        return fail(errno);
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(n < 0 ? errno : EIO);
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        return fail(errno);
    if (::close(fd) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        return std::string(std::strerror(code));
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        return std::string(std::strerror(code));
    }
    return std::nullopt;
}

} // namespace cli
