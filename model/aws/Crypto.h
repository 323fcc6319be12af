// The hashing SigV4 needs, from OpenSSL's libcrypto: SHA-256, HMAC-SHA256, hex, and a comparison
// whose time does not depend on where two signatures first differ.
#pragma once

#include <string>
#include <string_view>

namespace keyplan::aws {

// Raw 32-byte digests.
std::string sha256(std::string_view data);
std::string hmacSha256(std::string_view key, std::string_view data);

// Lower-case hex, as SigV4 writes hashes and signatures.
std::string toHex(std::string_view bytes);
std::string sha256Hex(std::string_view data);

// True when a and b are equal; for equal lengths the time taken does not depend on the contents.
bool constantTimeEquals(std::string_view a, std::string_view b);

}  // namespace keyplan::aws
