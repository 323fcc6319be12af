#include "Connection.h"

#include "Crc32.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

namespace keyplan::server {

namespace {

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
// After a refusal: how long the rest of an unread request is drained so the client sees the
// answer (closing with unread bytes makes the kernel send a reset that can overtake it).
constexpr std::chrono::milliseconds kLinger{2000};
constexpr std::size_t kIdleBufferBytes = 64 * 1024;

bool isHangUp(const beast::error_code& ec)
{
    return ec == http::error::end_of_stream || ec == asio::error::eof || ec == asio::error::operation_aborted ||
           ec == asio::error::connection_reset || ec == asio::error::broken_pipe || ec == asio::error::bad_descriptor;
}

bool wantsContinue(const http::request<http::string_body>& request)
{
    return beast::iequals(request[http::field::expect], "100-continue");
}

}  // namespace

Connection::Connection(Server::Impl& server, tcp::socket socket) : server_(server), socket_(std::move(socket)), timer_(server.io)
{
}

void Connection::start() { wait(server_.options.firstByteTimeout); }

void Connection::setState(State state)
{
    if (state_ == State::Waiting && inIdleList_) {
        server_.idle.erase(idleEntry_);
        inIdleList_ = false;
    }
    state_ = state;
    if (state == State::Waiting) {
        idleEntry_ = server_.idle.insert(server_.idle.end(), this);
        inIdleList_ = true;
    }
}

void Connection::arm(std::chrono::milliseconds deadline)
{
    const unsigned generation = ++timerGeneration_;
    timer_.expires_after(deadline);
    timer_.async_wait([self = shared_from_this(), generation](beast::error_code ec) {
        if (ec || generation != self->timerGeneration_) return;
        // Past a deadline nothing is owed to the client: a request not read whole in time was
        // never acknowledged.
        self->close();
    });
}

void Connection::wait(std::chrono::milliseconds timeout)
{
    setState(State::Waiting);
    if (buffer_.size() > 0) {  // the next request is already here (pipelining)
        readHeader();
        return;
    }
    arm(timeout);
    socket_.async_wait(tcp::socket::wait_read, [self = shared_from_this()](beast::error_code ec) {
        if (self->state_ != State::Waiting) return;
        if (ec) return self->close();
        self->readHeader();
    });
}

void Connection::readHeader()
{
    setState(State::ReadingHeader);
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_.options.maxHeaderBytes));
    parser_->body_limit(server_.options.maxBodyBytes);
    arm(server_.options.headerDeadline);
    http::async_read_header(socket_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onHeader(ec); });
}

void Connection::onHeader(beast::error_code ec)
{
    if (state_ != State::ReadingHeader) return;
    if (ec == http::error::body_limit) {
        // The announced Content-Length is over the limit: refused before a byte of it is read,
        // and before any 100 Continue.
        return refuse(413, errorBody("", "Request body exceeds DynamoDB's request size limit of 16 MB"));
    }
    if (ec == http::error::header_limit) return refuse(431, errorBody("", "Request headers are too large"));
    if (ec && isHangUp(ec)) return close();
    if (ec) return refuse(400, errorBody("", "Malformed HTTP request: " + ec.message()));
    keepAlive_ = parser_->get().keep_alive();
    if (parser_->is_done()) return dispatch();
    if (!wantsContinue(parser_->get())) return readBody();
    setState(State::ReadingBody);
    asio::async_write(socket_, asio::buffer(kContinue.data(), kContinue.size()),
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                          if (self->state_ != State::ReadingBody) return;
                          if (ec) return self->close();
                          self->readBody();
                      });
}

void Connection::readBody()
{
    setState(State::ReadingBody);
    arm(server_.options.bodyDeadline);
    http::async_read(socket_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onBody(ec); });
}

