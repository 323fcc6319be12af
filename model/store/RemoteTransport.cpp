#include "store/RemoteTransport.h"

#include "aws/SigV4.h"
#include "dynamo/Error.h"
#include "wire/DecodeResponse.h"

#include <httplib.h>

#include <QUrl>

#include <mutex>
#include <random>
#include <thread>
#include <vector>

namespace keyplan::store {

namespace {

constexpr const char* kContentType = "application/x-amz-json-1.0";

double randomUnit()
{
    thread_local std::mt19937_64 rng{std::random_device{}()};
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng);
}

bool isTransientStatus(int status) { return status == 500 || status == 502 || status == 503 || status == 504; }

}  // namespace

bool isThrottlingError(const std::string& name)
{
    static const char* const names[] = {"Throttling",
                                        "ThrottlingException",
                                        "ThrottledException",
                                        "RequestThrottledException",
                                        "TooManyRequestsException",
                                        "ProvisionedThroughputExceededException",
                                        "TransactionInProgressException",
                                        "RequestLimitExceeded",
                                        "BandwidthLimitExceeded",
                                        "LimitExceededException",
                                        "RequestThrottled",
                                        "SlowDown",
                                        "PriorRequestNotComplete",
                                        "EC2ThrottledException"};
    for (const char* n : names)
        if (name == n) return true;
    return false;
}

RemoteEndpoint RemoteEndpoint::forRegion(const std::string& region)
{
    RemoteEndpoint e;
    e.region = region;
    e.host = "dynamodb." + region + (region.rfind("cn-", 0) == 0 ? ".amazonaws.com.cn" : ".amazonaws.com");
    return e;
}

RemoteEndpoint RemoteEndpoint::forUrl(const std::string& url, const std::string& region)
{
    const QUrl parsed(QString::fromStdString(url), QUrl::StrictMode);
    const QString scheme = parsed.scheme().toLower();
    if (!parsed.isValid() || (scheme != "http" && scheme != "https") || parsed.host().isEmpty() || !parsed.query().isEmpty() ||
        !parsed.fragment().isEmpty() || !parsed.userInfo().isEmpty())
        dynamo::throwValidation("The endpoint URL '" + url + "' is not http(s)://host[:port][/path]");
    RemoteEndpoint e;
    e.scheme = scheme.toStdString();
    e.host = parsed.host(QUrl::FullyEncoded).toStdString();
    if (parsed.host().contains(':')) e.host = "[" + e.host + "]";  // IPv6 literal
    e.port = parsed.port(scheme == "https" ? 443 : 80);
    e.path = parsed.path(QUrl::FullyEncoded).isEmpty() ? "/" : parsed.path(QUrl::FullyEncoded).toStdString();
    e.region = region;
    return e;
}

std::string RemoteEndpoint::hostHeader() const
{
    const bool defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80);
    return defaultPort ? host : host + ":" + std::to_string(port);
}

std::string RemoteEndpoint::url() const { return scheme + "://" + hostHeader() + path; }

// Idle kept-alive clients; a call takes one (or makes one) and gives it back, so concurrent
// callers each have their own connection and sequential calls reuse theirs.
struct RemoteTransport::Pool {
    explicit Pool(const RemoteOptions& o) : options(o) {}

    std::unique_ptr<httplib::Client> take()
    {
        {
            std::lock_guard lock(mutex);
            if (!idle.empty()) {
                auto client = std::move(idle.back());
                idle.pop_back();
                return client;
            }
        }
        const RemoteEndpoint& e = options.endpoint;
        auto client = std::make_unique<httplib::Client>(e.scheme + "://" + e.hostHeader());
        client->set_keep_alive(true);
        client->set_connection_timeout(std::chrono::duration_cast<std::chrono::seconds>(options.connectTimeout).count(),
                                       (options.connectTimeout.count() % 1000) * 1000);
        client->set_read_timeout(std::chrono::duration_cast<std::chrono::seconds>(options.readTimeout).count(),
                                 (options.readTimeout.count() % 1000) * 1000);
        client->set_write_timeout(std::chrono::duration_cast<std::chrono::seconds>(options.readTimeout).count(),
                                  (options.readTimeout.count() % 1000) * 1000);
        client->set_tcp_nodelay(true);
        if (e.scheme == "https") {
            client->enable_server_certificate_verification(true);
            if (!options.caBundle.empty()) client->set_ca_cert_path(options.caBundle);
        }
        return client;
    }

