#include "analysis/Plan.h"

#include "dynamo/Number.h"

#include <algorithm>
#include <stdexcept>

namespace keyplan::analysis {

namespace {

std::string quotedValue(const design::KeyTemplate& t)
{
    const std::string& s = t.text();
    bool needs = s.empty() || s.front() == '\'' || s.front() == '"';
    for (char c : s) {
        if (c == ' ' || c == ',' || c == '(' || c == ')') needs = true;
    }
    if (!needs) return s;
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out.push_back('\'');
        out.push_back(c);
    }
    return out + "'";
}

std::string_view sortSymbol(SortCondition c)
{
    switch (c) {
    case SortCondition::Equal: return "=";
    case SortCondition::Less: return "<";
    case SortCondition::LessOrEqual: return "<=";
    case SortCondition::Greater: return ">";
    case SortCondition::GreaterOrEqual: return ">=";
    default: return "";
    }
}

class ConditionParser {
public:
    explicit ConditionParser(std::string_view s) : s_(s) {}

    bool parse(KeyCondition* out, std::string* error)
    {
        try {
            KeyCondition c;
            c.partitionAttribute = name();
            expect("=");
            c.partitionValue = value(false);
            space();
            // A multi-attribute key's: more `attribute = value` clauses, the last one read as the
            // sort-key condition, the ones before it kept in moreEqual.
            while (pos_ < s_.size()) {
                keyword("AND");
                space();
                if (!c.sortAttribute.empty()) {
                    if (c.sort != SortCondition::Equal) fail("only the last condition may be a range or begins_with");
                    c.moreEqual.emplace_back(std::move(c.sortAttribute), std::move(c.sortValue));
                    c.sortAttribute.clear();
                    c.sortValue = {};
                    c.sort = SortCondition::None;
                }
                if (s_.substr(pos_).starts_with("begins_with")) {
                    pos_ += 11;
                    expect("(");
                    c.sortAttribute = name();
                    expect(",");
                    c.sort = SortCondition::BeginsWith;
                    c.sortValue = value(true);
                    expect(")");
                } else {
                    c.sortAttribute = name();
                    space();
                    if (s_.substr(pos_).starts_with("BETWEEN")) {
                        pos_ += 7;
                        c.sort = SortCondition::Between;
                        c.sortValue = value(false);
                        space();
                        keyword("AND");
                        c.sortValue2 = value(false);
                    } else {
                        static const std::pair<std::string_view, SortCondition> kOps[] = {
                            {"<=", SortCondition::LessOrEqual}, {">=", SortCondition::GreaterOrEqual},
                            {"=", SortCondition::Equal},        {"<", SortCondition::Less},
                            {">", SortCondition::Greater},
                        };
                        bool found = false;
                        for (const auto& [sym, op] : kOps) {
                            if (s_.substr(pos_).starts_with(sym)) {
                                pos_ += sym.size();
                                c.sort = op;
                                found = true;
                                break;
                            }
                        }
                        if (!found) fail("expected =, <, <=, >, >=, BETWEEN or begins_with");
                        c.sortValue = value(false);
                    }
                }
                space();
            }
            *out = std::move(c);
            return true;
        } catch (const std::invalid_argument& e) {
            if (error) *error = e.what();
            return false;
        }
    }

private:
    [[noreturn]] void fail(const std::string& why)
    {
        throw std::invalid_argument("column " + std::to_string(pos_ + 1) + ": " + why);
    }
    void space()
    {
        while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
    }
    void expect(std::string_view token)
    {
        space();
        if (!s_.substr(pos_).starts_with(token)) fail("expected '" + std::string(token) + "'");
        pos_ += token.size();
    }
    void keyword(std::string_view word)
    {
        space();
        if (!s_.substr(pos_).starts_with(word)) fail("expected " + std::string(word));
        pos_ += word.size();
    }
    std::string name()
    {
        space();
        const size_t start = pos_;
        while (pos_ < s_.size() && std::string_view(" =<>(),").find(s_[pos_]) == std::string_view::npos) ++pos_;
        if (pos_ == start) fail("expected an attribute name");
        return std::string(s_.substr(start, pos_ - start));
    }
    design::KeyTemplate value(bool inParens)
    {
        space();
        std::string text;
        if (pos_ < s_.size() && (s_[pos_] == '\'' || s_[pos_] == '"')) {
            const char q = s_[pos_++];
            while (true) {
                if (pos_ >= s_.size()) fail("quote is not closed");
                if (s_[pos_] == q) {
                    if (pos_ + 1 < s_.size() && s_[pos_ + 1] == q) {
                        text.push_back(q);
                        pos_ += 2;
                        continue;
                    }
                    ++pos_;
                    break;
                }
                text.push_back(s_[pos_++]);
            }
        } else {
            const size_t start = pos_;
            while (pos_ < s_.size()) {
                if (inParens && s_[pos_] == ')') break;
                if (s_[pos_] == ' ') break;
                ++pos_;
            }
            text = std::string(s_.substr(start, pos_ - start));
            if (text.empty()) fail("expected a value");
        }
        design::KeyTemplate t;
        std::string why;
        if (!design::KeyTemplate::tryParse(text, &t, &why)) fail("value '" + text + "': " + why);
        return t;
    }

