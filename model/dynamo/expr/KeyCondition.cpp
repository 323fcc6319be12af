// KeyConditionExpression: a parsed condition turned into the partition value and sort-key range
// of a Query, with DynamoDB Local's checks and texts (KeyConditionExpressionExtractor, then the
// KeyConditions checks of QueryFunction).
#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"

#include <algorithm>
#include <map>

namespace keyplan::dynamo::expr {

namespace {

struct Extracted {
    SortKeyOp op;
    std::vector<const AttributeValue*> values;
};

std::string operatorName(const Condition& c)
{
    switch (c.kind) {
    case Condition::Kind::Compare: return std::string(comparatorSymbol(c.comparator));
    case Condition::Kind::Between: return "BETWEEN";
    case Condition::Kind::In: return "IN";
    case Condition::Kind::Call: return std::string(functionName(c.function));
    case Condition::Kind::And: return "AND";
    case Condition::Kind::Or: return "OR";
    case Condition::Kind::Not: return "NOT";
    }
    return "";
}

void extract(const Condition& c, std::map<std::string, Extracted>* out, std::vector<std::string>* order)
{
    if (c.kind == Condition::Kind::And) {
        for (const auto& child : c.children) extract(child, out, order);
        return;
    }
    SortKeyOp op;
    bool known = true;
    switch (c.kind) {
    case Condition::Kind::Compare:
        switch (c.comparator) {
        case Comparator::Eq: op = SortKeyOp::Eq; break;
        case Comparator::Lt: op = SortKeyOp::Lt; break;
        case Comparator::Le: op = SortKeyOp::Le; break;
        case Comparator::Gt: op = SortKeyOp::Gt; break;
        case Comparator::Ge: op = SortKeyOp::Ge; break;
        default: known = false; break;
        }
        break;
    case Condition::Kind::Between: op = SortKeyOp::Between; break;
    case Condition::Kind::Call:
        op = SortKeyOp::BeginsWith;
        known = c.function == Function::BeginsWith;
        break;
    default: known = false; break;
    }
    if (!known) throwValidation("Invalid operator used in KeyConditionExpression: " + operatorName(c));
    const std::string* name = nullptr;
    Extracted e{op, {}};
    for (const auto& o : c.operands) {
        if (o.kind == Operand::Kind::Path) {
            if (name)
                throwValidation("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition");
            if (o.path.elements.size() > 1)
                throwValidation("KeyConditionExpressions cannot have conditions on nested attributes");
            name = &o.path.attribute();
        } else if (o.kind == Operand::Kind::Value) {
            if (!name) {
                if (e.op == SortKeyOp::Between || e.op == SortKeyOp::BeginsWith) {
                    throwValidation("Invalid condition in KeyConditionExpression: " + operatorName(c) +
                                    " operator must have the key attribute as its first operand");
                }
                // `:v < sk` is `sk > :v`.
                switch (e.op) {
                case SortKeyOp::Lt: e.op = SortKeyOp::Gt; break;
                case SortKeyOp::Gt: e.op = SortKeyOp::Lt; break;
                case SortKeyOp::Le: e.op = SortKeyOp::Ge; break;
                case SortKeyOp::Ge: e.op = SortKeyOp::Le; break;
                default: break;
                }
            }
            e.values.push_back(&o.value);
        } else {
            throwValidation("KeyConditionExpressions cannot contain nested operations");
        }
    }
    if (!name) throwValidation("Invalid condition in KeyConditionExpression: No key attribute specified");
    if (out->count(*name)) throwValidation("KeyConditionExpressions must only contain one condition per key");
    order->push_back(*name);
    out->emplace(*name, std::move(e));
}

void checkType(const AttributeValue& v, Type keyType)
{
    if (v.type() != keyType) {
        throwValidation("One or more parameter values were invalid: Condition parameter type does not match schema type");
    }
}

void checkNotEmpty(const AttributeValue& v, const std::string& key)
{
    if (v.is(Type::S) && v.asString().empty()) {
        throwValidation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
                        "empty string value. Key: " +
                        key);
    }
    if (v.is(Type::B) && v.asBinary().empty()) {
        throwValidation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
                        "empty binary value. Key: " +
                        key);
    }
}

}  // namespace

