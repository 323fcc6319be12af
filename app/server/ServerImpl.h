// The listener's private parts, shared by Server.cpp (accepting, the worker pool, answers) and
// Connection.cpp (one connection's reading and writing). Everything here but the worker pool
// runs on the one I/O thread, so none of it needs a lock.
#pragma once

#include "Server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace keyplan::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class Connection;

// A worker's answer to one request.
struct Answer {
    int status = 200;
    std::string body;
    std::string contentType = "application/x-amz-json-1.0";
    std::string requestId;
};

struct Server::Impl {
    Impl(store::Store& s, ServerOptions o);

    store::Store& store;
    ServerOptions options;
    asio::io_context io{1};
    tcp::acceptor acceptor{io};
    asio::steady_timer acceptRetry{io};
    std::unique_ptr<asio::thread_pool> workers;
    int boundPort = -1;
    std::size_t maxConnections = 0;

    // I/O thread only.
    bool stopping = false;
    bool acceptPaused = false;
    std::unordered_map<Connection*, std::weak_ptr<Connection>> open;
    std::list<Connection*> idle;  // waiting for a request's first byte, longest-waiting first

    // Set from any thread by stop() before run() has started.
    std::atomic<bool> stopRequested{false};
    // Request bytes answered since memory was last given back (workers add to it).
    std::atomic<std::size_t> bytesSinceTrim{0};

    void accept();
    void makeRoom();  // closes the longest-idle connection when the table is full
    void forget(Connection* connection);
    void beginStop();
    // On a worker: checks and dispatches one complete request.
    Answer answer(const HttpRequest& request);
    // After a large request: gives the freed memory back to the system (on a worker).
    void returnMemory(std::size_t requestBytes);
};

std::string makeRequestId();
// DynamoDB's error body: {"__type":"...","Message":"..."} (no __type when `type` is empty).
std::string errorBody(std::string_view type, std::string_view message);

}  // namespace keyplan::server
