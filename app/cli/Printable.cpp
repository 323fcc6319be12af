#include "Printable.h"

namespace keyplan::cli {

namespace {

bool acts(char16_t u)
{
    return u < 0x20 || (u >= 0x7f && u < 0xa0)  // C0, DEL, C1 (CSI is 0x9b)
           || u == 0x061c || u == 0x200e || u == 0x200f || (u >= 0x202a && u <= 0x202e) ||
           (u >= 0x2066 && u <= 0x2069)  // the bidirectional marks, embeddings, overrides, isolates
           || u == 0x2028 || u == 0x2029;
}

QString escaped(const QString& text, bool keepLines)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (acts(u) && !(keepLines && (u == '\n' || u == '\t')))
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        else out += c;
    }
    return out;
}

}  // namespace

QString printable(const QString& text) { return escaped(text, false); }
QString printable(const std::string& utf8) { return escaped(QString::fromStdString(utf8), false); }
QString printableLines(const std::string& utf8) { return escaped(QString::fromStdString(utf8), true); }

}  // namespace keyplan::cli
