#include "dynamo/expr/Expression.h"

#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"
#include "dynamo/expr/JavaOrder.h"

#include <functional>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace keyplan::dynamo::expr {

using detail::ExpressionProblem;

std::string_view parameterName(Kind kind)
{
    switch (kind) {
    case Kind::KeyCondition: return "KeyConditionExpression";
    case Kind::Condition: return "ConditionExpression";
    case Kind::Filter: return "FilterExpression";
    case Kind::Projection: return "ProjectionExpression";
    case Kind::Update: return "UpdateExpression";
    }
    return "ConditionExpression";
}

std::string_view functionName(Function f)
{
    switch (f) {
    case Function::AttributeExists: return "attribute_exists";
    case Function::AttributeNotExists: return "attribute_not_exists";
    case Function::AttributeType: return "attribute_type";
    case Function::BeginsWith: return "begins_with";
    case Function::Contains: return "contains";
    case Function::Size: return "size";
    case Function::IfNotExists: return "if_not_exists";
    case Function::ListAppend: return "list_append";
    }
    return "size";
}

std::string_view comparatorSymbol(Comparator c)
{
    switch (c) {
    case Comparator::Eq: return "=";
    case Comparator::Ne: return "<>";
    case Comparator::Lt: return "<";
    case Comparator::Le: return "<=";
    case Comparator::Gt: return ">";
    case Comparator::Ge: return ">=";
    }
    return "=";
}

std::string Path::toString() const
{
    std::string out = "[";
    for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0) out += ", ";
        if (elements[i].isIndex()) {
            out += "[" + std::to_string(elements[i].index) + "]";
        } else {
            out += elements[i].name;
        }
    }
    out += "]";
    return out;
}

const PathTree::Child* PathTree::find(const PathElement& e) const
{
    for (const auto& c : children) {
        if (c.element == e) return &c;
    }
    return nullptr;
}

namespace {

// A map key must be exactly one #name / :value token (whitespace around it is tolerated, as in
// DynamoDB Local, which then never finds it used).
bool isPlaceholderKey(std::string_view key, detail::Tok type)
{
    std::vector<detail::Token> toks = detail::tokenize(key);
    return toks.size() == 2 && toks[0].type == type;
}

void checkKeys(const std::vector<std::string_view>& keys, bool names)
{
    const std::string prefix = names ? "ExpressionAttributeNames contains invalid key: "
                                     : "ExpressionAttributeValues contains invalid key: ";
    for (std::string_view key : keys) {
        if (key.empty()) throwValidation(prefix + "The expression attribute map contains an empty key;");
        size_t length = detail::utf16Length(key);
        if (length > kMaxPlaceholderKeyLength) {
            throwValidation(prefix + (names ? "The expression attribute map contains a key that is too long; size of key: " +
                                                  std::to_string(length)
                                            : std::string("The expression attribute map contains a key that is too long;")));
        }
        if (!isPlaceholderKey(key, names ? detail::Tok::NameRef : detail::Tok::ValueRef)) {
            throwValidation(prefix + "Syntax error; key: \"" + std::string(key) + "\"");
        }
    }
}

std::string listInJavaOrder(std::vector<std::string_view> keys, size_t definedCount)
{
    std::vector<int32_t> hashes;
    hashes.reserve(keys.size());
    for (auto k : keys) hashes.push_back(detail::javaStringHash(k));
    std::string out = "{";
    bool first = true;
    for (size_t i : detail::javaIterationOrder(hashes, detail::javaCopyCapacity(definedCount))) {
        if (!first) out += ", ";
        out += keys[i];
        first = false;
    }
    return out + "}";
}

}  // namespace

void validatePlaceholderMaps(const Names* names, const Values* values)
{
    if (names) {
        if (names->empty()) throwValidation("ExpressionAttributeNames must not be empty");
        std::vector<std::string_view> keys;
        for (const auto& [k, v] : *names) keys.push_back(k);
        checkKeys(keys, true);
    }
    if (values) {
        if (values->empty()) throwValidation("ExpressionAttributeValues must not be empty");
        std::vector<std::string_view> keys;
        for (const auto& [k, v] : *values) keys.push_back(k);
        checkKeys(keys, false);
    }
    if (names) {
        uint64_t total = 0;
        for (const auto& [k, v] : *names) {
            if (v.empty()) throwValidation("ExpressionAttributeNames contains invalid value: Empty attribute name for key " + k);
            if (v.size() > 65535) {
                throwValidation("ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than "
                                "65536 bytes for key " +
                                k);
            }
            total += k.size() + v.size();
        }
        if (total > 2097152) throwValidation("ExpressionAttributeNames exceeds max size");
        uint64_t valuesTotal = 0;
        if (values) {
            for (const auto& [k, v] : *values) valuesTotal += k.size() + static_cast<uint64_t>(v.sizeInBytes());
        }
        if (valuesTotal > 2097152) throwValidation("ExpressionAttributeValues exceeds max size");
        if (total + valuesTotal > 2097152) {
            throwValidation("Combined size of ExpressionAttributeNames and ExpressionAttributeValues exceeds max size");
        }
    } else if (values) {
        uint64_t valuesTotal = 0;
        for (const auto& [k, v] : *values) valuesTotal += k.size() + static_cast<uint64_t>(v.sizeInBytes());
        if (valuesTotal > 2097152) throwValidation("ExpressionAttributeValues exceeds max size");
    }
}

