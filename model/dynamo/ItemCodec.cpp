#include "dynamo/ItemCodec.h"

#include "dynamo/KeyCodec.h"

#include <optional>
#include <stdexcept>

namespace keyplan::dynamo {

namespace {

constexpr char kVersion = 0x01;
// DynamoDB stops at 32 levels; the codec allows more but bounds recursion so that a corrupt
// blob cannot exhaust the stack.
constexpr int kMaxDepth = 128;

void appendVarint(std::string& out, uint64_t v)
{
    if (v < 0x80) {  // names, short strings and counts: one byte
        out.push_back(static_cast<char>(v));
        return;
    }
    char buffer[10];
    int n = 0;
    while (v >= 0x80) {
        buffer[n++] = static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    buffer[n++] = static_cast<char>(v);
    out.append(buffer, static_cast<size_t>(n));
}

void appendBytes(std::string& out, const std::string& s)
{
    appendVarint(out, s.size());
    out.append(s);
}

void appendNumber(std::string& out, const Number& n)
{
    // The length byte is patched after the number bytes are written.
    const size_t at = out.size();
    out.push_back(0);
    appendNumberKey(out, n);
    out[at] = static_cast<char>(out.size() - at - 1);
}

void appendValue(std::string& out, const AttributeValue& value, int depth);

void appendMapEntries(std::string& out, const AttributeMap& map, int depth)
{
    appendVarint(out, map.size());
    for (const auto& [name, value] : map) {
        appendBytes(out, name);
        appendValue(out, value, depth);
    }
}

void appendValue(std::string& out, const AttributeValue& value, int depth)
{
    const Type type = value.type();
    out.push_back(static_cast<char>(type));
    switch (type) {
    case Type::S: appendBytes(out, value.asString()); return;
    case Type::N: appendNumber(out, value.asNumber()); return;
    case Type::B: appendBytes(out, value.asBinary()); return;
    case Type::BOOL: out.push_back(value.asBool() ? 1 : 0); return;
    case Type::NUL: return;
    case Type::M:
        if (depth >= kMaxDepth) throw std::invalid_argument("encodeItem: documents nested too deeply");
        appendMapEntries(out, value.asMap(), depth + 1);
        return;
    case Type::L:
        if (depth >= kMaxDepth) throw std::invalid_argument("encodeItem: documents nested too deeply");
        appendVarint(out, value.asList().size());
        for (const auto& element : value.asList()) appendValue(out, element, depth + 1);
        return;
    case Type::SS:
    case Type::BS: {
        const auto& members = type == Type::SS ? value.asStringSet() : value.asBinarySet();
        appendVarint(out, members.size());
        for (const auto& m : members) appendBytes(out, m);
        return;
    }
    case Type::NS:
        appendVarint(out, value.asNumberSet().size());
        for (const auto& n : value.asNumberSet()) appendNumber(out, n);
        return;
    }
}

// Reads the encoding front to back; every read is bounds-checked against what is left, and
// every count is checked against the bytes that could hold it before anything is reserved.
class Reader {
public:
    explicit Reader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}

    bool atEnd() const { return p_ == end_; }
    size_t remaining() const { return static_cast<size_t>(end_ - p_); }

    [[noreturn]] static void corrupt(const char* what)
    {
        throw std::runtime_error(std::string("corrupt item encoding: ") + what);
    }

    unsigned char byte()
    {
        if (p_ == end_) corrupt("truncated");
        return static_cast<unsigned char>(*p_++);
    }

    size_t varint()
    {
        uint64_t v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            const unsigned char b = byte();
            v |= static_cast<uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80)) {
                if (b == 0 && shift != 0) corrupt("overlong varint");
                if (v > 0xFFFFFFFFu) corrupt("varint out of range");
                return static_cast<size_t>(v);
            }
        }
        corrupt("varint too long");
    }

    // A count of elements that each take at least one byte.
    size_t count()
    {
        const size_t n = varint();
        if (n > remaining()) corrupt("count exceeds input");
        return n;
    }

    std::string_view bytes()
    {
        const size_t n = varint();
        if (n > remaining()) corrupt("length exceeds input");
        std::string_view out(p_, n);
        p_ += n;
        return out;
    }

    Number number()
    {
        const size_t n = byte();
        if (n == 0 || n > remaining()) corrupt("bad number length");
        std::string_view encoded(p_, n);
        p_ += n;
        return decodeNumberKey(encoded);
    }

    // Reads a map's entries into `map` (empty). Each value is decoded in its node, in place: a
    // Query decodes every item it returns, and moving values into place cost it a tenth.
    void mapEntries(AttributeMap& map, int depth)
    {
        const size_t n = count();
        std::string_view previous;
        for (size_t i = 0; i < n; ++i) {
            const std::string_view name = bytes();
            // Names arrive sorted, so each one lands last.
            if (i > 0 && !(previous < name)) corrupt("map names out of order");
            previous = name;
            const auto at = map.emplace_hint(map.end(), std::piecewise_construct, std::forward_as_tuple(name),
                                             std::forward_as_tuple());
            valueInto(at->second, depth);
        }
    }

    AttributeValue value(int depth)
    {
        AttributeValue out;
        valueInto(out, depth);
        return out;
    }

    void valueInto(AttributeValue& out, int depth)
    {
        const unsigned char tag = byte();
        switch (static_cast<Type>(tag)) {
        case Type::S: out.assignString(bytes()); return;
        case Type::N: out.assignNumber(number()); return;
        case Type::B: out.assignBinary(bytes()); return;
        case Type::BOOL: {
            const unsigned char b = byte();
            if (b > 1) corrupt("bad boolean");
            out.assignBoolean(b == 1);
            return;
        }
        case Type::NUL: return;  // `out` is NULL as constructed
        case Type::M:
            if (depth >= kMaxDepth) corrupt("nested too deeply");
            mapEntries(out.assignMap(), depth + 1);
            return;
        default: out = composite(tag, depth); return;
        }
    }

    // Lists and sets.
    AttributeValue composite(unsigned char tag, int depth)
    {
        switch (static_cast<Type>(tag)) {
        case Type::L: {
            if (depth >= kMaxDepth) corrupt("nested too deeply");
            const size_t n = count();
            AttributeList list;
            list.reserve(n);
            for (size_t i = 0; i < n; ++i) list.push_back(value(depth + 1));
            return AttributeValue::list(std::move(list));
        }
        case Type::SS:
        case Type::BS: {
            const size_t n = count();
            std::vector<std::string> members;
            members.reserve(n);
            for (size_t i = 0; i < n; ++i) {
                const std::string_view m = bytes();
                if (i > 0 && !(std::string_view(members.back()) < m)) corrupt("set members out of order");
                members.emplace_back(m);
            }
            return tag == static_cast<unsigned char>(Type::SS) ? AttributeValue::stringSet(std::move(members))
                                                               : AttributeValue::binarySet(std::move(members));
        }
        case Type::NS: {
            const size_t n = count();
            std::vector<Number> members;
            members.reserve(n);
            for (size_t i = 0; i < n; ++i) {
                Number m = number();
                if (i > 0 && !(members.back() < m)) corrupt("set members out of order");
                members.push_back(std::move(m));
            }
            return AttributeValue::numberSet(std::move(members));
        }
        default: break;
        }
        corrupt("unknown type");
    }

    // The same walk as mapEntries and valueInto, told to a visitor instead of building values.
    void visitEntries(ItemVisitor& v, int depth)
    {
        const size_t n = count();
        std::string_view previous;
        for (size_t i = 0; i < n; ++i) {
            const std::string_view name = bytes();
            if (i > 0 && !(previous < name)) corrupt("map names out of order");
            previous = name;
            v.name(name);
            visitValue(v, depth);
        }
    }

    void visitValue(ItemVisitor& v, int depth)
    {
        const unsigned char tag = byte();
        if (tag > static_cast<unsigned char>(Type::BS)) corrupt("unknown type");
        const Type type = static_cast<Type>(tag);
        v.beginValue(type);
        switch (type) {
        case Type::S: v.string(bytes()); break;
        case Type::N: v.number(number()); break;
        case Type::B: v.binary(bytes()); break;
        case Type::BOOL: {
            const unsigned char b = byte();
            if (b > 1) corrupt("bad boolean");
            v.boolean(b == 1);
            break;
        }
        case Type::NUL: break;
        case Type::M:
        case Type::L: {
            if (depth >= kMaxDepth) corrupt("nested too deeply");
            if (type == Type::M) {
                visitEntries(v, depth + 1);
                break;
            }
            const size_t n = count();
            for (size_t i = 0; i < n; ++i) visitValue(v, depth + 1);
            break;
        }
        case Type::SS:
        case Type::BS: {
            const size_t n = count();
            std::string_view previous;
            for (size_t i = 0; i < n; ++i) {
                const std::string_view m = bytes();
                if (i > 0 && !(previous < m)) corrupt("set members out of order");
                previous = m;
                if (type == Type::SS) v.string(m);
                else v.binary(m);
            }
            break;
        }
        case Type::NS: {
            const size_t n = count();
            std::optional<Number> previous;
            for (size_t i = 0; i < n; ++i) {
                Number m = number();
                if (previous && !(*previous < m)) corrupt("set members out of order");
                v.number(m);
                previous = std::move(m);
            }
            break;
        }
        }
        v.endValue(type);
    }

private:
    const char* p_;
    const char* end_;
};

}  // namespace

void appendItem(std::string& out, const Item& item)
{
    out.push_back(kVersion);
    appendMapEntries(out, item, 0);
}

std::string encodeItem(const Item& item)
{
    std::string out;
    out.reserve(64 + 16 * item.size());
    appendItem(out, item);
    return out;
}

Item decodeItem(std::string_view bytes)
{
    Reader reader(bytes);
    if (reader.byte() != static_cast<unsigned char>(kVersion)) Reader::corrupt("unknown version");
    Item item;
    reader.mapEntries(item, 0);
    if (!reader.atEnd()) Reader::corrupt("trailing bytes");
    return item;
}

void visitItem(std::string_view bytes, ItemVisitor& visitor)
{
    Reader reader(bytes);
    if (reader.byte() != static_cast<unsigned char>(kVersion)) Reader::corrupt("unknown version");
    reader.visitEntries(visitor, 0);
    if (!reader.atEnd()) Reader::corrupt("trailing bytes");
}

}  // namespace keyplan::dynamo
