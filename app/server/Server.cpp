#include "Server.h"

#include "Connection.h"
#include "ServerImpl.h"
#include "json/Writer.h"
#include "wire/Protocol.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core/string.hpp>

#include <algorithm>
#include <cstdio>
#include <malloc.h>
#include <random>
#include <sys/resource.h>
#include <thread>

namespace keyplan::server {

namespace {

// Descriptors kept back from the connection table: the store's SQLite files, its readers, logs.
constexpr std::size_t kReservedDescriptors = 256;
// Request bytes received since memory was last given back that make it worth a malloc_trim:
// glibc keeps freed heap memory for reuse, so a burst of large requests would otherwise leave
// the server as large as the burst was.
constexpr std::size_t kTrimAfterBytes = 8 * 1024 * 1024;

std::size_t connectionLimit(std::size_t wanted)
{
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        // Many idle SDK connections are normal for a server: take what the hard limit allows.
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 1 << 16);
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    const std::size_t available = limit.rlim_cur > kReservedDescriptors * 2 ? std::size_t(limit.rlim_cur) - kReservedDescriptors
                                                                            : 64;
    return wanted ? std::min(wanted, available) : available;
}

}  // namespace

std::string_view HttpRequest::header(std::string_view name) const
{
    for (const auto& [n, v] : headers) {
        if (boost::beast::iequals(boost::beast::string_view(n.data(), n.size()),
                                  boost::beast::string_view(name.data(), name.size())))
            return v;
    }
    return {};
}

std::string makeRequestId()
{
    thread_local std::mt19937_64 rng{std::random_device{}() ^
                                     (uint64_t(std::hash<std::thread::id>{}(std::this_thread::get_id())) << 1)};
    const uint64_t a = rng(), b = rng();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", unsigned(a >> 32), unsigned((a >> 16) & 0xFFFF),
                  unsigned(a & 0xFFF), unsigned(0x8000 | ((b >> 48) & 0x3FFF)),
                  static_cast<unsigned long long>(b & 0xFFFFFFFFFFFFull));
    return buf;
}

std::string errorBody(std::string_view type, std::string_view message)
{
    std::string out;
    json::Writer json(out);
    json.beginObject();
    if (!type.empty()) {
        json.key("__type");
        json.string(type);
    }
    json.key("Message");  // DynamoDB Local's spelling, as in model/wire's error bodies
    json.string(message);
    json.endObject();
    return out;
}

Server::Impl::Impl(store::Store& s, ServerOptions o) : store(s), options(std::move(o))
{
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    // A worker blocks only while the store works (writes queue on its writer lock), so a few per
    // core keep reads flowing past a write without oversubscribing.
    const int threads = options.workerThreads > 0 ? options.workerThreads : int(std::max(4u, cores * 4));
    workers = std::make_unique<asio::thread_pool>(std::size_t(threads));
}

void Server::Impl::accept()
{
    if (stopping) return;
    makeRoom();
    if (open.size() >= maxConnections) {
        acceptPaused = true;  // every connection is busy: new ones wait in the listen backlog
        return;
    }
    acceptor.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
        if (stopping) return;
        if (ec) {
            if (ec == asio::error::operation_aborted) return;
            // Out of descriptors or memory for a moment: try again shortly rather than spin.
            acceptRetry.expires_after(std::chrono::milliseconds(50));
            acceptRetry.async_wait([this](boost::system::error_code e) {
                if (!e) accept();
            });
            return;
        }
        boost::system::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        auto connection = std::make_shared<Connection>(*this, std::move(socket));
        open.emplace(connection.get(), connection);
        connection->start();
        accept();
    });
}

void Server::Impl::makeRoom()
{
    while (open.size() >= maxConnections && !idle.empty()) {
        Connection* longestIdle = idle.front();
        if (auto c = open.count(longestIdle) ? open[longestIdle].lock() : nullptr) c->closeUnlessAnswering();
        else idle.pop_front();
    }
}

void Server::Impl::forget(Connection* connection)
{
    open.erase(connection);
    if (acceptPaused && !stopping) {
        acceptPaused = false;
        accept();
    }
}

void Server::Impl::beginStop()
{
    if (stopping) return;
    stopping = true;
    boost::system::error_code ignored;
    acceptor.close(ignored);
    acceptRetry.cancel();
    std::vector<std::shared_ptr<Connection>> all;
    for (auto& [raw, weak] : open) {
        if (auto c = weak.lock()) all.push_back(std::move(c));
    }
    for (auto& c : all) c->closeUnlessAnswering();
}

Answer Server::Impl::answer(const HttpRequest& request)
{
    Answer answer;
    answer.requestId = makeRequestId();
    if (options.check) {
        if (std::optional<Refusal> refusal = options.check(request)) {
            answer.status = refusal->status;
            answer.body = errorBody(refusal->type, refusal->message);
            return answer;
        }
    }
    const std::string_view target = request.header("X-Amz-Target");
    const std::string region = wire::signedRegionOf(request.header("Authorization"));
    wire::WireResponse r = wire::handleRequest(store, target, request.body, wire::RequestContext{answer.requestId, region});
    if (!r.internalDetail.empty()) {
        // The client gets the request id; the detail (SQL, internal names) stays here.
        std::fprintf(stderr, "keyplan-cli serve: internal error in %.*s, request %s: %s\n", int(target.size()), target.data(),
                     answer.requestId.c_str(), r.internalDetail.c_str());
    }
    answer.status = r.status;
    answer.body = std::move(r.body);
    return answer;
}

void Server::Impl::returnMemory(std::size_t requestBytes)
{
    if (bytesSinceTrim.fetch_add(requestBytes) + requestBytes < kTrimAfterBytes) return;
    bytesSinceTrim = 0;
    malloc_trim(0);
}

Server::Server(store::Store& store, ServerOptions options) : impl_(std::make_unique<Impl>(store, std::move(options))) {}

Server::~Server()
{
    stop();
    impl_->workers->join();
}

bool Server::bind(std::string* error)
{
    auto& d = *impl_;
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(d.options.host, ec);
    if (!ec) {
        const tcp::endpoint endpoint(address, static_cast<unsigned short>(d.options.port));
        d.acceptor.open(endpoint.protocol(), ec);
        if (!ec) d.acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
        if (!ec) d.acceptor.bind(endpoint, ec);
        if (!ec) d.acceptor.listen(d.options.listenBacklog, ec);
    }
    if (ec) {
        if (error) {
            *error = "cannot listen on " + d.options.host + ":" + std::to_string(d.options.port) + " (" + ec.message() + ")";
        }
        boost::system::error_code ignored;
        d.acceptor.close(ignored);
        return false;
    }
    d.boundPort = d.acceptor.local_endpoint().port();
    d.maxConnections = connectionLimit(d.options.maxConnections);
    return true;
}

int Server::port() const { return impl_->boundPort; }

void Server::run()
{
    auto& d = *impl_;
    asio::post(d.io, [&d] {
        if (d.stopRequested) d.beginStop();
        else d.accept();
    });
    d.io.run();
    d.io.restart();
}

void Server::stop()
{
    auto& d = *impl_;
    d.stopRequested = true;
    asio::post(d.io, [&d] { d.beginStop(); });
}

}  // namespace keyplan::server
