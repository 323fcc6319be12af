#include "widgets/console/StatementCompletion.h"

#include "partiql/Lexer.h"

#include <QRegularExpression>

namespace keyplan::widgets {

namespace {

using partiql::Token;
using partiql::TokenKind;

std::vector<Token> tokensOf(const QByteArray& utf8)
{
    return partiql::tokenize(std::string_view(utf8.constData(), size_t(utf8.size())));
}

size_t endOf(const Token& t) { return t.offset + t.length; }

bool isName(const Token& t) { return t.kind == TokenKind::Identifier || t.kind == TokenKind::QuotedIdentifier; }

// A word being typed: a name, a keyword (a bare word that happens to be reserved), or a "quote
// not closed yet.
bool isWord(const Token& t, const QByteArray& utf8)
{
    if (isName(t) || t.kind == TokenKind::Keyword) return true;
    return t.kind == TokenKind::Error && t.offset < size_t(utf8.size()) && utf8[qsizetype(t.offset)] == '"';
}

QString nameText(const Token& t) { return QString::fromStdString(t.text); }

// A name without its leading quote, for matching what is typed against what is offered.
QString unquoted(const QString& s) { return s.startsWith(QLatin1Char('"')) ? s.mid(1) : s; }

const QStringList& statementStarts()
{
    static const QStringList words{QStringLiteral("SELECT"), QStringLiteral("INSERT INTO"), QStringLiteral("UPDATE"),
                                   QStringLiteral("DELETE FROM")};
    return words;
}

// What may follow or join attribute names in a statement DynamoDB runs.
const QStringList& clauseWords()
{
    static const QStringList words{QStringLiteral("FROM"),
                                   QStringLiteral("WHERE"),
                                   QStringLiteral("AND"),
                                   QStringLiteral("OR"),
                                   QStringLiteral("NOT"),
                                   QStringLiteral("IN"),
                                   QStringLiteral("BETWEEN"),
                                   QStringLiteral("IS"),
                                   QStringLiteral("MISSING"),
                                   QStringLiteral("NULL"),
                                   QStringLiteral("SET"),
                                   QStringLiteral("REMOVE"),
                                   QStringLiteral("VALUE"),
                                   QStringLiteral("ORDER BY"),
                                   QStringLiteral("ASC"),
                                   QStringLiteral("DESC"),
                                   QStringLiteral("begins_with"),
                                   QStringLiteral("contains"),
                                   QStringLiteral("attribute_type"),
                                   QStringLiteral("size"),
                                   QStringLiteral("exists"),
                                   QStringLiteral("missing")};
    return words;
}

QStringList tableWords(const StatementCatalog& catalog)
{
    QStringList out;
    for (const auto& t : catalog.tables) {
        out << quotedName(t.name);
        for (const auto& index : t.indexes) out << quotedName(t.name) + QLatin1Char('.') + quotedName(index);
    }
    return out;
}

QStringList attributeWords(const StatementCatalog& catalog, const QString& table, bool quoted)
{
    QStringList names;
    for (const auto& t : catalog.tables)
        if (table.isEmpty() || t.name == table) names << t.attributes;
    names.removeDuplicates();
    names.sort(Qt::CaseInsensitive);
    QStringList out;
    for (const auto& n : names) out << (quoted ? quotedName(n) : partiqlName(n));
    return out;
}

}  // namespace

QString quotedName(const QString& name)
{
    QString inner = name;
    inner.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + inner + QLatin1Char('"');
}

QString partiqlName(const QString& name)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (plain.match(name).hasMatch() && !partiql::isReservedWord(name.toLower().toStdString())) return name;
    return quotedName(name);
}

StatementTarget statementTarget(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    const std::vector<Token> tokens = tokensOf(utf8);
    for (size_t i = 0; i + 1 < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (!(t.isKeyword("from") || t.isKeyword("into") || t.isKeyword("update")) || !isName(tokens[i + 1])) continue;
        StatementTarget target{nameText(tokens[i + 1]), {}};
        if (i + 3 < tokens.size() && tokens[i + 2].isPunctuation(".") && isName(tokens[i + 3]))
            target.index = nameText(tokens[i + 3]);
        return target;
    }
    return {};
}

StatementCompletion completeStatement(const QString& text, int cursor, const StatementCatalog& catalog)
{
    const QByteArray before = text.left(cursor).toUtf8();
    const std::vector<Token> tokens = tokensOf(before);
    const size_t count = tokens.size() - 1;  // without End
    const size_t cursorByte = size_t(before.size());
    // The first token of the word at the cursor (count when the cursor starts a new word).
    size_t first = count;
    if (count > 0 && isWord(tokens[count - 1], before) && endOf(tokens[count - 1]) == cursorByte) first = count - 1;
    // "Table"."Ind: the table and its dot belong to the word, so "Table"."Index" completes whole.
    const size_t wordStart = first < count ? tokens[first].offset : cursorByte;
    if (first >= 2 && tokens[first - 1].isPunctuation(".") && endOf(tokens[first - 1]) == wordStart &&
        isName(tokens[first - 2]) && endOf(tokens[first - 2]) == tokens[first - 1].offset)
        first -= 2;
    const size_t startByte = first < count ? tokens[first].offset : cursorByte;

    StatementCompletion out;
    out.start = int(QString::fromUtf8(before.left(qsizetype(startByte))).size());
    out.prefix = text.mid(out.start, cursor - out.start);
    // Inside a string, a number or a comment not closed: no name goes there.
    if (first == count && count > 0) {
        const Token& last = tokens[count - 1];
        const bool glued = endOf(last) == cursorByte;
        if ((glued && (last.kind == TokenKind::String || last.kind == TokenKind::Number)) || last.kind == TokenKind::Error)
            return out;
    }
    QStringList candidates;
    if (first == 0) {
        candidates = statementStarts();
    } else {
        const Token& previous = tokens[first - 1];
        if (previous.isKeyword("from") || previous.isKeyword("into") || previous.isKeyword("update")) {
            candidates = tableWords(catalog);
        } else {
            const bool quoted = out.prefix.startsWith(QLatin1Char('"'));
            candidates = attributeWords(catalog, statementTarget(text).table, quoted);
            if (!quoted) candidates << clauseWords();
        }
    }
    const QString typed = unquoted(out.prefix);
    for (const auto& c : candidates) {
        const QString offered = unquoted(c);
        if (offered.startsWith(typed, Qt::CaseInsensitive) && c.compare(out.prefix, Qt::CaseInsensitive) != 0) out.words << c;
    }
    return out;
}

}  // namespace keyplan::widgets