void checkAllPlaceholdersUsed(const Names* names, const Values* values, const PlaceholderUse& use)
{
    if (names && !names->empty()) {
        std::vector<std::string_view> unused;
        for (const auto& [k, v] : *names) {
            if (!use.names.count(k)) unused.push_back(k);
        }
        if (!unused.empty()) {
            throwValidation("Value provided in ExpressionAttributeNames unused in expressions: keys: " +
                            listInJavaOrder(unused, names->size()));
        }
    }
    if (values && !values->empty()) {
        std::vector<std::string_view> unused;
        for (const auto& [k, v] : *values) {
            if (!use.values.count(k)) unused.push_back(k);
        }
        if (!unused.empty()) {
            throwValidation("Value provided in ExpressionAttributeValues unused in expressions: keys: " +
                            listInJavaOrder(unused, values->size()));
        }
    }
}

void checkNoNestedAccessToKeys(const std::set<std::string>& nested, const std::vector<std::string>& tableKeys,
                               const std::vector<std::string>& indexKeys)
{
    const std::string prefix = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: ";
    for (const auto& k : tableKeys) {
        if (nested.count(k)) throwValidation(prefix + "Key: " + k);
    }
    for (const auto& k : indexKeys) {
        if (nested.count(k)) throwValidation(prefix + "IndexKey: " + k);
    }
}

namespace {

// The syntax trees of the condition texts parsed lately. An application sends the same few
// expressions again and again with other values; tokenizing and parsing its key condition was a
// twentieth of a Query's time. Only what parsed is kept (a text that fails is parsed again and
// fails the same way); placeholders are resolved against each request's maps as before.
class ConditionSyntaxCache {
public:
    std::optional<Condition> find(std::string_view text)
    {
        std::lock_guard lock(mutex_);
        auto it = byText_.find(text);
        if (it == byText_.end()) return std::nullopt;
        return it->second;
    }

    void remember(std::string_view text, const Condition& parsed)
    {
        if (text.size() > kMaxTextBytes) return;
        std::lock_guard lock(mutex_);
        if (byText_.size() >= kMaxTexts) byText_.clear();
        byText_.emplace(std::string(text), parsed);
    }

private:
    static constexpr size_t kMaxTexts = 256;
    static constexpr size_t kMaxTextBytes = 1024;
    struct TextHash {
        using is_transparent = void;
        size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::mutex mutex_;
    std::unordered_map<std::string, Condition, TextHash, std::equal_to<>> byText_;
};

ConditionSyntaxCache& conditionSyntaxCache()
{
    static ConditionSyntaxCache cache;
    return cache;
}

}  // namespace

ConditionExpression parseCondition(std::string_view text, Kind kind, const Names* names, const Values* values, PlaceholderUse* use)
{
    std::optional<Condition> parsed = conditionSyntaxCache().find(text);
    try {
        if (!parsed) {
            std::vector<detail::Token> tokens = detail::checkSizeAndTokenize(text, kind);
            parsed = detail::parseConditionSyntax(text, tokens);
            conditionSyntaxCache().remember(text, *parsed);
        }
        return ConditionExpression(detail::resolveCondition(std::move(*parsed), {kind, names, values, text}, use));
    } catch (const ExpressionProblem& p) {
        detail::throwInvalid(kind, p.message);
    }
}

ProjectionExpression parseProjection(std::string_view text, const Names* names, PlaceholderUse* use)
{
    std::vector<detail::Token> tokens = detail::checkSizeAndTokenize(text, Kind::Projection);
    try {
        std::vector<Path> parsed = detail::parseProjectionSyntax(text, tokens);
        std::shared_ptr<PathTree> tree;
        std::vector<Path> paths = detail::resolveProjection(std::move(parsed), {Kind::Projection, names, nullptr, text}, use,
                                                            &tree);
        return ProjectionExpression(std::move(paths), std::move(tree));
    } catch (const ExpressionProblem& p) {
        detail::throwInvalid(Kind::Projection, p.message);
    }
}

UpdateExpression parseUpdate(std::string_view text, const Names* names, const Values* values, PlaceholderUse* use)
{
    std::vector<detail::Token> tokens = detail::checkSizeAndTokenize(text, Kind::Update);
    try {
        detail::ParsedUpdate parsed = detail::parseUpdateSyntax(text, tokens);
        std::shared_ptr<PathTree> tree;
        std::vector<UpdateAction> actions = detail::resolveUpdate(std::move(parsed), {Kind::Update, names, values, text}, use,
                                                                  &tree);
        return UpdateExpression(std::move(actions), std::move(tree));
    } catch (const ExpressionProblem& p) {
        detail::throwInvalid(Kind::Update, p.message);
    }
}

}  // namespace keyplan::dynamo::expr
