#!/usr/bin/env python3
"""Writes a program's manual page from its own --help texts, so the page says what the program says.

    manpage.py --program build/app/cli/keyplan-cli --name keyplan-cli --summary "..." \
               --changelog CHANGELOG.md --version 0.1.0 --commands --see-also keyplan --output keyplan-cli.1

The SYNOPSIS and DESCRIPTION are `PROGRAM --help`; with --commands, the command list it prints
("  NAME   summary" lines after "commands:") gives a COMMANDS section with each `PROGRAM NAME --help`.
The date is the release date of --version in the changelog (the newest release if that version has none),
so a build of the same sources writes the same page.
"""
import argparse
import os
import re
import subprocess
import sys


def run_help(program, args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([program, *args, "--help"], capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        sys.exit(f"{program} {' '.join(args)} --help: exit status {result.returncode}\n{result.stderr}")
    # QCommandLineParser names the program as it was started (the build tree's path).
    return result.stdout.replace(program, os.path.basename(program))


def roff(text):
    """Plain text as roff: backslashes and minus signs escaped, no line taken for a request."""
    lines = []
    for line in text.rstrip("\n").split("\n"):
        line = line.replace("\\", "\\e").replace("-", "\\-")
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def verbatim(text):
    return ".nf\n" + roff(text) + "\n.fi"


def release_date(changelog, version):
    dates = re.findall(r"^## \[(\d+(?:\.\d+)*)\] - (\d{4}-\d{2}-\d{2})", open(changelog, encoding="utf-8").read(), re.M)
    for v, date in dates:
        if v == version:
            return date
    return dates[0][1] if dates else ""


def commands_of(usage):
    found, listing = [], False
    for line in usage.split("\n"):
        if line.strip() == "commands:":
            listing = True
        elif listing and re.match(r"^  \S", line):
            name, _, summary = line.strip().partition(" ")
            found.append((name, summary.strip()))
        elif listing and line.strip():
            listing = False
    return found


def main():
    parser = argparse.ArgumentParser()
    for name in ("--program", "--name", "--summary", "--changelog", "--version", "--output"):
        parser.add_argument(name, required=True)
    parser.add_argument("--commands", action="store_true")
    parser.add_argument("--see-also", action="append", default=[])
    args = parser.parse_args()

    usage = run_help(args.program, [])
    page = [
        f'.TH {args.name.upper()} 1 "{release_date(args.changelog, args.version)}" "Keyplan {args.version}" "User Commands"',
        ".SH NAME",
        f"{args.name} \\- {roff(args.summary)}",
        ".SH SYNOPSIS",
        verbatim(usage),
    ]
    if args.commands:
        page.append(".SH COMMANDS")
        for name, summary in commands_of(usage):
            page += [f".SS {roff(name)}", roff(summary), ".PP", verbatim(run_help(args.program, [name]))]
    if args.see_also:
        page += [".SH SEE ALSO", ",\n".join(f".BR {name} (1)" for name in args.see_also)]
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
