#include "analysis/StoredCounts.h"

#include "dynamo/Error.h"
#include "store/Store.h"

namespace keyplan::analysis {

std::map<std::string, int64_t, std::less<>> storedItemsByType(store::Store& store, const std::string& table,
                                                              const std::string& typeAttribute,
                                                              const std::function<bool()>& cancelled)
{
    std::map<std::string, int64_t, std::less<>> out;
    store::ScanRequest request;
    request.tableName = table;
    request.projectionExpression = "#t";
    request.expressionAttributeNames = store::ExpressionAttributeNames{{"#t", typeAttribute}};
    try {
        do {
            const store::ScanResponse page = store.scan(request);
            for (const auto& item : page.items.value_or(std::vector<dynamo::Item>{})) {
                const auto type = item.find(typeAttribute);
                ++out[type != item.end() && type->second.is(dynamo::Type::S) ? type->second.asString() : std::string()];
            }
            request.exclusiveStartKey = page.lastEvaluatedKey;
        } while (request.exclusiveStartKey && !(cancelled && cancelled()));
    } catch (const dynamo::Error& e) {
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException) return {};
        throw;
    }
    return out;
}

std::map<std::string, double, std::less<>> storedItemsByEntity(const design::Design& design,
                                                               const std::map<std::string, int64_t, std::less<>>& byType)
{
    std::map<std::string, double, std::less<>> out;
    for (const auto& e : design.entities()) {
        const auto found = byType.find(e.discriminator());
        out[e.name] = found == byType.end() ? 0.0 : static_cast<double>(found->second);
    }
    return out;
}

}  // namespace keyplan::analysis
