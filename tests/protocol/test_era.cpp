// The table of protocol revisions (core/protocol/era.h): what each revision has, read by name.

#include "era.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

// The names of the features a revision has, in the table's order.
std::string features(std::string_view version) {
    const office::Revision& r = office::revision(version);
    std::string out;
    const auto add = [&](bool has, const char* name) {
        if (has) out += out.empty() ? name : std::string(" ") + name;
    };
    add(r.envelope, "envelope");
    add(r.batch, "batch");
    add(r.annotations, "annotations");
    add(r.titles, "titles");
    add(r.structured_content, "structuredContent");
    add(r.output_schema, "outputSchema");
    add(r.elicitation, "elicitation");
    add(r.schema_dialect, "$schema");
    add(r.form_mode, "form_mode");
    return out;
}

}  // namespace

TEST_CASE("the era table knows five revisions, oldest first", "[era]") {
    std::vector<std::string> versions;
    for (const auto& r : office::kRevisions) versions.emplace_back(r.version);
    CHECK(versions == std::vector<std::string>{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"});
}

TEST_CASE("each revision has exactly the features the spec gave it", "[era]") {
    CHECK(features("2024-11-05") == "");
    CHECK(features("2025-03-26") == "batch annotations");
    CHECK(features("2025-06-18") == "annotations titles structuredContent outputSchema elicitation");
    CHECK(features("2025-11-25") == "annotations titles structuredContent outputSchema elicitation $schema form_mode");
    CHECK(features("2026-07-28") ==
          "envelope annotations titles structuredContent outputSchema elicitation $schema form_mode");
}

TEST_CASE("an unknown or empty version has nothing and is not a legacy version", "[era]") {
    CHECK(features("") == "");
    CHECK(features("2025-06-19") == "");
    CHECK(&office::revision("1999-01-01") == &office::kNoRevision);
    CHECK_FALSE(office::is_legacy_version(""));
    CHECK_FALSE(office::is_legacy_version("2025-06-19"));
}

TEST_CASE("the legacy versions are the revisions before the envelope", "[era]") {
    CHECK(office::is_legacy_version("2024-11-05"));
    CHECK(office::is_legacy_version("2025-03-26"));
    CHECK(office::is_legacy_version("2025-06-18"));
    CHECK(office::is_legacy_version("2025-11-25"));
    CHECK_FALSE(office::is_legacy_version("2026-07-28"));
}
