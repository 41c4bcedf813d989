#pragma once
// A throwaway PKI for the TLS tests, made at test time by tests/http/make-test-certs.sh (the
// openssl command) in a fresh directory: ca.pem, and one.pem/one.key, two.pem/two.key (two
// certificates for 127.0.0.1 and localhost, each file a chain). No openssl: the test fails.

#include "server_process.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace office::testing {

struct TestCerts {
    TempDir dir;

    TestCerts() {
        const std::string log = dir.file("make-test-certs.log");
        const int status = std::system((std::string(OFFICE_TEST_CERTS_SCRIPT) + " '" + dir.path() + "' >'" + log + "' 2>&1").c_str());
        std::ifstream said(log);
        INFO(std::string((std::istreambuf_iterator<char>(said)), {}));
        REQUIRE(status == 0);
    }
    std::string ca() const { return dir.file("ca.pem"); }
    std::string cert(const std::string& name) const { return dir.file(name + ".pem"); }
    std::string key(const std::string& name) const { return dir.file(name + ".key"); }
    // --tls-cert and --tls-key for certificate `name`.
    std::vector<std::string> args(const std::string& name) const { return {"--tls-cert", cert(name), "--tls-key", key(name)}; }
};

}  // namespace office::testing
