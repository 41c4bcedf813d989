// The console's table of commands: every command office-mcp takes, with its synopsis, help and
// run function (command_line.h says how it is read; the flags are command_flags.cpp). The man
// page's SYNOPSIS, COMMANDS and OPTIONS, --help and `help COMMAND` are written from these
// entries: change a command's help here, never in packaging/office-mcp.1.in.

#include "command_line.h"

#include "backup_command.h"
#include "commands.h"
#include "records_command.h"
#include "token_command.h"

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"", "[options]", "serve MCP on stdin/stdout (what AI clients launch), or over HTTP with --http",
         R"(Serve MCP on standard input and output until the input ends or a signal (\fBSIGTERM\fR,
\fBSIGINT\fR, \fBSIGHUP\fR) arrives, or the client that started it exits.

With \fB--http\fR it serves MCP over Streamable HTTP instead: see \fB--http\fR and the other HTTP
options.)",
         nullptr},
        {"db init", "[--demo|--empty]",
         "create the office: the demo (the default, what a new database gets on first use) or an empty one for your own records",
         R"(Create the database and fill it with the demo office (three customers, invoices,
six slots, the seed's lunch menu), unless it exists.

With \fB--demo\fR or \fB--empty\fR, create a new office: the demo, or an empty one (the schema and
keys, no customers, invoices, slots, orders or menu items) for a business's own records. Refused,
changing nothing, when the database already holds an office.)",
         run_db_command},
        {"db reset", "[--demo|--empty]", "replace the office (everything in it is lost)",
         R"(Replace the office with the demo (the default) or an empty one; everything in it
is lost.)",
         run_db_command},
        {"db path", "", "print the database's path",
         R"(Print the database's absolute path (a PostgreSQL URI with its password masked).)",
         run_db_command},
        {"customers list", "[--query TEXT]", "the office's customers (--query: those whose name or email holds TEXT)",
         R"(Print the customers (with \fB--query\fR, those whose name or email contains
it, a page of 50 and how many more match).)",
         run_customers_command},
        {"customers add", "--name NAME --email EMAIL", "add a customer",
         R"(Add a customer: a name of 1 to 100 characters without control characters, a
plausible address that is not already a customer's (compared case-insensitively).)",
         run_customers_command},
        {"customers edit", "ID [--name NAME] [--email EMAIL]", "change a customer's name or email",
         R"(Change a customer's \fB--name\fR or \fB--email\fR.)",
         run_customers_command},
        {"customers remove", "ID", "remove a customer who has no invoices or bookings",
         R"(Remove a customer; refused, saying why, while they have invoices or
bookings.)",
         run_customers_command},
        {"customers import", "FILE.csv [--dry-run] [--update]",
         "import customers in one transaction from the CSV your spreadsheet or address book writes (an email that is "
         "already a customer's is skipped, or renamed with --update)",
         R"(Import customers from a CSV file (RFC 4180, UTF-8 with or without a
byte-order mark, the headers of a spreadsheet or of Outlook's, Google Contacts' or Thunderbird's
exports), in one transaction: a file with any row that cannot be a customer imports nothing, and every
such row is named by its line (at most 20, then a count). A row whose email is already a customer's is
skipped and counted; \fB--update\fR gives that customer the file's name instead. \fB--dry-run\fR says
what would happen and changes nothing.)",
         run_customers_command},
        {"customers export", "[FILE.csv]", "the customers as CSV, to FILE.csv or stdout",
         R"(Write every customer as CSV (\fBid,name,email\fR), to standard output
without a file; the import reads it back exactly.)",
         run_customers_command},
        {"invoices list", "[--customer ID]", "the invoices, what was refunded and what is left",
         R"(Print the invoices with their amounts, status, what was refunded and what is
left.)",
         run_invoices_command},
        {"invoices add", "--customer ID --amount 1234.56 [--status open|paid]", "add an invoice",
         R"(Add an invoice: the amount as written, at most two decimals, exact cents;
anything else is refused. \fB--status\fR is open (the default) or paid.)",
         run_invoices_command},
        {"invoices pay", "ID", "mark an open invoice paid",
         R"(Mark an open invoice paid.)",
         run_invoices_command},
        {"menu list", "", "the lunch menu order_lunch offers (empty: not offered)",
         R"(The lunch menu that \fBorder_lunch\fR offers (names of 1 to 40 characters, an
optional \fB--price\fR); an empty menu hides \fBorder_lunch\fR.)",
         run_menu_command},
        {"menu add", "NAME [--price 4.50]", "add an item to the lunch menu",
         R"(Add \fIname\fR (1 to 40 characters, an optional \fB--price\fR) to the lunch menu
that \fBorder_lunch\fR offers; an empty menu hides \fBorder_lunch\fR, and a change is announced to the
clients connected.)",
         run_menu_command},
        {"menu remove", "NAME", "take an item off the lunch menu",
         R"(Take \fIname\fR off the lunch menu that \fBorder_lunch\fR offers; an empty menu
hides \fBorder_lunch\fR, and a change is announced to the clients connected.)",
         run_menu_command},
        {"office set", "[--time-zone ZONE] [--name NAME] [--horizon DAYS]",
         "the office's IANA zone (all its times are local to it), name, and how many days ahead it takes bookings",
         R"(Set the office's time zone, name and horizon. \fB--time-zone\fR is an IANA time
zone, checked against the system's tz database (\fI/usr/share/zoneinfo\fR, or \fB$TZDIR\fR):
\fBEurope/Madrid\fR, \fBAmerica/Mexico_City\fR, \fBAsia/Shanghai\fR; an unknown zone is refused. Times
of slots are the office's, in its zone. The horizon (default 90) is how many days ahead the office
takes bookings.)",
         run_office_command},
        {"office show", "", "the office's name, zone, today there and horizon",
         R"(The office's name, time zone (the machine's until one is set), today there, and
horizon.)",
         run_office_command},
        {"hours set", "DAYS RANGES [--slot MINUTES]",
         "opening hours make the free slots (hours set mon-fri 09:00-13:00,15:00-18:00 --slot 30; hours set sun closed)",
         R"(The opening hours of \fIdays\fR (\fBmon-fri\fR, \fBsat\fR, \fBtue,thu\fR) as
\fIranges\fR (\fB09:00-13:00,15:00-18:00\fR, or \fBclosed\fR), in slots of \fIminutes\fR (default 30).
The hours make the slots \fBlist_availability\fR offers (an office without hours offers the slots it
holds, as the demo does). A slot made by the hours has the id of its local day and time
(\fB202612081030\fR); a change of hours never touches a booking.)",
         run_hours_command},
        {"hours closed", "DATE[..DATE] [--reason TEXT]", "close the office on a day or a range of days",
         R"(Close the office on a day or a range of days (holidays): nothing is offered
then.)",
         run_hours_command},
        {"hours open", "DATE", "undo a closed day",
         R"(Undo a closed day.)",
         run_hours_command},
        {"hours show", "", "the hours of each weekday and the days closed",
         R"(The hours of each weekday and the days closed.)",
         run_hours_command},
        {"calendar export", "[FILE.ics]",
         "the bookings as iCalendar (the office's zone, one event per booking), for a calendar app; also GET /calendar.ics",
         R"(The bookings as iCalendar (RFC 5545) to \fIfile\fR or standard output: the
office's zone as a VTIMEZONE, one event per booking at its local time in that zone, as long as its
slot (30 minutes for a slot the hours do not make), with the booking's own UID, raised SEQUENCE when
it moved, the customer as SUMMARY and ATTENDEE. A cancelled booking is absent. For a calendar app to
import; to subscribe, use \fBGET /calendar.ics\fR of an HTTP server.)",
         run_calendar_command},
        {"backup", "[FILE] [--force] [--dir DIR] [--keep N] [--tokens FILE]",
         "a consistent copy of the office in FILE while servers keep writing (one snapshot, synced to disk, mode 0600), "
         "with its key and tokens files as FILE.key and FILE.tokens, checked as restore checks it; an existing FILE only "
         "with --force. --dir DIR instead of FILE: DIR/office-TIME.db, the newest N kept with --keep",
         R"(Write a consistent copy of the SQLite office to \fIfile\fR while servers keep
writing to it: one read snapshot (\fBVACUUM INTO\fR), never a file copy. The copy is made as
\fIfile\fR\fB.partial\fR (left behind only by a backup that was killed, and cleared by the next one),
checked as \fBrestore\fR checks a file, synced, renamed to \fIfile\fR and its directory synced before
the command says it is done; mode 0600. The office's key and tokens files are copied beside it as
\fIfile\fR\fB.key\fR and \fIfile\fR\fB.tokens\fR. Prints the rows of every table, the size, the schema
version and the last audit id. An existing \fIfile\fR is replaced only with \fB--force\fR. A PostgreSQL
office (office-mcp-pg) is backed up from one REPEATABLE READ snapshot into the same kind of SQLite
office file, so a backup is one file whatever the store and restores into either. With
\fB--dir \fR\fIdir\fR instead of a file, the backup is \fIdir\fR\fB/office-\fR\fItime\fR\fB.db\fR (the
directory made 0700 if needed), and with \fB--keep \fR\fIn\fR the backups there beyond the newest
\fIn\fR are removed with their key and tokens files: what \fBoffice-mcp-backup.service\fR runs every
day.)",
         run_backup},
        {"restore", "FILE [--check] [--force] [--tokens FILE]",
         "check FILE (--check: only that), then put it in place of the office in one rename (PostgreSQL: one transaction), "
         "the old one kept as DATABASE.before-restore-TIME; refused while a process has a SQLite office open unless --force",
         R"(Check \fIfile\fR and put it in place of the office: it must be an office-mcp
office (its application id), of a schema no newer than this build, clean under SQLite's integrity and
foreign key checks, and every invoice's refunded amount must be the sum of its refunds. A file that
fails is refused with one sentence (exit status 1) and nothing changes. Otherwise the old office is
checkpointed, kept as \fIdatabase\fR\fB.before-restore-\fR\fItime\fR (with its key and tokens files
under the same name), and the checked copy renamed over it. Refused while another process (a server,
office-desk) has the office open; with \fB--force\fR the office is replaced anyway: a stdio server that
had it open serves the restored office from its next request; an HTTP server stops within a second
with exit status 75, for its manager to start it again. With \fB--check\fR only the checks are made and
what the file holds is printed; nothing changes. Restoring into a PostgreSQL office first backs up the
office it replaces to \fIlocal\fR\fB.before-restore-\fR\fItime\fR\fB.db\fR (beside its key, see
FILES), then replaces every row in one transaction under the office's lock: servers serving it see the
old office until the commit and the restored one after it.)",
         run_restore},
        {"export", "DIR", "the whole office as files: a CSV per table, audit.jsonl, calendar.ics and manifest.json (SHA-256 of each)",
         R"(Write the whole office as the new directory \fIdir\fR, files read without
office-mcp: one CSV file per table (a header row of the column names; an empty field is NULL, empty
text is \fB""\fR; \fIcustomers.csv\fR is what \fBcustomers import\fR reads), the audit trail as
\fIaudit.jsonl\fR (JSON Lines), the booked slots as \fIcalendar.ics\fR (iCalendar), and
\fImanifest.json\fR with the rows, size and SHA-256 of every file. From one snapshot; written as
\fIdir\fR\fB.partial\fR and renamed. The key and tokens files are secrets and are not exported (a
backup carries them). A \fIdir\fR that exists and is not empty is refused.)",
         run_export},
        {"import", "DIR", "an export back into an empty office, ids included",
         R"(Bring an export back into an empty office (a new database, or one made by
\fBdb init --empty\fR), ids included: every file is checked against the manifest first (size,
SHA-256, rows), the office is built and checked as \fBrestore\fR checks a file, and only then put in
place. An office that holds any row is refused (restore replaces one), as is an export of another
schema.)",
         run_import},
        {"config", "CLIENT [serving options]",
         "print a ready-to-paste configuration for CLIENT: claude-desktop, claude-code, vscode or cursor (it carries every "
         "serving option given: --db, --profile, --tools, ...)",
         R"(Print a ready-to-paste configuration that starts this \fBoffice-mcp\fR (absolute
paths) for \fIclient\fR: \fBclaude-desktop\fR (JSON for \fBclaude_desktop_config.json\fR),
\fBclaude-code\fR (a \fBclaude mcp add\fR command line), \fBvscode\fR (JSON for
\fB.vscode/mcp.json\fR) or \fBcursor\fR (JSON for \fB~/.cursor/mcp.json\fR). It carries the serving
options given with it, such as \fB--db\fR and \fB--profile\fR.)",
         run_config_command},
        {"log tail", "[FILE] [--log-file PATH]", "print a log file for people (default: --log-file, else stdin)",
         R"(Print a log written by \fBoffice-mcp\fR for people, one line per entry: time,
outcome, method and tool, duration, client, id and problem. \fIfile\fR defaults to the
\fB--log-file\fR given, else standard input. Lines that are not \fBoffice-mcp\fR's are printed as they
are.)",
         run_log_command},
        {"audit", "[--since YYYY-MM-DD] [--invoice N] [--slot N] [--trace ID]",
         "list the audit trail: every write, its client, era, time and trace id (--trace: the writes of one trace)",
         R"(Print the audit trail, oldest first: every write (bookings, lunch orders, refunds
queued, issued, declined and re-opened), the client and protocol era that made it, when, and the trace
id of the request that wrote it (the log line's \fBtrace_id\fR). \fB--since\fR, \fB--invoice\fR,
\fB--slot\fR and \fB--trace\fR keep only some of the entries.)",
         run_audit_command},
        {"approvals list", "", "list the refund approval requests office-desk clears",
         R"(Print the approval queue, one line per request: its number, the invoice,
its status, the client that asked, when it was made, and who resolved it.)",
         run_approvals_command},
        {"approvals reopen", "N [--locale LANG]", "make declined approval request N wait for a person again",
         R"(Re-open the declined refund request \fIn\fR: it becomes pending again,
for a person to review in \fBoffice-desk\fR. Prints one sentence on standard output; when \fIn\fR does
not exist, is not declined, its invoice has nothing left to refund or another request of that invoice
is pending, it prints why on standard error and exits 1.)",
         run_approvals_command},
        {"token add", "NAME [--profile P] [--approver] [--admin] [--tokens FILE]",
         "make a bearer token for HTTP caller NAME, limited to profile P (default all); printed once, only its hash is "
         "stored. --approver: NAME may approve refunds (receive the form); --admin: NAME may keep customers, invoices and "
         "the menu",
         R"(Make a bearer token for the HTTP caller \fIname\fR, limited to the tools of
\fB--profile\fR (default \fBall\fR). With \fB--approver\fR, the caller may approve refunds: over HTTP
only an approver is handed the refund form (and so can settle a queued request); anyone else's refund
waits in the approval queue. With \fB--admin\fR, the caller sees and may call the admin tools that keep
customers, invoices and the menu (nobody else sees them at all). The token (\fBomcp_\fR and 43
characters) is printed once on standard output and never again: the tokens file keeps only its
SHA-256. \fIname\fR is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit;
it is the caller the log and the audit record. A name already in use, a bad name or an unknown profile
is refused with one sentence on standard error and exit status 1, and the file is left as it was.)",
         office::token_command},
        {"token list", "[--tokens FILE]", "list the tokens (name, profile, approver, admin, created)",
         R"(Print the tokens: name, profile, whether it may approve, and when each was made
(never a hash).)",
         office::token_command},
        {"token revoke", "NAME [--tokens FILE]", "remove a token (the tokens file: --tokens FILE, default DATABASE.tokens)",
         R"(Remove the token of \fIname\fR; requests bearing it are refused. An unknown
name is refused with exit status 1.)",
         office::token_command},
        {"help", "[COMMAND] [SUBCOMMAND] [--man-page TEMPLATE]",
         "what a command does and the flags it takes (--man-page: the man page, from its template)",
         R"(Print what \fIcommand\fR does and the flags it takes (of every command that starts with
that word: \fBhelp customers\fR shows them all). With no \fIcommand\fR, print the overview \fB--help\fR
prints. With \fB--man-page \fR\fItemplate\fR, print the man page made from \fItemplate\fR instead: its
SYNOPSIS, COMMANDS and OPTIONS written from the commands and flags \fBoffice-mcp\fR takes. The build
makes \fIoffice-mcp.1\fR so, from \fIpackaging/office-mcp.1.in\fR.)",
         run_help_command},
    };
    return table;
}
