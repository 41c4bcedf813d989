// The office's texts for people in the office's language (--locale, core/office/person_texts.h):
// the refund form's message, titles and descriptions in both eras, why an answer was not
// accepted, and the approval queue's outcomes; while what the model reads (tools/list, tool
// results, errors) stays English whatever the locale.

#include "approvals.h"
#include "office_store.h"
#include "person_texts.h"
#include "server_process.h"
#include "session_harness.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace {

using office::json;
using office::Locale;
using office::testing::accept;
using office::testing::kForms;
using office::testing::tools_call;

struct Office : office::testing::InProcessServer {
    explicit Office(Locale locale) : InProcessServer({}, ":memory:", {}, nullptr, locale) {}
};

json modern_refund_call(int id, int invoice) {
    return tools_call(id, "issue_refund", {{"invoice_id", invoice}}, kForms, "office-desk");
}

json retry(int id, int invoice, json responses, json state) {
    auto message = modern_refund_call(id, invoice);
    message["params"]["inputResponses"] = std::move(responses);
    message["params"]["requestState"] = std::move(state);
    return message;
}

json asked_params(const json& asked) {
    INFO(asked.dump());
    REQUIRE(asked["resultType"] == "input_required");
    return asked["inputRequests"]["approve_refund"]["params"];
}

const std::string kSpanishQuestion =
    "¿Devolver la factura 2 (Maria Alvarez, abierta, 80,00)? Indique el importe a devolver (como máximo 80,00) y el "
    "motivo, o rechace la devolución.";

}  // namespace

TEST_CASE("with --locale es the refund form asks in Spanish through input_required, and the result stays English", "[locale]") {
    Office office(Locale::Es);
    const auto asked = office.result(modern_refund_call(1, 2));
    const auto params = asked_params(asked);
    CHECK(params["message"] == kSpanishQuestion);
    const auto& properties = params["requestedSchema"]["properties"];
    CHECK(properties["amount"]["title"] == "Importe a devolver");
    CHECK(properties["amount"]["description"] == "Como máximo 80,00, con dos decimales como mucho.");
    CHECK(properties["reason"]["title"] == "Motivo");
    CHECK(properties["reason"]["description"] == "Por qué se devuelve el dinero (de 3 a 200 caracteres).");
    // The numbers of the schema are numbers, not text: the same in every language.
    CHECK(properties["amount"]["maximum"] == 80.0);
    CHECK(properties["amount"]["minimum"] == 0.01);

    const auto done = office.result(retry(2, 2, accept(30.5, "Comida no entregada"), asked["requestState"]));
    CHECK(office::testing::text_of(done) ==
          "Refunded 30.50 of invoice 2 (Maria Alvarez); 49.50 is left to refund. Reason: Comida no entregada");
}

TEST_CASE("with --locale es a refused answer is asked again in Spanish, and a partly refunded invoice says what is left", "[locale]") {
    Office office(Locale::Es);
    const auto first = office.result(modern_refund_call(1, 2));
    office.result(retry(2, 2, accept(30, "Cobro duplicado"), first["requestState"]));
    const auto asked = office.result(modern_refund_call(3, 2));
    const auto again = office.result(retry(4, 2, accept(60.005, "  "), asked["requestState"]));
    CHECK(asked_params(again)["message"] ==
          "No se aceptó la respuesta: Importe a devolver: debe estar entre 0,01 y 50,00; Motivo: no puede estar en blanco. "
          "¿Devolver la factura 2 (Maria Alvarez, abierta, 80,00; ya devuelto 30,00, quedan 50,00)? Indique el importe a "
          "devolver (como máximo 50,00) y el motivo, o rechace la devolución.");
}

