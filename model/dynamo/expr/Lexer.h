// Internal: the tokenizer shared by every expression kind, mirroring DynamoDB's own grammar
// (checked token by token against DynamoDB Local 1.25's lexer). Whitespace is not a token; the
// gaps between token offsets keep it for the "near" text of syntax errors.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace keyplan::dynamo::expr::detail {

enum class Tok : uint8_t {
    Comma,
    LParen,
    RParen,
    Dot,
    LBracket,
    RBracket,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    In,
    Between,
    Not,
    And,
    Or,
    Set,
    Add,
    Delete,
    Remove,
    Index,     // 0 | [1-9][0-9]*
    Id,        // [a-zA-Z][a-zA-Z0-9_]*, keywords excluded
    NameRef,   // #[a-zA-Z0-9_]+
    ValueRef,  // :[a-zA-Z0-9_]+
    Unknown,   // any other single character
    End,
};

struct Token {
    Tok type = Tok::End;
    uint32_t begin = 0;  // byte offsets into the expression
    uint32_t end = 0;
    std::string_view text(std::string_view source) const { return source.substr(begin, end - begin); }
};

// Always ends with one Tok::End token at source.size().
std::vector<Token> tokenize(std::string_view source);

bool isComparator(Tok t);

}  // namespace keyplan::dynamo::expr::detail
