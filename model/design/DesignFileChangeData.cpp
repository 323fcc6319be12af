#include "design/DesignFileChangeData.h"

#include "design/DesignLimits.h"
#include "json/PathReader.h"

namespace keyplan::design::file {

namespace read = json::read;
using json::Value;

namespace {

void needsVersion2(const std::string& path, int version)
{
    if (version < 2)
        read::fail(path, "needs format version 2 (\"keyplan\": 2); this file has version " + std::to_string(version));
}

}  // namespace

Value timeToLiveJson(const TimeToLive& ttl)
{
    Value o = Value::object();
    o.members().emplace_back("attribute", Value(ttl.attribute));
    o.members().emplace_back("retention", Value(retentionText(ttl.retentionSeconds)));
    return o;
}

Value streamServingJson(const StreamServing& serving)
{
    Value o = Value::object();
    o.members().emplace_back("use", Value(std::string(streamUseName(serving.use))));
    if (serving.reader != StreamReader::Lambda)
        o.members().emplace_back("reader", Value(std::string(streamReaderName(serving.reader))));
    return o;
}

std::optional<StreamView> readStreamView(const Value& parent, const std::string& path, int version)
{
    if (!parent.contains("stream")) return std::nullopt;
    const std::string at = path + ".stream";
    needsVersion2(at, version);
    const StreamView view = read::choice(parent, "stream", path, StreamView::KeysOnly,
                                         {{"KEYS_ONLY", StreamView::KeysOnly},
                                          {"NEW_IMAGE", StreamView::NewImage},
                                          {"OLD_IMAGE", StreamView::OldImage},
                                          {"NEW_AND_OLD_IMAGES", StreamView::NewAndOldImages}});
    return view;
}

std::optional<TimeToLive> readTimeToLive(const Value& parent, const std::string& path, int version)
{
    if (!parent.contains("ttl")) return std::nullopt;
    const std::string at = path + ".ttl";
    needsVersion2(at, version);
    const Value& o = read::object(parent.find("ttl"), at, {"attribute", "retention"});
    TimeToLive ttl;
    ttl.attribute = read::string(o, "attribute", at, true);
    if (ttl.attribute.empty()) read::fail(at + ".attribute", "must not be empty");
    if (ttl.attribute.size() > limits::kNameBytes)
        read::fail(at + ".attribute", "has " + std::to_string(ttl.attribute.size()) + " bytes, more than the " +
                                          std::to_string(limits::kNameBytes) + " a design allows here");
    const std::string text = read::string(o, "retention", at, true);
    const std::optional<int64_t> seconds = retentionFromText(text);
    if (!seconds)
        read::fail(at + ".retention",
                   "'" + json::excerpt(text) + "' is not a retention: a whole number and s, m, h or d (90s, 15m, 36h, 30d)");
    if (*seconds < 1 || *seconds > limits::kRetentionSeconds)
        read::fail(at + ".retention", "'" + text + "' is outside 1s to " + retentionText(limits::kRetentionSeconds));
    ttl.retentionSeconds = *seconds;
    return ttl;
}

std::optional<StreamServing> readStreamServing(const Value& parent, const std::string& path, int version)
{
    if (!parent.contains("stream")) return std::nullopt;
    const std::string at = path + ".stream";
    needsVersion2(at, version);
    const Value& o = read::object(parent.find("stream"), at, {"use", "reader"});
    if (!o.contains("use")) read::fail(at + ".use", "is required");
    StreamServing serving;
    serving.use = read::choice(
        o, "use", at, StreamUse::Analytics,
        {{"analytics", StreamUse::Analytics}, {"searchIndex", StreamUse::SearchIndex}, {"copy", StreamUse::DenormalisedCopy}});
    serving.reader = read::choice(o, "reader", at, StreamReader::Lambda,
                                  {{"lambda", StreamReader::Lambda}, {"client", StreamReader::Client}});
    return serving;
}

}  // namespace keyplan::design::file
