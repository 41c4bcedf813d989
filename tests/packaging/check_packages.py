#!/usr/bin/env python3
"""The packaging checks, one per ctest test (tests/packaging/CMakeLists.txt):

    check_packages.py CHECK

CHECK is one of the functions named in CHECKS below. What they check comes from the
environment ctest gives them (OFFICE_VERSION, OFFICE_BUILD_DIR, OFFICE_PACKAGE_DIR, ...), so the
expected names are computed from project(VERSION), never written here. A tool that is missing
fails the check with the Debian package to install; nothing is skipped.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ENV = os.environ
VERSION = ENV.get("OFFICE_VERSION", "")
BUILD = ENV.get("OFFICE_BUILD_DIR", "")
PACKAGES = ENV.get("OFFICE_PACKAGE_DIR", "")
DEB_ARCH = ENV.get("OFFICE_DEB_ARCH", "")
ARCH = ENV.get("OFFICE_ARCH", "")
DESK = ENV.get("OFFICE_DESK_BUILT") == "1"
# The guides the README links to, shipped beside it (packaging/CMakeLists.txt).
GUIDES = [f"docs/{name}.md" for name in ("using", "operating", "deploying", "performance", "security", "architecture")]
# The systemd units the server's .deb installs, all disabled (packaging/cpack_debian_staging.cmake).
UNITS = ["office-mcp.service", "office-mcp-backup.service", "office-mcp-backup.timer"]


class CheckFailed(Exception):
    pass


def require(condition, message):
    if not condition:
        raise CheckFailed(message)


def need(tool, package):
    """The path of a tool; a missing one fails the check, naming the package that has it."""
    path = shutil.which(tool)
    require(path, f"{tool} is not installed (Debian package {package}): apt-get install {package}, "
                  "or run ./test.sh, which installs it")
    return path


def run(command, **options):
    """Runs a command and returns it finished; its output is captured as text."""
    options.setdefault("capture_output", True)
    options.setdefault("text", True)
    return subprocess.run(command, **options)


def deb(package):
    return os.path.join(PACKAGES, f"{package}_{VERSION}_{DEB_ARCH}.deb")


def tarball():
    return os.path.join(PACKAGES, f"office-mcp-{VERSION}-linux-{ARCH}.tar.gz")


def bundle():
    return os.path.join(PACKAGES, f"office-mcp-{VERSION}-linux-{ARCH}.mcpb")


def debs():
    return [deb("office-mcp")] + ([deb("office-desk")] if DESK else [])


def unpack_deb(path, root):
    need("dpkg-deb", "dpkg")
    done = run(["dpkg-deb", "-x", path, root])
    require(done.returncode == 0, f"dpkg-deb -x {path} failed: {done.stderr}")


def server_speaks(binary, lines, env=None):
    done = run([binary], input="".join(json.dumps(line) + "\n" for line in lines), env=env, timeout=30)
    require(done.returncode == 0, f"{binary} exited {done.returncode}: {done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines()]


# ---- the checks ---------------------------------------------------------------------------

def the_version_comes_from_the_project():
    """office-mcp --version and serverInfo.version (both eras) say project(VERSION)."""
    binary = ENV["OFFICE_MCP"]
    done = run([binary, "--version"])
    require(done.stdout == f"office-mcp {VERSION}\n", f"--version printed {done.stdout!r}, not 'office-mcp {VERSION}'")
    with tempfile.TemporaryDirectory() as scratch:
        replies = server_speaks(binary, [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "id": 2, "method": "server/discover",
             "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                  "io.modelcontextprotocol/clientCapabilities": {}}}},
        ], env=dict(ENV, OFFICE_MCP_DB=os.path.join(scratch, "office.db")))
    require(replies[0]["result"]["serverInfo"]["version"] == VERSION, f"initialize: {replies[0]}")
    modern = replies[1]["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]
    require(modern["version"] == VERSION, f"server/discover: {replies[1]}")


def the_man_page_is_clean_and_complete():
    """groff -ww and man --warnings find nothing; every option and command of --help is in it."""
    page = ENV["OFFICE_MAN_PAGE"]
    need("groff", "groff")
    done = run(["groff", "-ww", "-man", "-z", page])
    require(done.returncode == 0 and not done.stderr, f"groff -ww -man -z {page}:\n{done.stderr}")
    need("man", "man-db")
    done = run(["man", "--warnings", "-l", page], env=dict(ENV, MANWIDTH="80", MANPAGER="cat", PAGER="cat"))
    require(done.returncode == 0 and not done.stderr, f"man --warnings -l {page}:\n{done.stderr}")
    text = open(page, encoding="utf-8").read()
    plain = text.replace("\\-", "-")
    usage = run([ENV["OFFICE_MCP"], "--help"]).stdout
    options = sorted(set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", usage)))
    require(options, "office-mcp --help lists no options")
    missing = [option for option in options if not re.search(re.escape(option) + r"(?![a-z-])", plain)]
    require(not missing, f"options of office-mcp --help missing from the man page: {missing}")
    commands = sorted(set(re.findall(r"^\s+office-mcp ([a-z]+)", usage, re.M)))
    missing = [command for command in commands if not re.search(r"^\.B[RI]? \"?" + command + r"\b", text, re.M)]
    require(not missing, f"commands of office-mcp --help missing from the man page: {missing}")
    variables = sorted(set(re.findall(r"\b(OFFICE_MCP_[A-Z_]+|XDG_DATA_HOME)\b", usage)))
    missing = [v for v in variables if f".B {v}" not in text]
    require(not missing, f"environment variables of office-mcp --help missing from ENVIRONMENT: {missing}")
    for section in ("SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS"):
        require(f".SH {section}" in text, f"the man page has no {section} section")
    require(f'"office\\-mcp {VERSION}"' in text, f"the man page's header does not say version {VERSION}")


def cmake_install_puts_everything_in_place():
    """cmake --install into a scratch prefix: the binaries, desktop entry, icon, metainfo, man page, README, guides."""
    with tempfile.TemporaryDirectory() as prefix:
        done = run(["cmake", "--install", BUILD, "--prefix", prefix])
        require(done.returncode == 0, f"cmake --install failed:\n{done.stdout}{done.stderr}")
        expected = ["bin/office-mcp", "share/man/man1/office-mcp.1", "share/doc/office-mcp/README.md",
                    "share/doc/office-mcp/copyright"] + [f"share/doc/office-mcp/{guide}" for guide in GUIDES]
        if DESK:
            expected += ["bin/office-desk", "share/applications/office-desk.desktop",
                         "share/icons/hicolor/scalable/apps/office-desk.svg",
                         f"share/metainfo/{ENV['OFFICE_APPSTREAM_ID']}.metainfo.xml", "share/man/man1/office-desk.1"]
        missing = [path for path in expected if not os.path.isfile(os.path.join(prefix, path))]
        installed = sorted(os.path.relpath(os.path.join(d, f), prefix) for d, _, files in os.walk(prefix) for f in files)
        require(not missing, f"cmake --install did not put {missing}; it put {installed}")
        print("\n".join(installed))


def the_packages_are_built():
    """cmake --build --target mcpb, then cpack: both .debs, the tarball and the bundle."""
    need("dpkg-shlibdeps", "dpkg-dev")
    need("rsvg-convert", "librsvg2-bin")
    for old in debs() + [tarball(), bundle()]:
        if os.path.exists(old):
            os.remove(old)
    done = run(["cmake", "--build", BUILD, "--target", "mcpb"])
    require(done.returncode == 0, f"cmake --build {BUILD} --target mcpb failed:\n{done.stdout}{done.stderr}")
    done = run(["cpack", "--config", os.path.join(BUILD, "CPackConfig.cmake")], cwd=BUILD)
    require(done.returncode == 0, f"cpack failed:\n{done.stdout}{done.stderr}")
    expected = debs() + [tarball(), bundle()]
    missing = [path for path in expected if not os.path.isfile(path)]
    require(not missing, f"not built: {missing}; {PACKAGES} holds {sorted(os.listdir(PACKAGES))}")
    print(f"packages: {len(expected)} in {PACKAGES}")
    for path in expected:
        print(f"  {os.path.getsize(path):>10} bytes  {os.path.basename(path)}")
    for path in debs():
        print(run(["dpkg-deb", "-c", path]).stdout, end="")


def the_debs_hold_what_they_should():
    """The file lists, the fields, and Depends as dpkg-shlibdeps computed it."""
    need("dpkg-deb", "dpkg")

    def contents(path):
        return {re.sub(r"^\./", "/", line.split()[-1]) for line in run(["dpkg-deb", "-c", path]).stdout.splitlines()}

    def field(path, name):
        return run(["dpkg-deb", "-f", path, name]).stdout.strip()

    server = contents(deb("office-mcp"))
    for path in ("/usr/bin/office-mcp", "/usr/share/man/man1/office-mcp.1.gz", "/usr/share/doc/office-mcp/README.md",
                 "/usr/share/doc/office-mcp/copyright", "/usr/share/doc/office-mcp/changelog.gz",
                 "/usr/share/lintian/overrides/office-mcp", *(f"/lib/systemd/system/{unit}" for unit in UNITS),
                 "/usr/lib/sysusers.d/office-mcp.conf", *(f"/usr/share/doc/office-mcp/{guide}" for guide in GUIDES)):
        require(path in server, f"office-mcp's .deb has no {path}: {sorted(server)}")
    # Installed disabled: no enablement link shipped, and the postinst enables nothing.
    require(not any(path.startswith("/etc/systemd") for path in server), f"office-mcp's .deb enables units: {sorted(server)}")
    with tempfile.TemporaryDirectory() as control:
        done = run(["dpkg-deb", "-e", deb("office-mcp"), control])
        require(done.returncode == 0, f"dpkg-deb -e failed: {done.stderr}")
        scripts = {name: open(os.path.join(control, name)).read() for name in os.listdir(control)
                   if name in ("preinst", "postinst", "prerm", "postrm")}
    enabling = [name for name, text in scripts.items()
                if re.search(r"^[^#]*\b(enable|start)\b", text, re.M)]
    require(not enabling, f"the maintainer scripts {enabling} enable or start a unit")
    require(not any("desk" in path for path in server), f"office-mcp's .deb holds desk files: {sorted(server)}")
    require(field(deb("office-mcp"), "Version") == VERSION, "office-mcp's Version is not the project's")
    require(field(deb("office-mcp"), "Architecture") == DEB_ARCH, "office-mcp's Architecture is wrong")
    # A static binary needs nothing: dpkg-shlibdeps finds no library.
    require(field(deb("office-mcp"), "Depends") == "", f"office-mcp depends on {field(deb('office-mcp'), 'Depends')}")
    if not DESK:
        return
    desk = contents(deb("office-desk"))
    for path in ("/usr/bin/office-desk", "/usr/share/applications/office-desk.desktop",
                 "/usr/share/icons/hicolor/scalable/apps/office-desk.svg",
                 f"/usr/share/metainfo/{ENV['OFFICE_APPSTREAM_ID']}.metainfo.xml",
                 "/usr/share/man/man1/office-desk.1.gz", "/usr/share/doc/office-desk/copyright",
                 "/usr/share/doc/office-desk/changelog.gz"):
        require(path in desk, f"office-desk's .deb has no {path}: {sorted(desk)}")
    depends = [d.strip() for d in field(deb("office-desk"), "Depends").split(",")]
    require(f"office-mcp (= {VERSION})" in depends, f"office-desk does not depend on office-mcp {VERSION}: {depends}")
    for library in ("libqt6widgets6", "libqt6gui6", "libqt6core6", "libc6", "libstdc++6"):
        require(any(d.startswith(library + " ") or d == library for d in depends),
                f"office-desk's Depends lacks {library} (dpkg-shlibdeps should find it): {depends}")
    print("office-desk Depends:", ", ".join(depends))


def the_deb_runs_from_a_temporary_root():
    """dpkg-deb -x (no system install); --version and config claude-desktop from there."""
    with tempfile.TemporaryDirectory() as scratch:
        root = os.path.join(scratch, "root")
        for path in debs():
            unpack_deb(path, root)
        binary = os.path.join(root, "usr/bin/office-mcp")
        done = run([binary, "--version"])
        require(done.stdout == f"office-mcp {VERSION}\n", f"{binary} --version printed {done.stdout!r}")
        home = os.path.join(scratch, "home")
        env = {"PATH": ENV.get("PATH", "/usr/bin:/bin"), "HOME": home}
        done = run([binary, "config", "claude-desktop"], env=env)
        require(done.returncode == 0, f"config claude-desktop failed: {done.stderr}")
        server = json.loads(done.stdout)["mcpServers"]["office"]
        require(server["command"] == binary, f"config names {server['command']}, not {binary}")
        require(server["args"] == ["--db", os.path.join(home, ".local/share/office-mcp/office.db")],
                f"config args {server['args']}")
        print(done.stdout, end="")
        need("file", "file")
        kind = run(["file", "-L", binary]).stdout
        require("statically linked" in kind, f"the packaged office-mcp is not static: {kind}")
        require("not stripped" not in kind, f"the packaged office-mcp is not stripped: {kind}")
        if DESK:
            desk = os.path.join(root, "usr/bin/office-desk")
            kind = run(["file", "-L", desk]).stdout
            require("not stripped" not in kind, f"the packaged office-desk is not stripped: {kind}")
            done = run([desk, "--version"], env=dict(env, QT_QPA_PLATFORM="offscreen"))
            require(done.stdout.strip() == f"office-desk {VERSION}", f"office-desk --version printed {done.stdout!r} {done.stderr}")


def the_service_unit_verifies():
    """systemd-analyze verify on every unit as the .deb installs them: clean; the services' hardening shown."""
    need("systemd-analyze", "systemd")
    with tempfile.TemporaryDirectory() as root:
        unpack_deb(deb("office-mcp"), root)
        # What the system provides the unit: the targets it is ordered and wanted by, /bin/kill.
        units = os.path.join(root, "lib/systemd/system")
        for target in ("sysinit.target", "basic.target", "network.target", "multi-user.target", "shutdown.target",
                       "sockets.target", "paths.target", "timers.target", "slices.target", "local-fs.target"):
            if os.path.exists(f"/lib/systemd/system/{target}"):
                shutil.copy(f"/lib/systemd/system/{target}", units)
        os.makedirs(os.path.join(root, "bin"), exist_ok=True)
        shutil.copy("/bin/kill", os.path.join(root, "bin/kill"))
        env = dict(ENV, MANPATH=os.path.join(root, "usr/share/man"), SYSTEMD_LOG_LEVEL="notice")
        for unit in UNITS:
            done = run(["systemd-analyze", "verify", f"--root={root}", f"/lib/systemd/system/{unit}"], env=env)
            require(done.returncode == 0 and not done.stdout.strip() and not done.stderr.strip(),
                    f"systemd-analyze verify {unit} (exit {done.returncode}):\n{done.stdout}{done.stderr}")
            print(f"systemd-analyze verify {unit}: clean")
        for unit in (unit for unit in UNITS if unit.endswith(".service")):
            done = run(["systemd-analyze", "security", "--offline=yes", f"--root={root}", unit], env=env)
            print(done.stdout + done.stderr, end="")
            exposure = re.search(rf"Overall exposure level for {re.escape(unit)}: ([0-9.]+) (\S+)", done.stdout + done.stderr)
            require(exposure, f"systemd-analyze security printed no exposure level for {unit}")
            require(float(exposure.group(1)) <= 2.0, f"{unit} is exposed {exposure.group(1)} {exposure.group(2)}")
        # The timer runs the backup service, daily, and is wanted by timers.target when enabled.
        timer = open(os.path.join(units, "office-mcp-backup.timer"), encoding="utf-8").read()
        for line in ("OnCalendar=daily", "Persistent=true", "WantedBy=timers.target"):
            require(re.search(rf"^{re.escape(line)}$", timer, re.M), f"office-mcp-backup.timer has no {line}")
        require(not re.search(r"^Unit=", timer, re.M), "office-mcp-backup.timer names another unit than its service")
        done = run(["sh", "-n", os.path.join(ENV["OFFICE_SOURCE_DIR"], "packaging/systemd/postinst")])
        require(done.returncode == 0, f"the postinst is not valid sh: {done.stderr}")


