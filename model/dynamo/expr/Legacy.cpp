// Legacy parameters as DynamoDB Local 1.25 checks and evaluates them (LocalDBComparisonOperator,
// InputConverter, QueryFunction), expressed in the expression AST.
#include "dynamo/expr/Legacy.h"

#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"

namespace keyplan::dynamo::expr {

namespace {

using dynamo::ComparisonOperator;

bool countOk(ComparisonOperator op, size_t n)
{
    switch (op) {
    case ComparisonOperator::IN: return n >= 1;
    case ComparisonOperator::BETWEEN: return n == 2;
    case ComparisonOperator::NOT_NULL:
    case ComparisonOperator::NULL_: return n == 0;
    default: return n == 1;
    }
}

bool typeOk(ComparisonOperator op, Type t)
{
    bool scalarKey = t == Type::S || t == Type::N || t == Type::B;
    switch (op) {
    case ComparisonOperator::EQ:
    case ComparisonOperator::NE:
    case ComparisonOperator::NOT_NULL:
    case ComparisonOperator::NULL_: return true;
    case ComparisonOperator::CONTAINS:
    case ComparisonOperator::NOT_CONTAINS: return scalarKey || t == Type::BOOL || t == Type::NUL;
    case ComparisonOperator::BEGINS_WITH: return t == Type::S || t == Type::B;
    default: return scalarKey;
    }
}

const char* kInvalid = "One or more parameter values were invalid: ";

Operand pathOperand(const std::string& name)
{
    Operand o;
    o.kind = Operand::Kind::Path;
    o.path.elements.push_back(PathElement{PathElement::Kind::Name, 0, name});
    return o;
}

Operand valueOperand(const AttributeValue& v)
{
    Operand o;
    o.kind = Operand::Kind::Value;
    o.value = v;
    return o;
}

Condition call(Function f, std::vector<Operand> operands)
{
    Condition c;
    c.kind = Condition::Kind::Call;
    c.function = f;
    c.text = std::string(functionName(f));
    c.operands = std::move(operands);
    return c;
}

Condition combine(Condition::Kind kind, Condition left, Condition right)
{
    Condition c;
    c.kind = kind;
    c.children.push_back(std::move(left));
    c.children.push_back(std::move(right));
    return c;
}

// One attribute's legacy condition with DynamoDB Local's evaluation: missing attributes make
// comparisons false (NE true), NOT_CONTAINS needs the attribute.
Condition legacyCondition(const std::string& attribute, ComparisonOperator op, const std::vector<AttributeValue>& values)
{
    Condition c;
    auto compare = [&](Comparator cmp) {
        c.kind = Condition::Kind::Compare;
        c.comparator = cmp;
        c.operands = {pathOperand(attribute), valueOperand(values[0])};
    };
    switch (op) {
    case ComparisonOperator::EQ: compare(Comparator::Eq); break;
    case ComparisonOperator::NE: compare(Comparator::Ne); break;
    case ComparisonOperator::LE: compare(Comparator::Le); break;
    case ComparisonOperator::LT: compare(Comparator::Lt); break;
    case ComparisonOperator::GE: compare(Comparator::Ge); break;
    case ComparisonOperator::GT: compare(Comparator::Gt); break;
    case ComparisonOperator::IN:
        c.kind = Condition::Kind::In;
        c.operands.push_back(pathOperand(attribute));
        for (const auto& v : values) c.operands.push_back(valueOperand(v));
        break;
    case ComparisonOperator::BETWEEN:
        c.kind = Condition::Kind::Between;
        c.operands = {pathOperand(attribute), valueOperand(values[0]), valueOperand(values[1])};
        break;
    case ComparisonOperator::NOT_NULL: c = call(Function::AttributeExists, {pathOperand(attribute)}); break;
    case ComparisonOperator::NULL_: c = call(Function::AttributeNotExists, {pathOperand(attribute)}); break;
    case ComparisonOperator::CONTAINS: c = call(Function::Contains, {pathOperand(attribute), valueOperand(values[0])}); break;
    case ComparisonOperator::NOT_CONTAINS: {
        Condition negated;
        negated.kind = Condition::Kind::Not;
        negated.children.push_back(call(Function::Contains, {pathOperand(attribute), valueOperand(values[0])}));
        c = combine(Condition::Kind::And, call(Function::AttributeExists, {pathOperand(attribute)}), std::move(negated));
        break;
    }
    case ComparisonOperator::BEGINS_WITH:
        c = call(Function::BeginsWith, {pathOperand(attribute), valueOperand(values[0])});
        break;
    }
    return c;
}

void checkConditionalOperator(const std::optional<ConditionalOperator>& op, size_t count)
{
    if (!op) return;
    if (count == 0) throwValidation("ConditionalOperator cannot be used without Filter or Expected");
    if (count == 1) throwValidation("ConditionalOperator can only be used when Filter or Expected has two or more elements");
}

std::optional<ConditionExpression> joined(std::vector<Condition> parts, const std::optional<ConditionalOperator>& op)
{
    if (parts.empty()) return std::nullopt;
    Condition::Kind kind = op && *op == ConditionalOperator::Or ? Condition::Kind::Or : Condition::Kind::And;
    Condition out = std::move(parts.back());
    for (size_t i = parts.size() - 1; i-- > 0;) out = combine(kind, std::move(parts[i]), std::move(out));
    return ConditionExpression(std::move(out));
}

void checkKeyValueType(const AttributeValue& v, Type keyType)
{
    if (v.type() != keyType) {
        throwValidation(std::string(kInvalid) + "Condition parameter type does not match schema type");
    }
}

void checkKeyNotEmpty(const AttributeValue& v, const std::string& key)
{
    if ((v.is(Type::S) && v.asString().empty()) || (v.is(Type::B) && v.asBinary().empty())) {
        throwValidation(std::string("One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
                                    "contain an empty ") +
                        (v.is(Type::S) ? "string" : "binary") + " value. Key: " + key);
    }
}

}  // namespace

void validateLegacyCondition(ComparisonOperator op, const std::vector<AttributeValue>& values)
{
    if (!countOk(op, values.size())) {
        throwValidation(std::string(kInvalid) + "Invalid number of argument(s) for the " + comparisonOperatorName(op) +
                        " ComparisonOperator");
    }
    for (const auto& v : values) {
        if (!typeOk(op, v.type())) {
            throwValidation(std::string(kInvalid) + "ComparisonOperator " + comparisonOperatorName(op) + " is not valid for " +
                            std::string(typeName(v.type())) + " AttributeValue type");
        }
        if (v.type() != values.front().type()) {
            throwValidation(std::string(kInvalid) + "AttributeValues inside AttributeValueList must be of same type");
        }
    }
    if (op == ComparisonOperator::BETWEEN && compareKeyValues(values[0], values[1]) > 0) {
        throwValidation("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
    }
}

namespace {

// KeyConditions on a multi-attribute key: the same rules as its KeyConditionExpression.
KeyCondition compositeFromLegacy(const LegacyConditions& conditions, const KeySchema& schema)
{
    std::vector<detail::KeyClause> clauses;
    for (const auto& [name, c] : conditions) {
        detail::KeyClause clause;
        clause.attribute = name;
        switch (c.comparisonOperator) {
        case ComparisonOperator::EQ: clause.op = SortKeyOp::Eq; break;
        case ComparisonOperator::LT: clause.op = SortKeyOp::Lt; break;
        case ComparisonOperator::LE: clause.op = SortKeyOp::Le; break;
        case ComparisonOperator::GT: clause.op = SortKeyOp::Gt; break;
        case ComparisonOperator::GE: clause.op = SortKeyOp::Ge; break;
        case ComparisonOperator::BETWEEN: clause.op = SortKeyOp::Between; break;
        case ComparisonOperator::BEGINS_WITH: clause.op = SortKeyOp::BeginsWith; break;
        default: throwValidation("Attempted conditional constraint is not an indexable operation");
        }
        if (c.attributeValueList.size() != (clause.op == SortKeyOp::Between ? 2u : 1u))
            throwValidation("The attempted filter operation is not supported for the provided filter argument count");
        for (const auto& v : c.attributeValueList) clause.values.push_back(&v);
        clauses.push_back(std::move(clause));
    }
    return detail::compositeKeyCondition(clauses, schema);
}

}  // namespace

KeyCondition keyConditionFromLegacy(const LegacyConditions& conditions, const KeySchema& schema)
{
    for (const auto& [name, c] : conditions) validateLegacyCondition(c.comparisonOperator, c.attributeValueList);
    if (schema.multiAttribute()) {
        if (conditions.empty()) throwValidation("Conditions can be of length 1 or 2 only");
        return compositeFromLegacy(conditions, schema);
    }
    if (conditions.empty() || conditions.size() > 2) throwValidation("Conditions can be of length 1 or 2 only");
    size_t keyCount = schema.sortKey.empty() ? 1 : 2;
    if (conditions.size() > keyCount) throwValidation("Query key condition not supported");

    auto hash = conditions.find(schema.partitionKey);
    if (hash == conditions.end()) throwValidation("Query condition missed key schema element");
    const auto& hv = hash->second.attributeValueList;
    if (hv.empty()) throwValidation("Only scalar types can be used as Hash Key values");
    checkKeyValueType(hv[0], schema.partitionType);
    if (hash->second.comparisonOperator != ComparisonOperator::EQ) throwValidation("Query key condition not supported");
    KeyCondition out;
    out.partitionKey = schema.partitionKey;
    out.partitionValue = hv[0];
    checkKeyNotEmpty(out.partitionValue, schema.partitionKey);

    if (!schema.sortKey.empty()) {
        auto range = conditions.find(schema.sortKey);
        if (range == conditions.end()) {
            if (conditions.size() > 1) throwValidation("Query condition missed key schema element");
            return out;
        }
        const auto& rv = range->second.attributeValueList;
        if (rv.empty()) throwValidation("Only scalar types can be used as Range Key values");
        for (const auto& v : rv) {
            if (v.sizeInBytes() > 1024) {
                throwValidation(std::string(kInvalid) +
                                "Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
            }
            checkKeyValueType(v, schema.sortType);
        }
        SortKeyCondition sk;
        sk.attribute = schema.sortKey;
        switch (range->second.comparisonOperator) {
        case ComparisonOperator::EQ: sk.op = SortKeyOp::Eq; break;
        case ComparisonOperator::LT: sk.op = SortKeyOp::Lt; break;
        case ComparisonOperator::LE: sk.op = SortKeyOp::Le; break;
        case ComparisonOperator::GT: sk.op = SortKeyOp::Gt; break;
        case ComparisonOperator::GE: sk.op = SortKeyOp::Ge; break;
        case ComparisonOperator::BETWEEN: sk.op = SortKeyOp::Between; break;
        case ComparisonOperator::BEGINS_WITH: sk.op = SortKeyOp::BeginsWith; break;
        default:
            // DynamoDB Local fails internally for NE here; DynamoDB's own text for a range key
            // operator it cannot index is this one (as DynamoDB Local gives it for IN).
            throwValidation("Attempted conditional constraint is not an indexable operation");
        }
        size_t expected = sk.op == SortKeyOp::Between ? 2 : 1;
        if (rv.size() != expected) {
            throwValidation("The attempted filter operation is not supported for the provided filter argument count");
        }
        sk.value = rv[0];
        if (sk.op == SortKeyOp::Between) sk.high = rv[1];
        for (const auto& v : rv) checkKeyNotEmpty(v, schema.sortKey);
        out.sortKey = std::move(sk);
    }
    return out;
}

std::optional<ConditionExpression> filterFromLegacy(const std::optional<LegacyConditions>& filter,
                                                    const std::optional<ConditionalOperator>& op)
{
    checkConditionalOperator(op, filter ? filter->size() : 0);
    if (!filter) return std::nullopt;
    std::vector<Condition> parts;
    for (const auto& [name, c] : *filter) {
        validateLegacyCondition(c.comparisonOperator, c.attributeValueList);
        parts.push_back(legacyCondition(name, c.comparisonOperator, c.attributeValueList));
    }
    return joined(std::move(parts), op);
}

std::optional<ConditionExpression> conditionFromExpected(const std::optional<LegacyExpected>& expected,
                                                         const std::optional<ConditionalOperator>& op)
{
    checkConditionalOperator(op, expected ? expected->size() : 0);
    if (!expected) return std::nullopt;
    std::vector<Condition> parts;
    for (const auto& [name, e] : *expected) {
        const std::string suffix = " for Attribute: " + name;
        if (e.exists && e.comparisonOperator) {
            throwValidation(std::string(kInvalid) + "Exists and ComparisonOperator cannot be used together" + suffix);
        }
        if (e.value && e.attributeValueList) {
            throwValidation(std::string(kInvalid) + "Value and AttributeValueList cannot be used together" + suffix);
        }
        if (!e.comparisonOperator && e.attributeValueList) {
            throwValidation(std::string(kInvalid) + "AttributeValueList can only be used with a ComparisonOperator" + suffix);
        }
        if (e.exists && !*e.exists && e.value) {
            throwValidation(std::string(kInvalid) + "Value cannot be used when Exists is false" + suffix);
        }
        if (!e.value && !e.attributeValueList) {
            if (e.comparisonOperator) {
                if (*e.comparisonOperator != ComparisonOperator::NOT_NULL && *e.comparisonOperator != ComparisonOperator::NULL_) {
                    throwValidation(std::string(kInvalid) + "Value or AttributeValueList must be used with ComparisonOperator: " +
                                    comparisonOperatorName(*e.comparisonOperator) + suffix);
                }
            } else if (!e.exists) {
                throwValidation(std::string(kInvalid) + "Value must be provided when Exists is null" + suffix);
            } else if (*e.exists) {
                throwValidation(std::string(kInvalid) + "Value must be provided when Exists is true" + suffix);
            }
        }
        if (e.comparisonOperator) {
            std::vector<AttributeValue> values;
            if (e.value) {
                values.push_back(*e.value);
            } else if (e.attributeValueList) {
                values = *e.attributeValueList;
            }
            validateLegacyCondition(*e.comparisonOperator, values);
            parts.push_back(legacyCondition(name, *e.comparisonOperator, values));
        } else if (e.exists && !*e.exists) {
            parts.push_back(call(Function::AttributeNotExists, {pathOperand(name)}));
        } else {
            parts.push_back(legacyCondition(name, ComparisonOperator::EQ, {*e.value}));
        }
    }
    return joined(std::move(parts), op);
}

UpdateExpression updateFromAttributeUpdates(const LegacyUpdates& updates)
{
    std::vector<UpdateAction> actions;
    auto tree = std::make_shared<PathTree>();
    for (const auto& [name, u] : updates) {
        const Type t = u.value ? u.value->type() : Type::NUL;
        if (!u.value && u.action != AttributeAction::Delete) {
            throwValidation(std::string(kInvalid) + "Only DELETE action is allowed when no attribute value is specified");
        }
        bool isSet = u.value && (t == Type::SS || t == Type::NS || t == Type::BS);
        if (u.action == AttributeAction::Delete && u.value && !isSet) {
            throwValidation(std::string(kInvalid) + "DELETE action with value is not supported for the type " +
                            detail::typeEnumName(t));
        }
        if (u.action == AttributeAction::Add && !(isSet || t == Type::N || t == Type::L)) {
            throwValidation(std::string(kInvalid) + "ADD action is not supported for the type " + detail::typeEnumName(t));
        }
        UpdateAction a;
        a.path = pathOperand(name).path;
        switch (u.action) {
        case AttributeAction::Put:
            a.kind = UpdateAction::Kind::Set;
            a.value = valueOperand(*u.value);
            break;
        case AttributeAction::Delete:
            a.kind = u.value ? UpdateAction::Kind::Delete : UpdateAction::Kind::Remove;
            if (u.value) a.value = valueOperand(*u.value);
            break;
        case AttributeAction::Add:
            if (t == Type::L) {
                // Legacy ADD appends to a list (created when missing).
                Operand existing;
                existing.kind = Operand::Kind::Call;
                existing.function = Function::IfNotExists;
                existing.text = "if_not_exists";
                existing.args = {pathOperand(name), valueOperand(AttributeValue::list({}))};
                a.kind = UpdateAction::Kind::Set;
                a.value.kind = Operand::Kind::Call;
                a.value.function = Function::ListAppend;
                a.value.text = "list_append";
                a.value.args = {std::move(existing), valueOperand(*u.value)};
            } else {
                a.kind = UpdateAction::Kind::Add;
                a.value = valueOperand(*u.value);
            }
            break;
        }
        detail::insertPath(*tree, a.path, static_cast<int>(actions.size()));
        actions.push_back(std::move(a));
    }
    return UpdateExpression(std::move(actions), std::move(tree));
}

}  // namespace keyplan::dynamo::expr
