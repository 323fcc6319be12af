#include "store/StreamRequests.h"

namespace keyplan::store {

namespace {

constexpr std::pair<const char*, StreamViewType> kViewTypes[] = {
    {"NEW_IMAGE", StreamViewType::NewImage},
    {"OLD_IMAGE", StreamViewType::OldImage},
    {"NEW_AND_OLD_IMAGES", StreamViewType::NewAndOldImages},
    {"KEYS_ONLY", StreamViewType::KeysOnly},
};

constexpr std::pair<const char*, ShardIteratorType> kIteratorTypes[] = {
    {"TRIM_HORIZON", ShardIteratorType::TrimHorizon},
    {"LATEST", ShardIteratorType::Latest},
    {"AT_SEQUENCE_NUMBER", ShardIteratorType::AtSequenceNumber},
    {"AFTER_SEQUENCE_NUMBER", ShardIteratorType::AfterSequenceNumber},
};

}  // namespace

const char* streamViewTypeName(StreamViewType type)
{
    for (const auto& [name, value] : kViewTypes)
        if (value == type) return name;
    return "KEYS_ONLY";
}

std::optional<StreamViewType> streamViewTypeFromName(std::string_view name)
{
    for (const auto& [n, value] : kViewTypes)
        if (name == n) return value;
    return std::nullopt;
}

const char* shardIteratorTypeName(ShardIteratorType type)
{
    for (const auto& [name, value] : kIteratorTypes)
        if (value == type) return name;
    return "TRIM_HORIZON";
}

std::optional<ShardIteratorType> shardIteratorTypeFromName(std::string_view name)
{
    for (const auto& [n, value] : kIteratorTypes)
        if (name == n) return value;
    return std::nullopt;
}

}  // namespace keyplan::store
