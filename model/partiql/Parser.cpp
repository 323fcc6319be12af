#include "partiql/Parser.h"

#include "dynamo/Error.h"
#include "partiql/Lexer.h"

namespace keyplan::partiql {

using dynamo::AttributeValue;
using dynamo::expr::Comparator;
using dynamo::expr::PathElement;

namespace {

// Keywords that are functions when a parenthesis follows (PartiQL's function-name keywords).
constexpr std::string_view kFunctionKeywords[] = {
    "exists",           "count",        "avg",        "max",  "min",  "sum", "size", "substring", "upper", "lower", "char_length",
    "character_length", "octet_length", "bit_length", "sexp", "list", "bag"};

bool isFunctionKeyword(std::string_view word)
{
    for (std::string_view k : kFunctionKeywords)
        if (k == word) return true;
    return false;
}

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text), tokens_(tokenize(text)) {}

    Statement statement()
    {
        Statement s;
        if (accept(TokenKind::Keyword, "select")) {
            s.kind = Statement::Kind::Select;
            s.select = select();
        } else if (peek().isKeyword("exists") && peek(1).isPunctuation("(")) {
            next();
            next();
            expectKeyword("select");
            s.kind = Statement::Kind::Exists;
            s.select = select();
            expectPunctuation(")");
        } else if (accept(TokenKind::Keyword, "insert")) {
            s.kind = Statement::Kind::Insert;
            s.insert = insert();
        } else if (accept(TokenKind::Keyword, "update")) {
            s.kind = Statement::Kind::Update;
            s.update = update();
        } else if (accept(TokenKind::Keyword, "delete")) {
            s.kind = Statement::Kind::Delete;
            s.del = remove();
        } else {
            malformed();
        }
        accept(TokenKind::Punctuation, ";");
        if (peek().kind != TokenKind::End) malformed();
        s.parameterCount = parameters_;
        return s;
    }

private:
    // ---- Tokens ----

    const Token& peek(size_t ahead = 0) const
    {
        const size_t i = pos_ + ahead;
        return i < tokens_.size() ? tokens_[i] : tokens_.back();
    }
    const Token& next()
    {
        const Token& t = peek();
        if (t.kind == TokenKind::Error || t.kind == TokenKind::IonLiteral) malformed();
        if (pos_ < tokens_.size() - 1) ++pos_;
        return t;
    }
    bool accept(TokenKind kind, std::string_view text)
    {
        if (!peek().is(kind, text)) return false;
        next();
        return true;
    }
    void expectKeyword(std::string_view k)
    {
        if (!accept(TokenKind::Keyword, k)) malformed();
    }
    void expectPunctuation(std::string_view p)
    {
        if (!accept(TokenKind::Punctuation, p)) malformed();
    }
    [[noreturn]] void malformed() const
    {
        dynamo::throwValidation("Statement wasn't well formed, can't be processed: " + std::string(text_));
    }
    [[noreturn]] void unexpectedPathComponent(size_t offset, size_t length) const
    {
        dynamo::throwValidation("Unexpected path component at " + positionText(text_, offset, length));
    }
    static bool isName(const Token& t) { return t.kind == TokenKind::Identifier || t.kind == TokenKind::QuotedIdentifier; }

    // ---- Statements ----

    Target target()
    {
        Target t;
        if (!isName(peek())) malformed();
        t.table = next().text;
        if (accept(TokenKind::Punctuation, ".")) {
            if (!isName(peek())) malformed();
            t.index = next().text;
            if (peek().isPunctuation(".")) dynamo::throwValidation("A path may contain at most 2 components in the FROM clause");
        }
        return t;
    }

    Select select()
    {
        Select s;
        if ((peek().isKeyword("value") || peek().isKeyword("pivot")) && !peek(1).isKeyword("from"))
            dynamo::throwValidation("Select projection doesn't support value or pivot keywords");
        if (accept(TokenKind::Punctuation, "*")) {
            s.star = true;
        } else {
            do {
                Node item = expression();
                if (!item.isPath()) unexpectedPathComponent(item.offset, item.length);
                s.projection.push_back(std::move(item));
            } while (accept(TokenKind::Punctuation, ","));
        }
        expectKeyword("from");
        s.from = target();
        if (peek().isKeyword("as") || isName(peek())) dynamo::throwValidation("Aliasing is not supported");
        if (accept(TokenKind::Keyword, "where")) s.where = expression();
        if (accept(TokenKind::Keyword, "order")) {
            expectKeyword("by");
            do {
                if (!isName(peek())) malformed();
                OrderKey key{next().text, false};
                if (accept(TokenKind::Keyword, "desc")) key.descending = true;
                else accept(TokenKind::Keyword, "asc");
                s.orderBy.push_back(std::move(key));
            } while (accept(TokenKind::Punctuation, ","));
        }
        return s;
    }

