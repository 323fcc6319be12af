#include "dynamo/expr/Parser.h"

namespace keyplan::dynamo::expr::detail {

namespace {

// DynamoDB's parser is ANTLR 4 generated from a grammar equivalent to:
//   condition  : NOT condition | operand comparator operand | operand IN '(' operand (',' operand)* ')'
//              | operand BETWEEN operand AND operand | function | '(' condition ')'
//              | condition AND condition | condition OR condition      (NOT > AND > OR, AND/OR right-nested)
//   update     : (SET set_action (',' set_action)* | ADD path literal (',' ...)* | DELETE ... | REMOVE path (',' path)*)+
//   set_value  : operand | arithmetic;  arithmetic : operand ('+'|'-') operand | '(' arithmetic ')'
//   operand    : path | literal | function | '(' operand ')';  function : ID '(' operand (',' operand)* ')'
//   path       : (ID | #name) ('.' (ID | #name) | '.' :value | '[' INDEX ']')*
//   projection : path (',' path)*
// Doubled parentheses are rejected while parsing ("redundant parentheses"). Whether that error or
// a syntax error further right wins depends on how far ANTLR looked ahead before committing, so
// the ambiguous decisions (a condition starting with '(', a SET value, an arithmetic '(') are
// predicted here the way ANTLR's adaptive prediction does it.

template <typename T>
struct Parens {
    T value;
    bool parens = false;  // the construct is itself wrapped in parentheses
};

class SyntaxParser {
public:
    SyntaxParser(std::string_view source, const std::vector<Token>& tokens) : src_(source), toks_(tokens) {}

    Condition conditionTop()
    {
        Condition c = condition(0).value;
        if (tok() != Tok::End) fail(pos_);
        return c;
    }

    ParsedUpdate updateTop()
    {
        ParsedUpdate out;
        if (!isSectionStart(tok())) fail(pos_);
        while (isSectionStart(tok())) {
            Tok section = tok();
            ++pos_;
            size_t before = out.actions.size();
            UpdateAction::Kind kind = section == Tok::Set      ? UpdateAction::Kind::Set
                                      : section == Tok::Add    ? UpdateAction::Kind::Add
                                      : section == Tok::Delete ? UpdateAction::Kind::Delete
                                                               : UpdateAction::Kind::Remove;
            do {
                if (out.actions.size() > before) ++pos_;  // the comma
                out.actions.push_back(updateAction(kind));
            } while (tok() == Tok::Comma);
            out.sections.emplace_back(kind, out.actions.size() - before);
        }
        if (tok() != Tok::End) fail(pos_);
        return out;
    }

    std::vector<Path> projectionTop()
    {
        std::vector<Path> paths;
        paths.push_back(path());
        while (tok() == Tok::Comma) {
            ++pos_;
            paths.push_back(path());
        }
        if (tok() != Tok::End) fail(pos_);
        return paths;
    }

private:
    enum class PrimaryAlt { Not, Compare, In, Between, Function, Grouping };

    Tok tok(size_t ahead = 0) const { return at(pos_ + ahead); }
    Tok at(size_t index) const { return index < toks_.size() ? toks_[index].type : Tok::End; }

    static bool isSectionStart(Tok t) { return t == Tok::Set || t == Tok::Add || t == Tok::Delete || t == Tok::Remove; }

    // DynamoDB's ExpressionErrorListener: the offending token, and "near" = previous token,
    // offending token and next token with the whitespace between them.
    [[noreturn]] void fail(size_t index) const
    {
        if (index >= toks_.size()) index = toks_.size() - 1;
        const Token& cur = toks_[index];
        std::string token = cur.type == Tok::End ? std::string("<EOF>") : std::string(cur.text(src_));
        size_t from = index > 0 ? toks_[index - 1].begin : 0;
        size_t to = src_.size();
        if (cur.type != Tok::End && index + 1 < toks_.size() && toks_[index + 1].type != Tok::End) to = toks_[index + 1].end;
        throw ExpressionProblem{"Syntax error; token: \"" + token + "\", near: \"" + std::string(src_.substr(from, to - from)) +
                                "\""};
    }

    [[noreturn]] static void redundantParentheses() { throw ExpressionProblem{"The expression has redundant parentheses;"}; }

    void expect(Tok t)
    {
        if (tok() != t) fail(pos_);
        ++pos_;
    }