    void give(std::unique_ptr<httplib::Client> client)
    {
        std::lock_guard lock(mutex);
        if (idle.size() < 64) idle.push_back(std::move(client));
    }

    const RemoteOptions& options;
    std::mutex mutex;
    std::vector<std::unique_ptr<httplib::Client>> idle;
};

struct RemoteTransport::Attempt {
    bool ok = false;
    std::string body;                    // ok
    std::optional<dynamo::Error> error;  // !ok
    bool retryable = false;
    bool connectionProblem = false;
};

RemoteTransport::RemoteTransport(RemoteOptions options)
    : sleep([](std::chrono::milliseconds d) { std::this_thread::sleep_for(d); }), options_(std::move(options)),
      pool_(std::make_unique<Pool>(options_))
{
}

RemoteTransport::~RemoteTransport() = default;

RemoteTransport::Attempt RemoteTransport::attempt(const char* operation, const std::string& body)
{
    aws::HttpRequestParts request;
    request.method = "POST";
    request.path = options_.endpoint.path;
    request.headers = {{"Host", options_.endpoint.hostHeader()},
                       {"Content-Type", kContentType},
                       {"X-Amz-Target", std::string("DynamoDB_20120810.") + operation}};
    aws::sign(request, body, options_.credentials, options_.endpoint.region, "dynamodb", std::chrono::system_clock::now());
    httplib::Headers headers;
    for (const auto& [name, value] : request.headers) headers.emplace(name, value);
    headers.emplace("User-Agent", "keyplan/0.1");

    auto client = pool_->take();
    counters_.requests++;
    httplib::Result result = client->Post(options_.endpoint.path, headers, body, "");
    Attempt a;
    if (!result) {
        // The connection is in an unknown state: drop this client rather than pool it.
        a.connectionProblem = true;
        a.retryable = true;
        a.error = dynamo::Error::remote("ConnectionError",
                                        "cannot reach " + options_.endpoint.url() + ": " + httplib::to_string(result.error()), 0);
        return a;
    }
    pool_->give(std::move(client));
    if (result->status == 200) {
        a.ok = true;
        a.body = std::move(result->body);
        return a;
    }
    a.error = wire::decodeErrorResponse(result->status, result->body);
    const bool throttled = isThrottlingError(a.error->name());
    if (throttled) counters_.throttles++;
    a.retryable = throttled || isTransientStatus(result->status) || a.error->name() == "InternalServerError" ||
                  a.error->name() == "ServiceUnavailable";
    return a;
}

bool RemoteTransport::takeRetryToken(int cost)
{
    int current = retryQuota_.load();
    while (current >= cost)
        if (retryQuota_.compare_exchange_weak(current, current - cost)) return true;
    return false;
}

void RemoteTransport::returnRetryToken(int amount)
{
    int current = retryQuota_.load();
    while (!retryQuota_.compare_exchange_weak(current, std::min(500, current + amount))) {}
}

std::string RemoteTransport::call(const char* operation, const std::string& body)
{
    const int maxAttempts = std::max(1, options_.maxAttempts);
    for (int attemptNumber = 1;; ++attemptNumber) {
        Attempt a = attempt(operation, body);
        if (a.ok) {
            returnRetryToken(1);
            return std::move(a.body);
        }
        if (!a.retryable || attemptNumber >= maxAttempts || !takeRetryToken(a.connectionProblem ? 10 : 5)) throw *a.error;
        counters_.retries++;
        const double seconds = std::min(randomUnit() * double(1 << std::min(attemptNumber - 1, 20)), options_.maxBackoffSeconds);
        sleep(std::chrono::milliseconds(int64_t(seconds * 1000)));
    }
}

}  // namespace keyplan::store
