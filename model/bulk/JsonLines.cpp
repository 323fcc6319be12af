#include "bulk/JsonLines.h"

#include "store/Store.h"
#include "wire/ItemLines.h"

#include <QIODevice>

namespace keyplan::bulk {

JsonLinesResult loadJsonLines(store::Store& store, const std::string& table, QIODevice& file, const JsonLinesControl& control)
{
    BatchWriterOptions options;
    options.requestsPerCall = control.requestsPerCall;
    store::DescribeTableRequest describe;
    describe.tableName = table;
    for (const auto& k : store.describeTable(describe).table.keySchema) options.keyNames.push_back(k.attributeName);

    const int64_t total = file.size();
    BatchWriter writer(store, table, std::move(options), [&](const BulkProgress& p) {
        if (control.progress) control.progress({p, file.pos(), total});
        return true;
    });
    JsonLinesResult result;
    int64_t lineNumber = 0;
    try {
        while (!file.atEnd()) {
            if (control.cancelled && control.cancelled()) {
                result.cancelled = true;
                break;
            }
            const QByteArray line = wire::readItemLine(file, ++lineNumber);
            std::optional<dynamo::Item> item = wire::decodeItemLine(std::string_view(line.constData(), size_t(line.size())),
                                                                    lineNumber);
            if (item) writer.put(std::move(*item));
        }
    } catch (const wire::ItemLineError& e) {
        result.badLine = e.what();
    } catch (const dynamo::Error& e) {
        result.storeError = e;
        result.storeErrorLine = lineNumber;
    }
    // What was read before a bad line or Cancel is valid: it is written, not dropped.
    try {
        if (!result.storeError) writer.flush();
    } catch (const dynamo::Error& e) {
        result.storeError = e;
    }
    result.written = writer.progress();
    return result;
}

}  // namespace keyplan::bulk
