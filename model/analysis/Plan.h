// What the planner says about one access pattern: the single request that serves it (GetItem, or
// a Query on the table or an index, with its concrete key condition, expression attribute names
// and values, ScanIndexForward and Limit), or a verdict that says exactly why no single request
// does. The GUI, the CLI and the exporters show these; the runner binds a PlannedRequest to real
// input values and sends it to a store.
//
// Values in a planned request are templates over the pattern's input names: the value of ":pk"
// is `CUST#{customerId}`, which the application fills in from its input (DynamoDB expressions
// cannot concatenate, so the composite value is computed by the caller).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "design/Design.h"
#include "store/Requests.h"

namespace keyplan::analysis {

enum class SortCondition { None, Equal, BeginsWith, Less, LessOrEqual, Greater, GreaterOrEqual, Between };

// A key condition in the designer's vocabulary: `PK = CUST#{customerId} AND begins_with(SK, ORDER#)`.
struct KeyCondition {
    std::string partitionAttribute;
    design::KeyTemplate partitionValue;
    // A multi-attribute key's other conditions, each `attribute = value`, in key order: the
    // partition key's attributes after the first, then the sort key's before sortAttribute (the
    // last one named, whose condition is `sort`).
    std::vector<std::pair<std::string, design::KeyTemplate>> moreEqual;
    std::string sortAttribute;  // empty when there is no sort-key condition
    SortCondition sort = SortCondition::None;
    design::KeyTemplate sortValue;   // the value, or BETWEEN's lower bound
    design::KeyTemplate sortValue2;  // BETWEEN's upper bound

    // The human form, as the access-pattern table writes it:
    //   PK = CUST#{customerId} AND begins_with(SK, ORDER#)
    //   GSI1PK = STATUS#{status} AND GSI1SK BETWEEN {from} AND {to}
    //   status = {status} AND orderDay = {day} AND orderDate >= {from}   (a multi-attribute key)
    std::string text() const;
    // Reads the human form back (for a pattern's forced key condition). Values may be quoted
    // with ' or " and contain {input} placeholders.
    static bool parse(std::string_view text, KeyCondition* out, std::string* error = nullptr);
    bool operator==(const KeyCondition&) const = default;
};

enum class Operation { None, GetItem, Query, Scan };
std::string_view operationName(Operation op);  // "GetItem", "Query", "Scan", "-"

// One expression attribute value: its placeholder and the template that makes it.
struct PlannedValue {
    std::string placeholder;    // ":pk"
    design::KeyTemplate value;  // over input names: "CUST#{customerId}"
    design::KeyType type = design::KeyType::S;
    bool operator==(const PlannedValue&) const = default;
};

struct PlannedRequest {
    Operation operation = Operation::None;
    std::string tableName;
    std::string indexName;  // empty: the table
    KeyCondition keyCondition;
    // GetItem: the full key, attribute by attribute.
    std::vector<std::pair<std::string, PlannedValue>> key;
    // Query (and Scan with a filter): the request as an SDK sends it.
    std::string keyConditionExpression;  // "#pk = :pk AND begins_with(#sk, :sk)"
    std::string filterExpression;        // set only for plans that need a filter or a Scan
    std::string filterText;              // the same in the designer's words: "status = {status}"
    std::vector<std::pair<std::string, std::string>> expressionAttributeNames;  // "#pk" -> "PK"
    std::vector<PlannedValue> expressionAttributeValues;
    std::optional<bool> scanIndexForward;
    std::optional<int64_t> limit;
    bool consistentRead = false;
    // Set to ALL_ATTRIBUTES on an LSI that lacks attributes the pattern needs: an index Query
    // returns only the projection unless asked, and asking makes DynamoDB fetch the rest.
    std::optional<store::Select> select;
    // The item collection the request reads, e.g. "table partition PK = CUST#{customerId}",
    // "GSI1 partition GSI1PK = STATUS#{status}#{day}", or "the whole table".
    std::string itemCollection;

    bool operator==(const PlannedRequest&) const = default;

    // Concrete requests for input values (name -> text). Throws std::invalid_argument naming a
    // missing input or a value that is not a number for an N key.
    store::GetItemRequest getItemRequest(const design::Values& inputs) const;
    store::QueryRequest queryRequest(const design::Values& inputs) const;
    store::ScanRequest scanRequest(const design::Values& inputs) const;
    // The inputs the request needs, in order of first use.
    std::vector<std::string> inputNames() const;
};

enum class Verdict {
    Served,                 // one request serves the pattern
    NeedsScan,              // no key of the table or an index can be filled from the inputs
    NeedsFilter,            // one Query reads the right collection but cannot narrow it by key
    NeedsMultipleRequests,  // the items live in several collections (or shards)
    MissingIndex,           // entities fill keys of an index that does not exist
    NotProjected,           // the index does not project what the pattern returns: a fetch per item
    StrongReadOnGsi,        // only a GSI serves it, and GSIs cannot read strongly consistently
    WrongOrder,             // the collection is not sorted the way the pattern asks
    Invalid,                // the pattern names something that is not in the design
    FromStream,             // served from the table's stream: no request to the table
    NoStream,               // to be served from the stream, but the table has none
};
// Short words for tables: "served", "needs a Scan", "needs a filter", "needs N requests", ...
std::string verdictWords(Verdict verdict, int requestCount = 1);

// Entities of the design that fill one place's keys with the same templates, by their names and
// positions in Design::entities(): what a request reads of one is what it reads of all. Shared by
// the plans that read them, so a request that also reads thousands of entity types holds a pointer.
struct EntityGroup {
    std::vector<std::string> names;
    std::vector<size_t> positions;
};

struct PatternPlan {
    design::Id patternId = 0;
    int patternNumber = 0;
    Verdict verdict = Verdict::Invalid;
    // Full sentences: what serves the pattern and from which collection, or exactly why nothing
    // does; starts with the verdict's words.
    std::string explanation;
    // The request that serves the pattern; for the failing verdicts the best attempt (a Query
    // with a filter, a Scan, the first of several requests, the index Query before the fetches).
    PlannedRequest request;
    int requestCount = 1;
    // Other entity types the request also reads: the first few by name (kNamedExtras, in design
    // order), how many in all, and all of them by group (the returned entities left out).
    static constexpr size_t kNamedExtras = 5;
    std::vector<std::string> extraEntities;
    size_t extraEntityCount = 0;
    std::vector<std::shared_ptr<const EntityGroup>> extraGroups;
    std::vector<std::string> missingAttributes;  // NotProjected: attributes the index lacks
    std::vector<std::string> warnings;
    // Why the other paths (the table, each index) were not chosen.
    std::vector<std::string> notes;

    bool servedByOneRequest() const { return verdict == Verdict::Served; }
    // Served by one request, or from the table's stream (which needs no request).
    bool served() const { return verdict == Verdict::Served || verdict == Verdict::FromStream; }
    // "table", an index name, or "-" when there is no request.
    std::string indexLabel() const;
};

}  // namespace keyplan::analysis
