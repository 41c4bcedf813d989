#include "base64url.h"

namespace office {
namespace {

constexpr char kBase64UrlAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int base64url_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

}  // namespace

std::string base64url_encode(const unsigned char* data, std::size_t size) {
    std::string out;
    out.reserve((size * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 3 <= size; i += 3) {
        const unsigned v = (unsigned{data[i]} << 16) | (unsigned{data[i + 1]} << 8) | data[i + 2];
        out += kBase64UrlAlphabet[(v >> 18) & 63];
        out += kBase64UrlAlphabet[(v >> 12) & 63];
        out += kBase64UrlAlphabet[(v >> 6) & 63];
        out += kBase64UrlAlphabet[v & 63];
    }
    if (size - i == 1) {
        const unsigned v = unsigned{data[i]} << 16;
        out += kBase64UrlAlphabet[(v >> 18) & 63];
        out += kBase64UrlAlphabet[(v >> 12) & 63];
    } else if (size - i == 2) {
        const unsigned v = (unsigned{data[i]} << 16) | (unsigned{data[i + 1]} << 8);
        out += kBase64UrlAlphabet[(v >> 18) & 63];
        out += kBase64UrlAlphabet[(v >> 12) & 63];
        out += kBase64UrlAlphabet[(v >> 6) & 63];
    }
    return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
    if (text.size() % 4 == 1) return std::nullopt;
    std::string out;
    out.reserve(text.size() / 4 * 3 + 2);
    unsigned acc = 0;
    int bits = 0;
    for (char c : text) {
        const int v = base64url_value(c);
        if (v < 0) return std::nullopt;
        acc = (acc << 6) | static_cast<unsigned>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xFF);
            acc &= (1u << bits) - 1;
        }
    }
    if (acc != 0) return std::nullopt;  // leftover bits must be zero
    return out;
}

}  // namespace office