std::vector<KeyPart> KeySchema::partitionParts() const
{
    std::vector<KeyPart> parts{{partitionKey, partitionType}};
    parts.insert(parts.end(), morePartitionKeys.begin(), morePartitionKeys.end());
    return parts;
}

std::vector<KeyPart> KeySchema::sortParts() const
{
    std::vector<KeyPart> parts;
    if (sortKey.empty()) return parts;
    parts.push_back({sortKey, sortType});
    parts.insert(parts.end(), moreSortKeys.begin(), moreSortKeys.end());
    return parts;
}

namespace detail {

// A multi-attribute key's rules (GSI.DesignPattern.MultiAttributeKeys): every partition-key
// attribute with `=`; the sort-key attributes named form a prefix of the key, all `=` but the last,
// which may use any sort-key operator. Texts: the gap's as DynamoDB words it (seen in suites run
// against the service); the others DynamoDB's single-key texts for the same faults.
KeyCondition compositeKeyCondition(const std::vector<KeyClause>& clauses, const KeySchema& schema)
{
    const std::vector<KeyPart> hashParts = schema.partitionParts();
    const std::vector<KeyPart> sortParts = schema.sortParts();
    auto clauseOf = [&](const std::string& name) -> const KeyClause* {
        for (const auto& c : clauses)
            if (c.attribute == name) return &c;
        return nullptr;
    };
    for (const auto& part : hashParts)
        if (!clauseOf(part.name)) throwValidation("Query condition missed key schema element: " + part.name);
    for (const auto& c : clauses) {
        const bool isHash = std::any_of(hashParts.begin(), hashParts.end(),
                                        [&](const KeyPart& p) { return p.name == c.attribute; });
        const bool isSort = std::any_of(sortParts.begin(), sortParts.end(),
                                        [&](const KeyPart& p) { return p.name == c.attribute; });
        if (!isHash && !isSort) throwValidation("Query key condition not supported");
        if (isHash && c.op != SortKeyOp::Eq) throwValidation("Query key condition not supported");
    }
    size_t named = 0;  // sort-key attributes named: a prefix of the key
    for (size_t later = 0; later < sortParts.size(); ++later) {
        if (!clauseOf(sortParts[later].name)) continue;
        for (size_t prior = 0; prior < later; ++prior) {
            const KeyClause* p = clauseOf(sortParts[prior].name);
            if (!p || p->op != SortKeyOp::Eq)
                throwValidation("RANGE key attributes " + sortParts[prior].name +
                                " must have equality conditions specified in the query because a condition is present on "
                                "key attribute " +
                                sortParts[later].name);
        }
        named = later + 1;
    }

    KeyCondition out;
    for (size_t i = 0; i < hashParts.size(); ++i) {
        const AttributeValue& v = *clauseOf(hashParts[i].name)->values.front();
        checkType(v, hashParts[i].type);
        checkNotEmpty(v, hashParts[i].name);
        if (i == 0) {
            out.partitionKey = hashParts[i].name;
            out.partitionValue = v;
        } else {
            out.morePartitionValues.push_back({hashParts[i].name, v});
        }
    }
    for (size_t i = 0; i < named; ++i) {
        const KeyClause& c = *clauseOf(sortParts[i].name);
        for (const AttributeValue* v : c.values) {
            if (v->sizeInBytes() > 1024)
                throwValidation(
                    "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit "
                    "of 1024 bytes");
            checkType(*v, sortParts[i].type);
            checkNotEmpty(*v, sortParts[i].name);
        }
        if (i + 1 < named) {
            out.sortPrefix.push_back({sortParts[i].name, *c.values.front()});
            continue;
        }
        SortKeyCondition sk;
        sk.attribute = sortParts[i].name;
        sk.op = c.op;
        sk.value = *c.values[0];
        if (sk.op == SortKeyOp::Between) sk.high = *c.values[1];
        out.sortKey = std::move(sk);
    }
    return out;
}

}  // namespace detail

