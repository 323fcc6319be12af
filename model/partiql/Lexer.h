// PartiQL's tokens as DynamoDB reads them: identifiers (bare, or "quoted" with "" for a quote),
// 'strings' ('' for a quote), numbers, the ? parameter, punctuation and operators (<<, >>, <>,
// !=, <=, >=, ||), keywords (SQL-92's and PartiQL's reserved words, case-insensitive), comments
// (-- to the end of the line, /* ... */) skipped. Never throws: a character no token starts with,
// an unterminated string or identifier, or an Ion `literal` is a token of kind Error, so an
// editor can colour and complete a statement while it is being typed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::partiql {

enum class TokenKind {
    Identifier,        // bare: text is as written
    QuotedIdentifier,  // "...": text is the name, quotes removed and "" unescaped
    Keyword,           // text is lower case
    String,            // '...': text is the value, '' unescaped
    Number,            // text as written
    Parameter,         // ?
    Punctuation,       // ( ) [ ] { } , . : ; * << >> and the operators = <> != < <= > >= + - / % ||
    IonLiteral,        // `...`, which DynamoDB refuses
    Error,             // unterminated or unknown
    End,
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    size_t offset = 0;  // byte offset in the statement
    size_t length = 0;  // bytes the token spans in the statement
    bool is(TokenKind k, std::string_view t) const { return kind == k && text == t; }
    bool isKeyword(std::string_view t) const { return is(TokenKind::Keyword, t); }
    bool isPunctuation(std::string_view t) const { return is(TokenKind::Punctuation, t); }
};

// Every token of `text`, ending with one of kind End.
std::vector<Token> tokenize(std::string_view text);

// PartiQL's reserved words (lower case): a bare identifier may not be one ("SELECT date FROM t" is
// not well formed; "date" quoted is an attribute name).
bool isReservedWord(std::string_view lowerCaseWord);

// 1-based line and column of a byte offset, as DynamoDB's messages give positions ("at 1:8:5").
std::string positionText(std::string_view text, size_t offset, size_t length);

}  // namespace keyplan::partiql
