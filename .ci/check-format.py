#!/usr/bin/env python3
"""The gate for "every C++ file stays clang-formatted" (the root .clang-format), over every C++ file
of the tree (.ci/cxx_sources.py finds them). Run from anywhere:

    python3 .ci/check-format.py [--exclude DIR] [--diff-lines N]

It exits 1 naming each file clang-format would change, with the start of the change as a diff.
Fix them with  clang-format-14 -i FILES.

The binary is pinned to clang-format 14, Debian 12's (package clang-format-14, which
.ci/keyplan.sh installs): another version formats some constructs differently, and the tree must
not pass or fail by which one a machine has. KEYPLAN_CLANG_FORMAT names another binary of
version 14; any other version is refused.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxx_sources  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = 14
VIOLATION = re.compile(r"^(.+?):\d+:\d+: (?:error|warning): code should be clang-formatted", re.M)


def clang_format():
    """The pinned binary, or exits saying how to get it."""
    binary = os.environ.get("KEYPLAN_CLANG_FORMAT") or shutil.which(f"clang-format-{VERSION}")
    if not binary:
        sys.exit(f"error: clang-format-{VERSION} not found: install Debian 12's clang-format-{VERSION} package "
                 f"(bash .ci/keyplan.sh does), or set KEYPLAN_CLANG_FORMAT to a clang-format {VERSION} binary")
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"clang-format version (\d+)\.", version)
    if not m or int(m.group(1)) != VERSION:
        sys.exit(f"error: {binary} is {version.strip() or 'not clang-format'}; the tree is formatted with "
                 f"clang-format {VERSION}, and another version would pass or fail it by its own rules")
    return binary


def formatted(binary, style, path):
    result = subprocess.run([binary, f"--style=file:{style}", path], capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"{binary} failed on {path}: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=REPO, help="the tree to check (default: this repository)")
    parser.add_argument("--exclude", action="append", default=[], help="a folder to leave out (a build tree is left out anyway)")
    parser.add_argument("--diff-lines", type=int, default=20, help="how much of each file's diff to show")
    args = parser.parse_args(argv)
    binary = clang_format()
    style = os.path.join(REPO, ".clang-format")
    paths = cxx_sources.cxx_files(args.root, args.exclude)

    # One clang-format per batch of files finds the unformatted ones (a process per file costs more
    # than the formatting); each of those is then formatted again for its diff.
    batches = [paths[k:k + 50] for k in range(0, len(paths), 50)]

    def unformatted_in(batch):
        result = subprocess.run([binary, f"--style=file:{style}", "--dry-run", "--Werror", "--ferror-limit=1"]
                                + [os.path.join(args.root, p) for p in batch], capture_output=True, text=True)
        named = {os.path.relpath(m.group(1), args.root) for m in VIOLATION.finditer(result.stderr)}
        if result.returncode != 0 and not named:
            raise RuntimeError(f"{binary} failed: {result.stderr.strip()}")
        return [p for p in batch if p in named]

    unformatted = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for names in pool.map(unformatted_in, batches):
            for path in names:
                with open(os.path.join(args.root, path), "rb") as f:
                    unformatted.append((path, f.read(), formatted(binary, style, os.path.join(args.root, path))))
    print(f"{len(paths)} C++ files in {', '.join(cxx_sources.top_folders(paths)) or '.'} checked with {binary}")
    for path, before, after in unformatted:
        diff = list(difflib.unified_diff(before.decode(errors="replace").splitlines(),
                                         after.decode(errors="replace").splitlines(),
                                         f"{path} (as it is)", f"{path} (clang-formatted)", n=1, lineterm=""))
        print(f"error: {path} is not clang-formatted:", file=sys.stderr)
        for line in diff[: args.diff_lines]:
            print(f"    {line}", file=sys.stderr)
        if len(diff) > args.diff_lines:
            print(f"    ... ({len(diff) - args.diff_lines} more diff lines)", file=sys.stderr)
    if unformatted:
        names = " ".join(p for p, _, _ in unformatted)
        print(f"{len(unformatted)} {'file' if len(unformatted) == 1 else 'files'} not clang-formatted; fix with:\n"
              f"  clang-format-{VERSION} -i {names}", file=sys.stderr)
        return 1
    print("every file is clang-formatted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
