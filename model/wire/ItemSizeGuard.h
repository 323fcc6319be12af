// An early verdict on a request whose item is certainly over DynamoDB's 400 KB item limit, from
// a scan of the body's text that builds nothing. Parsing a 16 MB PutItem of a million tiny
// attributes into a JSON tree and then into an Item takes hundreds of megabytes for a request
// that is refused anyway; the scan adds up a lower bound of each item's size (its attribute and
// map key names, its S values, one byte per list element, all counted as DynamoDB's item size
// counts them) and stops as soon as one is over the limit, so such a request costs its own bytes
// and no more.
//
// The items looked at are where PutItem (top-level Item), BatchWriteItem (PutRequest.Item) and
// TransactWriteItems (Put.Item) carry them. Escaped names are not counted, and text found
// malformed before an item is over the limit gets no verdict (the real parser reports it).
#pragma once

#include <cstddef>
#include <string_view>

namespace keyplan::wire {

bool hasItemOverLimit(std::string_view body, std::size_t maxItemBytes);

}  // namespace keyplan::wire
