// What the infrastructure exports (CDK, Terraform) share: a design named in one line for a file's
// header comment, with any control character (a newline in a design's name would end the comment)
// shown as a space.
#pragma once

#include <string>
#include <string_view>

namespace keyplan::design {
class Design;
}

namespace keyplan::io {

// `text` with every control character (C0, DEL, C1 in UTF-8) replaced by a space.
std::string oneLine(std::string_view text);

// "the Keyplan design \"Shop\" (3 entity types, 7 access patterns; "1 entity type")"; "the Keyplan design (...)" when
// it has no name.
std::string designAbout(const design::Design& design);

}  // namespace keyplan::io
