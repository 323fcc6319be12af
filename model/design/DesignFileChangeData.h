// The members of `.keyplan.json` that say how a design uses DynamoDB Streams and Time to Live (the
// table's "stream", an entity's "ttl", a pattern's "stream" and the streams price), written and read
// here so DesignFile.cpp only places them. Format version 2 holds them; in a version 1 file each is
// refused at its path, as DesignFile.h says of the format's other additions. Internal to
// model/design.
#pragma once

#include "design/Design.h"
#include "json/Value.h"

#include <optional>
#include <string>

namespace keyplan::design::file {

json::Value timeToLiveJson(const TimeToLive& ttl);
json::Value streamServingJson(const StreamServing& serving);

// Each reads the member of `parent` (an object at `path`) when present; nullopt when absent.
std::optional<StreamView> readStreamView(const json::Value& parent, const std::string& path, int version);
std::optional<TimeToLive> readTimeToLive(const json::Value& parent, const std::string& path, int version);
std::optional<StreamServing> readStreamServing(const json::Value& parent, const std::string& path, int version);

}  // namespace keyplan::design::file
