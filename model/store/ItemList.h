// The items of a Query or Scan answer (and of anything else that returns a list of items): either
// Items, or the store's encoded item bytes (dynamo/ItemCodec.h) as it read them, decoded only when
// something looks at an item. A Query without a filter or projection has nothing to do with its
// items but hand them on, and a caller that only encodes them again (wire/Encode.cpp writes the
// JSON answer straight from the bytes) never pays for building the Items: on a 25-item Query the
// maps, strings and numbers of a decode and their release were most of the store's time.
//
// Reading it as a vector of Items (size, [], iteration, conversion to std::vector<Item>) decodes
// every item once, the first time, and keeps them: safe from several threads at once, like a
// const std::vector. Changing it (non-const access) turns it into plain Items for good.
#pragma once

#include "dynamo/AttributeValue.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::store {

class ItemList {
public:
    using value_type = dynamo::Item;
    using const_iterator = std::vector<dynamo::Item>::const_iterator;
    using iterator = std::vector<dynamo::Item>::iterator;

    ItemList();
    ItemList(std::vector<dynamo::Item> items);  // implicit: a vector of Items is an ItemList
    ItemList(std::initializer_list<dynamo::Item> items);
    ~ItemList();
    ItemList(const ItemList& other);
    ItemList(ItemList&& other) noexcept;
    ItemList& operator=(const ItemList& other);
    ItemList& operator=(ItemList&& other) noexcept;

    // ---- The encoded form, for the store and the answer's encoder
    // Appends one item as its encoded bytes (valid dynamo::encodeItem output; a list that holds
    // Items takes it decoded).
    void appendEncoded(std::string_view bytes);
    // True while the items are still the encoded bytes appended: encoded(i) is item i.
    bool holdsEncoded() const { return encoded_ != nullptr; }
    std::string_view encoded(size_t i) const;

    // ---- As a vector of Items (decoded once, on first use)
    size_t size() const;
    bool empty() const { return size() == 0; }
    const std::vector<dynamo::Item>& items() const;
    const dynamo::Item& operator[](size_t i) const { return items()[i]; }
    const dynamo::Item& at(size_t i) const { return items().at(i); }
    const dynamo::Item& front() const { return items().front(); }
    const dynamo::Item& back() const { return items().back(); }
    const_iterator begin() const { return items().begin(); }
    const_iterator end() const { return items().end(); }
    operator std::vector<dynamo::Item>() const& { return items(); }  // implicit, as a vector is used
    operator std::vector<dynamo::Item>() &&;

    // Changing access: the encoded bytes are dropped, the Items are the list from then on.
    std::vector<dynamo::Item>& items();
    dynamo::Item& operator[](size_t i) { return items()[i]; }
    dynamo::Item& at(size_t i) { return items().at(i); }
    dynamo::Item& front() { return items().front(); }
    dynamo::Item& back() { return items().back(); }
    iterator begin() { return items().begin(); }
    iterator end() { return items().end(); }
    void push_back(dynamo::Item item) { items().push_back(std::move(item)); }
    void reserve(size_t n) { items().reserve(n); }
    void clear();

    friend bool operator==(const ItemList& a, const ItemList& b) { return a.items() == b.items(); }
    friend bool operator==(const ItemList& a, const std::vector<dynamo::Item>& b) { return a.items() == b; }

private:
    struct Encoded;
    std::vector<dynamo::Item> items_;  // the list, unless encoded_ is set
    std::unique_ptr<Encoded> encoded_;
};

}  // namespace keyplan::store