def the_backup_service_backs_up():
    """office-mcp-backup.service's ExecStart, run from the unpacked .deb on a scratch office: one office-<time>.db."""
    with tempfile.TemporaryDirectory() as scratch:
        root = os.path.join(scratch, "root")
        unpack_deb(deb("office-mcp"), root)
        unit = open(os.path.join(root, "lib/systemd/system/office-mcp-backup.service"), encoding="utf-8").read()
        commands = re.findall(r"^ExecStart=(.*)$", unit, re.M)
        require(len(commands) == 1, f"office-mcp-backup.service has {len(commands)} ExecStart lines")
        # The unit's paths, moved into the scratch directory: /var/lib/office-mcp is its state
        # directory, which systemd makes (StateDirectory=, the backups folder too).
        state = os.path.join(scratch, "state")
        command = [os.path.join(root, "usr/bin/office-mcp") if word == "/usr/bin/office-mcp"
                   else word.replace("/var/lib/office-mcp", state) for word in commands[0].split()]
        require(command[:2] == [os.path.join(root, "usr/bin/office-mcp"), "backup"], f"ExecStart is {commands[0]}")
        os.makedirs(os.path.join(state, "backups"), mode=0o700)
        db = os.path.join(state, "office.db")
        done = run([command[0], "db", "init", "--demo", "--db", db])
        require(done.returncode == 0, f"db init --demo failed: {done.stderr}")
        done = run([command[0], "token", "add", "alice", "--db", db])  # a tokens file, to travel with the backup
        require(done.returncode == 0, f"token add failed: {done.stderr}")
        done = run(command)
        print(" ".join(commands[0].split()), f"(exit {done.returncode}):\n{done.stdout}{done.stderr}", end="")
        require(done.returncode == 0, f"the backup service's command failed (exit {done.returncode}): {done.stderr.strip()}")
        backups = sorted(os.listdir(os.path.join(state, "backups")))
        offices = [name for name in backups if re.fullmatch(r"office-\d{8}T\d{6}Z\.db", name)]
        require(len(offices) == 1, f"the backups folder holds {backups}, not one office-<yyyymmddThhmmssZ>.db")
        require(f"{offices[0]}.tokens" in backups, f"{offices[0]} has no .tokens beside it: {backups}")
        with open(os.path.join(state, "backups", offices[0]), "rb") as backup:
            require(backup.read(16) == b"SQLite format 3\0", f"{offices[0]} is not a SQLite file")
        done = run([command[0], "restore", os.path.join(state, "backups", offices[0]), "--db", os.path.join(scratch, "restored.db")])
        require(done.returncode == 0, f"{offices[0]} does not restore: {done.stderr.strip()}")