    struct DepthGuard {
        explicit DepthGuard(SyntaxParser& p) : parser(p)
        {
            if (++parser.depth_ > kMaxParseDepth) throw ExpressionProblem{"The expression has too many nesting levels;"};
        }
        ~DepthGuard() { --parser.depth_; }
        SyntaxParser& parser;
    };

    // ---- Look-ahead (no AST, no side effects) -------------------------------------------------

    // Scans one operand starting at `i`. Returns the index after it, or -1 with *failAt set to the
    // first token that cannot continue it.
    long scanOperand(size_t i, size_t* failAt, bool* isCall, int depth = 0) const
    {
        if (depth > kMaxParseDepth) {
            *failAt = i;
            return -1;
        }
        if (isCall) *isCall = false;
        Tok t = at(i);
        if (t == Tok::LParen) {
            long j = scanOperand(i + 1, failAt, nullptr, depth + 1);
            if (j < 0) return -1;
            if (at(static_cast<size_t>(j)) != Tok::RParen) {
                *failAt = static_cast<size_t>(j);
                return -1;
            }
            return j + 1;
        }
        if (t == Tok::Id && at(i + 1) == Tok::LParen) {
            if (isCall) *isCall = true;
            size_t j = i + 2;
            while (true) {
                long k = scanOperand(j, failAt, nullptr, depth + 1);
                if (k < 0) return -1;
                j = static_cast<size_t>(k);
                if (at(j) == Tok::Comma) {
                    ++j;
                    continue;
                }
                if (at(j) != Tok::RParen) {
                    *failAt = j;
                    return -1;
                }
                return static_cast<long>(j + 1);
            }
        }
        if (t == Tok::Id || t == Tok::NameRef) return scanPathTail(i + 1, failAt);
        if (t == Tok::ValueRef) return static_cast<long>(i + 1);
        *failAt = i;
        return -1;
    }

    long scanPathTail(size_t j, size_t* failAt) const
    {
        while (true) {
            if (at(j) == Tok::Dot) {
                Tok n = at(j + 1);
                if (n != Tok::Id && n != Tok::NameRef && n != Tok::ValueRef) {
                    *failAt = j + 1;
                    return -1;
                }
                j += 2;
            } else if (at(j) == Tok::LBracket) {
                if (at(j + 1) != Tok::Index) {
                    *failAt = j + 1;
                    return -1;
                }
                if (at(j + 2) != Tok::RBracket) {
                    *failAt = j + 2;
                    return -1;
                }
                j += 3;
            } else {
                return static_cast<long>(j);
            }
        }
    }

    // The '(' tokens from *i on: how many, with *i left on the token after them.
    size_t skipOpenParens(size_t* i) const
    {
        size_t count = 0;
        for (; at(*i) == Tok::LParen; ++*i) ++count;
        return count;
    }

    // Where the operand that starts at i ends; an error at the token where no operand can go on.
    size_t operandEnd(size_t i, bool* isCall) const
    {
        size_t failAt = i;
        const long end = scanOperand(i, &failAt, isCall);
        if (end < 0) fail(failAt);
        return static_cast<size_t>(end);
    }

    // Which alternative of `condition` starts here, deciding as ANTLR's prediction does: it reads
    // until one alternative is left, and if every alternative dies on a token it reports that
    // token, unless one of them had already completed the condition (then that one is taken and
    // the error surfaces later, at the same token).
    PrimaryAlt predictPrimary() const
    {
        if (tok() == Tok::Not) return PrimaryAlt::Not;
        size_t i = pos_;
        const size_t k = skipOpenParens(&i);
        if (k > 0 && at(i) == Tok::Not) return PrimaryAlt::Grouping;
        bool isCall = false;
        size_t j = operandEnd(i, &isCall);
        size_t d = k;
        while (true) {
            Tok t = at(j);
            if (t == Tok::RParen && d > 0) {
                --d;
                ++j;
                continue;
            }
            if (isComparator(t) || t == Tok::In || t == Tok::Between) {
                if (d > 0) return PrimaryAlt::Grouping;
                return isComparator(t) ? PrimaryAlt::Compare : t == Tok::In ? PrimaryAlt::In : PrimaryAlt::Between;
            }
            if ((t == Tok::And || t == Tok::Or) && d > 0 && isCall) return PrimaryAlt::Grouping;
            if (d == 0 && isCall) return k == 0 ? PrimaryAlt::Function : PrimaryAlt::Grouping;
            fail(j);
        }
    }

