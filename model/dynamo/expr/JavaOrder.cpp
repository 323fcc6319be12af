#include "dynamo/expr/JavaOrder.h"

#include <algorithm>

namespace keyplan::dynamo::expr::detail {

int32_t javaStringHash(std::string_view s)
{
    uint32_t h = 0;
    auto add = [&](uint32_t unit) { h = h * 31u + unit; };
    size_t i = 0;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        uint32_t cp = c;
        size_t n = 1;
        if (c >= 0xF0) {
            n = 4;
            cp = c & 0x07;
        } else if (c >= 0xE0) {
            n = 3;
            cp = c & 0x0F;
        } else if (c >= 0xC0) {
            n = 2;
            cp = c & 0x1F;
        }
        if (i + n > s.size()) {
            n = 1;
            cp = c;
        }
        for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        i += n;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            add(0xD800 + (cp >> 10));
            add(0xDC00 + (cp & 0x3FF));
        } else {
            add(cp);
        }
    }
    return static_cast<int32_t>(h);
}

int32_t javaPathElementHash(std::string_view name)
{
    return static_cast<int32_t>(8191u * 127u + static_cast<uint32_t>(javaStringHash(name)));
}

int32_t javaPathElementHash(uint32_t index) { return static_cast<int32_t>(8191u * 127u + index); }

std::vector<size_t> javaIterationOrder(const std::vector<int32_t>& hashes, size_t capacity)
{
    std::vector<size_t> order(hashes.size());
    std::vector<size_t> bucket(hashes.size());
    for (size_t i = 0; i < hashes.size(); ++i) {
        uint32_t h = static_cast<uint32_t>(hashes[i]);
        bucket[i] = (h ^ (h >> 16)) & (capacity - 1);
        order[i] = i;
    }
    // Within a bucket entries keep insertion order (resizes split buckets preserving it).
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return bucket[a] < bucket[b]; });
    return order;
}

static size_t tableSizeFor(size_t cap)
{
    size_t n = 1;
    while (n < cap) n <<= 1;
    return n;
}

size_t javaCopyCapacity(size_t n)
{
    size_t initial = std::max(static_cast<size_t>(static_cast<float>(n) / 0.75f) + 1, static_cast<size_t>(16));
    return tableSizeFor(initial);
}

size_t javaGrownCapacity(size_t n)
{
    size_t cap = 16;
    while (static_cast<double>(n) > 0.75 * static_cast<double>(cap)) cap <<= 1;
    return cap;
}

}  // namespace keyplan::dynamo::expr::detail