def lintian_finds_no_errors():
    """lintian on each .deb: no error (exit 2 with --fail-on error). Everything it says is printed."""
    need("lintian", "lintian")
    errors = []
    for path in debs():
        done = run(["lintian", "--fail-on", "error", "--display-info", "--tag-display-limit", "0", path])
        print(f"lintian {os.path.basename(path)} (exit {done.returncode}):")
        print(done.stdout or "  (nothing)\n", end="")
        require(done.returncode in (0, 2), f"lintian could not check {path}: {done.stderr}")
        if done.returncode == 2:
            errors += [line for line in done.stdout.splitlines() if line.startswith("E:")] or [f"{path}: exit 2"]
    require(not errors, "lintian errors:\n" + "\n".join(errors))


def appstream_validates_the_metainfo():
    """appstreamcli validate --no-net on the metainfo office-desk's .deb installs."""
    require(DESK, "office-desk was not built (Qt 6 missing), so there is no metainfo to validate")
    need("appstreamcli", "appstream")
    with tempfile.TemporaryDirectory() as root:
        unpack_deb(deb("office-desk"), root)
        metainfo = os.path.join(root, "usr/share/metainfo", f"{ENV['OFFICE_APPSTREAM_ID']}.metainfo.xml")
        done = run(["appstreamcli", "validate", "--no-net", "--pedantic", metainfo])
        print(done.stdout + done.stderr, end="")
        require(done.returncode == 0, f"appstreamcli validate failed on {metainfo}")
        text = open(metainfo, encoding="utf-8").read()
        require(f'<release version="{VERSION}"' in text, "the metainfo's release is not the project's version")


