#include "RemoteEndpoints.h"

#include "aws/Credentials.h"
#include "remote/RemoteConnection.h"
#include "remote/RemoteStore.h"

#include <algorithm>
#include <chrono>

namespace keyplan {

namespace {

// The test is one attempt that waits kTestWait for its answer, so a silent endpoint is said in
// seconds, not after the SDKs' three attempts of a minute each; the store handed over keeps the
// defaults.
constexpr std::chrono::milliseconds kTestWait{10000};

}  // namespace

widgets::EndpointOpener::Opened RemoteEndpoints::open(const widgets::RecentConnection& c)
{
    const remote::RemoteOptions options = remote::resolveRemoteOptions(
        {c.endpointUrl.trimmed().toStdString(), c.region.trimmed().toStdString(), c.profile.trimmed().toStdString()},
        aws::AwsEnvironment());
    remote::RemoteOptions testOptions = options;
    testOptions.maxAttempts = 1;
    testOptions.connectTimeout = std::min(options.connectTimeout, kTestWait);
    testOptions.readTimeout = std::min(options.readTimeout, kTestWait);
    store::ListTablesRequest list;
    list.limit = 100;
    const store::ListTablesResponse answer = remote::RemoteStore(testOptions).listTables(list);
    auto endpoint = std::make_shared<remote::RemoteStore>(options);
    Opened result;
    result.tables = static_cast<int>(answer.tableNames.size());
    result.moreTables = answer.lastEvaluatedTableName.has_value();
    result.location.kind = widgets::StoreLocation::Kind::Endpoint;
    result.location.endpoint = QString::fromStdString(endpoint->endpoint().url());
    result.location.region = QString::fromStdString(endpoint->endpoint().region);
    result.location.credentialsSource = QString::fromStdString(endpoint->options().credentials.source);
    result.location.profile = c.profile.trimmed();
    result.store = std::move(endpoint);
    return result;
}

void RemoteEndpoints::sayRetries(store::Store& opened, RetryNotice notice)
{
    // Only a store open() made is given back here.
    auto* remoteStore = dynamic_cast<remote::RemoteStore*>(&opened);
    if (!remoteStore) return;
    remoteStore->transport().onConnectionRetry = [notice = std::move(notice)](const dynamo::Error& problem, int next, int max) {
        notice(QString::fromStdString(remote::retryNotice(problem, next, max)));
    };
}

}  // namespace keyplan
