#include "token_command.h"

#include "options.h"

#include "clock.h"
#include "sqlite_office_store.h"
#include "store_error.h"
#include "text_table.h"
#include "office_store_for.h"
#include "tokens.h"

#include <cstdio>
#include <string>
#include <vector>

namespace office {
namespace {

int refused(const std::string& sentence) {
    std::fprintf(stderr, "office-mcp: %s\n", sentence.c_str());
    return 1;
}

}  // namespace

int token_command(const Options& o) {
    const std::vector<std::string>& words = o.command;
    const bool list = words[1] == "list", revoke = words[1] == "revoke";
    const std::string& profile = o.profile;
    const bool approver = o.approver, admin = o.admin;
    std::string tokens = o.tokens_file;
    try {
        if (tokens.empty()) tokens = tokens_path_for(office_local_path(o.db));
        std::optional<TokenFileLock> lock;  // a change is read, made and written under the lock
        if (!list) lock.emplace(tokens);
        auto file = TokenFile::load(tokens);
        if (list) {
            if (file.empty()) {
                std::printf("No tokens in %s.\n", tokens.c_str());
                return 0;
            }
            // Names, profiles and dates only: the hashes are nobody's business.
            std::vector<std::vector<std::string>> rows{{"NAME", "PROFILE", "APPROVER", "ADMIN", "CREATED"}};
            for (const auto& e : file.entries())
                rows.push_back({e.name, e.profile, e.approver ? "yes" : "no", e.admin ? "yes" : "no", e.created});
            std::fputs(text_table(rows).c_str(), stdout);
            return 0;
        }
        if (revoke) {
            file.revoke(words[2]);
            file.save();
            std::fprintf(stderr, "office-mcp: token %s is revoked (removed from %s)\n", words[2].c_str(), tokens.c_str());
            return 0;
        }
        const std::string token = file.add(words[2], profile, utc_now(), approver, admin);
        file.save();
        // stdout holds the token alone, so `TOKEN=$(office-mcp token add alice)` works.
        std::printf("%s\n", token.c_str());
        std::fprintf(stderr,
                     "office-mcp: token %s (profile %s%s) is stored in %s as a hash only; it will not be shown "
                     "again, so keep it now\n",
                     words[2].c_str(), profile.c_str(), (std::string(approver ? ", approver" : "") + (admin ? ", admin" : "")).c_str(),
                     tokens.c_str());
        return 0;
    } catch (const TokenError& e) {
        return refused(e.what());
    } catch (const StoreError& e) {
        return refused(e.what());
    }
}

}  // namespace office
