// Word-wrapping for the CLI's prose (verdicts, risks, arithmetic): a first-line prefix, then
// lines of at most `width` characters indented under it.
#pragma once

#include <QString>
#include <QStringList>

namespace keyplan::cli {

inline QString wrapped(const QString& first, const QString& text, int indent, int width = 110)
{
    QString out = first;
    int column = static_cast<int>(first.size());
    bool lineStart = true;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        if (!lineStart && column + 1 + word.size() > width) {
            out += "\n" + QString(indent, ' ');
            column = indent;
            lineStart = true;
        }
        if (!lineStart) {
            out += ' ';
            ++column;
        }
        out += word;
        column += static_cast<int>(word.size());
        lineStart = false;
    }
    return out + "\n";
}

}  // namespace keyplan::cli