    Insert insert()
    {
        Insert s;
        expectKeyword("into");
        s.into = target();
        expectKeyword("value");
        s.item = expression();
        return s;
    }

    Returning returning(std::string* textOut)
    {
        if (!peek().isKeyword("returning")) return Returning::None;
        const size_t start = peek().offset;
        next();
        const bool all = accept(TokenKind::Keyword, "all");
        if (!all) expectKeyword("modified");
        const bool old = accept(TokenKind::Keyword, "old");
        if (!old) expectKeyword("new");
        const Token& star = peek();
        expectPunctuation("*");
        *textOut = std::string(text_.substr(start, star.offset + star.length - start));
        if (all) return old ? Returning::AllOld : Returning::AllNew;
        return old ? Returning::ModifiedOld : Returning::ModifiedNew;
    }

    Update update()
    {
        Update s;
        s.table = target();
        for (;;) {
            if (accept(TokenKind::Keyword, "set")) {
                do {
                    UpdateAction a;
                    a.path = path();
                    expectPunctuation("=");
                    a.value = expression();
                    s.actions.push_back(std::move(a));
                } while (accept(TokenKind::Punctuation, ","));
            } else if (accept(TokenKind::Keyword, "remove")) {
                UpdateAction a;
                a.remove = true;
                a.path = path();
                s.actions.push_back(std::move(a));
            } else {
                break;
            }
        }
        if (s.actions.empty()) malformed();
        if (accept(TokenKind::Keyword, "where")) s.where = expression();
        s.returning = returning(&s.returningText);
        return s;
    }

    Delete remove()
    {
        Delete s;
        expectKeyword("from");
        s.from = target();
        if (accept(TokenKind::Keyword, "where")) s.where = expression();
        s.returning = returning(&s.returningText);
        return s;
    }

    // ---- Expressions, by PartiQL's precedence: OR, AND, NOT, = <> IS IN, < <= > >= BETWEEN LIKE,
    // + - ||, * / %, unary ----

    static Node binary(Node::Kind kind, Node left, Node right)
    {
        Node n;
        n.kind = kind;
        n.offset = left.offset;
        n.length = left.length;
        n.children.push_back(std::move(left));
        n.children.push_back(std::move(right));
        return n;
    }

    Node expression()
    {
        Node left = conjunction();
        while (accept(TokenKind::Keyword, "or")) left = binary(Node::Kind::Or, std::move(left), conjunction());
        return left;
    }

    Node conjunction()
    {
        Node left = negation();
        while (accept(TokenKind::Keyword, "and")) left = binary(Node::Kind::And, std::move(left), negation());
        return left;
    }

    Node negation()
    {
        if (!peek().isKeyword("not")) return equality();
        const Token& t = next();
        Node n;
        n.kind = Node::Kind::Not;
        n.offset = t.offset;
        n.length = t.length;
        n.children.push_back(negation());
        return n;
    }

    Node equality()
    {
        Node left = comparison();
        for (;;) {
            if (peek().isPunctuation("=") || peek().isPunctuation("<>")) {
                const Comparator c = next().text == "=" ? Comparator::Eq : Comparator::Ne;
                left = binary(Node::Kind::Compare, std::move(left), comparison());
                left.comparator = c;
            } else if (peek().isKeyword("is")) {
                const Token& is = next();
                Node n;
                n.kind = Node::Kind::Is;
                n.offset = is.offset;
                n.length = is.length;
                n.negated = accept(TokenKind::Keyword, "not");
                const Token& type = next();
                if (type.kind != TokenKind::Keyword) malformed();
                n.name = type.text;
                n.children.push_back(std::move(left));
                left = std::move(n);
            } else if (peek().isKeyword("in") || (peek().isKeyword("not") && peek(1).isKeyword("in"))) {
                const bool negated = next().text == "not";
                if (negated) next();
                left = binary(Node::Kind::In, std::move(left), comparison());
                left.negated = negated;
            } else {
                return left;
            }
        }
    }

