#!/usr/bin/env python3
"""Fails while any string office-desk shows through tr() lacks a finished translation.

Runs lupdate over the desk's sources into copies of desktop/translations/*.ts (so a tr()
string added since the files were last updated is there, unfinished), then checks each copy:
every message translated and finished (every plural form filled), with the same placeholders
(%1, %2, ..., %n) as its English source; and lrelease must report no unfinished and no
untranslated text. office-desk_en.ts holds English's own plural forms only (lupdate -pluralonly).

Usage: check_translations.py LUPDATE LRELEASE DESKTOP_DIR SOURCE...
(SOURCE relative to DESKTOP_DIR, as desktop/CMakeLists.txt lists them)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

LUPDATE, LRELEASE, DESKTOP = sys.argv[1:4]
SOURCES = [os.path.join(DESKTOP, s) for s in sys.argv[4:]]
TRANSLATIONS = os.path.join(DESKTOP, "translations")
LANGUAGES = {"es": [], "zh_CN": [], "en": ["-pluralonly"]}
PLACEHOLDER = re.compile(r"%(?:n|L?\d{1,2})")


def placeholders(text):
    return sorted(set(p.replace("%L", "%") for p in PLACEHOLDER.findall(text or "")))


def check(path, language):
    problems = []
    messages = 0
    for context in ET.parse(path).getroot().findall("context"):
        name = context.findtext("name")
        for message in context.findall("message"):
            messages += 1
            source = message.findtext("source")
            where = f"{language}: {name}: {source!r}"
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
                problems.append(f"{where} is not translated (or not finished)")
                continue
            forms = [f.text for f in translation.findall("numerusform")] if message.get("numerus") == "yes" else [translation.text]
            if not forms or any(not (form or "").strip() for form in forms):
                problems.append(f"{where} has an empty translation")
                continue
            for form in forms:
                if placeholders(form) != placeholders(source):
                    problems.append(f"{where}: {form!r} has placeholders {placeholders(form)}, the source {placeholders(source)}")
    return messages, problems


def main():
    if not SOURCES:
        print("FAIL: no desk sources given")
        return 1
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for language, options in LANGUAGES.items():
            kept = os.path.join(TRANSLATIONS, f"office-desk_{language}.ts")
            if not os.path.isfile(kept):
                problems.append(f"{kept} is missing")
                continue
            copy = os.path.join(tmp, os.path.basename(kept))
            shutil.copyfile(kept, copy)
            update = subprocess.run([LUPDATE, "-no-obsolete", "-locations", "none", *options, *SOURCES, "-ts", copy],
                                    capture_output=True, text=True)
            if update.returncode != 0:
                problems.append(f"lupdate failed for {language}: {update.stderr.strip()}")
                continue
            messages, found = check(copy, language)
            problems += found
            release = subprocess.run([LRELEASE, copy, "-qm", os.path.join(tmp, f"{language}.qm")], capture_output=True, text=True)
            said = release.stdout + release.stderr
            generated = re.search(r"Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\)", said)
            ignored = re.search(r"Ignored (\d+) untranslated source text\(s\)", said)
            if release.returncode != 0 or not generated:
                problems.append(f"lrelease failed for {language}: {said.strip()}")
            else:
                if int(generated.group(3)) > 0:
                    problems.append(f"lrelease: {language} has {generated.group(3)} unfinished translation(s)")
                if ignored and int(ignored.group(1)) > 0:
                    problems.append(f"lrelease: {language} has {ignored.group(1)} untranslated source text(s)")
            if language != "en" and messages < 100:
                problems.append(f"{language}: only {messages} messages found; did lupdate read the sources?")
            print(f"{language}: {messages} messages, lrelease: {generated.group(0) if generated else said.strip()}")
    for problem in problems:
        print("FAIL", problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
