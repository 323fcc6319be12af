#include "partiql/Lexer.h"

namespace keyplan::partiql {

namespace {

bool isIdentifierStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentifierPart(char c) { return isIdentifierStart(c) || isDigit(c); }

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

// Skips white space and comments; false when a /* comment is never closed.
bool skipBlank(std::string_view text, size_t& i)
{
    for (;;) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' || text[i] == '\f'))
            ++i;
        if (text.substr(i, 2) == "--") {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (text.substr(i, 2) == "/*") {
            const size_t end = text.find("*/", i + 2);
            if (end == std::string_view::npos) return false;
            i = end + 2;
        } else {
            return true;
        }
    }
}

// A quoted run ('...' or "..."), a doubled quote standing for one; false when unterminated.
bool readQuoted(std::string_view text, size_t& i, char quote, std::string& out)
{
    ++i;
    while (i < text.size()) {
        if (text[i] == quote) {
            if (i + 1 < text.size() && text[i + 1] == quote) {
                out += quote;
                i += 2;
                continue;
            }
            ++i;
            return true;
        }
        out += text[i++];
    }
    return false;
}

// 12, 1.5, .5, 5., 1e3, 1.5E-2
size_t numberLength(std::string_view text, size_t i)
{
    const size_t start = i;
    while (i < text.size() && isDigit(text[i])) ++i;
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && isDigit(text[i])) ++i;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        size_t j = i + 1;
        if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
        if (j < text.size() && isDigit(text[j])) {
            while (j < text.size() && isDigit(text[j])) ++j;
            i = j;
        }
    }
    return i - start;
}

constexpr std::string_view kTwoCharacterPunctuation[] = {"<<", ">>", "<>", "!=", "<=", ">=", "||"};
constexpr std::string_view kOneCharacterPunctuation = "()[]{},.:;*=<>+-/%";

}  // namespace

std::vector<Token> tokenize(std::string_view text)
{
    std::vector<Token> tokens;
    size_t i = 0;
    auto add = [&](TokenKind kind, std::string value, size_t start) {
        tokens.push_back({kind, std::move(value), start, i - start});
    };
    for (;;) {
        if (!skipBlank(text, i)) {
            const size_t start = i;
            i = text.size();
            add(TokenKind::Error, "/*", start);
            break;
        }
        if (i >= text.size()) break;
        const size_t start = i;
        const char c = text[i];
        if (isIdentifierStart(c)) {
            while (i < text.size() && isIdentifierPart(text[i])) ++i;
            const std::string_view word = text.substr(start, i - start);
            std::string folded = lower(word);
            if (isReservedWord(folded)) add(TokenKind::Keyword, std::move(folded), start);
            else add(TokenKind::Identifier, std::string(word), start);
        } else if (c == '"' || c == '\'') {
            std::string value;
            const bool closed = readQuoted(text, i, c, value);
            add(closed ? (c == '"' ? TokenKind::QuotedIdentifier : TokenKind::String) : TokenKind::Error, std::move(value), start);
        } else if (c == '`') {
            const size_t end = text.find('`', i + 1);
            i = end == std::string_view::npos ? text.size() : end + 1;
            add(end == std::string_view::npos ? TokenKind::Error : TokenKind::IonLiteral,
                std::string(text.substr(start + 1, i - start - (end == std::string_view::npos ? 1 : 2))), start);
        } else if (isDigit(c) || (c == '.' && i + 1 < text.size() && isDigit(text[i + 1]))) {
            i += numberLength(text, i);
            add(TokenKind::Number, std::string(text.substr(start, i - start)), start);
        } else if (c == '?') {
            ++i;
            add(TokenKind::Parameter, "?", start);
        } else {
            std::string_view two = text.substr(i, 2);
            bool matched = false;
            for (std::string_view p : kTwoCharacterPunctuation) {
                if (two == p) {
                    i += 2;
                    add(TokenKind::Punctuation, std::string(p == "!=" ? "<>" : p), start);
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                ++i;
                const bool known = kOneCharacterPunctuation.find(c) != std::string_view::npos;
                add(known ? TokenKind::Punctuation : TokenKind::Error, std::string(1, c), start);
            }
        }
    }
    tokens.push_back({TokenKind::End, {}, text.size(), 0});
    return tokens;
}

std::string positionText(std::string_view text, size_t offset, size_t length)
{
    size_t line = 1;
    size_t column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column) + ":" + std::to_string(length);
}

}  // namespace keyplan::partiql
