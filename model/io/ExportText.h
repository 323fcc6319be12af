// What the exporters share: a design named in one line for a file's header comment, with any
// control character (a newline in a design's name would end the comment) shown as a space; an
// index's keys in words, a multi-attribute key as its attribute list; and the refusal of a format
// that cannot hold a multi-attribute key (NoSQL Workbench, OneTable), naming every such index.
#pragma once

#include <string>
#include <string_view>

namespace keyplan::design {
class Design;
struct Index;
}  // namespace keyplan::design

namespace keyplan::io {

// `text` with every control character (C0, DEL, C1 in UTF-8) replaced by a space.
std::string oneLine(std::string_view text);

// "the Keyplan design \"Shop\" (3 entity types, 7 access patterns; "1 entity type")"; "the Keyplan design (...)" when
// it has no name.
std::string designAbout(const design::Design& design);

// "partition key GSI1PK, sort key GSI1SK"; a multi-attribute key as its list in key order,
// "partition key status + orderDay, sort key orderDate + total".
std::string indexKeysText(const design::Design& design, const design::Index& index);

// Empty when no index of the design has a multi-attribute key. Otherwise why `format` writes
// nothing: the format, every such index with its keys, `why` (what the format's index holds), and
// the formats that do hold them.
std::string multiAttributeRefusal(const design::Design& design, std::string_view format, std::string_view why);

}  // namespace keyplan::io