    // set_value: a plain operand or arithmetic (both may start with '(').
    bool predictArithmeticValue() const
    {
        size_t i = pos_;
        const size_t k = skipOpenParens(&i);
        size_t j = operandEnd(i, nullptr);
        size_t d = k;
        while (true) {
            Tok t = at(j);
            if (t == Tok::RParen && d > 0) {
                --d;
                ++j;
                continue;
            }
            if (t == Tok::Plus || t == Tok::Minus) return true;
            if (d == 0) return false;
            fail(j);
        }
    }

    // arithmetic: '(' arithmetic ')' or operand +/- operand whose first operand is parenthesised.
    bool predictArithmeticParens() const
    {
        size_t i = pos_;
        const size_t k = skipOpenParens(&i);
        if (k == 0) return false;
        size_t j = operandEnd(i, nullptr);
        size_t d = k;
        while (true) {
            Tok t = at(j);
            if (t == Tok::RParen && d > 0) {
                --d;
                ++j;
                if (d == 0) return false;
                continue;
            }
            if (t == Tok::Plus || t == Tok::Minus) return true;
            fail(j);
        }
    }

    // ---- Rules --------------------------------------------------------------------------------

    Parens<Condition> condition(int minPrecedence)
    {
        DepthGuard guard(*this);
        Parens<Condition> left = primary();
        while (true) {
            Condition::Kind kind;
            int next;
            if (tok() == Tok::And && 2 >= minPrecedence) {
                kind = Condition::Kind::And;
                next = 2;
            } else if (tok() == Tok::Or && 1 >= minPrecedence) {
                kind = Condition::Kind::Or;
                next = 1;
            } else {
                break;
            }
            ++pos_;
            Condition combined;
            combined.kind = kind;
            combined.children.reserve(2);
            combined.children.push_back(std::move(left.value));
            combined.children.push_back(condition(next).value);
            left.value = std::move(combined);
            left.parens = false;
        }
        return left;
    }

    Parens<Condition> primary()
    {
        Parens<Condition> out;
        Condition& c = out.value;
        switch (predictPrimary()) {
        case PrimaryAlt::Not:
            ++pos_;
            c.kind = Condition::Kind::Not;
            c.children.push_back(condition(3).value);
            break;
        case PrimaryAlt::Compare: {
            c.kind = Condition::Kind::Compare;
            c.operands.push_back(operand());
            Tok t = tok();
            if (!isComparator(t)) fail(pos_);
            ++pos_;
            c.comparator = static_cast<Comparator>(static_cast<int>(t) - static_cast<int>(Tok::Eq));
            c.operands.push_back(operand());
            break;
        }
        case PrimaryAlt::In:
            c.kind = Condition::Kind::In;
            c.operands.push_back(operand());
            expect(Tok::In);
            expect(Tok::LParen);
            c.operands.push_back(operand());
            while (tok() == Tok::Comma) {
                ++pos_;
                c.operands.push_back(operand());
            }
            expect(Tok::RParen);
            break;
        case PrimaryAlt::Between:
            c.kind = Condition::Kind::Between;
            c.operands.push_back(operand());
            expect(Tok::Between);
            c.operands.push_back(operand());
            expect(Tok::And);
            c.operands.push_back(operand());
            break;
        case PrimaryAlt::Function: {
            Operand call = functionCall();
            c.kind = Condition::Kind::Call;
            c.text = std::move(call.text);
            c.operands = std::move(call.args);
            break;
        }
        case PrimaryAlt::Grouping: {
            ++pos_;
            Parens<Condition> inner = condition(0);
            expect(Tok::RParen);
            if (inner.parens) redundantParentheses();
            out.value = std::move(inner.value);
            out.parens = true;
            break;
        }
        }
        return out;
    }