void Connection::onBody(beast::error_code ec)
{
    if (state_ != State::ReadingBody) return;
    if (ec == http::error::body_limit) {
        // A chunked body that grew past the limit: what arrived is dropped, the rest not read.
        return refuse(413, errorBody("", "Request body exceeds DynamoDB's request size limit of 16 MB"));
    }
    if (ec && isHangUp(ec)) return close();
    if (ec) return refuse(400, errorBody("", "Malformed HTTP request: " + ec.message()));
    dispatch();
}

void Connection::dispatch()
{
    setState(State::Answering);
    ++timerGeneration_;
    timer_.cancel();
    auto message = parser_->release();
    parser_.reset();
    HttpRequest request;
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    for (const auto& field : message) request.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    request.body = std::move(message.body());
    // The health line is answered here, so a health check gets through even when every worker
    // is busy.
    if (request.method != "POST") {
        Answer answer;
        answer.requestId = makeRequestId();
        if (request.method == "GET" && (request.target == "/" || request.target.empty())) {
            answer.body = "healthy: keyplan DynamoDB-compatible endpoint\n";
            answer.contentType = "text/plain";
        } else {
            answer.status = 404;
            answer.body = errorBody("com.amazon.coral.service#UnknownOperationException", "");
        }
        return write(std::move(answer));
    }
    asio::post(*server_.workers,
               [self = shared_from_this(), request = std::move(request), work = asio::make_work_guard(server_.io)]() mutable {
                   Answer answer = self->server_.answer(request);
                   const std::size_t received = request.body.size();
                   request = HttpRequest();
                   self->server_.returnMemory(received);
                   asio::post(self->server_.io, [self, answer = std::move(answer)]() mutable { self->write(std::move(answer)); });
               });
}

void Connection::write(Answer answer)
{
    if (state_ != State::Answering) return;
    const bool keep = keepAlive_ && !server_.stopping;
    response_.emplace(static_cast<http::status>(answer.status), 11);
    response_->set("x-amzn-RequestId", answer.requestId);
    response_->set("x-amz-crc32", std::to_string(crc32(answer.body)));
    response_->set(http::field::content_type, answer.contentType);
    response_->body() = std::move(answer.body);
    response_->keep_alive(keep);
    response_->prepare_payload();
    arm(server_.options.writeDeadline);
    http::async_write(socket_, *response_, [self = shared_from_this(), keep](beast::error_code ec, std::size_t) {
        if (self->state_ != State::Answering) return;
        self->response_.reset();
        if (ec) return self->close();
        if (!keep) return self->lingeringClose();
        if (self->buffer_.capacity() > kIdleBufferBytes && self->buffer_.size() == 0) self->buffer_.shrink_to_fit();
        self->wait(self->server_.options.idleTimeout);
    });
}

void Connection::refuse(int status, std::string body)
{
    parser_.reset();
    setState(State::Answering);
    keepAlive_ = false;
    Answer answer;
    answer.status = status;
    answer.body = std::move(body);
    answer.requestId = makeRequestId();
    write(std::move(answer));
}

void Connection::lingeringClose()
{
    setState(State::Closing);
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    arm(kLinger);
    buffer_.clear();
    buffer_.shrink_to_fit();
    struct Drain {
        std::shared_ptr<Connection> self;
        void operator()(beast::error_code ec = {}, std::size_t = 0)
        {
            if (self->state_ != State::Closing) return;
            if (ec) return self->close();
            self->buffer_.clear();
            self->socket_.async_read_some(self->buffer_.prepare(16 * 1024), std::move(*this));
        }
    };
    Drain{shared_from_this()}();
}

void Connection::closeUnlessAnswering()
{
    if (state_ != State::Answering) close();
}

void Connection::close()
{
    if (state_ == State::Closed) return;
    setState(State::Closed);
    ++timerGeneration_;
    timer_.cancel();
    parser_.reset();
    beast::error_code ignored;
    socket_.close(ignored);
    server_.forget(this);
}

}  // namespace keyplan::server