TEST_CASE("with --locale es the refund form asks in Spanish through elicitation/create", "[locale]") {
    Office office(Locale::Es);
    office.result(office::testing::initialize_request("2025-11-25", kForms, "office-desk", "1.0"));
    office.send(office::testing::kInitialized);
    const auto sent = office.send(office::testing::legacy_call(7, "issue_refund", {{"invoice_id", 2}}));
    REQUIRE(sent.size() == 1);
    CHECK(sent[0]["method"] == "elicitation/create");
    CHECK(sent[0]["params"]["message"] == kSpanishQuestion);
    CHECK(sent[0]["params"]["requestedSchema"]["properties"]["amount"]["title"] == "Importe a devolver");
    const auto answered = office.send(json{{"jsonrpc", "2.0"}, {"id", sent[0]["id"]}, {"result", {{"action", "decline"}}}});
    REQUIRE(answered.size() == 1);
    CHECK(office::testing::reply_text(answered[0]) ==
          "The refund of invoice 2 (Maria Alvarez, open, 80.00) was declined by the person; nothing changed.");
}

TEST_CASE("with --locale zh_CN the refund form asks in Simplified Chinese", "[locale]") {
    Office office(Locale::ZhCN);
    const auto params = asked_params(office.result(modern_refund_call(1, 2)));
    CHECK(params["message"] == "是否为发票 2（Maria Alvarez，未付款，80.00）退款？请填写退款金额（最多 80.00）和原因，或拒绝退款。");
    CHECK(params["requestedSchema"]["properties"]["amount"]["title"] == "退款金额");
    CHECK(params["requestedSchema"]["properties"]["reason"]["title"] == "退款原因");
}

TEST_CASE("the model's texts are English whatever the locale: tools/list, queued results and errors", "[locale]") {
    const json list = {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}, {"params", office::testing::modern_params()}};
    const json queued = tools_call(2, "issue_refund", {{"invoice_id", 4}});
    const json unknown = tools_call(3, "issue_refund", {{"invoice_id", 99}});
    Office english(Locale::En);
    const auto english_tools = english.result(list)["tools"];
    const auto english_queued = english.result(queued);
    const auto english_unknown = english.result(unknown);
    for (const auto locale : {Locale::Es, Locale::ZhCN}) {
        CAPTURE(office::locale_code(locale));
        Office office(locale);
        CHECK(office.result(list)["tools"] == english_tools);
        const auto result = office.result(queued);
        CHECK(office::testing::text_of(result) == office::testing::text_of(english_queued));
        CHECK(office::testing::text_of(result).starts_with("Refunding invoice 4 (Priya Nair, open, 410.00) needs a person's approval"));
        CHECK(office.result(unknown) == english_unknown);
    }
}

TEST_CASE("the approval queue's outcomes are in the locale's words, the audit row stays English", "[locale]") {
    office::testing::TempDir dir;
    const auto db = dir.file("office.db");
    {
        office::testing::ServerProcess server({"--db", db});
        server.request(tools_call(1, "issue_refund", {{"invoice_id", 4}}, json::object(), "queue-client"));
        const auto asked = server.request(tools_call(2, "issue_refund", {{"invoice_id", 4}}, kForms, "office-desk"));
        auto decline = tools_call(3, "issue_refund", {{"invoice_id", 4}}, kForms, "office-desk");
        decline["params"]["inputResponses"] = office::testing::answer("decline");
        decline["params"]["requestState"] = asked["result"]["requestState"];
        REQUIRE(!server.request(decline)["result"].value("isError", false));
    }
    const auto missing = office::testing::run_office_mcp({"approvals", "reopen", "9", "--db", db, "--locale", "es"});
    CHECK(missing.status == 1);
    CHECK(missing.err == "office-mcp: No existe la solicitud de aprobación n.º 9.\n");
    const auto reopened = office::testing::run_office_mcp({"approvals", "reopen", "1", "--db", db, "--locale", "es"});
    CHECK(reopened.status == 0);
    CHECK(reopened.out ==
          "La solicitud de aprobación n.º 1 de la factura 4 vuelve a estar pendiente; se puede revisar en office-desk.\n");
    const auto again = office::testing::run_office_mcp({"approvals", "reopen", "1", "--db", db, "--locale", "zh_CN"});
    CHECK(again.status == 1);
    CHECK(again.err == "office-mcp: 发票 4 的审批请求 #1 的状态是待处理，不是已拒绝；只有已拒绝的请求才能重新打开。\n");
    office::Database store(db, office::Database::Mode::ReadOnly);
    auto& detail = store.prepare("SELECT detail FROM audit WHERE action = 'refund_reopened'");
    REQUIRE(detail.step());
    CHECK(detail.column_text(0) ==
          "Approval request #1 for invoice 4 was declined and is re-opened: it waits for a person in office-desk again.");
}

