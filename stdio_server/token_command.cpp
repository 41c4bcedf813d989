#include "token_command.h"

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

constexpr const char* kTokenUsage =
    "office-mcp token add NAME [--profile P] [--approver] [--admin] | token list | token revoke NAME  [--tokens FILE] [--db PATH]";

int refused(const std::string& sentence, int status = 1) {
    std::fprintf(stderr, "office-mcp: %s\n", sentence.c_str());
    return status;
}

// Every office-mcp option takes a value but these.
bool takes_value(const std::string& option) {
    return option != "--help" && option != "-h" && option != "--version" && option != "--approver" && option != "--admin";
}

}  // namespace

std::optional<int> token_command(int argc, char** argv) {
    std::vector<std::string> words;
    std::string db, tokens, profile = "all", foreign;
    bool profile_given = false, approver = false, admin = false;
    bool is_token = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.empty() || arg[0] != '-') {
            if (words.empty() && arg != "token") return std::nullopt;
            is_token = true;
            words.push_back(arg);
            continue;
        }
        if (arg == "--approver") {
            approver = true;
            continue;
        }
        if (arg == "--admin" && is_token) {  // before the command it is main's (serve with the admin tools)
            admin = true;
            continue;
        }
        if (!takes_value(arg)) {
            if (!is_token) return std::nullopt;  // --help before the command: main's usage
            std::printf("%s\n", kTokenUsage);
            return 0;
        }
        if (i + 1 >= argc) {
            if (!is_token) return std::nullopt;  // main says what is missing
            return refused(arg + " needs a value (" + kTokenUsage + ")", 2);
        }
        const std::string value = argv[++i];
        if (arg == "--db") {
            db = value;
        } else if (arg == "--tokens") {
            tokens = value;
        } else if (arg == "--profile") {
            profile = value;
            profile_given = true;
        } else if (foreign.empty()) {
            foreign = arg;  // one of main's options: refused only if this is a token command
        }
    }
    if (!is_token) return std::nullopt;
    if (!foreign.empty()) return refused("token takes --profile, --tokens and --db, not " + foreign, 2);

    const std::string what = words.size() > 1 ? words[1] : "";
    const bool add = what == "add" && words.size() == 3;
    const bool list = what == "list" && words.size() == 2;
    const bool revoke = what == "revoke" && words.size() == 3;
    if (!add && !list && !revoke) return refused(std::string("token needs add NAME, list or revoke NAME (") + kTokenUsage + ")", 2);
    if (profile_given && !add) return refused("--profile belongs to token add", 2);
    if (approver && !add) return refused("--approver belongs to token add", 2);
    if (admin && !add) return refused("--admin belongs to token add", 2);

    try {
        if (tokens.empty()) tokens = tokens_path_for(office_local_path(db.empty() ? default_database_path() : db));
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
