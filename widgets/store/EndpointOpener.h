// How the window reaches a DynamoDB endpoint. widgets/store asks through this interface and never
// names the remote store's type: app/gui implements it (RemoteEndpoints, over remote::RemoteStore),
// as app/ opens every store the window works on, and hands the window a Store&.
#pragma once

#include "widgets/common/Settings.h"
#include "widgets/store/StoreLocation.h"

#include <QString>

#include <functional>
#include <memory>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class EndpointOpener {
public:
    // An endpoint that answered, and what its first ListTables page said.
    struct Opened {
        std::shared_ptr<store::Store> store;
        StoreLocation location;
        int tables = 0;           // the tables on the first page (at most 100)
        bool moreTables = false;  // there were more
    };
    // One retry after a connection problem, in remote::retryNotice's words; called from whichever
    // thread the store's call runs on.
    using RetryNotice = std::function<void(const QString& notice)>;

    virtual ~EndpointOpener() = default;

    // Resolves the credentials (which may run a credential_process) and proves the endpoint answers
    // with one ListTables, waiting seconds rather than minutes for a silent one; the store returned
    // keeps the usual retries and timeouts. Throws as the store does (dynamo::Error,
    // aws::ConfigError). Runs off the GUI thread.
    virtual Opened open(const RecentConnection& connection) = 0;
    // Has `store` (one that open() returned) say each of its retries after a connection problem
    // to `notice`.
    virtual void sayRetries(store::Store& store, RetryNotice notice) = 0;
};

}  // namespace keyplan::widgets
