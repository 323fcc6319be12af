// The HTTP side of remote::RemoteStore: one DynamoDB JSON 1.0 call to an endpoint, signed with
// SigV4, over kept-alive connections (HTTP or HTTPS with certificate and host name verification),
// retried as the AWS SDKs' standard retry mode retries: throttling errors, 5xx and broken
// connections, at most maxAttempts attempts in all, waiting random(0,1) * 2^(attempt-1) seconds
// capped at 20 s, drawing on a retry quota (500 tokens, 5 a retry, 10 after a timeout or a
// broken connection, 1 back per success) so a failing endpoint is not hammered.
//
// cpp-httplib (Debian's libcpp-httplib, built with OpenSSL) is the client: it is already the
// server's HTTP library, it is not Qt (model/ is QtCore-only and QtNetwork would bring an event
// loop into every store call), it speaks HTTPS with verification through OpenSSL, and its
// blocking calls fit the Store interface, which is synchronous and called from worker threads.
#pragma once

#include "aws/Credentials.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace keyplan::dynamo {
class Error;
}

namespace keyplan::remote {

struct RemoteEndpoint {
    std::string scheme = "https";  // http or https
    std::string host;
    int port = 443;
    std::string path = "/";
    std::string region;  // the SigV4 signing region

    // https://dynamodb.REGION.amazonaws.com (amazonaws.com.cn in the China regions).
    static RemoteEndpoint forRegion(const std::string& region);
    // Any endpoint URL (DynamoDB Local, Alternator, LocalStack, keyplan-cli serve); signed for
    // `region`. Throws dynamo::Error ValidationException for a URL that is not http(s)://host[:port][/path].
    static RemoteEndpoint forUrl(const std::string& url, const std::string& region);

    std::string url() const;  // scheme://host[:port]path, for messages
    // The Host header: host, plus :port when it is not the scheme's default.
    std::string hostHeader() const;
};

struct RemoteOptions {
    RemoteEndpoint endpoint;
    aws::Credentials credentials;
    int maxAttempts = 3;  // the SDKs' standard mode default (AWS_MAX_ATTEMPTS)
    std::chrono::milliseconds connectTimeout{10000};
    std::chrono::milliseconds readTimeout{60000};
    std::string caBundle;  // AWS_CA_BUNDLE: a PEM file to trust instead of the system's store
    double maxBackoffSeconds = 20;
};

// What happened on the wire so far; the CLI's bench and load report these.
struct RemoteCounters {
    std::atomic<int64_t> requests{0};   // attempts sent
    std::atomic<int64_t> retries{0};    // attempts that were retries
    std::atomic<int64_t> throttles{0};  // throttling answers received
};

class RemoteTransport {
public:
    explicit RemoteTransport(RemoteOptions options);
    ~RemoteTransport();
    RemoteTransport(const RemoteTransport&) = delete;
    RemoteTransport& operator=(const RemoteTransport&) = delete;

    // Sends `body` as operation `operation` ("GetItem", or a whole target such as
    // "DynamoDBStreams_20120810.GetRecords"); returns the 200 answer's body. Throws
    // dynamo::Error with the endpoint's exception name and message once retries are spent or the
    // error is not retryable; connection failures become ConnectionError, saying what happened
    // (refused, no connection or no answer within the timeout, closed, an untrusted certificate),
    // naming the endpoint (never the credentials) and, after retries, how many attempts were made.
    std::string call(const char* operation, const std::string& body);

    const RemoteOptions& options() const { return options_; }
    RemoteCounters& counters() { return counters_; }

    // Sleep used between retries; tests replace it to run without waiting.
    std::function<void(std::chrono::milliseconds)> sleep;

    // Called, from the calling thread, before a call is sent again after a connection problem
    // (refused, timed out, broken): a silent endpoint otherwise means minutes without a word.
    // `nextAttempt` counts from 1 up to `maxAttempts`.
    std::function<void(const dynamo::Error& problem, int nextAttempt, int maxAttempts)> onConnectionRetry;

private:
    struct Pool;
    struct Attempt;
    Attempt attempt(const char* operation, const std::string& body);
    bool takeRetryToken(int cost);
    void returnRetryToken(int amount);

    RemoteOptions options_;
    RemoteCounters counters_;
    std::unique_ptr<Pool> pool_;
    std::atomic<int> retryQuota_{500};
};

// What a retry after a connection problem is said as, by the CLI and the window alike:
// "no answer from URL within 60 s; trying again (attempt 2 of 3)".
std::string retryNotice(const dynamo::Error& problem, int nextAttempt, int maxAttempts);

// Throttling errors the SDKs' standard mode retries.
bool isThrottlingError(const std::string& name);

}  // namespace keyplan::remote
