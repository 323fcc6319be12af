// CRC-32 (IEEE 802.3, as zlib's crc32) of a response body: DynamoDB sends it in x-amz-crc32
// and some SDKs check it.
#pragma once

#include <cstdint>
#include <string_view>

namespace keyplan::server {

uint32_t crc32(std::string_view bytes);

}  // namespace keyplan::server
