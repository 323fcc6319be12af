// `keyplan-cli serve`'s HTTP listener: DynamoDB's JSON 1.0 protocol over HTTP/1.1 on top of a
// store::Store.
//
// Why this design: one event-driven I/O thread (Boost.Asio with Boost.Beast's HTTP parser, from
// Debian's header-only libboost-dev) owns every socket and reads each request whole, under total
// deadlines, before a worker sees it; a small worker pool runs only complete requests against the
// store. A connection that is slow, silent or idle therefore costs a socket and a timer, never a
// worker, so slow clients cannot starve the others (the thread-per-connection listener this
// replaces gave each of its 64 workers to whoever connected first, for as long as the client
// trickled bytes). Sizes are checked as they arrive: a body over DynamoDB's 16 MB request limit is
// refused from its Content-Length (or at the first chunk past it) without being read, and
// `Expect: 100-continue` gets the refusal instead of 100.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::server {

// A request as it arrived, whole: what a RequestCheck (SigV4 verification, say) may look at.
struct HttpRequest {
    std::string method;
    std::string target;                                        // the request target, usually "/"
    std::vector<std::pair<std::string, std::string>> headers;  // in the order sent
    std::string body;

    // The first header called `name` (case-insensitive), or "" when there is none.
    std::string_view header(std::string_view name) const;
};

// A DynamoDB error answer: "com.amazon.coral.service#MissingAuthenticationTokenException", ...
struct Refusal {
    int status = 400;
    std::string type;
    std::string message;
};

// Runs on a worker before the request is dispatched; a Refusal is sent instead of dispatching.
using RequestCheck = std::function<std::optional<Refusal>(const HttpRequest&)>;

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8000;  // 0 picks a free port
    // Threads that run complete requests against the store; 0 picks from the cores.
    int workerThreads = 0;
    // From a request's first byte to the end of its headers, and from there to the end of its
    // body: totals, not per read, so trickling bytes does not extend them.
    std::chrono::milliseconds headerDeadline{10'000};
    std::chrono::milliseconds bodyDeadline{30'000};
    // A new connection's wait for its first byte, and an idle keep-alive connection's wait for
    // its next request.
    std::chrono::milliseconds firstByteTimeout{10'000};
    std::chrono::milliseconds idleTimeout{60'000};
    std::chrono::milliseconds writeDeadline{30'000};
    // Open connections at most; past it the longest-idle one is closed to admit a new one. 0 picks
    // from the process's file descriptor limit.
    std::size_t maxConnections = 0;
    // DynamoDB's request limit: a larger body is refused with 413.
    std::size_t maxBodyBytes = std::size_t(16) * 1024 * 1024;
    std::size_t maxHeaderBytes = 64 * 1024;
    int listenBacklog = 4096;
    RequestCheck check;
};

class Server {
public:
    Server(store::Store& store, ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the listening socket; false (and *error) if the address is taken or invalid.
    bool bind(std::string* error);
    int port() const;
    // Serves until stop(); returns once every request in flight has been answered.
    void run();
    // Safe from any thread (not from a signal handler: see cmd_serve's signal thread), before or
    // during run().
    void stop();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace keyplan::server
