#pragma once
// base64url (RFC 4648 section 5) without padding, as JOSE (RFC 7515 section 2) and the sealed
// requestState use it. Decoding is strict: no padding, no whitespace, no other alphabet, and the
// unused low bits of a final partial group must be zero, so each byte string has exactly one
// encoding (an edit of a sealed state or a token cannot decode to the same bytes).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace office {

std::string base64url_encode(const unsigned char* data, std::size_t size);
inline std::string base64url_encode(std::string_view data) {
    return base64url_encode(reinterpret_cast<const unsigned char*>(data.data()), data.size());
}
// The bytes of `text`, or nullopt when it is not strict base64url.
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace office
