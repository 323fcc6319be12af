// Builders for the store tests of multi-attribute GSI keys (a partition and a sort key of up to
// four attributes each, since November 2025): key schemas given as lists, the tournament table
// AWS's guide uses, and queries with their values.
#pragma once

#include "StoreTestSupport.h"

#include <initializer_list>
#include <utility>

namespace keyplan::test {

// A GSI of these HASH then RANGE attributes, projecting all.
inline store::GlobalSecondaryIndex multiGsi(std::string name, std::vector<std::string> hash, std::vector<std::string> range = {},
                                            store::ProjectionType projection = store::ProjectionType::All)
{
    store::GlobalSecondaryIndex g;
    g.indexName = std::move(name);
    for (auto& h : hash) g.keySchema.push_back(hashKey(std::move(h)));
    for (auto& r : range) g.keySchema.push_back(rangeKey(std::move(r)));
    g.projection.projectionType = projection;
    return g;
}

// Table "matches": pk (S) and sk (S); GSI "byPlace" keyed (tournament S, area S) then
// (round N, bracket S, code B).
inline store::CreateTableRequest matchesTable()
{
    auto r = simpleTable("matches");
    using T = store::ScalarAttributeType;
    for (auto [name, type] : std::initializer_list<std::pair<const char*, T>>{
             {"tournament", T::S}, {"area", T::S}, {"round", T::N}, {"bracket", T::S}, {"code", T::B}})
        r.attributeDefinitions.push_back(def(name, type));
    r.globalSecondaryIndexes = {multiGsi("byPlace", {"tournament", "area"}, {"round", "bracket", "code"})};
    return r;
}

inline Item match(std::string pk, std::string sk, std::string tournament, std::string area, std::string round,
                  std::string bracket, std::string code)
{
    return {{"pk", S(std::move(pk))},     {"sk", S(std::move(sk))}, {"tournament", S(std::move(tournament))},
            {"area", S(std::move(area))}, {"round", N(round)},      {"bracket", S(std::move(bracket))},
            {"code", B(std::move(code))}};
}

// A Query of the index with a KeyConditionExpression over :name placeholders.
inline store::QueryRequest indexQuery(std::string table, std::string index, std::string condition,
                                      store::ExpressionAttributeValues values)
{
    store::QueryRequest q;
    q.tableName = std::move(table);
    q.indexName = std::move(index);
    q.keyConditionExpression = std::move(condition);
    q.expressionAttributeValues = std::move(values);
    return q;
}

inline std::vector<std::string> pksOf(const std::vector<Item>& items)
{
    std::vector<std::string> out;
    for (const auto& item : items) out.push_back(item.at("pk").asString());
    return out;
}

}  // namespace keyplan::test