    std::string_view s_;
    size_t pos_ = 0;
};

dynamo::AttributeValue bindValue(const PlannedValue& v, const design::Values& inputs)
{
    for (const auto& name : v.value.variables()) {
        auto it = inputs.find(name);
        if (it == inputs.end() || it->second.empty())
            throw std::invalid_argument("the request needs a value for the input '" + name + "'");
    }
    const std::string text = *v.value.render(inputs);
    switch (v.type) {
    case design::KeyType::S: return dynamo::AttributeValue::string(text);
    case design::KeyType::B: return dynamo::AttributeValue::binary(text);
    case design::KeyType::N: {
        dynamo::Number n;
        if (!dynamo::Number::tryParse(text, &n))
            throw std::invalid_argument("the value '" + text + "' for " + v.placeholder + " is not a number");
        return dynamo::AttributeValue::number(n);
    }
    }
    return dynamo::AttributeValue::string(text);
}

}  // namespace

std::string KeyCondition::text() const
{
    std::string out = partitionAttribute + " = " + quotedValue(partitionValue);
    for (const auto& [attribute, value] : moreEqual) out += " AND " + attribute + " = " + quotedValue(value);
    switch (sort) {
    case SortCondition::None: break;
    case SortCondition::BeginsWith: out += " AND begins_with(" + sortAttribute + ", " + quotedValue(sortValue) + ")"; break;
    case SortCondition::Between:
        out += " AND " + sortAttribute + " BETWEEN " + quotedValue(sortValue) + " AND " + quotedValue(sortValue2);
        break;
    default: out += " AND " + sortAttribute + " " + std::string(sortSymbol(sort)) + " " + quotedValue(sortValue); break;
    }
    return out;
}

bool KeyCondition::parse(std::string_view text, KeyCondition* out, std::string* error)
{
    return ConditionParser(text).parse(out, error);
}

std::string_view operationName(Operation op)
{
    switch (op) {
    case Operation::GetItem: return "GetItem";
    case Operation::Query: return "Query";
    case Operation::Scan: return "Scan";
    case Operation::None: return "-";
    }
    return "-";
}

std::string verdictWords(Verdict verdict, int requestCount)
{
    switch (verdict) {
    case Verdict::Served: return "served";
    case Verdict::NeedsScan: return "needs a Scan";
    case Verdict::NeedsFilter: return "needs a filter";
    case Verdict::NeedsMultipleRequests:
        return requestCount > 1 ? "needs " + std::to_string(requestCount) + " requests" : "needs several requests";
    case Verdict::MissingIndex: return "needs an index that does not exist";
    case Verdict::NotProjected: return "index does not project what the pattern returns";
    case Verdict::StrongReadOnGsi: return "needs a strongly consistent read, which a GSI cannot give";
    case Verdict::WrongOrder: return "cannot return the asked order";
    case Verdict::Invalid: return "invalid pattern";
    case Verdict::FromStream: return "rides the stream";
    case Verdict::NoStream: return "needs the table's stream, which is off";
    }
    return "invalid pattern";
}

std::string PatternPlan::indexLabel() const
{
    if (request.operation == Operation::None) return "-";
    return request.indexName.empty() ? "table" : request.indexName;
}

std::vector<std::string> PlannedRequest::inputNames() const
{
    std::vector<std::string> names;
    auto add = [&](const design::KeyTemplate& t) {
        for (const auto& v : t.variables()) {
            if (std::find(names.begin(), names.end(), v) == names.end()) names.push_back(v);
        }
    };
    for (const auto& [attribute, value] : key) add(value.value);
    for (const auto& v : expressionAttributeValues) add(v.value);
    return names;
}

store::GetItemRequest PlannedRequest::getItemRequest(const design::Values& inputs) const
{
    store::GetItemRequest r;
    r.tableName = tableName;
    for (const auto& [attribute, value] : key) r.key.emplace(attribute, bindValue(value, inputs));
    if (consistentRead) r.consistentRead = true;
    r.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    return r;
}

store::QueryRequest PlannedRequest::queryRequest(const design::Values& inputs) const
{
    store::QueryRequest r;
    r.tableName = tableName;
    if (!indexName.empty()) r.indexName = indexName;
    r.keyConditionExpression = keyConditionExpression;
    if (!filterExpression.empty()) r.filterExpression = filterExpression;
    store::ExpressionAttributeNames names;
    for (const auto& [placeholder, name] : expressionAttributeNames) names.emplace(placeholder, name);
    r.expressionAttributeNames = std::move(names);
    store::ExpressionAttributeValues values;
    for (const auto& v : expressionAttributeValues) values.emplace(v.placeholder, bindValue(v, inputs));
    r.expressionAttributeValues = std::move(values);
    r.scanIndexForward = scanIndexForward;
    r.limit = limit;
    r.select = select;
    if (consistentRead) r.consistentRead = true;
    r.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    return r;
}

store::ScanRequest PlannedRequest::scanRequest(const design::Values& inputs) const
{
    store::ScanRequest r;
    r.tableName = tableName;
    if (!indexName.empty()) r.indexName = indexName;
    if (!filterExpression.empty()) {
        r.filterExpression = filterExpression;
        store::ExpressionAttributeNames names;
        for (const auto& [placeholder, name] : expressionAttributeNames) names.emplace(placeholder, name);
        r.expressionAttributeNames = std::move(names);
        store::ExpressionAttributeValues values;
        for (const auto& v : expressionAttributeValues) values.emplace(v.placeholder, bindValue(v, inputs));
        if (!values.empty()) r.expressionAttributeValues = std::move(values);
    }
    r.limit = limit;
    if (consistentRead) r.consistentRead = true;
    r.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    return r;
}

}  // namespace keyplan::analysis
