// One client connection of the listener: waits for a request, reads its headers and body under
// total deadlines, hands the whole request to a worker, writes the answer, and goes back to
// waiting (keep-alive) or closes. Lives on the I/O thread; it owns itself through the
// shared_ptr its pending operations hold.
#pragma once

#include "ServerImpl.h"

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <optional>

namespace keyplan::server {

namespace beast = boost::beast;
namespace http = beast::http;

class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(Server::Impl& server, tcp::socket socket);

    void start();
    // Server stop or a full connection table: closes now unless a request is being answered
    // (which then closes once its answer is written).
    void closeUnlessAnswering();

private:
    enum class State { Waiting, ReadingHeader, ReadingBody, Answering, Closing, Closed };

    void wait(std::chrono::milliseconds timeout);
    void readHeader();
    void onHeader(beast::error_code ec);
    void readBody();
    void onBody(beast::error_code ec);
    void dispatch();
    void write(Answer answer);
    // Answers a request that will not be read (too large, malformed), then closes.
    void refuse(int status, std::string body);
    void lingeringClose();
    void close();
    void arm(std::chrono::milliseconds deadline);
    void setState(State state);

    Server::Impl& server_;
    tcp::socket socket_;
    asio::steady_timer timer_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<http::response<http::string_body>> response_;
    State state_ = State::Waiting;
    bool keepAlive_ = true;
    bool inIdleList_ = false;
    std::list<Connection*>::iterator idleEntry_;
    unsigned timerGeneration_ = 0;
};

}  // namespace keyplan::server
