#include "remote/RemoteTransport.h"

#include "aws/SigV4.h"
#include "dynamo/Error.h"
#include "wire/DecodeResponse.h"

#include <httplib.h>
#include <openssl/x509.h>

#include <QUrl>

#include <cstdio>
#include <cstring>

#include <mutex>
#include <random>
#include <thread>
#include <vector>

namespace keyplan::remote {

namespace {

constexpr const char* kContentType = "application/x-amz-json-1.0";

double randomUnit()
{
    thread_local std::mt19937_64 rng{std::random_device{}()};
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng);
}

bool isTransientStatus(int status) { return status == 500 || status == 502 || status == 503 || status == 504; }

std::string inSeconds(std::chrono::milliseconds d)
{
    char text[32];
    std::snprintf(text, sizeof text, d.count() % 1000 == 0 ? "%.0f s" : "%.1f s", double(d.count()) / 1000);
    return text;
}

// What went wrong below HTTP, in words a user can act on: httplib names its errors "Connection",
// "Read" and so on. A Read or Write error is a timeout or the peer closing the connection (which of
// the two a close shows as depends on when it lands); how long the call waited tells them apart.
std::string describeTransportFailure(httplib::Error error, const RemoteOptions& o, std::chrono::milliseconds waited,
                                     long certificateResult)
{
    const std::string url = o.endpoint.url();
    const bool timedOut = waited >= o.readTimeout * 9 / 10;
    switch (error) {
    case httplib::Error::Connection:  // also a connect timeout, in the httplib Debian 12 has
    case httplib::Error::ConnectionTimeout:
        if (waited >= o.connectTimeout * 9 / 10)
            return "cannot connect to " + url + ": no connection within " + inSeconds(o.connectTimeout);
        return "cannot connect to " + url + ": the connection was refused, or the host is unknown or unreachable";
    case httplib::Error::Read:
        if (timedOut) return "no answer from " + url + " within " + inSeconds(o.readTimeout);
        return url + " closed the connection before answering";
    case httplib::Error::Write:
        if (timedOut) return url + " did not take the request within " + inSeconds(o.readTimeout);
        return url + " closed the connection before answering";
    case httplib::Error::SSLConnection: return "the TLS handshake with " + url + " failed: is it an https endpoint?";
    case httplib::Error::SSLServerVerification:
        return "the certificate of " + url + " is not trusted: " + X509_verify_cert_error_string(certificateResult) +
               (o.caBundle.empty() ? "" : " (trusting only AWS_CA_BUNDLE " + o.caBundle + ")");
    case httplib::Error::SSLLoadingCerts:
        return "cannot load the trusted certificates" + (o.caBundle.empty() ? std::string() : " from AWS_CA_BUNDLE " + o.caBundle);
    default: return "cannot reach " + url + ": " + httplib::to_string(error);
    }
}

}  // namespace

std::string retryNotice(const dynamo::Error& problem, int nextAttempt, int maxAttempts)
{
    return problem.message() + "; trying again (attempt " + std::to_string(nextAttempt) + " of " + std::to_string(maxAttempts) +
           ")";
}

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
    request.headers = {
        {"Host", options_.endpoint.hostHeader()},
        {"Content-Type", kContentType},
        {"X-Amz-Target", std::strchr(operation, '.') ? std::string(operation) : std::string("DynamoDB_20120810.") + operation}};
    aws::sign(request, body, options_.credentials, options_.endpoint.region, "dynamodb", std::chrono::system_clock::now());
    httplib::Headers headers;
    for (const auto& [name, value] : request.headers) headers.emplace(name, value);
    headers.emplace("User-Agent", "keyplan/0.1");

    auto client = pool_->take();
    counters_.requests++;
    const auto started = std::chrono::steady_clock::now();
    httplib::Result result = client->Post(options_.endpoint.path, headers, body, "");
    Attempt a;
    if (!result) {
        // The connection is in an unknown state: drop this client rather than pool it.
        a.connectionProblem = true;
        a.retryable = true;
        const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        a.error = dynamo::Error::remote(
            "ConnectionError", describeTransportFailure(result.error(), options_, waited, client->get_openssl_verify_result()), 0);
        return a;
    }
    pool_->give(std::move(client));
    if (result->status == 200) {
        a.ok = true;
        a.body = std::move(result->body);
        return a;
    }
    a.error = wire::decodeErrorResponse(result->status, result->body);
    if (a.error->name().rfind("HttpError", 0) == 0)  // an answer without DynamoDB's error body
        a.error = dynamo::Error::remote(a.error->name(),
                                        a.error->message() + " (from " + options_.endpoint.url() +
                                            ", which does not answer as DynamoDB does: is it a DynamoDB endpoint?)",
                                        result->status);
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
        if (!a.retryable || attemptNumber >= maxAttempts || !takeRetryToken(a.connectionProblem ? 10 : 5)) {
            if (a.connectionProblem && attemptNumber > 1)
                throw dynamo::Error::remote(a.error->name(),
                                            a.error->message() + " (" + std::to_string(attemptNumber) + " attempts)", 0);
            throw *a.error;
        }
        counters_.retries++;
        if (a.connectionProblem && onConnectionRetry) onConnectionRetry(*a.error, attemptNumber + 1, maxAttempts);
        const double seconds = std::min(randomUnit() * double(1 << std::min(attemptNumber - 1, 20)), options_.maxBackoffSeconds);
        sleep(std::chrono::milliseconds(int64_t(seconds * 1000)));
    }
}

}  // namespace keyplan::remote
