#include "office_apps.h"

#include <array>

namespace office::resources {
// Compiled in by resources/embed.cmake (resources/CMakeLists.txt, office_app_views).
extern const std::string_view availability_html;
extern const std::string_view invoices_html;
extern const std::string_view lunch_html;
}  // namespace office::resources

namespace office {

namespace {

const std::array<AppView, 3>& views() {
    static const std::array<AppView, 3> all{{
        {"ui://office/availability", "list_availability", resources::availability_html},
        {"ui://office/invoices", "open_invoices", resources::invoices_html},
        {"ui://office/lunch", "order_lunch", resources::lunch_html},
    }};
    return all;
}

}  // namespace

const AppView* app_view(std::string_view uri) {
    for (const auto& view : views())
        if (view.uri == uri) return &view;
    return nullptr;
}

const AppView* app_view_of_tool(std::string_view tool) {
    for (const auto& view : views())
        if (view.tool == tool) return &view;
    return nullptr;
}

bool declares_apps(const json& capabilities) {
    const json* extensions = find_member(capabilities, "extensions");
    const json* ui = extensions && extensions->is_object() ? find_member(*extensions, kAppsExtension) : nullptr;
    const json* types = ui && ui->is_object() ? find_member(*ui, "mimeTypes") : nullptr;
    if (!types || !types->is_array()) return false;
    for (const auto& type : *types)
        if (type.is_string() && type.get_ref<const std::string&>() == kAppMimeType) return true;
    return false;
}

json app_view_contents(const AppView& view) {
    return json{{"uri", view.uri}, {"mimeType", kAppMimeType}, {"text", view.html}, {"_meta", {{"ui", {{"prefersBorder", true}}}}}};
}

}  // namespace office