def the_tarball_holds_the_static_server():
    """The .tar.gz: the server, its man page, README, guides and copyright under one folder; it runs."""
    top = f"office-mcp-{VERSION}-linux-{ARCH}"
    with tarfile.open(tarball()) as archive:
        names = set(archive.getnames())
        for path in ("bin/office-mcp", "share/man/man1/office-mcp.1", "share/doc/office-mcp/README.md",
                     "share/doc/office-mcp/copyright", *(f"share/doc/office-mcp/{guide}" for guide in GUIDES)):
            require(f"{top}/{path}" in names, f"{tarball()} has no {top}/{path}: {sorted(names)}")
        require(not any("desk" in name or "lintian" in name for name in names),
                f"the tarball holds desk or Debian files: {sorted(names)}")
        with tempfile.TemporaryDirectory() as scratch:
            archive.extractall(scratch)
            binary = os.path.join(scratch, top, "bin/office-mcp")
            require(os.access(binary, os.X_OK), f"{binary} is not executable")
            done = run([binary, "--version"])
            require(done.stdout == f"office-mcp {VERSION}\n", f"--version printed {done.stdout!r}")
            need("file", "file")
            kind = run(["file", binary]).stdout
            require("statically linked" in kind, f"the tarball's office-mcp is not static: {kind}")
    print("\n".join(sorted(names)))