KeyCondition toKeyCondition(const ConditionExpression& condition, const KeySchema& schema)
{
    std::map<std::string, Extracted> conditions;
    std::vector<std::string> order;
    extract(condition.root(), &conditions, &order);
    if (schema.multiAttribute()) {
        std::vector<detail::KeyClause> clauses;
        for (const auto& name : order) clauses.push_back({name, conditions.at(name).op, conditions.at(name).values});
        return detail::compositeKeyCondition(clauses, schema);
    }
    if (conditions.size() > 2) throwValidation("Conditions can be of length 1 or 2 only");
    size_t keyCount = schema.sortKey.empty() ? 1 : 2;
    if (conditions.size() > keyCount) throwValidation("Query key condition not supported");

    auto hash = conditions.find(schema.partitionKey);
    if (hash == conditions.end()) throwValidation("Query condition missed key schema element");
    checkType(*hash->second.values.front(), schema.partitionType);
    if (hash->second.op != SortKeyOp::Eq) throwValidation("Query key condition not supported");
    KeyCondition out;
    out.partitionKey = schema.partitionKey;
    out.partitionValue = *hash->second.values.front();
    checkNotEmpty(out.partitionValue, schema.partitionKey);

    if (!schema.sortKey.empty()) {
        auto range = conditions.find(schema.sortKey);
        if (range == conditions.end()) {
            if (conditions.size() > 1) throwValidation("Query condition missed key schema element");
        } else {
            for (const AttributeValue* v : range->second.values) {
                if (v->sizeInBytes() > 1024) {
                    throwValidation(
                        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the "
                        "size limit of 1024 bytes");
                }
                checkType(*v, schema.sortType);
            }
            SortKeyCondition sk;
            sk.attribute = schema.sortKey;
            sk.op = range->second.op;
            sk.value = *range->second.values[0];
            if (sk.op == SortKeyOp::Between) sk.high = *range->second.values[1];
            for (const AttributeValue* v : range->second.values) checkNotEmpty(*v, schema.sortKey);
            out.sortKey = std::move(sk);
        }
    }
    return out;
}

KeyCondition parseKeyCondition(std::string_view text, const KeySchema& schema, const Names* names, const Values* values,
                               PlaceholderUse* use)
{
    return toKeyCondition(parseCondition(text, Kind::KeyCondition, names, values, use), schema);
}

bool SortKeyCondition::matches(const AttributeValue& v) const
{
    if (v.type() != value.type()) return false;
    int c = compareKeyValues(v, value);
    switch (op) {
    case SortKeyOp::Eq: return c == 0;
    case SortKeyOp::Lt: return c < 0;
    case SortKeyOp::Le: return c <= 0;
    case SortKeyOp::Gt: return c > 0;
    case SortKeyOp::Ge: return c >= 0;
    case SortKeyOp::Between: return c >= 0 && compareKeyValues(v, high) <= 0;
    case SortKeyOp::BeginsWith:
        if (v.is(Type::S))
            return v.asString().compare(0, value.asString().size(), value.asString()) == 0 &&
                   v.asString().size() >= value.asString().size();
        if (v.is(Type::B))
            return v.asBinary().compare(0, value.asBinary().size(), value.asBinary()) == 0 &&
                   v.asBinary().size() >= value.asBinary().size();
        return false;
    }
    return false;
}

bool KeyCondition::matches(const Item& item) const
{
    auto p = item.find(partitionKey);
    if (p == item.end() || !(p->second == partitionValue)) return false;
    auto equal = [&](const KeyEquality& e) {
        auto it = item.find(e.attribute);
        return it != item.end() && it->second == e.value;
    };
    if (!std::all_of(morePartitionValues.begin(), morePartitionValues.end(), equal)) return false;
    if (!std::all_of(sortPrefix.begin(), sortPrefix.end(), equal)) return false;
    if (!sortKey) return true;
    auto s = item.find(sortKey->attribute);
    return s != item.end() && sortKey->matches(s->second);
}

}  // namespace keyplan::dynamo::expr
