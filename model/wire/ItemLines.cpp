#include "wire/ItemLines.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "wire/Decode.h"

#include <QIODevice>

#include <algorithm>

namespace keyplan::wire {

std::optional<dynamo::Item> decodeItemLine(std::string_view line, int64_t lineNumber)
{
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!line.empty() && blank(line.back())) line.remove_suffix(1);
    size_t leading = 0;
    while (leading < line.size() && blank(line[leading])) ++leading;
    line.remove_prefix(leading);
    if (line.empty()) return std::nullopt;

    json::Value json;
    std::string error;
    size_t offset = 0;
    if (!json::Value::parse(line, &json, &error, &offset))
        throw ItemLineError(lineNumber, "not valid JSON: " + error + " at byte " + std::to_string(leading + offset + 1));
    if (!json.isObject()) throw ItemLineError(lineNumber, "not a JSON object");
    const json::Value* item = &json;
    if (const auto* wrapped = json.find("Item"); wrapped && wrapped->isObject() && json.members().size() == 1) item = wrapped;
    try {
        return decodeItem(*item);
    } catch (const dynamo::Error& e) {
        throw ItemLineError(lineNumber, e.name() + ": " + e.message());
    }
}

QByteArray readItemLine(QIODevice& device, int64_t lineNumber)
{
    // readLine(n) allocates n bytes before it reads and returns at most n - 1: a line is read in
    // steps of 64 KB, not into 16 MB for every line (which a sanitizer build maps afresh each time),
    // up to one byte more than the limit, which tells a longer line.
    constexpr int64_t kStep = 64 * 1024;
    QByteArray line = device.readLine(kStep);
    while (!line.endsWith('\n') && !device.atEnd() && line.size() <= kMaxItemLineBytes) {
        const QByteArray more = device.readLine(std::min<int64_t>(kStep, kMaxItemLineBytes + 2 - line.size()));
        if (more.isEmpty()) break;  // nothing more to read now: what came is the line, as one read gave it
        line += more;
    }
    if (line.size() > kMaxItemLineBytes)
        throw ItemLineError(lineNumber, "longer than " + std::to_string(kMaxItemLineBytes) +
                                            " bytes, more than any item can take (DynamoDB's request limit is 16 MB)");
    return line;
}

}  // namespace keyplan::wire
