// One run of the request console: the request sent to the store off the GUI thread, and what it
// produced (items, counts, where it stopped, capacity, the response or DynamoDB's error as JSON).
// A PartiQL statement runs the way the wire endpoint runs one (partiql::executeStatement): as the
// store's own requests, or handed whole to the endpoint a remote store talks to.
#pragma once

#include "widgets/console/ConsoleRequest.h"
#include "widgets/console/ResultItemsModelItems.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

struct ConsoleRun {
    std::string requestJson;
    std::string responseJson;  // the response body, or DynamoDB's error body
    QString responseText;      // the same, indented for reading (prepared off the GUI thread)
    QString errorName;
    QString errorMessage;
    std::shared_ptr<ResultItemsModel::Items> items = std::make_shared<ResultItemsModel::Items>();
    bool hasCounts = false;
    int64_t count = 0;
    int64_t scannedCount = 0;
    bool itemFound = false;
    bool isGet = false;
    bool isStatement = false;              // ExecuteStatement: items and NextToken, no counts
    std::optional<std::string> nextToken;  // a statement's next page
    std::optional<dynamo::Item> lastEvaluatedKey;
    std::vector<store::ConsumedCapacity> consumed;
    bool read = true;
    bool wrote = false;
    double milliseconds = 0;
};

// Sends `request` to `store`; DynamoDB's errors come back in the run, never as exceptions.
ConsoleRun executeConsoleRequest(store::Store& store, const ConsoleRequest& request);

// Whether a PartiQL statement only reads (SELECT), from its first keyword.
bool isReadingStatement(const std::string& statement);

}  // namespace keyplan::widgets
