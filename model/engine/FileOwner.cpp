#include "engine/FileOwner.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace keyplan::engine {

namespace {

// The pid holding an flock on the file behind `fd`, from /proc/locks (Linux); 0 if not found.
long flockHolder(int fd)
{
    struct stat st {};
    if (fstat(fd, &st) != 0) return 0;
    std::ifstream locks("/proc/locks");
    std::string line;
    long inodeOnlyMatch = 0;
    while (std::getline(locks, line)) {
        // "1: FLOCK  ADVISORY  WRITE 4242 08:02:131076 0 EOF"; waiters carry "->" after the index.
        std::istringstream fields(line);
        std::string index, kind, mode, access, device;
        long pid = 0;
        fields >> index >> kind;
        if (kind == "->") fields >> kind;
        if (kind != "FLOCK" || !(fields >> mode >> access >> pid >> device)) continue;
        unsigned major = 0, minor = 0;
        unsigned long long inode = 0;
        if (std::sscanf(device.c_str(), "%x:%x:%llu", &major, &minor, &inode) != 3 || inode != st.st_ino) continue;
        if (major == ::major(st.st_dev) && minor == ::minor(st.st_dev)) return pid;
        inodeOnlyMatch = pid;  // overlay file systems report the lower device
    }
    return inodeOnlyMatch;
}

// "keyplan-cli serve --db shop.db" for a pid, from its command line; "" if it cannot be read.
std::string commandLine(long pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!raw.empty() && raw.back() == '\0') raw.pop_back();
    std::string out;
    for (char c : raw) out.push_back(c == '\0' ? ' ' : (static_cast<unsigned char>(c) < 0x20 ? '?' : c));
    // The program by its file name, as a user typed it.
    const size_t space = out.find(' ');
    const size_t slash = out.rfind('/', space);
    if (slash != std::string::npos) out.erase(0, slash + 1);
    if (out.size() > 200) out = out.substr(0, 197) + "...";
    return out;
}

std::string ownerText(long pid)
{
    if (pid == 0) return "another process";
    if (pid == static_cast<long>(getpid())) return "another store in this process (pid " + std::to_string(pid) + ")";
    const std::string command = commandLine(pid);
    return (command.empty() ? std::string("process") : command) + " (pid " + std::to_string(pid) + ")";
}

}  // namespace

std::unique_ptr<FileOwner> FileOwner::claim(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error("cannot open store " + path + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return std::unique_ptr<FileOwner>(new FileOwner(fd));
    const int error = errno;
    const long pid = error == EWOULDBLOCK ? flockHolder(fd) : 0;
    ::close(fd);
    if (error != EWOULDBLOCK) throw std::runtime_error("cannot lock store " + path + ": " + std::strerror(error));
    throw StoreFileInUse("the store file " + path + " is in use by " + ownerText(pid) +
                             ". One process owns a store file at a time: stop that one first, or, if it is a "
                             "keyplan-cli serve, send your requests to it.",
                         pid);
}

FileOwner::~FileOwner() { ::close(fd_); }

bool FileOwner::sync() const { return ::fdatasync(fd_) == 0; }

}  // namespace keyplan::engine
