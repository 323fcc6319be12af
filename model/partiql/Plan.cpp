#include "partiql/Plan.h"

#include "dynamo/Error.h"
#include "partiql/Parser.h"
#include "store/KeySchema.h"

namespace keyplan::partiql::detail {

using dynamo::AttributeValue;

const Target& Prepared::target() const
{
    switch (statement.kind) {
    case Statement::Kind::Insert: return statement.insert.into;
    case Statement::Kind::Update: return statement.update.table;
    case Statement::Kind::Delete: return statement.del.from;
    default: return statement.select.from;
    }
}

Prepared prepare(store::Store& store, std::string text, const std::optional<std::vector<AttributeValue>>& parameters,
                 bool allowExists)
{
    if (text.size() > 8192) dynamo::throwValidation("Member must have length less than or equal to 8192");
    Prepared p;
    p.text = std::move(text);
    p.statement = parse(p.text);
    if (p.statement.kind == Statement::Kind::Exists && !allowExists)
        dynamo::throwValidation("EXISTS can only be used in ExecuteTransaction write requests.");
    const size_t given = parameters ? parameters->size() : 0;
    // DynamoDB ignores Parameters beyond the statement's `?`s.
    if (size_t(p.statement.parameterCount) > given)
        dynamo::throwValidation("Number of parameters in request and statement don't match.");
    if (parameters) p.parameters = *parameters;
    store::DescribeTableRequest describe;
    describe.tableName = p.target().table;
    try {
        p.table = store.describeTable(describe).table;
    } catch (const dynamo::Error& e) {
        // DescribeTable names the table; a data-plane call does not.
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException)
            dynamo::throwError(dynamo::ErrorCode::ResourceNotFoundException, "Requested resource not found");
        throw;
    }
    p.hashKey = store::keyAttributeName(p.table.keySchema, store::KeyType::Hash);
    p.rangeKey = store::keyAttributeName(p.table.keySchema, store::KeyType::Range);
    return p;
}

std::vector<const Node*> conjuncts(const Node* where)
{
    std::vector<const Node*> out;
    if (!where) return out;
    if (where->kind == Node::Kind::And) {
        for (const Node& child : where->children) {
            std::vector<const Node*> inner = conjuncts(&child);
            out.insert(out.end(), inner.begin(), inner.end());
        }
    } else {
        out.push_back(where);
    }
    return out;
}

namespace {

bool isAttribute(const Node& n, const std::string& attribute)
{
    return n.isPath() && n.path.size() == 1 && !n.path[0].isIndex() && n.path[0].name == attribute;
}

}  // namespace

std::optional<AttributeValue> equalityOn(const Node& term, const std::string& attribute, const Bindings& bindings)
{
    if (term.kind != Node::Kind::Compare || term.comparator != dynamo::expr::Comparator::Eq) return std::nullopt;
    const Node& a = term.children[0];
    const Node& b = term.children[1];
    if (isAttribute(a, attribute) && b.isValue()) return valueOf(b, bindings);
    if (isAttribute(b, attribute) && a.isValue()) return valueOf(a, bindings);
    return std::nullopt;
}

void checkKeyType(const store::TableDescription& table, const std::string& attribute, const AttributeValue& value)
{
    if (value.type() != store::dynamoType(store::attributeTypeOf(table, attribute)))
        dynamo::throwValidation("Key attribute's data type should match its data type in table's schema: Key " + attribute);
}

ItemKey itemKeyOf(const Prepared& p, const std::optional<Node>& where)
{
    static const char* const kMissing = "Where clause does not contain a mandatory equality on all key attributes";
    if (!where) dynamo::throwValidation(kMissing);
    ItemKey out;
    std::vector<const Node*> terms = conjuncts(&*where);
    std::vector<bool> used(terms.size(), false);
    for (const std::string& attribute : {p.hashKey, p.rangeKey}) {
        if (attribute.empty()) continue;
        std::optional<AttributeValue> value;
        for (size_t i = 0; i < terms.size(); ++i) {
            std::optional<AttributeValue> v = equalityOn(*terms[i], attribute, p.bindings());
            if (!v) continue;
            if (value) {
                dynamo::throwValidation("Multiple conditions on same key " + attribute +
                                        ". Only single item Update/Insert/Delete are supported");
            }
            value = std::move(v);
            used[i] = true;
        }
        if (!value) dynamo::throwValidation(kMissing);
        checkKeyType(p.table, attribute, *value);
        out.key.emplace(attribute, std::move(*value));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!used[i]) out.otherTerms.push_back(terms[i]);
    return out;
}

ItemKey singleItemKey(const Prepared& p, const std::string& message)
{
    ItemKey out;
    std::vector<const Node*> terms = conjuncts(p.statement.select.where ? &*p.statement.select.where : nullptr);
    std::vector<bool> used(terms.size(), false);
    for (const std::string& attribute : {p.hashKey, p.rangeKey}) {
        if (attribute.empty()) continue;
        for (size_t i = 0; i < terms.size() && !out.key.count(attribute); ++i) {
            if (std::optional<AttributeValue> v = equalityOn(*terms[i], attribute, p.bindings())) {
                checkKeyType(p.table, attribute, *v);
                out.key.emplace(attribute, std::move(*v));
                used[i] = true;
            }
        }
        if (!out.key.count(attribute)) dynamo::throwValidation(message);
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!used[i]) out.otherTerms.push_back(terms[i]);
    return out;
}

std::string conditionOf(Renderer& renderer, const std::vector<const Node*>& terms)
{
    std::string out;
    for (const Node* term : terms) out += (out.empty() ? "(" : " AND (") + renderer.condition(*term) + ")";
    return out;
}

namespace {

void addUnits(std::optional<double>& total, const std::optional<double>& part)
{
    if (part) total = total.value_or(0) + *part;
}

void addCapacityUnits(store::Capacity& total, const store::Capacity& part)
{
    total.capacityUnits += part.capacityUnits;
    addUnits(total.readCapacityUnits, part.readCapacityUnits);
    addUnits(total.writeCapacityUnits, part.writeCapacityUnits);
}

}  // namespace

void addCapacity(std::optional<store::ConsumedCapacity>& total, const std::optional<store::ConsumedCapacity>& part)
{
    if (!part) return;
    if (!total) {
        total = part;
        return;
    }
    total->capacityUnits += part->capacityUnits;
    addUnits(total->readCapacityUnits, part->readCapacityUnits);
    addUnits(total->writeCapacityUnits, part->writeCapacityUnits);
    if (part->table) {
        if (!total->table) total->table = store::Capacity{};
        addCapacityUnits(*total->table, *part->table);
    }
    for (const auto& [name, c] : part->globalSecondaryIndexes) addCapacityUnits(total->globalSecondaryIndexes[name], c);
    for (const auto& [name, c] : part->localSecondaryIndexes) addCapacityUnits(total->localSecondaryIndexes[name], c);
}

}  // namespace keyplan::partiql::detail
