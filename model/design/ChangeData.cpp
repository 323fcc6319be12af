// The design's vocabulary of DynamoDB Streams and Time to Live (Design.h): the names the file and
// DynamoDB use, retention text, and the table-wide questions.
#include "design/Design.h"

#include <algorithm>
#include <charconv>

namespace keyplan::design {

namespace {

struct Unit {
    char letter;
    int64_t seconds;
};
constexpr Unit kUnits[] = {{'d', 86400}, {'h', 3600}, {'m', 60}, {'s', 1}};

}  // namespace

std::string_view streamViewName(StreamView view)
{
    switch (view) {
    case StreamView::KeysOnly: return "KEYS_ONLY";
    case StreamView::NewImage: return "NEW_IMAGE";
    case StreamView::OldImage: return "OLD_IMAGE";
    case StreamView::NewAndOldImages: return "NEW_AND_OLD_IMAGES";
    }
    return "KEYS_ONLY";
}

std::optional<StreamView> streamViewFromName(std::string_view name)
{
    for (StreamView v : {StreamView::KeysOnly, StreamView::NewImage, StreamView::OldImage, StreamView::NewAndOldImages}) {
        if (streamViewName(v) == name) return v;
    }
    return std::nullopt;
}

std::string_view streamUseName(StreamUse use)
{
    switch (use) {
    case StreamUse::Analytics: return "analytics";
    case StreamUse::SearchIndex: return "searchIndex";
    case StreamUse::DenormalisedCopy: return "copy";
    }
    return "analytics";
}

std::optional<StreamUse> streamUseFromName(std::string_view name)
{
    for (StreamUse u : {StreamUse::Analytics, StreamUse::SearchIndex, StreamUse::DenormalisedCopy}) {
        if (streamUseName(u) == name) return u;
    }
    return std::nullopt;
}

std::string_view streamReaderName(StreamReader reader) { return reader == StreamReader::Lambda ? "lambda" : "client"; }

std::optional<StreamReader> streamReaderFromName(std::string_view name)
{
    if (name == "lambda") return StreamReader::Lambda;
    if (name == "client") return StreamReader::Client;
    return std::nullopt;
}

std::string streamUseWords(StreamUse use)
{
    switch (use) {
    case StreamUse::Analytics: return "an analytics store";
    case StreamUse::SearchIndex: return "a search index";
    case StreamUse::DenormalisedCopy: return "a denormalised copy";
    }
    return "an analytics store";
}

std::string retentionText(int64_t seconds)
{
    for (const Unit& u : kUnits) {
        if (seconds != 0 && seconds % u.seconds == 0) return std::to_string(seconds / u.seconds) + u.letter;
    }
    return std::to_string(seconds) + "s";
}

std::optional<int64_t> retentionFromText(std::string_view text)
{
    if (text.size() < 2) return std::nullopt;
    const char letter = text.back();
    const auto unit = std::find_if(std::begin(kUnits), std::end(kUnits), [&](const Unit& u) { return u.letter == letter; });
    if (unit == std::end(kUnits)) return std::nullopt;
    const std::string_view digits = text.substr(0, text.size() - 1);
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) || digits.size() > 12)
        return std::nullopt;
    int64_t count = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), count);
    return count * unit->seconds;
}

std::optional<std::string> Design::timeToLiveAttribute() const
{
    for (const Entity& e : entities_) {
        if (e.ttl) return e.ttl->attribute;
    }
    return std::nullopt;
}

bool Design::usesStreamsOrTimeToLive() const
{
    return table_.stream || prices_.streamReadsPer100k != PriceTable().streamReadsPer100k ||
           std::any_of(entities_.begin(), entities_.end(), [](const Entity& e) { return e.ttl.has_value(); }) ||
           std::any_of(patterns_.begin(), patterns_.end(), [](const AccessPattern& p) { return p.fromStream.has_value(); });
}

}  // namespace keyplan::design
