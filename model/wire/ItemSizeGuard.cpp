#include "wire/ItemSizeGuard.h"

#include <array>

namespace keyplan::wire {

namespace {

constexpr int kMaxDepth = 512;  // as the JSON parser: deeper text is malformed to it too

// DynamoDB JSON's type descriptors: keys of an attribute value, not names in the item.
bool isDescriptor(std::string_view key)
{
    static constexpr std::array<std::string_view, 10> kDescriptors = {"S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"};
    for (auto d : kDescriptors) {
        if (key == d) return true;
    }
    return false;
}

// Where an item sits: the value of "Item" in the request object (PutItem), in a PutRequest
// (BatchWriteItem) or in a Put (TransactWriteItems).
bool holdsItem(std::string_view holderKey, bool root) { return root || holderKey == "PutRequest" || holderKey == "Put"; }

class Scanner {
public:
    Scanner(std::string_view text, std::size_t limit) : p_(text.data()), end_(text.data() + text.size()), limit_(limit) {}

    bool overLimit()
    {
        value(false, {}, true);
        return over_;
    }

private:
    // Each returns false to stop: malformed text, or an item found over the limit (over_).
    bool value(bool inItem, std::string_view key, bool root)
    {
        skipSpace();
        if (p_ == end_) return false;
        switch (*p_) {
        case '{': return object(inItem, key, root);
        case '[': return array(inItem, inItem && key == "L");
        case '"': {
            std::size_t bytes = 0;
            std::string_view raw;
            if (!string(&bytes, &raw)) return false;
            return !(inItem && key == "S") || charge(bytes);
        }
        default:
            while (p_ != end_ && *p_ != ',' && *p_ != '}' && *p_ != ']' && !isSpace(*p_)) ++p_;
            return true;
        }
    }

    bool object(bool inItem, std::string_view holderKey, bool root)
    {
        if (++depth_ > kMaxDepth) return false;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == '}') return close();
        while (true) {
            skipSpace();
            if (p_ == end_ || *p_ != '"') return false;
            std::size_t bytes = 0;
            std::string_view key;  // empty when the name has escapes: never counted or matched
            if (!string(&bytes, &key)) return false;
            if (inItem && !key.empty() && !isDescriptor(key) && !charge(bytes)) return false;
            skipSpace();
            if (p_ == end_ || *p_ != ':') return false;
            ++p_;
            skipSpace();
            bool childInItem = inItem;
            if (!inItem && key == "Item" && holdsItem(holderKey, root) && p_ != end_ && *p_ == '{') {
                itemBytes_ = 0;  // each item on its own
                childInItem = true;
            }
            if (!value(childInItem, key, false)) return false;
            skipSpace();
            if (p_ == end_) return false;
            if (*p_ == ',') {
                ++p_;
                continue;
            }
            if (*p_ == '}') return close();
            return false;
        }
    }

    bool array(bool inItem, bool list)
    {
        if (++depth_ > kMaxDepth) return false;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == ']') return close();
        while (true) {
            if (list && !charge(1)) return false;  // a list element's own byte
            if (!value(inItem, {}, false)) return false;
            skipSpace();
            if (p_ == end_) return false;
            if (*p_ == ',') {
                ++p_;
                continue;
            }
            if (*p_ == ']') return close();
            return false;
        }
    }

    bool close()
    {
        ++p_;
        --depth_;
        return true;
    }

    // A lower bound of the decoded UTF-8 length in *bytes; *raw is the text when it has no escape.
    bool string(std::size_t* bytes, std::string_view* raw)
    {
        const char* start = ++p_;
        bool escaped = false;
        while (p_ != end_ && *p_ != '"') {
            if (static_cast<unsigned char>(*p_) < 0x20) return false;
            if (*p_ == '\\') {
                escaped = true;
                if (++p_ == end_) return false;
                if (*p_ == 'u') {
                    if (end_ - p_ < 5) return false;
                    p_ += 4;  // \uXXXX: at least one byte decoded
                }
            }
            ++*bytes;
            ++p_;
        }
        if (p_ == end_) return false;
        if (!escaped) *raw = std::string_view(start, std::size_t(p_ - start));
        ++p_;
        return true;
    }

    bool charge(std::size_t bytes)
    {
        itemBytes_ += bytes;
        if (itemBytes_ <= limit_) return true;
        over_ = true;
        return false;
    }

    static bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
    void skipSpace()
    {
        while (p_ != end_ && isSpace(*p_)) ++p_;
    }

    const char* p_;
    const char* end_;
    std::size_t limit_;
    std::size_t itemBytes_ = 0;
    int depth_ = 0;
    bool over_ = false;
};

}  // namespace

bool hasItemOverLimit(std::string_view body, std::size_t maxItemBytes)
{
    // An item's size cannot pass the limit in a body that is not larger than it.
    if (body.size() <= maxItemBytes) return false;
    return Scanner(body, maxItemBytes).overLimit();
}

}  // namespace keyplan::wire
