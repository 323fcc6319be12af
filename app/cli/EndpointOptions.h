// The options every command that talks to a DynamoDB endpoint shares, parsed once:
//   --endpoint URL   any DynamoDB-compatible endpoint (DynamoDB Local, keyplan-cli serve, ...)
//   --region R       an AWS region (https://dynamodb.R.amazonaws.com), or the signing region
//                    for --endpoint (default: as the AWS CLI finds it, else us-east-1)
//   --profile P      the AWS profile whose credentials sign the requests
//   --connect-timeout S, --read-timeout S
//                    how long to wait for a connection (10 s) and for an answer (60 s), as the
//                    AWS CLI's --cli-connect-timeout and --cli-read-timeout
// Credentials are found as the AWS CLI finds them (model/aws); their source, never the secret,
// is what the commands print.
#pragma once

#include "CommandLine.h"
#include "Commands.h"

#include "remote/RemoteStore.h"

#include <QString>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace keyplan::cli {

struct EndpointOptions {
    QString endpointUrl;
    QString region;
    QString profile;
    // Overrides AWS_MAX_ATTEMPTS; bench uses 1 so that throttling shows instead of being retried.
    std::optional<int> maxAttempts;
    std::optional<std::chrono::milliseconds> connectTimeout;
    std::optional<std::chrono::milliseconds> readTimeout;

    bool given() const { return !endpointUrl.isEmpty() || !region.isEmpty(); }

    // Declares the options to a command's parser, and reads them from it once parsed; false, with
    // *error, when a timeout is not a number of seconds it takes.
    static void declare(CommandLine& line);
    bool read(const CommandLine& line, QString* error);

    // Opens the store and writes "Endpoint: ..." (describeEndpoint) to out; on failure writes
    // "keyplan-cli COMMAND: ..." to err and returns null. A call sent again after a connection
    // problem says so on err first (from whichever thread sent it).
    std::unique_ptr<remote::RemoteStore> open(const char* command, const Console& console) const;

    // open(), then DescribeTable: null, the reason on err, when the table is not there ("run
    // keyplan-cli deploy first") or the endpoint refuses (DynamoDB's exception name and message).
    std::unique_ptr<remote::RemoteStore> openTable(const char* command, const std::string& table, const Console& console) const;

    static const char* help();
};

// "http://127.0.0.1:8000 (region us-east-1, credentials from environment)".
QString describeEndpoint(const remote::RemoteStore& store);

}  // namespace keyplan::cli
