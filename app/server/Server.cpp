#include "Server.h"

#include "Crc32.h"
#include "store/Store.h"
#include "wire/Protocol.h"

#include <httplib.h>

#include <atomic>
#include <cstdio>
#include <random>

namespace keyplan::server {

namespace {

// A random UUID-shaped request id, as DynamoDB sends in x-amzn-RequestId.
std::string requestId()
{
    thread_local std::mt19937_64 rng{std::random_device{}() ^ (uint64_t(std::hash<std::thread::id>{}(std::this_thread::get_id())) << 1)};
    const uint64_t a = rng(), b = rng();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", unsigned(a >> 32), unsigned((a >> 16) & 0xFFFF),
                  unsigned(a & 0xFFF), unsigned(0x8000 | ((b >> 48) & 0x3FFF)),
                  static_cast<unsigned long long>(b & 0xFFFFFFFFFFFFull));
    return buf;
}

constexpr const char* kContentType = "application/x-amz-json-1.0";

}  // namespace

struct Server::Impl {
    store::Store& store;
    ServerOptions options;
    httplib::Server http;
    int boundPort = -1;

    Impl(store::Store& s, ServerOptions o) : store(s), options(std::move(o)) {}

    void answer(httplib::Response& res, int status, std::string body)
    {
        res.status = status;
        res.set_header("x-amzn-RequestId", requestId());
        res.set_header("x-amz-crc32", std::to_string(crc32(body)));
        res.set_content(std::move(body), kContentType);
    }

    void configure()
    {
        const int threads = options.workerThreads > 0 ? options.workerThreads : 64;
        http.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
        http.set_read_timeout(options.readTimeoutSeconds, 0);
        http.set_write_timeout(options.writeTimeoutSeconds, 0);
        http.set_keep_alive_timeout(options.keepAliveTimeoutSeconds);
        http.set_keep_alive_max_count(1000000);
        http.set_tcp_nodelay(true);
        // DynamoDB caps a request at 16 MB (BatchWriteItem); leave room for JSON overhead.
        http.set_payload_max_length(32u * 1024u * 1024u);

        http.Get("/", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("healthy: keyplan DynamoDB-compatible endpoint\n", "text/plain");
        });
        http.Post("/", [this](const httplib::Request& req, httplib::Response& res) {
            // Any credentials are accepted, signed or not, as DynamoDB Local does by default.
            const std::string target = req.get_header_value("X-Amz-Target");
            wire::WireResponse r = wire::handleRequest(store, target, req.body);
            answer(res, r.status, std::move(r.body));
        });
        http.set_exception_handler([this](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
            answer(res, 500,
                   R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalFailure","Message":"The request processing has failed because of an unknown error, exception or failure."})");
        });
    }
};

Server::Server(store::Store& store, ServerOptions options) : impl_(std::make_unique<Impl>(store, std::move(options)))
{
    impl_->configure();
}

Server::~Server() { stop(); }

bool Server::bind(std::string* error)
{
    if (impl_->options.port == 0) {
        impl_->boundPort = impl_->http.bind_to_any_port(impl_->options.host);
    } else if (impl_->http.bind_to_port(impl_->options.host, impl_->options.port)) {
        impl_->boundPort = impl_->options.port;
    }
    if (impl_->boundPort <= 0) {
        if (error) {
            *error = "cannot listen on " + impl_->options.host + ":" + std::to_string(impl_->options.port) +
                     " (address in use or not available)";
        }
        return false;
    }
    return true;
}

int Server::port() const { return impl_->boundPort; }

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop()
{
    if (impl_->http.is_running()) impl_->http.stop();
}

}  // namespace keyplan::server
