#include "icons.h"

#include "base64url.h"

#include <utility>

namespace office::resources {
std::string_view embedded_file(std::string_view name);  // resources/embed_files.cmake
}

namespace office {

namespace {

// `bytes` as a data: URI: standard base64 with padding (RFC 4648 section 4, as RFC 2397 has it).
std::string data_uri(std::string_view mime_type, std::string_view bytes) {
    std::string text = base64url_encode(bytes);
    for (char& c : text) c = c == '-' ? '+' : c == '_' ? '/' : c;
    text.append((4 - text.size() % 4) % 4, '=');
    return "data:" + std::string(mime_type) + ";base64," + text;
}

json icon(std::string_view file, std::string_view mime_type, std::string_view sizes) {
    const std::string_view bytes = resources::embedded_file(file);
    if (bytes.empty()) throw std::logic_error("icon " + std::string(file) + " is not compiled in");
    return {{"src", data_uri(mime_type, bytes)}, {"mimeType", mime_type}, {"sizes", json::array({sizes})}};
}

json png48(std::string_view kind) { return json::array({icon("icons/" + std::string(kind) + "-48.png", "image/png", "48x48")}); }

}  // namespace

const json& server_icons() {
    static const json icons = json::array({icon("office-desk.svg", "image/svg+xml", "any"),
                                           icon("icons/server-48.png", "image/png", "48x48"),
                                           icon("icons/server-96.png", "image/png", "96x96")});
    return icons;
}

const json& icons_for(std::string_view name) {
    static const json customer = png48("customer"), calendar = png48("calendar"), invoice = png48("invoice"),
                      refund = png48("refund"), lunch = png48("lunch"), office = png48("office"), none = json::array();
    static const std::pair<std::string_view, const json*> kinds[] = {
        {"find_customer", &customer},     {"add_customer", &customer},      {"edit_customer", &customer},
        {"remove_customer", &customer},   {"customer-summary", &customer},  {"list_availability", &calendar},
        {"book_slot", &calendar},         {"cancel_booking", &calendar},    {"move_booking", &calendar},
        {"set_hours", &calendar},         {"close_days", &calendar},        {"open_day", &calendar},
        {"book-appointment", &calendar},  {"open_invoices", &invoice},      {"add_invoice", &invoice},
        {"pay_invoice", &invoice},        {"issue_refund", &refund},        {"refund-invoice", &refund},
        {"order_lunch", &lunch},          {"add_menu_item", &lunch},        {"remove_menu_item", &lunch},
        {"order-lunch", &lunch},          {"set_office", &office},
    };
    for (const auto& [n, icons] : kinds)
        if (n == name) return *icons;
    return none;
}

}  // namespace office
