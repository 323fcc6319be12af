#include "widgets/console/ConsoleRun.h"

#include "dynamo/Error.h"
#include "partiql/Executor.h"
#include "partiql/Lexer.h"
#include "store/Store.h"
#include "widgets/common/ValueText.h"
#include "wire/Encode.h"
#include "wire/Statements.h"

#include <QElapsedTimer>
#include <QObject>

#include <variant>

namespace keyplan::widgets {

bool isReadingStatement(const std::string& statement)
{
    const std::vector<partiql::Token> tokens = partiql::tokenize(statement);
    return !tokens.empty() && tokens.front().isKeyword("select");
}

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Indented JSON for the Response tab. A 1 MB page indents to several MB, more than a text
// view takes in without stalling the window; past a few hundred KB it is cut, and says so
// (responseJson() and the grid keep everything).
QString displayJson(const std::string& json)
{
    constexpr qsizetype kShown = 96 * 1024;
    QString text = indentJson(json);
    if (text.size() <= kShown) return text;
    const qsizetype cut = text.lastIndexOf(QLatin1Char('\n'), kShown);
    text.truncate(cut > 0 ? cut : kShown);
    text += QObject::tr("\n\u2026 (the first %1 of %2 shown; the Items tab has every item)")
                .arg(byteSize(kShown), byteSize(qint64(json.size())));
    return text;
}

}  // namespace

ConsoleRun executeConsoleRequest(store::Store& store, const ConsoleRequest& request)
{
    ConsoleRun run;
    run.requestJson = requestJson(request);
    QElapsedTimer clock;
    clock.start();
    // A Query's or a Scan's page: its counts, where it stopped, its items.
    auto takePage = [&](const auto& response) {
        run.hasCounts = true;
        run.count = response.count;
        run.scannedCount = response.scannedCount;
        run.lastEvaluatedKey = response.lastEvaluatedKey;
        if (response.items) run.items->items = *response.items;
        if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
        run.responseJson = wire::encode(response);
    };
    try {
        std::visit(Overloaded{
                       [&](const store::GetItemRequest& r) {
                           auto response = store.getItem(r);
                           run.isGet = true;
                           run.itemFound = response.item.has_value();
                           if (response.item) run.items->items.push_back(*response.item);
                           if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
                           run.responseJson = wire::encode(response);
                       },
                       [&](const store::QueryRequest& r) { takePage(store.query(r)); },
                       [&](const store::ScanRequest& r) { takePage(store.scan(r)); },
                       [&](const store::ExecuteStatementRequest& r) {
                           // As the wire endpoint runs it (model/wire/Protocol.cpp).
                           auto response = partiql::executeStatement(store, r);
                           run.isStatement = true;
                           run.read = isReadingStatement(r.statement);
                           run.wrote = !run.read;
                           run.items->items = std::move(response.items);
                           run.nextToken = response.nextToken;
                           if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
                           run.responseJson = wire::encode(response);
                       },
                       [&](const auto& r) {
                           // The writes: PutItem, UpdateItem, DeleteItem, TransactWriteItems.
                           run.read = false;
                           using R = std::decay_t<decltype(r)>;
                           if constexpr (std::is_same_v<R, store::PutItemRequest>) {
                               auto response = store.putItem(r);
                               if (response.attributes) run.items->items.push_back(*response.attributes);
                               if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
                               run.responseJson = wire::encode(response);
                           } else if constexpr (std::is_same_v<R, store::UpdateItemRequest>) {
                               auto response = store.updateItem(r);
                               if (response.attributes) run.items->items.push_back(*response.attributes);
                               if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
                               run.responseJson = wire::encode(response);
                           } else if constexpr (std::is_same_v<R, store::DeleteItemRequest>) {
                               auto response = store.deleteItem(r);
                               if (response.attributes) run.items->items.push_back(*response.attributes);
                               if (response.consumedCapacity) run.consumed.push_back(*response.consumedCapacity);
                               run.responseJson = wire::encode(response);
                           } else {
                               auto response = store.transactWriteItems(r);
                               if (response.consumedCapacity) run.consumed = *response.consumedCapacity;
                               run.responseJson = wire::encode(response);
                           }
                           run.wrote = true;
                       },
                   },
                   request);
    } catch (const dynamo::Error& e) {
        run.errorName = QString::fromStdString(e.name());
        run.errorMessage = QString::fromStdString(e.message());
        run.responseJson = wire::encodeError(e);
    } catch (const std::exception& e) {
        run.errorName = QStringLiteral("Error");
        run.errorMessage = QString::fromUtf8(e.what());
        run.responseJson.clear();
    }
    run.milliseconds = clock.nsecsElapsed() / 1e6;
    run.responseText = displayJson(run.responseJson);
    return run;
}

}  // namespace keyplan::widgets
