#include "store/ItemList.h"

#include "dynamo/ItemCodec.h"

#include <mutex>
#include <utility>

namespace keyplan::store {

using dynamo::Item;

// The encoded items, one buffer for them all (a 25-item page is two allocations), and the Items
// decoded from them the first time they are read.
struct ItemList::Encoded {
    std::string bytes;
    std::vector<size_t> ends;  // item i is bytes[ends[i - 1], ends[i])
    std::once_flag decodedOnce;
    std::vector<Item> decoded;

    std::string_view at(size_t i) const
    {
        const size_t begin = i == 0 ? 0 : ends[i - 1];
        return std::string_view(bytes).substr(begin, ends[i] - begin);
    }
};

ItemList::ItemList() = default;
ItemList::ItemList(std::vector<Item> items) : items_(std::move(items)) {}
ItemList::ItemList(std::initializer_list<Item> items) : items_(items) {}
ItemList::~ItemList() = default;
ItemList::ItemList(ItemList&& other) noexcept = default;
ItemList& ItemList::operator=(ItemList&& other) noexcept = default;

ItemList::ItemList(const ItemList& other) : items_(other.items_)
{
    if (other.encoded_) {
        encoded_ = std::make_unique<Encoded>();
        encoded_->bytes = other.encoded_->bytes;
        encoded_->ends = other.encoded_->ends;
    }
}

ItemList& ItemList::operator=(const ItemList& other)
{
    if (this != &other) *this = ItemList(other);
    return *this;
}

void ItemList::appendEncoded(std::string_view bytes)
{
    if (!encoded_ && !items_.empty()) {
        items_.push_back(dynamo::decodeItem(bytes));
        return;
    }
    if (!encoded_) encoded_ = std::make_unique<Encoded>();
    encoded_->bytes.append(bytes);
    encoded_->ends.push_back(encoded_->bytes.size());
}

std::string_view ItemList::encoded(size_t i) const { return encoded_->at(i); }

size_t ItemList::size() const { return encoded_ ? encoded_->ends.size() : items_.size(); }

const std::vector<Item>& ItemList::items() const
{
    if (!encoded_) return items_;
    Encoded& e = *encoded_;
    // A decode that throws (a damaged item) leaves the flag unset: the next reader throws too.
    std::call_once(e.decodedOnce, [&e] {
        std::vector<Item> decoded;
        decoded.reserve(e.ends.size());
        for (size_t i = 0; i < e.ends.size(); ++i) decoded.push_back(dynamo::decodeItem(e.at(i)));
        e.decoded = std::move(decoded);
    });
    return e.decoded;
}

std::vector<Item>& ItemList::items()
{
    if (encoded_) {
        std::as_const(*this).items();  // decodes
        items_ = std::move(encoded_->decoded);
        encoded_.reset();
    }
    return items_;
}

ItemList::operator std::vector<Item>() && { return std::move(items()); }

void ItemList::clear()
{
    encoded_.reset();
    items_.clear();
}

}  // namespace keyplan::store
