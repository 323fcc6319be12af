// English word stems by Snowball's stemmer (Debian's libstemmer, the "english" algorithm): the
// marking compares answers stem by stem, so "consistently", "consistent" and "consistency" are one
// word to it, as are "partition", "partitions" and "partitioned".
#pragma once

#include <string>
#include <string_view>

namespace keyplan::practice {

// The stem of a lower-case word (UTF-8). Each thread has its own stemmer: Snowball's are not
// reentrant.
std::string stemWord(std::string_view lowerCaseWord);

}  // namespace keyplan::practice
