// Resolution of a parsed expression into the validated AST, replaying DynamoDB Local's two
// passes in their order so that the first error reported is the one DynamoDB reports:
//  1. the parse-tree walk (com.amazonaws.services.dynamodbv2.parser.ASTListener): reserved words,
//     function names and where functions may appear, list index range, update clauses once;
//  2. validation (datamodel.ExpressionValidator): placeholders substituted and counted, document
//     path depth, operand counts and types, operator limits; for projections and updates the
//     path tree with its overlap/conflict checks. DynamoDB builds both from a stack, so paths of
//     projections and actions of updates are validated last-to-first.
#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"
#include "dynamo/expr/JavaOrder.h"
#include "dynamo/expr/ReservedWords.h"

#include <algorithm>
#include <array>

namespace keyplan::dynamo::expr::detail {

namespace {

using Mask = uint16_t;
constexpr Mask bit(Type t) { return static_cast<Mask>(1u << static_cast<unsigned>(t)); }
constexpr Mask kAll = 0x3FF;
constexpr Mask kOrdered = bit(Type::S) | bit(Type::N) | bit(Type::B);
constexpr Mask kStringBinary = bit(Type::S) | bit(Type::B);
constexpr Mask kIterable = bit(Type::S) | bit(Type::B) | bit(Type::SS) | bit(Type::NS) | bit(Type::BS) | bit(Type::L) |
                           bit(Type::M);
constexpr Mask kBoolean = bit(Type::BOOL);
constexpr Mask kNumber = bit(Type::N);
constexpr Mask kList = bit(Type::L);

// DynamoDB Local renders "any type" (a path, if_not_exists) with its Java HashSet order.
constexpr const char* kAnyTypeText =
    "{HDS,FS,DOUBLESET,DECIMALSET,L,BOOL,INT,N,FLOAT,BS,M,INTSET,SS,DECIMAL,S,NS,DICT,NULL,HD,B,DOUBLE}";

struct FunctionInfo {
    std::string_view name;
    Function function;
    bool conditionFunction;
    bool valueFunction;
    int operands;
    Mask operandTypes;
    bool allowMissing;
    Mask returns;
};

// The documented functions. DynamoDB Local also knows convert, contains_key, contains_value and
// list_delete; AWS documents none of them, so they are "Invalid function name" here.
constexpr std::array<FunctionInfo, 8> kFunctions = {{
    {"attribute_exists", Function::AttributeExists, true, false, 1, kAll, true, kBoolean},
    {"attribute_not_exists", Function::AttributeNotExists, true, false, 1, kAll, true, kBoolean},
    {"attribute_type", Function::AttributeType, true, false, 2, kAll, true, kBoolean},
    {"contains", Function::Contains, true, false, 2, kAll, true, kBoolean},
    {"begins_with", Function::BeginsWith, true, false, 2, kStringBinary, true, kBoolean},
    {"size", Function::Size, true, false, 1, kIterable, true, kNumber},
    {"if_not_exists", Function::IfNotExists, false, true, 2, kAll, true, kAll},
    {"list_append", Function::ListAppend, false, true, 2, kList, false, kList},
}};

const FunctionInfo* findFunction(std::string_view name)
{
    for (const auto& f : kFunctions) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

const FunctionInfo& infoOf(Function f)
{
    for (const auto& info : kFunctions) {
        if (info.function == f) return info;
    }
    return kFunctions[0];
}

std::string maskText(Mask m)
{
    if (m == kAll) return kAnyTypeText;
    for (int t = 0; t < 10; ++t) {
        if (m == (1u << t)) return std::string(typeName(static_cast<Type>(t)));
    }
    return kAnyTypeText;
}

[[noreturn]] void problem(std::string message) { throw ExpressionProblem{std::move(message)}; }

bool isParameterized(const PathElement& e)
{
    return e.kind == PathElement::Kind::Name && !e.name.empty() && (e.name[0] == '#' || e.name[0] == ':');
}

// One child of an operator node as the validator sees it.
struct ChildRef {
    enum class Shape { Path, Value, Operator } shape;
    const Path* path = nullptr;
    const AttributeValue* value = nullptr;
    Mask returns = 0;
};

ChildRef refOf(const Operand& o)
{
    switch (o.kind) {
    case Operand::Kind::Path: return {ChildRef::Shape::Path, &o.path, nullptr, kAll};
    case Operand::Kind::Value: return {ChildRef::Shape::Value, nullptr, &o.value, 0};
    case Operand::Kind::Call: return {ChildRef::Shape::Operator, nullptr, nullptr, infoOf(o.function).returns};
    case Operand::Kind::Plus:
    case Operand::Kind::Minus: return {ChildRef::Shape::Operator, nullptr, nullptr, kNumber};
    }
    return {ChildRef::Shape::Path, &o.path, nullptr, kAll};
}

ChildRef refOf(const Condition&) { return {ChildRef::Shape::Operator, nullptr, nullptr, kBoolean}; }

enum class Category { Condition, Update, Projection };

class Resolver {
public:
    Resolver(const ResolveInput& in, Category category, PlaceholderUse* use) : in_(in), category_(category), use_(use) {}

    // ---- Pass 1: the parse-tree walk -----------------------------------------------------------

    void walkCondition(Condition& c, int nesting)
    {
        switch (c.kind) {
        case Condition::Kind::Compare:
        case Condition::Kind::Between:
        case Condition::Kind::In:
            for (auto& o : c.operands) walkOperand(o, nesting + 1);
            break;
        case Condition::Kind::Call:
            c.function = enterFunction(c.text, nesting);
            for (auto& o : c.operands) walkOperand(o, nesting + 1);
            break;
        case Condition::Kind::And:
        case Condition::Kind::Or:
        case Condition::Kind::Not:
            for (auto& child : c.children) walkCondition(child, nesting);
            break;
        }
    }

    void walkOperand(Operand& o, int nesting)
    {
        switch (o.kind) {
        case Operand::Kind::Path: walkPath(o.path); break;
        case Operand::Kind::Value: break;
        case Operand::Kind::Call:
            o.function = enterFunction(o.text, nesting);
            for (auto& a : o.args) walkOperand(a, nesting + 1);
            break;
        case Operand::Kind::Plus:
        case Operand::Kind::Minus:
            for (auto& a : o.args) walkOperand(a, nesting + 1);
            break;
        }
    }

    void walkPath(Path& p)
    {
        for (auto& e : p.elements) {
            if (e.kind == PathElement::Kind::Index) {
                // Integer.valueOf of the digits; the message shows "[digits]".
                bool ok = e.name.size() <= 10;
                uint64_t v = 0;
                if (ok) {
                    for (char c : e.name) v = v * 10 + static_cast<uint64_t>(c - '0');
                    ok = v <= 2147483647u;
                }
                if (!ok) problem("List index is not within the allowable range; index: [" + e.name + "]");
                e.index = static_cast<uint32_t>(v);
            } else if (!isParameterized(e) && isReservedWord(e.name)) {
                problem("Attribute name is a reserved keyword; reserved keyword: " + e.name);
            }
        }
    }

    Function enterFunction(const std::string& name, int nesting)
    {
        const FunctionInfo* f = findFunction(name);
        if (!f) problem("Invalid function name; function: " + name);
        if (category_ == Category::Update) {
            if (!f->valueFunction) problem("The function is not allowed in an update expression; function: " + name);
            if (nesting > 0 && f->function != Function::IfNotExists) {
                problem("The function is not allowed to be used this way in an expression; function: " + name);
            }
        } else {
            if (!f->conditionFunction) problem("The function is not allowed in a condition expression; function: " + name);
            bool misplaced = nesting == 0 ? (f->returns & kBoolean) == 0 : f->function != Function::Size;
            if (misplaced) problem("The function is not allowed to be used this way in an expression; function: " + name);
        }
        return f->function;
    }

    // ---- Pass 2: validation --------------------------------------------------------------------

    void validateCondition(Condition& c)
    {
        switch (c.kind) {
        case Condition::Kind::Compare:
        case Condition::Kind::Between:
        case Condition::Kind::In:
        case Condition::Kind::Call: {
            for (auto& o : c.operands) validateOperand(o);
            std::vector<ChildRef> refs;
            refs.reserve(c.operands.size());
            for (const auto& o : c.operands) refs.push_back(refOf(o));
            if (c.kind == Condition::Kind::Call) {
                validateFunction(c.function, refs);
            } else if (c.kind == Condition::Kind::Compare) {
                bool equality = c.comparator == Comparator::Eq || c.comparator == Comparator::Ne;
                validateOperator(comparatorSymbol(c.comparator), refs, 2, false, equality ? kAll : kOrdered, true);
            } else if (c.kind == Condition::Kind::Between) {
                validateOperator("BETWEEN", refs, 3, false, kOrdered, true);
                validateBetween(c.operands);
            } else {
                validateOperator("IN", refs, 1, true, kAll, true);
                if (static_cast<int>(refs.size()) > kMaxInOperands + 1) {
                    problem("The IN operator is provided with too many operands; number of operands: " +
                            std::to_string(refs.size() - 1));
                }
            }
            break;
        }
        case Condition::Kind::And:
        case Condition::Kind::Or:
        case Condition::Kind::Not: {
            for (auto& child : c.children) validateCondition(child);
            std::vector<ChildRef> refs;
            for (const auto& child : c.children) refs.push_back(refOf(child));
            std::string_view name = c.kind == Condition::Kind::And ? "AND" : c.kind == Condition::Kind::Or ? "OR" : "NOT";
            validateOperator(name, refs, c.kind == Condition::Kind::Not ? 1 : 2, false, kBoolean, false);
            break;
        }
        }
        countOperator();
    }

    void validateOperand(Operand& o)
    {
        switch (o.kind) {
        case Operand::Kind::Path: validatePath(o.path); return;
        case Operand::Kind::Value: {
            if (use_) use_->values.insert(o.text);
            ++valueUse_[o.text];
            const AttributeValue* v = nullptr;
            if (in_.values) {
                auto it = in_.values->find(o.text);
                if (it != in_.values->end()) v = &it->second;
            }
            if (!v) problem("An expression attribute value used in expression is not defined; attribute value: " + o.text);
            o.value = *v;
            return;
        }
        case Operand::Kind::Call:
        case Operand::Kind::Plus:
        case Operand::Kind::Minus: {
            for (auto& a : o.args) validateOperand(a);
            std::vector<ChildRef> refs;
            for (const auto& a : o.args) refs.push_back(refOf(a));
            if (o.kind == Operand::Kind::Call) {
                validateFunction(o.function, refs);
            } else {
                validateOperator(o.kind == Operand::Kind::Plus ? "+" : "-", refs, 2, false, kNumber, false);
            }
            countOperator();
            return;
        }
        }
    }

    void validatePath(Path& p)
    {
        if (static_cast<int>(p.elements.size()) > kMaxPathDepth) {
            problem("The document path has too many nesting levels; nesting levels: " + std::to_string(p.elements.size()));
        }
        for (auto& e : p.elements) {
            if (!isParameterized(e)) continue;
            const std::string key = e.name;
            if (use_) use_->names.insert(key);
            if (key[0] == '#') {
                const std::string* name = nullptr;
                if (in_.names) {
                    auto it = in_.names->find(key);
                    if (it != in_.names->end()) name = &it->second;
                }
                if (!name)
                    problem("An expression attribute name used in the document path is not defined; attribute name: " + key);
                ++nameUse_[key];
                e.name = *name;
            } else {
                // `a.:v` is accepted by DynamoDB Local's grammar; when :v is defined, its final size
                // check then fails internally, after every other check of the expression.
                bool defined = category_ != Category::Projection && in_.values && in_.values->count(key) > 0;
                if (!defined)
                    problem("An expression attribute name used in the document path is not defined; attribute name: " + key);
                valueInPath_ = true;
            }
        }
    }

    void validateFunction(Function f, const std::vector<ChildRef>& refs)
    {
        const FunctionInfo& info = infoOf(f);
        validateOperator(info.name, refs, info.operands, false, info.operandTypes, info.allowMissing);
        switch (f) {
        case Function::AttributeExists:
        case Function::AttributeNotExists:
        case Function::IfNotExists:
            if (refs[0].shape != ChildRef::Shape::Path) {
                problem("Operator or function requires a document path; operator or function: " + std::string(info.name));
            }
            break;
        case Function::AttributeType: {
            const ChildRef& t = refs[1];
            std::string typeText = t.shape == ChildRef::Shape::Value ? std::string(typeName(t.value->type()))
                                                                     : maskText(t.returns);
            if (t.shape != ChildRef::Shape::Value || !t.value->is(Type::S)) {
                problem("Incorrect operand type for operator or function; operator or function: attribute_type, operand type: " +
                        typeText);
            }
            Type parsed;
            if (!typeFromName(t.value->asString(), &parsed)) {
                problem("Invalid attribute type name found; type: " + t.value->asString() +
                        ", valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}");
            }
            break;
        }
        default: break;
        }
    }

    void validateOperator(std::string_view name, const std::vector<ChildRef>& refs, int required, bool more, Mask operandTypes,
                          bool allowMissing)
    {
        int n = static_cast<int>(refs.size());
        if (more ? n < required : n != required) {
            problem("Incorrect number of operands for operator or function; operator or function: " + std::string(name) +
                    ", number of operands: " + std::to_string(n));
        }
        for (const auto& r : refs) {
            bool ok = r.shape == ChildRef::Shape::Path ||
                      (r.shape == ChildRef::Shape::Value ? (operandTypes & bit(r.value->type())) != 0
                                                         : (operandTypes & r.returns) != 0);
            if (!ok) {
                std::string t = r.shape == ChildRef::Shape::Value ? std::string(typeName(r.value->type())) : maskText(r.returns);
                problem("Incorrect operand type for operator or function; operator or function: " + std::string(name) +
                        ", operand type: " + t);
            }
        }
        if (allowMissing && n > 1 && refs[0].shape == ChildRef::Shape::Path) {
            for (int i = 1; i < n; ++i) {
                if (refs[static_cast<size_t>(i)].shape == ChildRef::Shape::Path &&
                    *refs[static_cast<size_t>(i)].path == *refs[0].path) {
                    problem(
                        "The first operand must be distinct from the remaining operands for this operator or function; operator: " +
                        std::string(name) + ", first operand: " + refs[0].path->toString());
                }
            }
        }
    }

    void validateBetween(const std::vector<Operand>& operands)
    {
        const Operand& low = operands[1];
        const Operand& high = operands[2];
        if (low.kind != Operand::Kind::Value || high.kind != Operand::Kind::Value) return;
        auto bounds = [&] {
            return "; lower bound operand: " + javaAttributeValueText(low.value) +
                   ", upper bound operand: " + javaAttributeValueText(high.value);
        };
        if (low.value.type() != high.value.type()) {
            problem("The BETWEEN operator requires same data type for lower and upper bounds" + bounds());
        }
        if (compareKeyValues(low.value, high.value) > 0) {
            problem("The BETWEEN operator requires upper bound to be greater than or equal to lower bound" + bounds());
        }
    }

    void validateUpdateAction(const UpdateAction& a)
    {
        if (a.kind != UpdateAction::Kind::Add && a.kind != UpdateAction::Kind::Delete) return;
        Type t = a.value.value.type();
        bool ok = a.kind == UpdateAction::Kind::Add ? (t == Type::N || t == Type::SS || t == Type::NS || t == Type::BS)
                                                    : (t == Type::SS || t == Type::NS || t == Type::BS);
        if (!ok) {
            bool add = a.kind == UpdateAction::Kind::Add;
            problem(std::string("Incorrect operand type for operator or function; operator: ") + (add ? "ADD" : "DELETE") +
                    ", operand type: " + typeEnumName(t) +
                    ", typeSet: " + (add ? "ALLOWED_FOR_ADD_OPERAND" : "ALLOWED_FOR_DELETE_OPERAND"));
        }
    }

    void countOperator()
    {
        if (++operators_ > kMaxOperators) {
            problem("The expression contains too many operators; operator count: " + std::to_string(operators_));
        }
    }

    // Expression text plus every substitution, as many times as it is used: at most 1 MB.
    void checkCombinedSize()
    {
        if (valueInPath_) problem("Internal server error");
        uint64_t total = utf16Length(in_.text);
        for (const auto& [key, count] : nameUse_) {
            auto it = in_.names->find(key);
            total += static_cast<uint64_t>(count) * it->second.size();
        }
        for (const auto& [key, count] : valueUse_) {
            auto it = in_.values->find(key);
            total += static_cast<uint64_t>(count) * static_cast<uint64_t>(it->second.sizeInBytes());
        }
        if (total > 1048576) problem("Expression size has exceeded the maximum allowed size;");
    }

private:
    const ResolveInput& in_;
    Category category_;
    PlaceholderUse* use_;
    int operators_ = 0;
    bool valueInPath_ = false;
    std::map<std::string, int, std::less<>> nameUse_;
    std::map<std::string, int, std::less<>> valueUse_;
};

std::vector<int32_t> childHashes(const PathTree& node)
{
    std::vector<int32_t> hashes;
    hashes.reserve(node.children.size());
    for (const auto& c : node.children) {
        hashes.push_back(c.element.isIndex() ? javaPathElementHash(c.element.index) : javaPathElementHash(c.element.name));
    }
    return hashes;
}

// DynamoDB's "path two": the path so far, then the first child at each level down to a leaf.
Path pathToLeaf(const Path& path, size_t depth, const PathTree& node)
{
    Path out;
    out.elements.assign(path.elements.begin(), path.elements.begin() + static_cast<std::ptrdiff_t>(depth));
    const PathTree* n = &node;
    while (n && !n->children.empty()) {
        const PathTree::Child& first = firstChildInJavaOrder(*n);
        out.elements.push_back(first.element);
        n = first.subtree.get();
    }
    return out;
}

}  // namespace

std::string typeEnumName(Type t)
{
    switch (t) {
    case Type::S: return "STRING";
    case Type::N: return "NUMBER";
    case Type::B: return "BINARY";
    case Type::BOOL: return "BOOLEAN";
    case Type::NUL: return "NULL";
    case Type::M: return "MAP";
    case Type::L: return "LIST";
    case Type::SS: return "STRING_SET";
    case Type::NS: return "NUMBER_SET";
    case Type::BS: return "BINARY_SET";
    }
    return "NULL";
}

const PathTree::Child& firstChildInJavaOrder(const PathTree& node)
{
    std::vector<size_t> order = javaIterationOrder(childHashes(node), javaGrownCapacity(node.children.size()));
    return node.children[order.front()];
}

std::vector<const PathTree::Child*> childrenInJavaOrder(const PathTree& node)
{
    std::vector<const PathTree::Child*> out;
    out.reserve(node.children.size());
    for (size_t i : javaIterationOrder(childHashes(node), javaGrownCapacity(node.children.size()))) {
        out.push_back(&node.children[i]);
    }
    return out;
}

void insertPath(PathTree& root, const Path& path, int action)
{
    PathTree* node = &root;
    for (size_t depth = 0; depth < path.elements.size(); ++depth) {
        const PathElement& e = path.elements[depth];
        bool last = depth + 1 == path.elements.size();
        PathTree::Child* child = nullptr;
        for (auto& c : node->children) {
            if (c.element == e) {
                child = &c;
                break;
            }
        }
        if (!child) {
            if (!node->children.empty() && node->children.front().element.isIndex() != e.isIndex()) {
                problem("Two document paths conflict with each other; must remove or rewrite one of these paths; path one: " +
                        path.toString() + ", path two: " + pathToLeaf(path, depth, *node).toString());
            }
            PathTree::Child added;
            added.element = e;
            PathTree::Child* tail = &node->children.emplace_back(std::move(added));
            for (size_t k = depth + 1; k < path.elements.size(); ++k) {
                tail->subtree = std::make_unique<PathTree>();
                PathTree::Child next;
                next.element = path.elements[k];
                tail = &tail->subtree->children.emplace_back(std::move(next));
            }
            tail->action = action;
            return;
        }
        if (child->subtree && !last) {
            node = child->subtree.get();
            continue;
        }
        problem("Two document paths overlap with each other; must remove or rewrite one of these paths; path one: " +
                path.toString() + ", path two: " + pathToLeaf(path, depth, *node).toString());
    }
}

[[noreturn]] void throwInvalid(Kind kind, const std::string& message)
{
    throwValidation("Invalid " + std::string(parameterName(kind)) + ": " + message);
}

std::vector<Token> checkSizeAndTokenize(std::string_view text, Kind kind)
{
    if (text.empty()) throwInvalid(kind, "The expression can not be empty;");
    // DynamoDB's limit is 4 KB; DynamoDB Local counts UTF-16 units, which only differs for
    // non-ASCII text (always a syntax error); the byte count follows the documented limit.
    if (text.size() > kMaxExpressionBytes) {
        bool condition = kind == Kind::Condition || kind == Kind::Filter || kind == Kind::KeyCondition;
        throwInvalid(kind, condition ? "Expression size has exceeded the maximum allowed size; expression size: " +
                                           std::to_string(text.size())
                                     : std::string("Expression size has exceeded the maximum allowed size;"));
    }
    return tokenize(text);
}

Condition resolveCondition(Condition parsed, const ResolveInput& in, PlaceholderUse* use)
{
    Resolver r(in, Category::Condition, use);
    r.walkCondition(parsed, 0);
    r.validateCondition(parsed);
    r.checkCombinedSize();
    return parsed;
}

std::vector<UpdateAction> resolveUpdate(ParsedUpdate parsed, const ResolveInput& in, PlaceholderUse* use,
                                        std::shared_ptr<PathTree>* treeOut)
{
    Resolver r(in, Category::Update, use);
    bool seen[4] = {false, false, false, false};
    size_t next = 0;
    for (const auto& [kind, count] : parsed.sections) {
        for (size_t i = next; i < next + count; ++i) {
            UpdateAction& a = parsed.actions[i];
            r.walkPath(a.path);
            if (a.kind == UpdateAction::Kind::Set) r.walkOperand(a.value, 0);
        }
        next += count;
        int k = static_cast<int>(kind);
        if (seen[k]) {
            static const char* kNames[] = {"SET", "REMOVE", "ADD", "DELETE"};
            problem(std::string("The \"") + kNames[k] + "\" section can only be used once in an update expression;");
        }
        seen[k] = true;
    }
    auto tree = std::make_shared<PathTree>();
    std::vector<UpdateAction>& actions = parsed.actions;
    for (size_t i = actions.size(); i-- > 0;) {
        r.validatePath(actions[i].path);
        insertPath(*tree, actions[i].path, static_cast<int>(i));
    }
    for (size_t i = actions.size(); i-- > 0;) {
        if (actions[i].kind != UpdateAction::Kind::Remove) r.validateOperand(actions[i].value);
        r.validateUpdateAction(actions[i]);
    }
    r.checkCombinedSize();
    *treeOut = std::move(tree);
    return std::move(parsed.actions);
}

std::vector<Path> resolveProjection(std::vector<Path> parsed, const ResolveInput& in, PlaceholderUse* use,
                                    std::shared_ptr<PathTree>* treeOut)
{
    Resolver r(in, Category::Projection, use);
    for (auto& p : parsed) r.walkPath(p);
    auto tree = std::make_shared<PathTree>();
    for (size_t i = parsed.size(); i-- > 0;) {
        r.validatePath(parsed[i]);
        insertPath(*tree, parsed[i], static_cast<int>(i));
    }
    r.checkCombinedSize();
    *treeOut = std::move(tree);
    return parsed;
}

}  // namespace keyplan::dynamo::expr::detail
