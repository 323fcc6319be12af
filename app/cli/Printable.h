// Text from a design or a store as the CLI prints it: control characters (a NUL or an escape
// sequence in a table name, say) are shown as \u0000-style escapes, so what reaches the terminal
// is what the name holds and nothing the terminal would act on.
#pragma once

#include <QString>

#include <string>

namespace keyplan::cli {

inline QString printable(const std::string& utf8)
{
    const QString text = QString::fromStdString(utf8);
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || (u >= 0x7f && u < 0xa0)) out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        else out += c;
    }
    return out;
}

}  // namespace keyplan::cli
