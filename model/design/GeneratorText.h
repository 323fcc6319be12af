// How a generator spec writes its parameters, for the spec reader (GeneratorSpec.cpp) and the
// value maker (Generator.cpp): integers, decimals as scaled integers, ISO dates and instants,
// and which date formats sort as time does.
#pragma once

#include <QDate>
#include <QDateTime>

#include <cstdint>
#include <string>
#include <string_view>

namespace keyplan::design::spectext {

// A whole number, with an optional '+'; false when the text is anything else.
bool parseInt(std::string_view text, int64_t* out);
// A decimal as an integer count of 10^-scale; false when it is not a plain decimal.
bool parseScaled(std::string_view text, int scale, int64_t* out);
std::string formatScaled(int64_t value, int scale);
bool parseIsoDate(std::string_view text, QDate* out);
// A date (its first second, or with `upper` its last) or an ISO date-time, in UTC.
bool parseIsoInstant(std::string_view text, bool upper, QDateTime* out);
// Qt date/time format tokens in order; ISO order means every token is one of the fixed-width
// numeric ones and they run from the most significant down with none skipped.
bool isIsoFormat(std::string_view format);
int digitCount(int64_t v);

}  // namespace keyplan::design::spectext