    Node comparison()
    {
        Node left = additive();
        for (;;) {
            const Token& t = peek();
            if (t.isPunctuation("<") || t.isPunctuation("<=") || t.isPunctuation(">") || t.isPunctuation(">=")) {
                const Comparator c = t.text == "<"    ? Comparator::Lt
                                     : t.text == "<=" ? Comparator::Le
                                     : t.text == ">"  ? Comparator::Gt
                                                      : Comparator::Ge;
                next();
                left = binary(Node::Kind::Compare, std::move(left), additive());
                left.comparator = c;
            } else if (t.isKeyword("between") || (t.isKeyword("not") && peek(1).isKeyword("between"))) {
                const bool negated = next().text == "not";
                if (negated) next();
                Node n = binary(Node::Kind::Between, std::move(left), additive());
                expectKeyword("and");
                n.children.push_back(additive());
                n.negated = negated;
                left = std::move(n);
            } else if (t.isKeyword("like") || (t.isKeyword("not") && peek(1).isKeyword("like"))) {
                if (next().text == "not") next();
                left = binary(Node::Kind::Other, std::move(left), additive());
                left.name = "like";
            } else {
                return left;
            }
        }
    }

    Node additive()
    {
        Node left = multiplicative();
        for (;;) {
            const Token& t = peek();
            if (!t.isPunctuation("+") && !t.isPunctuation("-") && !t.isPunctuation("||")) return left;
            const Token& op = next();
            left = binary(op.text == "+"   ? Node::Kind::Plus
                          : op.text == "-" ? Node::Kind::Minus
                                           : Node::Kind::Other,
                          std::move(left), multiplicative());
            left.name = op.text;
            left.offset = op.offset;
            left.length = op.length;
        }
    }

    Node multiplicative()
    {
        Node left = unary();
        for (;;) {
            const Token& t = peek();
            if (!t.isPunctuation("*") && !t.isPunctuation("/") && !t.isPunctuation("%")) return left;
            const Token& op = next();
            left = binary(Node::Kind::Other, std::move(left), unary());
            left.name = op.text;
            left.offset = op.offset;
            left.length = op.length;
        }
    }

    Node unary()
    {
        const Token& t = peek();
        if ((t.isPunctuation("-") || t.isPunctuation("+")) && peek(1).kind == TokenKind::Number) {
            const bool minus = t.text == "-";
            const size_t offset = t.offset;
            next();
            const Token& number = next();
            Node n = literal(AttributeValue::number((minus ? "-" : "") + number.text), offset,
                             number.offset + number.length - offset);
            return n;
        }
        if (t.isPunctuation("-") || t.isPunctuation("+")) {
            const std::string op = next().text;
            Node n;
            n.kind = Node::Kind::Other;
            n.name = op;
            n.offset = t.offset;
            n.length = t.length;
            n.children.push_back(unary());
            return n;
        }
        return primary();
    }

    static Node literal(AttributeValue value, size_t offset, size_t length)
    {
        Node n;
        n.kind = Node::Kind::Literal;
        n.value = std::move(value);
        n.offset = offset;
        n.length = length;
        return n;
    }

    Node collection(Node::Kind kind, std::string_view close)
    {
        const Token& open = next();
        Node n;
        n.kind = kind;
        n.offset = open.offset;
        n.length = open.length;
        if (!accept(TokenKind::Punctuation, close)) {
            do {
                if (kind == Node::Kind::Map) {
                    if (peek().kind != TokenKind::String) malformed();
                    const Token& key = next();
                    n.children.push_back(literal(AttributeValue::string(key.text), key.offset, key.length));
                    expectPunctuation(":");
                }
                n.children.push_back(expression());
            } while (accept(TokenKind::Punctuation, ","));
            expectPunctuation(close);
        }
        return n;
    }

