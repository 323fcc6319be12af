// `keyplan-cli serve`'s HTTP listener: DynamoDB's JSON 1.0 protocol over HTTP/1.1 on top of a
// store::Store. Requests run in parallel on a worker pool (the store serialises its writes);
// read and write timeouts keep a slow or broken client from holding the others up.
#pragma once

#include <memory>
#include <string>

namespace keyplan::store {
class Store;
}

namespace keyplan::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8000;  // 0 picks a free port
    // Each keep-alive connection holds a worker while it is open, so the pool is sized for
    // many concurrent SDK clients rather than for the cores.
    int workerThreads = 64;
    int readTimeoutSeconds = 10;
    int writeTimeoutSeconds = 10;
    int keepAliveTimeoutSeconds = 5;
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
    // Serves until stop(); returns once every in-flight request has been answered.
    void run();
    // Safe from any thread (not from a signal handler: see cmd_serve's signal thread).
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace keyplan::server
