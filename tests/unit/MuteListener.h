// A TCP listener on loopback that never reads or answers, for tests of what a client says about a
// silent or closing endpoint. The kernel completes connections into its backlog, so a client
// connects and then waits; with closeEach, it accepts every connection and closes it at once.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

namespace keyplan::test {

class MuteListener {
public:
    explicit MuteListener(bool closeEach = false)
    {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd_, 16) != 0) return;
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        if (closeEach)
            closer_ = std::thread([fd = fd_] {
                for (int c; (c = ::accept(fd, nullptr, nullptr)) >= 0;) ::close(c);
            });
    }
    ~MuteListener()
    {
        ::shutdown(fd_, SHUT_RDWR);  // ends a blocked accept
        ::close(fd_);
        if (closer_.joinable()) closer_.join();
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

private:
    int fd_ = -1;
    int port_ = 0;
    std::thread closer_;
};

}  // namespace keyplan::test