    Node call(const Token& name)
    {
        Node n;
        n.kind = Node::Kind::Call;
        n.name = name.text;
        n.offset = name.offset;
        n.length = name.length;
        next();  // the name
        next();  // (
        if (!accept(TokenKind::Punctuation, ")")) {
            do {
                if (peek().isPunctuation("*")) {
                    const Token& star = next();
                    Node s;
                    s.kind = Node::Kind::Other;
                    s.name = "*";
                    s.offset = star.offset;
                    s.length = star.length;
                    n.children.push_back(std::move(s));
                } else {
                    n.children.push_back(expression());
                }
            } while (accept(TokenKind::Punctuation, ","));
            expectPunctuation(")");
        }
        return n;
    }

    Node primary()
    {
        const Token t = peek();
        switch (t.kind) {
        case TokenKind::String: next(); return literal(AttributeValue::string(t.text), t.offset, t.length);
        case TokenKind::Number: next(); return literal(AttributeValue::number(t.text), t.offset, t.length);
        case TokenKind::Parameter: {
            next();
            Node n;
            n.kind = Node::Kind::Parameter;
            n.parameter = parameters_++;
            n.offset = t.offset;
            n.length = t.length;
            return n;
        }
        case TokenKind::Identifier:
            if (peek(1).isPunctuation("(")) return call(t);
            return path();
        case TokenKind::QuotedIdentifier: return path();
        case TokenKind::Keyword:
            if (t.text == "true" || t.text == "false") {
                next();
                return literal(AttributeValue::boolean(t.text == "true"), t.offset, t.length);
            }
            if (t.text == "null") {
                next();
                return literal(AttributeValue::null(), t.offset, t.length);
            }
            if (t.text == "missing") {
                next();
                Node n;
                n.kind = Node::Kind::Missing;
                n.offset = t.offset;
                n.length = t.length;
                return n;
            }
            if (isFunctionKeyword(t.text) && peek(1).isPunctuation("(")) return call(t);
            malformed();
        case TokenKind::Punctuation:
            if (t.text == "(") {
                next();
                Node inner = expression();
                if (accept(TokenKind::Punctuation, ",")) {
                    // (a, b, ...): a list, as IN (1, 2) writes one.
                    Node list;
                    list.kind = Node::Kind::List;
                    list.offset = t.offset;
                    list.length = t.length;
                    list.children.push_back(std::move(inner));
                    do {
                        list.children.push_back(expression());
                    } while (accept(TokenKind::Punctuation, ","));
                    inner = std::move(list);
                }
                expectPunctuation(")");
                return inner;
            }
            if (t.text == "[") return collection(Node::Kind::List, "]");
            if (t.text == "{") return collection(Node::Kind::Map, "}");
            if (t.text == "<<") return collection(Node::Kind::Bag, ">>");
            malformed();
        default: malformed();
        }
    }

    Node path()
    {
        const Token first = next();
        if (!isName(first)) malformed();
        Node n;
        n.kind = Node::Kind::Path;
        n.offset = first.offset;
        n.length = first.length;
        n.path.push_back(PathElement{PathElement::Kind::Name, 0, first.text});
        for (;;) {
            if (accept(TokenKind::Punctuation, ".")) {
                if (!isName(peek())) malformed();
                n.path.push_back(PathElement{PathElement::Kind::Name, 0, next().text});
            } else if (accept(TokenKind::Punctuation, "[")) {
                const Token& step = peek();
                if (step.kind == TokenKind::String) {
                    n.path.push_back(PathElement{PathElement::Kind::Name, 0, step.text});
                } else if (step.kind == TokenKind::Number && step.text.find_first_not_of("0123456789") == std::string::npos &&
                           step.text.size() <= 9) {
                    n.path.push_back(PathElement{PathElement::Kind::Index, uint32_t(std::stoul(step.text)), {}});
                } else {
                    unexpectedPathComponent(step.offset, step.length);
                }
                next();
                if (!peek().isPunctuation("]")) unexpectedPathComponent(peek().offset, peek().length);
                next();
            } else {
                return n;
            }
        }
    }

    std::string_view text_;
    std::vector<Token> tokens_;
    size_t pos_ = 0;
    int parameters_ = 0;
};

}  // namespace

bool Node::isValue() const
{
    return kind == Kind::Literal || kind == Kind::Parameter || kind == Kind::List || kind == Kind::Map || kind == Kind::Bag;
}

Statement parse(std::string_view text) { return Parser(text).statement(); }

}  // namespace keyplan::partiql
