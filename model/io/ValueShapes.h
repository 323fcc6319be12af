// The shapes of sample values the inference of key templates and generators shares: lower case,
// digits only, a date or a date-time, a value rather than a word, a generator spec that parses.
// Internal to model/io (Inference.cpp, ValueInference.cpp).
#pragma once

#include <string>
#include <string_view>

namespace keyplan::io {

std::string lower(std::string_view s);
bool allDigits(std::string_view s);
// An ISO date, or a date-time in one of the formats the date generators write.
bool isTemporal(std::string_view s);
// Digits, a date, an id: text that varies per item rather than a fixed word of a key.
bool looksLikeValue(std::string_view s);
// Whether design::Generator accepts the spec.
bool parses(const std::string& spec);

}  // namespace keyplan::io