    // operand : path | literal | function | '(' operand ')'. Nested parentheses are counted
    // rather than recursed into; the second closing one is DynamoDB's "redundant" error.
    Operand operand()
    {
        DepthGuard guard(*this);
        size_t opened = 0;
        while (tok() == Tok::LParen) {
            ++pos_;
            ++opened;
        }
        Operand o;
        Tok t = tok();
        if (t == Tok::Id && tok(1) == Tok::LParen) {
            o = functionCall();
        } else if (t == Tok::Id || t == Tok::NameRef) {
            o.kind = Operand::Kind::Path;
            o.path = path();
        } else if (t == Tok::ValueRef) {
            o.kind = Operand::Kind::Value;
            o.text = std::string(toks_[pos_].text(src_));
            ++pos_;
        } else {
            fail(pos_);
        }
        for (size_t level = 1; level <= opened; ++level) {
            expect(Tok::RParen);
            if (level >= 2) redundantParentheses();
        }
        return o;
    }

    Operand functionCall()
    {
        Operand o;
        o.kind = Operand::Kind::Call;
        o.text = std::string(toks_[pos_].text(src_));
        pos_ += 2;  // ID '('
        o.args.push_back(operand());
        while (tok() == Tok::Comma) {
            ++pos_;
            o.args.push_back(operand());
        }
        expect(Tok::RParen);
        return o;
    }

    // Path elements keep their source text here: "name", "#ref", ":ref" (after a dot) or the
    // digits of an index; Resolve.cpp substitutes and checks them.
    Path path()
    {
        Path p;
        Tok t = tok();
        if (t != Tok::Id && t != Tok::NameRef) fail(pos_);
        p.elements.push_back(PathElement{PathElement::Kind::Name, 0, std::string(toks_[pos_].text(src_))});
        ++pos_;
        while (true) {
            if (tok() == Tok::Dot) {
                Tok n = tok(1);
                if (n != Tok::Id && n != Tok::NameRef && n != Tok::ValueRef) fail(pos_ + 1);
                p.elements.push_back(PathElement{PathElement::Kind::Name, 0, std::string(toks_[pos_ + 1].text(src_))});
                pos_ += 2;
            } else if (tok() == Tok::LBracket) {
                if (tok(1) != Tok::Index) fail(pos_ + 1);
                if (tok(2) != Tok::RBracket) fail(pos_ + 2);
                p.elements.push_back(PathElement{PathElement::Kind::Index, 0, std::string(toks_[pos_ + 1].text(src_))});
                pos_ += 3;
            } else {
                return p;
            }
        }
    }

    UpdateAction updateAction(UpdateAction::Kind kind)
    {
        UpdateAction a;
        a.kind = kind;
        a.path = path();
        switch (kind) {
        case UpdateAction::Kind::Set:
            expect(Tok::Eq);
            a.value = predictArithmeticValue() ? arithmetic().value : operand();
            break;
        case UpdateAction::Kind::Add:
        case UpdateAction::Kind::Delete:
            if (tok() != Tok::ValueRef) fail(pos_);
            a.value.kind = Operand::Kind::Value;
            a.value.text = std::string(toks_[pos_].text(src_));
            ++pos_;
            break;
        case UpdateAction::Kind::Remove: break;
        }
        return a;
    }

    Parens<Operand> arithmetic()
    {
        DepthGuard guard(*this);
        Parens<Operand> out;
        if (predictArithmeticParens()) {
            ++pos_;
            Parens<Operand> inner = arithmetic();
            expect(Tok::RParen);
            if (inner.parens) redundantParentheses();
            out.value = std::move(inner.value);
            out.parens = true;
            return out;
        }
        Operand left = operand();
        Tok t = tok();
        if (t != Tok::Plus && t != Tok::Minus) fail(pos_);
        ++pos_;
        Operand right = operand();
        out.value.kind = t == Tok::Plus ? Operand::Kind::Plus : Operand::Kind::Minus;
        out.value.args.reserve(2);
        out.value.args.push_back(std::move(left));
        out.value.args.push_back(std::move(right));
        return out;
    }

    std::string_view src_;
    const std::vector<Token>& toks_;
    size_t pos_ = 0;
    int depth_ = 0;
};

}  // namespace

Condition parseConditionSyntax(std::string_view source, const std::vector<Token>& tokens)
{
    return SyntaxParser(source, tokens).conditionTop();
}

ParsedUpdate parseUpdateSyntax(std::string_view source, const std::vector<Token>& tokens)
{
    return SyntaxParser(source, tokens).updateTop();
}

std::vector<Path> parseProjectionSyntax(std::string_view source, const std::vector<Token>& tokens)
{
    return SyntaxParser(source, tokens).projectionTop();
}

}  // namespace keyplan::dynamo::expr::detail
