#!/usr/bin/env python3
"""Writes the AppStream metainfo from its template and CHANGELOG.md, and the Debian package's changelog.

The release notes are written once, in the changelog (Keep a Changelog: `## [1.2.0] - 2026-12-01`, then
`### Added` and its `- ` items): each released version becomes a <release> with its date and its notes as
a description; [Unreleased] is left out. @RELEASES@ in the template is replaced by them, @PROJECT_URL@ by
--url. With --debian OUT --maintainer "NAME <EMAIL>" --package NAME it writes the same releases as a
Debian changelog (the package's /usr/share/doc/NAME/changelog.gz), one entry per release.

usage: changelog_releases.py --changelog CHANGELOG.md --template IN --output OUT --url URL
       changelog_releases.py --changelog CHANGELOG.md --debian OUT --maintainer M --package NAME
"""
import argparse
import datetime
import re
import sys
import textwrap
from xml.sax.saxutils import escape

RELEASE = re.compile(r"^## \[(?P<version>\d+(?:\.\d+)*)\] - (?P<date>\d{4}-\d{2}-\d{2})\s*$")
SECTION = re.compile(r"^### (?P<name>.+?)\s*$")


def inline(text):
    """Markdown inline text as AppStream description text: links keep their words, `code` its markup."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    parts = re.split(r"`([^`]*)`", text)
    out = []
    for i, part in enumerate(parts):
        out.append(f"<code>{escape(part)}</code>" if i % 2 else escape(part))
    return "".join(out)


def releases(changelog):
    """[(version, date, [(section, [item, ...]), ...]), ...], newest first as the changelog has them."""
    found = []
    current = None
    for line in changelog.splitlines():
        if line.startswith("## "):
            m = RELEASE.match(line)
            current = (m["version"], m["date"], []) if m else None
            if current:
                found.append(current)
            continue
        if current is None:
            continue
        m = SECTION.match(line)
        if m:
            current[2].append((m["name"], []))
        elif line.startswith("- ") and current[2]:
            current[2][-1][1].append(line[2:].strip())
        elif line.startswith("  ") and line.strip() and current[2] and current[2][-1][1]:
            items = current[2][-1][1]
            items[-1] += " " + line.strip()
    return found


def release_xml(version, date, sections, indent="    "):
    lines = [f'{indent}<release version="{version}" date="{date}">', f"{indent}  <description>"]
    for name, items in sections:
        if not items:
            continue
        lines.append(f"{indent}    <p>{escape(name)}:</p>")
        lines.append(f"{indent}    <ul>")
        lines += [f"{indent}      <li>{inline(item)}</li>" for item in items]
        lines.append(f"{indent}    </ul>")
    lines += [f"{indent}  </description>", f"{indent}</release>"]
    return "\n".join(lines)


def plain(text):
    """Markdown inline text as plain text."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return re.sub(r"\*\*([^*]+)\*\*", r"\1", text).replace("`", "")


def debian_changelog(found, package, maintainer):
    entries = []
    for version, date, sections in found:
        lines = [f"{package} ({version}) unstable; urgency=medium", ""]
        for name, items in sections:
            for item in items:
                lines += textwrap.wrap(f"{name}: {plain(item)}", width=78, initial_indent="  * ", subsequent_indent="    ")
        when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        lines += ["", f" -- {maintainer}  {when.strftime('%a, %d %b %Y %H:%M:%S +0000')}", ""]
        entries.append("\n".join(lines))
    return "\n".join(entries)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--changelog", required=True)
    for name in ("--template", "--output", "--url", "--debian", "--maintainer", "--package"):
        parser.add_argument(name)
    args = parser.parse_args()
    with open(args.changelog, encoding="utf-8") as f:
        found = releases(f.read())
    if not found:
        sys.exit(f"{args.changelog}: no release (## [X.Y.Z] - YYYY-MM-DD) found")
    if args.debian:
        with open(args.debian, "w", encoding="utf-8") as f:
            f.write(debian_changelog(found, args.package, args.maintainer))
        return
    block = "<releases>\n" + "\n".join(release_xml(*r) for r in found) + "\n  </releases>"
    with open(args.template, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("@RELEASES@", block).replace("@PROJECT_URL@", escape(args.url))
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
