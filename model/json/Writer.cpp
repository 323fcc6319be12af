#include "json/Writer.h"

#include <charconv>

namespace keyplan::json {

void appendString(std::string& out, std::string_view value)
{
    static const char* const kHex = "0123456789abcdef";
    out.push_back('"');
    const char* run = value.data();
    const char* end = value.data() + value.size();
    for (const char* p = run; p != end; ++p) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(run, p);
        run = p + 1;
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        default:
            out.append("\\u00");
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xF]);
        }
    }
    out.append(run, end);
    out.push_back('"');
}

void Writer::key(std::string_view name)
{
    separate();
    appendString(out_, name);
    out_.push_back(':');
    afterKey_ = true;
}

void Writer::string(std::string_view value)
{
    separate();
    appendString(out_, value);
}

void Writer::integer(int64_t value)
{
    separate();
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out_.append(buf, res.ptr);
}

}  // namespace keyplan::json
