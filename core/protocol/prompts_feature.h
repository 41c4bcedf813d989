#pragma once
// Prompts and completions as an MCP feature of the session (core/office/prompts.h and
// completions.h keep the prompts themselves): prompts/list, prompts/get and
// completion/complete, as the session's tools allow. order-lunch is offered only while the
// menu has items, so the prompt list changes with the menu: this feature knows whether it did,
// and the change watch (resources_feature.h) tells whoever listens.

#include "method_table.h"
#include "office_resources.h"
#include "office_store.h"
#include "serving_settings.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace office {

struct Prompt;

// How long a list the menu shapes is fresh (2026-07-28 ttlMs): order_lunch's tools/list, and
// the prompts, which follow it.
inline constexpr std::int64_t kMenuToolsTtlMs = 1'000;

class PromptsFeature {
public:
    // What it reads of its session, fixed for the session's life.
    struct Needs {
        std::function<OfficeStore&()> store;
        UnixClock now;
        const ServingSettings* settings;      // the locale its texts are written in
        const std::vector<const Tool*>* tools;  // the tools served: a prompt naming another is not offered
        const std::set<OfficeTable>* tables;    // the resources shown, whose templates complete
        // The session starts watching the prompts (a 2025 client listed them): its change watch
        // begins, and note_menu is called.
        std::function<void(std::string& out)> watch;
    };
    explicit PromptsFeature(Needs needs) : needs_(std::move(needs)) {}
    PromptsFeature(const PromptsFeature&) = delete;  // its methods in the table point at it
    PromptsFeature& operator=(const PromptsFeature&) = delete;
    void register_methods(MethodTable& table);

    // A 2025 client that listed the prompts is told when they change.
    bool listed_by_legacy_client() const { return listed_; }
    // Watching starts now: remembers whether the menu is empty, to compare with later.
    void note_menu() { menu_empty_ = needs_.store().lunch().menu().empty(); }
    // The menu changed: whether the prompt list did with it (`watched`: anyone watches the
    // prompts, so the menu is read again).
    bool menu_changed(bool watched);

private:
    bool offers(const Prompt& prompt) const;  // every tool it names is served (reads the menu for order_lunch)
    MethodReply list(MethodRequest& request);
    MethodReply get(MethodRequest& request);
    MethodReply complete(MethodRequest& request);

    Needs needs_;
    bool listed_ = false;      // a 2025 client listed the prompts while they follow the menu
    bool menu_empty_ = false;  // whether the menu was empty when last looked at, while watched
};

}  // namespace office
