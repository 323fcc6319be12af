// Internal: DynamoDB Local is Java; where its messages list or pick elements of a HashMap or
// HashSet (unused placeholder keys, the "path two" of a path conflict, which invalid update path
// is reported first), the order is java.util.HashMap's. These reproduce it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace keyplan::dynamo::expr::detail {

// java.lang.String.hashCode() of the UTF-16 form of a UTF-8 string.
int32_t javaStringHash(std::string_view utf8);

// Apache Commons HashCodeBuilder(8191, 127).append(x): DocPathElement hash codes.
int32_t javaPathElementHash(std::string_view name);
int32_t javaPathElementHash(uint32_t index);

// Iteration order of a HashMap/HashSet holding keys with these hashes, inserted in the given
// order into a table of `capacity` buckets. Returns indexes into `hashes`.
std::vector<size_t> javaIterationOrder(const std::vector<int32_t>& hashes, size_t capacity);
// Table size of `new HashSet<>(collectionOfSize n)`.
size_t javaCopyCapacity(size_t n);
// Table size of a default HashMap after n insertions.
size_t javaGrownCapacity(size_t n);

}  // namespace keyplan::dynamo::expr::detail