def the_bundle_passes_mcpb_validate():
    """The official packer (npm @anthropic-ai/mcpb, pinned) validates the bundle's manifest."""
    mcpb = os.path.join(ENV["OFFICE_PACKAGING_TESTS"], "node_modules/.bin/mcpb")
    require(os.path.exists(mcpb), f"{mcpb} is missing: run `npm ci --prefix tests/packaging` (./test.sh does)")
    need("node", "nodejs")
    with zipfile.ZipFile(bundle()) as archive:
        names = sorted(archive.namelist())
        require(names == ["icon.png", "manifest.json", "server/office-mcp"], f"the bundle holds {names}")
        mode = archive.getinfo("server/office-mcp").external_attr >> 16
        require(mode & 0o111, f"server/office-mcp is stored without its executable bit (mode {oct(mode)})")
        with tempfile.TemporaryDirectory() as scratch:
            archive.extractall(scratch)
            done = run([mcpb, "validate", os.path.join(scratch, "manifest.json")])
            print(done.stdout + done.stderr, end="")
            require(done.returncode == 0, "mcpb validate failed")
            manifest = json.load(open(os.path.join(scratch, "manifest.json")))
            png = open(os.path.join(scratch, "icon.png"), "rb").read(24)
    require(manifest["manifest_version"] == "0.3", f"manifest_version {manifest['manifest_version']}")
    require(manifest["version"] == VERSION, f"the manifest's version {manifest['version']} is not {VERSION}")
    require(manifest["compatibility"]["platforms"] == ["linux"], "compatibility.platforms is not [linux]")
    require(png[:8] == b"\x89PNG\r\n\x1a\n", "icon.png is not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    require((width, height) == (512, 512), f"icon.png is {width}x{height}")
    done = run([mcpb, "info", bundle()])
    print(done.stdout, end="")


def the_windows_packages_hold_what_they_should():
    """packaging/windows/build.sh OUT left the zip and the two-platform bundle beside the .exe
    (OFFICE_WINDOWS_EXE): the zip holds the .exe, the README, the licence and the man page as text;
    the bundle passes mcpb validate, holds both servers and names Windows' command in
    platform_overrides; that command, resolved as a host does and started under Wine
    (OFFICE_WINE_PREFIX), lists the agent tools and keeps the office in %LOCALAPPDATA%."""
    exe = ENV["OFFICE_WINDOWS_EXE"]
    out = os.path.dirname(exe)
    exe_bytes = open(exe, "rb").read()
    with zipfile.ZipFile(os.path.join(out, f"office-mcp-{VERSION}-windows-x86_64.zip")) as archive:
        names = sorted(archive.namelist())
        require(names == ["LICENSE.txt", "README.md", "office-mcp.exe", "office-mcp.txt"], f"the zip holds {names}")
        require(archive.read("office-mcp.exe") == exe_bytes, "the zip's office-mcp.exe is not the one build.sh made")
        manual = archive.read("office-mcp.txt").decode("utf-8")
        require("\b" not in manual and "OFFICE-MCP(1)" in manual and "--ca-file" in manual,
                "office-mcp.txt is not the man page as plain text")
        require("Windows" in archive.read("README.md").decode("utf-8"), "the README says nothing of Windows")
    mcpb = os.path.join(ENV["OFFICE_PACKAGING_TESTS"], "node_modules/.bin/mcpb")
    require(os.path.exists(mcpb), f"{mcpb} is missing: run `npm ci --prefix tests/packaging` (./test.sh does)")
    need("node", "nodejs")
    wine = need("wine", "wine")
    with zipfile.ZipFile(os.path.join(out, f"office-mcp-{VERSION}-linux-windows-x86_64.mcpb")) as archive, \
            tempfile.TemporaryDirectory() as scratch:
        names = sorted(archive.namelist())
        require(names == ["icon.png", "manifest.json", "server/office-mcp", "server/office-mcp.exe"], f"the bundle holds {names}")
        require(archive.read("server/office-mcp.exe") == exe_bytes, "the bundle's office-mcp.exe is not the one build.sh made")
        require(archive.getinfo("server/office-mcp").external_attr >> 16 & 0o111, "server/office-mcp lost its executable bit")
        archive.extractall(scratch)
        done = run([mcpb, "validate", os.path.join(scratch, "manifest.json")])
        print(done.stdout + done.stderr, end="")
        require(done.returncode == 0, "mcpb validate failed")
        manifest = json.load(open(os.path.join(scratch, "manifest.json")))
        require(manifest["compatibility"]["platforms"] == ["linux", "win32"], "compatibility.platforms is not [linux, win32]")
        config = manifest["server"]["mcp_config"]
        windows = config["platform_overrides"]["win32"]
        require(windows == {"command": "${__dirname}/server/office-mcp.exe"}, f"platform_overrides.win32 is {windows}")
        # What the host runs on Windows: the override's command, mcp_config's args and env, with
        # ${__dirname} the unpacked bundle and the database setting left empty (its default).
        command = windows["command"].replace("${__dirname}", scratch)
        prefix = ENV["OFFICE_WINE_PREFIX"]
        data = [os.path.join(prefix, "drive_c/users", user, "AppData/Local/office-mcp") for user in os.listdir(os.path.join(prefix, "drive_c/users"))]
        for folder in data:
            shutil.rmtree(folder, ignore_errors=True)
        env = {"PATH": ENV["PATH"], "HOME": ENV.get("HOME", "/root"), "WINEPREFIX": prefix, "WINEDEBUG": "-all",
               **{name: value.replace("${user_config.database}", "") for name, value in config["env"].items()}}
        requests = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "claude-ai", "version": "0.1.0"}}},
                    {"jsonrpc": "2.0", "method": "notifications/initialized"},
                    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
                    {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "find_customer", "arguments": {"query": "Maria"}}}]
        done = run([wine, command, *config["args"]], input="".join(json.dumps(r) + "\n" for r in requests), env=env,
                   timeout=120)
        require(done.returncode == 0, f"the bundle's win32 command failed (status {done.returncode}): {done.stderr[-2000:]}")
        replies = {m.get("id"): m for m in map(json.loads, done.stdout.splitlines())}
        tools = sorted(t["name"] for t in replies[2]["result"]["tools"])
        require(tools == sorted(t["name"] for t in manifest["tools"]), f"the .exe lists {tools}")
        require("Maria Alvarez" in replies[3]["result"]["content"][0]["text"], f"find_customer answered {replies[3]}")
        require(any(os.path.exists(os.path.join(folder, "office.db")) for folder in data),
                f"the office is not in %LOCALAPPDATA%\\office-mcp (looked in {data})")
    print(f"the zip, and the bundle's win32 command under Wine: {len(tools)} tools, the office in %LOCALAPPDATA%")


CHECKS = {f.__name__: f for f in (
    the_version_comes_from_the_project,
    the_man_page_is_clean_and_complete,
    cmake_install_puts_everything_in_place,
    the_packages_are_built,
    the_debs_hold_what_they_should,
    the_deb_runs_from_a_temporary_root,
    the_service_unit_verifies,
    the_backup_service_backs_up,
    lintian_finds_no_errors,
    appstream_validates_the_metainfo,
    the_tarball_holds_the_static_server,
    the_bundle_passes_mcpb_validate,
    the_windows_packages_hold_what_they_should,
)}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in CHECKS:
        sys.exit(f"usage: check_packages.py {'|'.join(CHECKS)}")
    try:
        CHECKS[sys.argv[1]]()
    except CheckFailed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {sys.argv[1].replace('_', ' ')}")


if __name__ == "__main__":
    main()
