// What the PartiQL editor offers at the cursor, worked out from partiql::tokenize() alone (so a
// statement half typed, or with an unterminated "quote, still completes): table names after FROM,
// INTO and UPDATE, with each table's indexes as "Table"."Index"; attribute names of the statement's
// table elsewhere, with the keywords that can follow; the statement's first word at the start.
// Kept apart from the editor so the rules are plain functions with plain tests.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace keyplan::widgets {

// The names a statement can use: the store's tables with their indexes and the attribute names
// known for each (the design's, the store's key attributes, what the layouts have read).
struct StatementCatalog {
    struct Table {
        QString name;
        QStringList indexes;
        QStringList attributes;
    };
    QList<Table> tables;
};

struct StatementCompletion {
    int start = 0;      // where the word the completion replaces begins (a QString position)
    QString prefix;     // that word, up to the cursor
    QStringList words;  // what may replace it, written as PartiQL needs them (quoted where needed)
};

// The completion at `cursor` (a QString position in `text`); words only those matching the prefix
// (case-insensitively, a leading quote on either side ignored), the prefix itself left out.
StatementCompletion completeStatement(const QString& text, int cursor, const StatementCatalog& catalog);

// The table a statement names (FROM, INTO, UPDATE), and the index of "Table"."Index"; empty when
// it names none yet.
struct StatementTarget {
    QString table;
    QString index;
};
StatementTarget statementTarget(const QString& text);

// An attribute name as PartiQL takes it: bare when it is a plain identifier and no reserved word,
// else "quoted" (a quote inside doubled).
QString partiqlName(const QString& name);
// A table or index name, always quoted as DynamoDB's examples write them.
QString quotedName(const QString& name);

}  // namespace keyplan::widgets
