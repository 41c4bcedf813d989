#include "prompts.h"

#include "calendar.h"
#include "office_store.h"
#include "records.h"
#include "utf8.h"

#include <array>
#include <cctype>

namespace office {

namespace {

constexpr std::size_t kMaxArgumentCharacters = 100;

// A text in each of the office's languages, in the order of Locale (en, es, zh_CN).
using Texts = std::array<const char*, 3>;

std::string in(const Texts& texts, Locale locale) { return texts[static_cast<std::size_t>(locale)]; }

// `text` with %1, %2, ... replaced by `values` (each once, in one pass: a value holding %2 stays).
std::string fill(const std::string& text, const std::vector<std::string>& values) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::size_t n = i + 1 < text.size() ? static_cast<std::size_t>(text[i + 1] - '1') : values.size();
        if (text[i] == '%' && n < values.size()) {
            out += values[n];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

struct PromptTexts {
    Texts title, description;
    std::vector<Texts> arguments;  // each argument's description, in the prompt's order
};

// ---- what the model is told, in each language -------------------------------------------

const Texts kCustomerFound = {
    "The customer is #%1 %2 <%3>: use customer_id %1.",
    "El cliente es #%1 %2 <%3>: use customer_id %1.",
    "客户是 #%1 %2 <%3>：使用 customer_id %1。"};
const Texts kCustomerSeveral = {
    "Several customers match \"%1\": %2. Ask me which one I mean, and use that customer's id.",
    "Varios clientes coinciden con \"%1\": %2. Pregúnteme a cuál me refiero y use el id de ese cliente.",
    "有多位客户与“%1”匹配：%2。请问我指的是哪一位，然后使用该客户的 id。"};
const Texts kCustomerNoneAdd = {
    "No customer matches \"%1\": ask me for their name and email, add them with add_customer, and use the id it gives.",
    "Ningún cliente coincide con \"%1\": pídame su nombre y su correo, añádalo con add_customer y use el id que devuelva.",
    "没有客户与“%1”匹配：请向我询问其姓名和电子邮件，用 add_customer 添加，并使用它返回的 id。"};
const Texts kCustomerNone = {
    "No customer matches \"%1\": call find_customer with another part of their name or email, or ask me who I mean.",
    "Ningún cliente coincide con \"%1\": llame a find_customer con otra parte de su nombre o correo, o pregúnteme a quién me refiero.",
    "没有客户与“%1”匹配：请用其姓名或电子邮件的其他部分调用 find_customer，或问我指的是谁。"};
const Texts kCustomerId = {"The customer is customer_id %1.", "El cliente es customer_id %1.", "客户是 customer_id %1。"};
const Texts kTheirId = {"<their id>", "<su id>", "<其 id>"};

const Texts kBookIntro = {"Book an appointment for %1%2. Times are the office's, in its time zone.",
                          "Reserve una cita para %1%2. Las horas son las de la oficina, en su zona horaria.",
                          "为 %1 预约%2。时间均为办公室所在时区的时间。"};
const Texts kBookOnDay = {" on %1", " el %1", "（%1）"};
const Texts kBookSlots = {
    "Call list_availability with %1 to see the free slots, and ask me which one I want.",
    "Llame a list_availability con %1 para ver los huecos libres y pregúnteme cuál quiero.",
    "用 %1 调用 list_availability 查看空闲时段，并问我想要哪一个。"};
const Texts kBookCall = {"Then call book_slot with %1 and tell me what it booked.",
                         "Después llame a book_slot con %1 y dígame qué reservó.",
                         "然后用 %1 调用 book_slot，并告诉我预约结果。"};
const Texts kChosenSlot = {"<the slot I chose>", "<el hueco que elija>", "<我选的时段>"};

const Texts kRefundIntro = {"Refund %1 of %2.", "Reembolse %1 de %2.", "为 %2 退款：%1。"};
const Texts kRefundInvoice = {"invoice %1", "la factura %1", "发票 %1"};
const Texts kRefundAnInvoice = {"an invoice", "una factura", "一张发票"};
const Texts kRefundList = {
    "Call open_invoices with %1 to see their invoices with what is left to refund%2.",
    "Llame a open_invoices con %1 para ver sus facturas y lo que queda por reembolsar%2.",
    "用 %1 调用 open_invoices 查看其发票及可退金额%2。"};
const Texts kRefundMustBe = {"; invoice %1 must be one of them", "; la factura %1 debe ser una de ellas", "；发票 %1 必须在其中"};
const Texts kRefundAsk = {"; ask me which one", "; pregúnteme cuál", "；问我是哪一张"};
const Texts kRefundCall = {
    "Then call issue_refund with %1. A person approves every refund: answer the form if one comes, or tell me the approval "
    "request's number if the refund waits for the desk.",
    "Después llame a issue_refund con %1. Una persona aprueba cada reembolso: responda al formulario si llega uno, o dígame el "
    "número de la solicitud de aprobación si el reembolso espera en el escritorio.",
    "然后用 %1 调用 issue_refund。每笔退款都由人批准：如有表单请填写；如退款在前台等待审批，请告诉我审批请求的编号。"};
const Texts kChosenInvoice = {"<the invoice>", "<la factura>", "<该发票>"};

const Texts kLunchIntro = {"Order lunch: %1 × %2.", "Pida la comida: %1 × %2.", "订午餐：%1 × %2。"};
const Texts kLunchCall = {"Call order_lunch with %1 and tell me what it ordered and what it costs.",
                          "Llame a order_lunch con %1 y dígame qué pidió y cuánto cuesta.",
                          "用 %1 调用 order_lunch，并告诉我订了什么、多少钱。"};
const Texts kLunchOff = {"%1 is not on the menu (%2): ask me which item I want instead, then call order_lunch with it.",
                         "%1 no está en el menú (%2): pregúnteme qué quiero en su lugar y llame a order_lunch con eso.",
                         "%1 不在菜单上（%2）：请问我想改点什么，然后用它调用 order_lunch。"};

const Texts kSummaryIntro = {"Sum up customer %1 for me, briefly.", "Resúmame al cliente %1, brevemente.", "请简要总结客户 %1 的情况。"};
const Texts kSummaryInvoices = {
    "Call open_invoices with %1 and tell me each invoice: its amount, what was refunded and what is left.",
    "Llame a open_invoices con %1 y dígame cada factura: su importe, lo reembolsado y lo que queda.",
    "用 %1 调用 open_invoices，并告诉我每张发票的金额、已退金额和剩余金额。"};

// ---- the prompts ------------------------------------------------------------------------

const std::vector<PromptTexts>& prompt_texts() {
    static const std::vector<PromptTexts> texts = {
        {{"Book an appointment", "Reservar una cita", "预约"},
         {"Books a free slot for a customer, found by name, on a day or the next free one.",
          "Reserva un hueco libre para un cliente, buscado por su nombre, un día o el próximo libre.",
          "按姓名找到客户，为其预约某天或最近的空闲时段。"},
         {{"The customer's name or email, or part of it.", "El nombre o el correo del cliente, o parte de él.", "客户的姓名或电子邮件（或其一部分）。"},
          {"The day, YYYY-MM-DD (else the next free slots).", "El día, AAAA-MM-DD (si no, los próximos huecos libres).", "日期，YYYY-MM-DD（不填则为最近的空闲时段）。"}}},
        {{"Refund an invoice", "Reembolsar una factura", "发票退款"},
         {"Refunds an invoice of a customer, with a person's approval.", "Reembolsa una factura de un cliente, con la aprobación de una persona.",
          "为客户的发票退款，须经人批准。"},
         {{"The customer's name or email, or part of it.", "El nombre o el correo del cliente, o parte de él.", "客户的姓名或电子邮件（或其一部分）。"},
          {"The invoice's number, if known.", "El número de la factura, si se sabe.", "发票编号（如已知）。"}}},
        {{"Order lunch", "Pedir la comida", "订午餐"},
         {"Orders an item of the lunch menu.", "Pide un plato del menú de la comida.", "从午餐菜单点餐。"},
         {{"The menu item.", "El plato del menú.", "菜单上的菜品。"}, {"How many (1 if not given).", "Cuántos (1 si no se indica).", "数量（不填为 1）。"}}},
        {{"Sum up a customer", "Resumen de un cliente", "客户概况"},
         {"A customer's invoices: what was billed, refunded and is left.", "Las facturas de un cliente: lo facturado, lo reembolsado y lo que queda.",
          "客户的发票：开票、已退和剩余金额。"},
         {{"The customer's name or email, or part of it.", "El nombre o el correo del cliente, o parte de él.", "客户的姓名或电子邮件（或其一部分）。"}}},
    };
    return texts;
}

std::string argument_text(const json& arguments, const char* name) {
    const auto it = arguments.find(name);
    return it == arguments.end() ? std::string() : it->get<std::string>();
}

bool all_digits(const std::string& text) {
    if (text.empty() || text.size() > 18) return false;
    for (const char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

bool same_name(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
}

// Who `query` names: its id when that is unambiguous (one match, or one whose name is exactly
// the query), and the sentence that tells the model so or what to do instead.
struct WhoIs {
    std::string id;  // the customer_id to put in a call, or a placeholder
    std::string name;
    std::string sentence;
};

// The one customer of `page` (find_customers of `query`) that `query` names: the only match,
// or the one whose name is exactly the query; null when that is ambiguous or none matches.
const Customer* unambiguous(const CustomerPage& page, const std::string& query) {
    if (page.customers.size() == 1 && page.more == 0) return &page.customers.front();
    for (const auto& c : page.customers)
        if (same_name(c.name, query)) return &c;
    return nullptr;
}

WhoIs who_is(OfficeStore& store, const std::string& query, Locale locale, bool may_add) {
    if (all_digits(query)) return {query, "#" + query, fill(in(kCustomerId, locale), {query})};
    const CustomerPage page = store.customers().find_customers(query);
    if (const Customer* one = unambiguous(page, query)) {
        const auto id = std::to_string(one->id);
        return {id, one->name, fill(in(kCustomerFound, locale), {id, one->name, one->email})};
    }
    if (page.customers.empty())
        return {in(kTheirId, locale), query, fill(in(may_add ? kCustomerNoneAdd : kCustomerNone, locale), {query})};
    std::string list;
    for (std::size_t i = 0; i < page.customers.size() && i < 10; ++i)
        list += (i ? ", #" : "#") + std::to_string(page.customers[i].id) + " " + page.customers[i].name;
    if (page.customers.size() > 10 || page.more > 0) list += ", …";
    return {in(kTheirId, locale), query, fill(in(kCustomerSeveral, locale), {query, list})};
}

// A call's arguments as the model writes them: {"slot_id": <...>, "customer_id": 2}. Ids and
// quantities are numbers (or a placeholder to fill in); everything else is a JSON string.
std::string call_arguments(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::string out = "{";
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto& [key, value] = pairs[i];
        const bool number = key.ends_with("_id") || key == "quantity";
        const bool raw = number && (all_digits(value) || (!value.empty() && value.front() == '<'));
        out += (i ? ", \"" : "\"") + key + "\": " + (raw ? value : json(value).dump());
    }
    return out + "}";
}

std::string numbered(const std::vector<std::string>& steps) {
    std::string out;
    for (std::size_t i = 0; i < steps.size(); ++i) out += "\n" + std::to_string(i + 1) + ". " + steps[i];
    return out;
}

}  // namespace

const std::vector<Prompt>& office_prompts() {
    static const std::vector<Prompt> prompts = [] {
        std::vector<Prompt> list = {
            {"book-appointment", "", "", {{"customer", "", true}, {"day", "", false}},
             {"find_customer", "list_availability", "book_slot", "add_customer"}},
            {"refund-invoice", "", "", {{"customer", "", true}, {"invoice", "", false}}, {"find_customer", "open_invoices", "issue_refund"}},
            {"order-lunch", "", "", {{"item", "", true}, {"quantity", "", false}}, {"order_lunch"}},
            {"customer-summary", "", "", {{"customer", "", true}}, {"find_customer", "open_invoices"}},
        };
        for (std::size_t i = 0; i < list.size(); ++i) {  // English, the list's own language
            list[i].title = prompt_texts()[i].title[0];
            list[i].description = prompt_texts()[i].description[0];
            for (std::size_t a = 0; a < list[i].arguments.size(); ++a) list[i].arguments[a].description = prompt_texts()[i].arguments[a][0];
        }
        return list;
    }();
    return prompts;
}

namespace {

std::size_t index_of(const Prompt& prompt) { return static_cast<std::size_t>(&prompt - office_prompts().data()); }

}  // namespace

std::optional<std::int64_t> customer_named(OfficeStore& store, const std::string& query) {
    if (all_digits(query)) {
        const auto id = std::stoll(query);
        return store.customers().customer_name(id) ? std::optional(id) : std::nullopt;
    }
    if (query.empty()) return std::nullopt;
    const CustomerPage page = store.customers().find_customers(query);
    const Customer* one = unambiguous(page, query);
    return one ? std::optional(one->id) : std::nullopt;
}

const Prompt* prompt_named(const std::string& name) {
    for (const auto& p : office_prompts())
        if (p.name == name) return &p;
    return nullptr;
}

json describe_prompt(const Prompt& prompt, Locale locale) {
    const PromptTexts& texts = prompt_texts()[index_of(prompt)];
    json arguments = json::array();
    for (std::size_t a = 0; a < prompt.arguments.size(); ++a)
        arguments.push_back({{"name", prompt.arguments[a].name}, {"description", in(texts.arguments[a], locale)},
                             {"required", prompt.arguments[a].required}});
    return {{"name", prompt.name}, {"title", in(texts.title, locale)}, {"description", in(texts.description, locale)},
            {"arguments", std::move(arguments)}};
}

std::string prompt_arguments_problem(const Prompt& prompt, const json& arguments) {
    if (!arguments.is_object()) return "arguments must be an object of strings";
    for (const auto& [name, value] : arguments.items()) {
        bool known = false;
        for (const auto& a : prompt.arguments) known = known || a.name == name;
        if (!known) return "unknown argument \"" + name + "\" (" + prompt.name + " takes " + [&] {
            std::string names;
            for (const auto& a : prompt.arguments) names += (names.empty() ? "" : ", ") + a.name;
            return names;
        }() + ")";
        if (!value.is_string()) return "argument \"" + name + "\" must be a string";
        const auto& text = value.get_ref<const std::string&>();
        // As long as find_customer's query may be (a customer is looked up with it).
        if (utf8::count_characters(text) > kMaxArgumentCharacters)
            return "argument \"" + name + "\" is longer than " + std::to_string(kMaxArgumentCharacters) + " characters";
        if (text.empty()) continue;
        if ((name == "invoice" || name == "quantity") && (!all_digits(text) || std::stoll(text) < 1))
            return "argument \"" + name + "\" must be a whole number of at least 1, not \"" + text + "\"";
        if (name == "day" && !parse_day(text)) return "argument \"day\" must be a day as YYYY-MM-DD, not \"" + text + "\"";
    }
    for (const auto& a : prompt.arguments) {
        const auto it = arguments.find(a.name);
        if (a.required && (it == arguments.end() || it->get_ref<const std::string&>().empty()))
            return "missing required argument \"" + a.name + "\"";
    }
    return {};
}

json render_prompt(const Prompt& prompt, const json& arguments, OfficeStore& store, Locale locale) {
    std::string text;
    std::vector<std::string> steps;
    if (prompt.name == "book-appointment") {
        const auto who = who_is(store, argument_text(arguments, "customer"), locale, true);
        const auto day = argument_text(arguments, "day");
        text = fill(in(kBookIntro, locale), {who.name, day.empty() ? "" : fill(in(kBookOnDay, locale), {day})});
        steps.push_back(who.sentence);
        steps.push_back(fill(in(kBookSlots, locale), {day.empty() ? "{}" : call_arguments({{"day", day}})}));
        steps.push_back(fill(in(kBookCall, locale), {call_arguments({{"slot_id", in(kChosenSlot, locale)}, {"customer_id", who.id}})}));
    } else if (prompt.name == "refund-invoice") {
        const auto who = who_is(store, argument_text(arguments, "customer"), locale, false);
        const auto invoice = argument_text(arguments, "invoice");
        text = fill(in(kRefundIntro, locale), {invoice.empty() ? in(kRefundAnInvoice, locale) : fill(in(kRefundInvoice, locale), {invoice}), who.name});
        steps.push_back(who.sentence);
        steps.push_back(fill(in(kRefundList, locale), {call_arguments({{"customer_id", who.id}}),
                                                       invoice.empty() ? in(kRefundAsk, locale) : fill(in(kRefundMustBe, locale), {invoice})}));
        steps.push_back(fill(in(kRefundCall, locale), {call_arguments({{"invoice_id", invoice.empty() ? in(kChosenInvoice, locale) : invoice}})}));
    } else if (prompt.name == "order-lunch") {
        const auto item = argument_text(arguments, "item");
        const auto quantity = arguments.contains("quantity") && !argument_text(arguments, "quantity").empty() ? argument_text(arguments, "quantity")
                                                                                                                  : std::string("1");
        text = fill(in(kLunchIntro, locale), {quantity, item});
        const auto menu = store.lunch().menu();
        bool listed = false;
        for (const auto& m : menu) listed = listed || m.name == item;
        steps.push_back(listed ? fill(in(kLunchCall, locale), {call_arguments({{"item", item}, {"quantity", quantity}})})
                               : fill(in(kLunchOff, locale), {item, menu_sentence(menu)}));
    } else {  // customer-summary
        const auto who = who_is(store, argument_text(arguments, "customer"), locale, false);
        text = fill(in(kSummaryIntro, locale), {who.name});
        steps.push_back(who.sentence);
        steps.push_back(fill(in(kSummaryInvoices, locale), {call_arguments({{"customer_id", who.id}})}));
    }
    return {{"description", in(prompt_texts()[index_of(prompt)].description, locale)},
            {"messages", json::array({json{{"role", "user"}, {"content", {{"type", "text"}, {"text", text + numbered(steps)}}}}})}};
}

}  // namespace office
