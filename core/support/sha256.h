#pragma once
// SHA-256 (OpenSSL's EVP) of bytes given in pieces, as 64 lowercase hex digits: the checksums
// an office export's manifest.json carries for each of its files.

#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX; its headers stay inside this layer

namespace office {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(std::string_view bytes);
    std::string hex();  // of everything given; the object is spent after it

private:
    evp_md_ctx_st* ctx_;
};

inline std::string sha256_hex(std::string_view bytes) {
    Sha256 h;
    h.update(bytes);
    return h.hex();
}

}  // namespace office
