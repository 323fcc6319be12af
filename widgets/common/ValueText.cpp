#include "widgets/common/ValueText.h"

#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Decode.h"
#include "wire/Encode.h"

#include <QLocale>

namespace keyplan::widgets {

using dynamo::AttributeValue;
using dynamo::Type;

std::string toDynamoJson(const AttributeValue& value)
{
    std::string out;
    json::Writer writer(out);
    wire::writeAttributeValue(writer, value);
    return out;
}

std::string toDynamoJson(const dynamo::Item& item)
{
    std::string out;
    json::Writer writer(out);
    wire::writeItem(writer, item);
    return out;
}

bool parseReportingOffset(std::string_view text, json::Value* out, std::string* error)
{
    size_t offset = 0;
    if (json::Value::parse(text, out, error, &offset)) return true;
    if (error) *error += " at offset " + std::to_string(offset);
    return false;
}

QString cellText(const AttributeValue& value, int maxChars)
{
    QString text;
    switch (value.type()) {
    case Type::S: text = QString::fromStdString(value.asString()); break;
    case Type::N: text = QString::fromStdString(value.asNumber().toString()); break;
    case Type::B: text = QString::fromStdString(wire::encodeBase64(value.asBinary())); break;
    case Type::BOOL: text = value.asBool() ? QStringLiteral("true") : QStringLiteral("false"); break;
    case Type::NUL: text = QStringLiteral("null"); break;
    case Type::M:
    case Type::L:
    case Type::SS:
    case Type::NS:
    case Type::BS: {
        // Documents and sets: the JSON without the outer type tag, which the column already implies.
        const std::string json = toDynamoJson(value);
        const auto colon = json.find(':');
        text = QString::fromStdString(colon == std::string::npos ? json : json.substr(colon + 1, json.size() - colon - 2));
        break;
    }
    }
    text.replace(QLatin1Char('\n'), QChar(0x21B5));
    if (text.size() > maxChars) text = text.left(maxChars - 1) + QChar(0x2026);
    return text;
}

QString indentJson(std::string_view compact, int indent)
{
    std::string out;
    out.reserve(compact.size() * 2);
    int depth = 0;
    bool inString = false;
    auto newline = [&] {
        out.push_back('\n');
        out.append(static_cast<size_t>(depth * indent), ' ');
    };
    for (size_t i = 0; i < compact.size(); ++i) {
        const char c = compact[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < compact.size()) out.push_back(compact[++i]);
            else if (c == '"') inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            out.push_back(c);
            break;
        case '{':
        case '[': {
            // Keep empty containers on one line.
            const char close = c == '{' ? '}' : ']';
            if (i + 1 < compact.size() && compact[i + 1] == close) {
                out.push_back(c);
                out.push_back(close);
                ++i;
                break;
            }
            out.push_back(c);
            ++depth;
            newline();
            break;
        }
        case '}':
        case ']':
            --depth;
            newline();
            out.push_back(c);
            break;
        case ',':
            out.push_back(c);
            newline();
            break;
        case ':': out.append(": "); break;
        default: out.push_back(c); break;
        }
    }
    return QString::fromStdString(out);
}

QString groupedNumber(qint64 n)
{
    static const QLocale english(QLocale::English);
    return english.toString(n);
}

QString byteSize(qint64 bytes)
{
    static const char* const units[] = {"KB", "MB", "GB", "TB"};
    if (bytes < 1024) return QStringLiteral("%1 B").arg(bytes);
    double value = double(bytes);
    int unit = -1;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(value, 0, 'f', value < 10 ? 1 : 0).arg(QLatin1String(units[unit]));
}

}  // namespace keyplan::widgets
