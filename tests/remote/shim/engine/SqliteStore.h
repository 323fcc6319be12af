// Only for tests/remote: the store's behavioural tests (tests/unit/tst_store_*.cpp) are compiled a
// second time with this directory first on the include path, so their
// `engine::SqliteStore::openInMemory()` opens a remote::RemoteStore on the endpoint named by
// KEYPLAN_REMOTE_ENDPOINT (keyplan-cli serve --auth, DynamoDB Local) instead: the remote path is
// held to the very assertions the local store passes. Each open deletes every table on the
// endpoint, as each local test starts from an empty in-memory store.
#pragma once

#include "aws/Credentials.h"
#include "dynamo/Error.h"
#include "remote/RemoteStore.h"

#include <QProcessEnvironment>

#include <memory>
#include <stdexcept>
#include <string>

namespace keyplan::engine {

class RemoteStoreUnderTest final : public remote::RemoteStore {
public:
    using remote::RemoteStore::RemoteStore;

    static std::unique_ptr<RemoteStoreUnderTest> openInMemory()
    {
        const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const std::string url = env.value("KEYPLAN_REMOTE_ENDPOINT").toStdString();
        if (url.empty()) throw std::runtime_error("KEYPLAN_REMOTE_ENDPOINT is not set (tests/remote/run_remote.py sets it)");
        remote::RemoteOptions options;
        options.endpoint = remote::RemoteEndpoint::forUrl(url, "us-east-1");
        options.credentials = aws::resolveCredentials(aws::AwsEnvironment(env), std::nullopt);
        auto store = std::make_unique<RemoteStoreUnderTest>(std::move(options));
        store->url_ = url;
        store->deleteEveryTable();
        return store;
    }

    // A file store's persistence has no remote meaning; the tests that need it are left out of
    // the remote run by name (run_remote.py says why).
    static std::unique_ptr<RemoteStoreUnderTest> openFile(const std::string&)
    {
        throw std::logic_error("a remote store has no file");
    }
    void setItemCollectionLimit(int64_t) { throw std::logic_error("a remote endpoint's item-collection limit is its own"); }

    const std::string& path() const { return url_; }

private:
    void deleteEveryTable()
    {
        store::ListTablesRequest list;
        while (true) {
            const store::ListTablesResponse page = listTables(list);
            for (const std::string& name : page.tableNames) deleteTable(store::DeleteTableRequest{name});
            if (!page.lastEvaluatedTableName) break;
            list.exclusiveStartTableName = page.lastEvaluatedTableName;
        }
    }
    std::string url_;
};

}  // namespace keyplan::engine

#define SqliteStore RemoteStoreUnderTest
