// SELECT as DynamoDB runs it: an equality (or IN, or ORs of equalities) on the partition key makes
// it GetItems (every key attribute given, on the table) or one Query per partition-key value, in
// the order the values are written; no such condition makes it a Scan. DynamoDB's documentation
// says an equality or IN on the partition key never scans, whatever else the WHERE clause holds;
// DynamoDB Local 1.25 scans when there is more (docs/fidelity.md). The WHERE clause is evaluated on every item read, by dynamo/expr,
// so Limit counts items read (as the underlying operation's does) and capacity is the
// operation's own. NextToken carries the operation to resume and its LastEvaluatedKey.
#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "partiql/Plan.h"
#include "store/KeySchema.h"

#include <QByteArray>

#include <algorithm>

namespace keyplan::partiql::detail {

using dynamo::AttributeValue;
using dynamo::Item;

namespace {

struct Plan {
    enum class Kind { Gets, Queries, Scan };
    Kind kind = Kind::Scan;
    std::optional<std::string> index;
    std::string hashKey;                     // of the table or index read
    std::string rangeKey;                    // empty when it has none
    std::vector<Item> keys;                  // Gets
    std::vector<AttributeValue> partitions;  // Queries
    const Node* sortTerm = nullptr;          // Queries: the term on the sort key that narrows the range
    bool forward = true;
    size_t operationCount() const { return kind == Kind::Gets ? keys.size() : kind == Kind::Queries ? partitions.size() : 1; }
};

// ---- NextToken: the operation to resume and where ----

struct Resume {
    size_t operation = 0;
    std::optional<Item> startKey;
};

std::string encodeToken(const Resume& r)
{
    std::string bytes = "KPQ1";
    for (int shift = 24; shift >= 0; shift -= 8) bytes += char((r.operation >> shift) & 0xff);
    if (r.startKey) bytes += dynamo::encodeItem(*r.startKey);
    return QByteArray::fromStdString(bytes).toBase64().toStdString();
}

Resume decodeToken(const std::string& token, size_t operationCount)
{
    auto invalid = [] { dynamo::throwValidation("Invalid NextToken"); };
    const auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromStdString(token), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) invalid();
    const std::string bytes = decoded.decoded.toStdString();
    if (bytes.size() < 8 || bytes.compare(0, 4, "KPQ1") != 0) invalid();
    Resume r;
    for (size_t i = 4; i < 8; ++i) r.operation = (r.operation << 8) | uint8_t(bytes[i]);
    if (r.operation >= operationCount) invalid();
    if (bytes.size() > 8) {
        try {
            r.startKey = dynamo::decodeItem(std::string_view(bytes).substr(8));
        } catch (const std::exception&) {
            invalid();
        }
    }
    return r;
}

// ---- Planning ----

bool isAttribute(const Node& n, const std::string& attribute)
{
    return n.isPath() && n.path.size() == 1 && !n.path[0].isIndex() && n.path[0].name == attribute;
}

// The values a term pins `attribute` to: `a = v`, `a IN [v, ...]`, or ORs of terms that each do.
std::optional<std::vector<AttributeValue>> pinnedValues(const Node& term, const std::string& attribute, const Bindings& b)
{
    if (std::optional<AttributeValue> v = equalityOn(term, attribute, b)) return std::vector<AttributeValue>{*v};
    if (term.kind == Node::Kind::In && !term.negated && isAttribute(term.children[0], attribute) &&
        term.children[1].kind == Node::Kind::List && !term.children[1].children.empty()) {
        std::vector<AttributeValue> values;
        for (const Node& v : term.children[1].children) {
            if (!v.isValue()) return std::nullopt;
            values.push_back(valueOf(v, b));
        }
        return values;
    }
    if (term.kind == Node::Kind::Or) {
        std::vector<AttributeValue> values;
        for (const Node& side : term.children) {
            std::optional<std::vector<AttributeValue>> found;
            for (const Node* t : conjuncts(&side))
                if ((found = pinnedValues(*t, attribute, b))) break;
            if (!found) return std::nullopt;
            values.insert(values.end(), found->begin(), found->end());
        }
        return values;
    }
    return std::nullopt;
}

std::vector<AttributeValue> distinct(const std::vector<AttributeValue>& values)
{
    std::vector<AttributeValue> out;
    for (const AttributeValue& v : values)
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

// A term a KeyConditionExpression can take for the sort key: a comparison (not <>), BETWEEN or
// begins_with against a value.
bool narrowsSortKey(const Node& term, const std::string& rangeKey)
{
    if (rangeKey.empty()) return false;
    switch (term.kind) {
    case Node::Kind::Compare:
        return term.comparator != dynamo::expr::Comparator::Ne && isAttribute(term.children[0], rangeKey) &&
               term.children[1].isValue();
    case Node::Kind::Between:
        return !term.negated && isAttribute(term.children[0], rangeKey) && term.children[1].isValue() &&
               term.children[2].isValue();
    case Node::Kind::Call:
        return term.name == "begins_with" && term.children.size() == 2 && isAttribute(term.children[0], rangeKey) &&
               term.children[1].isValue();
    default: return false;
    }
}

void checkOrderBy(const Select& s, const Plan& plan, bool partitionPinned)
{
    if (s.orderBy.empty()) return;
    if (!s.where) dynamo::throwValidation("Must have WHERE clause in the statement when using ORDER BY clause.");
    for (const OrderKey& k : s.orderBy) {
        if (k.attribute != plan.hashKey && k.attribute != plan.rangeKey)
            dynamo::throwValidation("Variable reference " + k.attribute + " in ORDER BY clause must be part of the primary key");
    }
    if (!partitionPinned)
        dynamo::throwValidation(
            "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
}

Plan planFor(const Prepared& p, bool consistentRead)
{
    const Select& s = p.statement.select;
    Plan plan;
    plan.index = s.from.index;
    const std::vector<store::KeySchemaElement>* schema = store::keySchemaOf(p.table, s.from.index.value_or(""));
    if (!schema) dynamo::throwValidation("The table does not have the specified index: " + *s.from.index);
    if (s.from.index) {
        const auto hashes = std::count_if(schema->begin(), schema->end(),
                                          [](const auto& e) { return e.keyType == store::KeyType::Hash; });
        if (hashes > 1 || int64_t(schema->size()) - hashes > 1) {
            dynamo::throwValidation("PartiQL does not support reading an index with a multi-attribute key; index: " +
                                    *s.from.index);
        }
        const bool global = std::any_of(p.table.globalSecondaryIndexes.begin(), p.table.globalSecondaryIndexes.end(),
                                        [&](const auto& g) { return g.indexName == *s.from.index; });
        if (global && consistentRead) dynamo::throwValidation("Consistent read cannot be true when scanning a GSI");
    }
    plan.hashKey = store::keyAttributeName(*schema, store::KeyType::Hash);
    plan.rangeKey = store::keyAttributeName(*schema, store::KeyType::Range);

    const std::vector<const Node*> terms = conjuncts(s.where ? &*s.where : nullptr);
    std::optional<std::vector<AttributeValue>> partitions;
    for (const Node* t : terms)
        if ((partitions = pinnedValues(*t, plan.hashKey, p.bindings()))) break;
    checkOrderBy(s, plan, partitions.has_value());
    if (!partitions) return plan;
    for (const AttributeValue& v : *partitions) checkKeyType(p.table, plan.hashKey, v);
    plan.partitions = distinct(*partitions);

    if (!plan.index && s.orderBy.empty()) {
        std::optional<std::vector<AttributeValue>> sorts;
        if (!plan.rangeKey.empty()) {
            for (const Node* t : terms)
                if ((sorts = pinnedValues(*t, plan.rangeKey, p.bindings()))) break;
        }
        if (plan.rangeKey.empty() || sorts) {
            plan.kind = Plan::Kind::Gets;
            for (const AttributeValue& pk : plan.partitions) {
                if (plan.rangeKey.empty()) {
                    plan.keys.push_back({{plan.hashKey, pk}});
                    continue;
                }
                for (const AttributeValue& sk : distinct(*sorts)) {
                    checkKeyType(p.table, plan.rangeKey, sk);
                    plan.keys.push_back({{plan.hashKey, pk}, {plan.rangeKey, sk}});
                }
            }
            return plan;
        }
    }
    plan.kind = Plan::Kind::Queries;
    for (const Node* t : terms) {
        if (narrowsSortKey(*t, plan.rangeKey)) {
            plan.sortTerm = t;
            for (size_t i = 1; i < t->children.size(); ++i)
                checkKeyType(p.table, plan.rangeKey, valueOf(t->children[i], p.bindings()));
            break;
        }
    }
    for (const OrderKey& k : s.orderBy) {
        if (k.attribute == plan.rangeKey) plan.forward = !k.descending;
        if (k.attribute == plan.hashKey && k.descending) std::reverse(plan.partitions.begin(), plan.partitions.end());
    }
    return plan;
}

// ---- Running ----

struct Reader {
    const Prepared& p;
    const store::ExecuteStatementRequest& request;
    const Plan& plan;
    Projection projection;
    std::optional<dynamo::expr::ConditionExpression> where;
    store::ExecuteStatementResponse response;

    void keep(const Item& item)
    {
        if (!where || where->evaluate(item)) response.items.push_back(projection.apply(item));
    }

    // Reads operation `op`, from `start`, taking at most `limit` items; true when it has more.
    std::optional<Item> read(size_t op, const std::optional<Item>& start, std::optional<int64_t> limit, int64_t* readCount)
    {
        if (plan.kind == Plan::Kind::Gets) {
            store::GetItemRequest get;
            get.tableName = p.table.tableName;
            get.key = plan.keys[op];
            get.consistentRead = request.consistentRead;
            get.returnConsumedCapacity = request.returnConsumedCapacity;
            store::GetItemResponse r = storeRef->getItem(get);
            addCapacity(response.consumedCapacity, r.consumedCapacity);
            if (r.item) keep(*r.item);
            *readCount = 1;
            return std::nullopt;
        }
        store::QueryResponse r;
        if (plan.kind == Plan::Kind::Queries) {
            store::QueryRequest q;
            q.tableName = p.table.tableName;
            q.indexName = plan.index;
            Renderer keys(bindingsRef);
            std::string condition = keys.path(attributePath(plan.hashKey)) + " = " + keys.value(plan.partitions[op]);
            if (plan.sortTerm) condition += " AND " + keys.condition(*plan.sortTerm);
            q.keyConditionExpression = condition;
            q.expressionAttributeNames = keys.names();
            q.expressionAttributeValues = keys.values();
            q.scanIndexForward = plan.forward;
            q.limit = limit;
            q.consistentRead = request.consistentRead;
            q.exclusiveStartKey = start;
            q.returnConsumedCapacity = request.returnConsumedCapacity;
            r = storeRef->query(q);
        } else {
            store::ScanRequest scan;
            scan.tableName = p.table.tableName;
            scan.indexName = plan.index;
            scan.limit = limit;
            scan.consistentRead = request.consistentRead;
            scan.exclusiveStartKey = start;
            scan.returnConsumedCapacity = request.returnConsumedCapacity;
            r = storeRef->scan(scan);
        }
        addCapacity(response.consumedCapacity, r.consumedCapacity);
        for (const Item& item : r.items.value_or(std::vector<Item>{})) keep(item);
        *readCount = r.scannedCount;
        return r.lastEvaluatedKey;
    }

    store::Store* storeRef = nullptr;
    Bindings bindingsRef;
};

}  // namespace

std::optional<dynamo::expr::ConditionExpression> whereOf(const Prepared& p)
{
    const std::optional<Node>& where = p.statement.select.where;
    if (!where) return std::nullopt;
    Renderer r(p.bindings());
    const std::string text = r.condition(*where);
    try {
        return dynamo::expr::parseCondition(text, dynamo::expr::Kind::Filter, &r.names(), &r.values(), nullptr);
    } catch (const dynamo::Error& e) {
        dynamo::throwError(e.code(), withoutExpressionPrefix(e.message()));
    }
}

store::ExecuteStatementResponse runSelect(store::Store& store, const Prepared& p, const store::ExecuteStatementRequest& request)
{
    const Plan plan = planFor(p, request.consistentRead.value_or(false));
    Reader reader{p, request, plan, Projection(p), whereOf(p), {}, &store, p.bindings()};
    Resume at = request.nextToken ? decodeToken(*request.nextToken, plan.operationCount()) : Resume{};
    std::optional<int64_t> remaining = request.limit;
    for (size_t op = at.operation; op < plan.operationCount(); ++op) {
        int64_t read = 0;
        std::optional<Item> last = reader.read(op, op == at.operation ? at.startKey : std::nullopt, remaining, &read);
        if (remaining) *remaining -= read;
        if (last) {
            reader.response.nextToken = encodeToken({op, last});
            break;
        }
        if (remaining && *remaining <= 0) {
            if (op + 1 < plan.operationCount()) reader.response.nextToken = encodeToken({op + 1, std::nullopt});
            break;
        }
    }
    return std::move(reader.response);
}

}  // namespace keyplan::partiql::detail
