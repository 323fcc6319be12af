#include "dynamo/expr/Lexer.h"

#include <cstring>

namespace keyplan::dynamo::expr::detail {

namespace {

bool isAlpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool isIdChar(unsigned char c) { return isAlpha(c) || isDigit(c) || c == '_'; }
bool isSpace(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool equalsIgnoreCase(std::string_view a, const char* keyword)
{
    size_t n = std::strlen(keyword);
    if (a.size() != n) return false;
    for (size_t i = 0; i < n; ++i) {
        char c = a[i];
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (c != keyword[i]) return false;
    }
    return true;
}

Tok keywordOrId(std::string_view word)
{
    struct Keyword {
        const char* text;
        Tok tok;
    };
    static const Keyword kKeywords[] = {
        {"IN", Tok::In},   {"BETWEEN", Tok::Between}, {"NOT", Tok::Not},       {"AND", Tok::And},       {"OR", Tok::Or},
        {"SET", Tok::Set}, {"ADD", Tok::Add},         {"DELETE", Tok::Delete}, {"REMOVE", Tok::Remove},
    };
    if (word.size() > 7) return Tok::Id;
    for (const auto& k : kKeywords) {
        if (equalsIgnoreCase(word, k.text)) return k.tok;
    }
    return Tok::Id;
}

// Length of the UTF-8 sequence starting at s[i] (1 for a stray or malformed byte), so that one
// non-ASCII character is one Unknown token as DynamoDB reports it.
size_t utf8Length(std::string_view s, size_t i)
{
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + n > s.size()) return 1;
    for (size_t k = 1; k < n; ++k) {
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
    }
    return n;
}

}  // namespace

bool isComparator(Tok t) { return t >= Tok::Eq && t <= Tok::Ge; }

std::vector<Token> tokenize(std::string_view s)
{
    std::vector<Token> out;
    out.reserve(s.size() / 2 + 2);
    size_t i = 0;
    auto push = [&](Tok t, size_t b, size_t e) { out.push_back(Token{t, static_cast<uint32_t>(b), static_cast<uint32_t>(e)}); };
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (isSpace(c)) {
            ++i;
            continue;
        }
        size_t b = i;
        if (isAlpha(c)) {
            while (i < s.size() && isIdChar(static_cast<unsigned char>(s[i]))) ++i;
            push(keywordOrId(s.substr(b, i - b)), b, i);
            continue;
        }
        if (isDigit(c)) {
            ++i;
            if (c != '0') {
                while (i < s.size() && isDigit(static_cast<unsigned char>(s[i]))) ++i;
            }
            push(Tok::Index, b, i);
            continue;
        }
        if ((c == '#' || c == ':') && i + 1 < s.size() && isIdChar(static_cast<unsigned char>(s[i + 1]))) {
            ++i;
            while (i < s.size() && isIdChar(static_cast<unsigned char>(s[i]))) ++i;
            push(c == '#' ? Tok::NameRef : Tok::ValueRef, b, i);
            continue;
        }
        Tok t = Tok::Unknown;
        size_t len = 1;
        switch (c) {
        case ',': t = Tok::Comma; break;
        case '(': t = Tok::LParen; break;
        case ')': t = Tok::RParen; break;
        case '.': t = Tok::Dot; break;
        case '[': t = Tok::LBracket; break;
        case ']': t = Tok::RBracket; break;
        case '=': t = Tok::Eq; break;
        case '+': t = Tok::Plus; break;
        case '-': t = Tok::Minus; break;
        case '<':
            if (i + 1 < s.size() && s[i + 1] == '>') {
                t = Tok::Ne;
                len = 2;
            } else if (i + 1 < s.size() && s[i + 1] == '=') {
                t = Tok::Le;
                len = 2;
            } else {
                t = Tok::Lt;
            }
            break;
        case '>':
            if (i + 1 < s.size() && s[i + 1] == '=') {
                t = Tok::Ge;
                len = 2;
            } else {
                t = Tok::Gt;
            }
            break;
        default: len = utf8Length(s, i); break;
        }
        i += len;
        push(t, b, i);
    }
    push(Tok::End, s.size(), s.size());
    return out;
}

}  // namespace keyplan::dynamo::expr::detail