TEST_CASE("office-mcp checks --locale, config carries it and --help lists it", "[locale]") {
    const auto unknown = office::testing::run_office_mcp({"--locale", "fr"});
    CHECK(unknown.status == 2);
    CHECK(unknown.err == "office-mcp: unknown locale fr (en, es or zh_CN)\n");
    office::testing::TempDir dir;
    const auto config = office::testing::run_office_mcp({"config", "cursor", "--db", dir.file("office.db"), "--locale", "zh-CN"});
    REQUIRE(config.status == 0);
    CHECK(json::parse(config.out)["mcpServers"]["office"]["args"] == json::array({"--db", dir.file("office.db"), "--locale", "zh_CN"}));
    const auto help = office::testing::run_office_mcp({"--help"});
    CHECK(help.out.find("--locale LANG") != std::string::npos);
}

TEST_CASE("money for people keeps every cent and takes the locale's decimal separator", "[locale]") {
    CHECK(office::person_money(Locale::En, 5050) == "50.50");
    CHECK(office::person_money(Locale::Es, 5050) == "50,50");
    CHECK(office::person_money(Locale::Es, -5) == "-0,05");
    CHECK(office::person_money(Locale::Es, 123456789) == "1234567,89");
    CHECK(office::person_money(Locale::ZhCN, 8000) == "80.00");
}

TEST_CASE("fill puts each value where its name is and leaves an unknown name as it is", "[locale]") {
    CHECK(office::fill("{a} and {b}, {a}", {{"a", "x"}, {"b", "y"}}) == "x and y, x");
    CHECK(office::fill("{missing} {", {{"a", "x"}}) == "{missing} {");
    CHECK(office::fill("", {}).empty());
}

TEST_CASE("every language names the same values in its texts as English does", "[locale]") {
    // A translation that dropped {left} would show the person a form without its limit.
    const auto names = [](std::string_view text) {
        std::vector<std::string> found;
        for (auto open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
            const auto close = text.find('}', open);
            if (close != std::string_view::npos) found.emplace_back(text.substr(open, close - open + 1));
        }
        std::sort(found.begin(), found.end());
        return found;
    };
    using T = office::PersonTexts;
    const char* T::*const texts[] = {
        &T::amount_title, &T::amount_description, &T::reason_title, &T::reason_description, &T::question,
        &T::not_accepted, &T::invoice, &T::invoice_partly, &T::status_open, &T::status_paid, &T::status_refunded,
        &T::amount_required, &T::amount_not_number, &T::amount_range, &T::amount_decimals, &T::reason_required,
        &T::reason_not_text, &T::reason_length, &T::reason_blank, &T::reason_control, &T::not_a_field, &T::no_content,
        &T::bad_action, &T::reopen_done, &T::reopen_missing, &T::reopen_not_declined, &T::reopen_nothing_left,
        &T::reopen_other_pending, &T::request_pending, &T::request_approved, &T::request_declined};
    const auto& en = office::person_texts(Locale::En);
    for (const auto locale : {Locale::Es, Locale::ZhCN}) {
        const auto& t = office::person_texts(locale);
        CAPTURE(office::locale_code(locale));
        for (const auto text : texts) {
            CAPTURE(en.*text);
            CHECK(names(t.*text) == names(en.*text));
            CHECK(std::string_view(t.*text) != std::string_view(en.*text));  // translated, not left in English
        }
    }
    CHECK(office::locale_named("es") == Locale::Es);
    CHECK(office::locale_named("zh_CN") == Locale::ZhCN);
    CHECK(office::locale_named("en") == Locale::En);
    CHECK(!office::locale_named("es_ES"));
}
