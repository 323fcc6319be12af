#!/usr/bin/env python3
"""Commit subjects of at most 72 characters, the detail in the body (the rule holds for every commit
from the one that added .ci/hooks/commit-msg on). Two uses:

    python3 .ci/commit-subject.py --message FILE   the commit-msg hook: refuses a long subject
    python3 .ci/commit-subject.py --history        the ctest test `commit_subjects`: every commit
                                                   since the rule came, in the checkout's history

Turn the hook on in a clone with  git config core.hooksPath .ci/hooks

--history checks the commits that descend from the one adding the hook (git rev-list
--ancestry-path), so a branch begun before the rule and merged later is held to it only from the
merge on. Without git or without that history (a tarball, a shallow clone that stops after it),
there is nothing to check and it says so and passes: only a long subject fails it.
"""
import argparse
import os
import shutil
import subprocess
import sys

LIMIT = 72
HOOK = ".ci/hooks/commit-msg"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def subject_of(message):
    """The subject git will show (%s): the first paragraph, comments left out, its lines joined."""
    paragraph = []
    for line in message.splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    return " ".join(paragraph)


def check_message(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        subject = subject_of(f.read())
    if len(subject) > LIMIT:
        print(f"commit-msg: the subject is {len(subject)} characters, over {LIMIT}; say the rest in the body "
              f"(after a blank line):\n  {subject}", file=sys.stderr)
        return 1
    return 0


def check_history(repo):
    def git(*args):
        return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True)

    if not shutil.which("git") or git("rev-parse", "--is-inside-work-tree").stdout.strip() != "true":
        print("commit subjects: not a git checkout, no history to check")
        return 0
    added = git("log", "--diff-filter=A", "--format=%H", "--", HOOK).stdout.split()
    if not added:
        print(f"commit subjects: no commit in this history adds {HOOK}, nothing to check")
        return 0
    rule = added[-1]  # the oldest: the rule came with it
    commits = [rule] + git("rev-list", "--ancestry-path", f"{rule}..HEAD").stdout.split()
    long_ones = []
    for commit in commits:
        subject = git("log", "-1", "--format=%s", commit).stdout.rstrip("\n")
        if len(subject) > LIMIT:
            long_ones.append((commit, subject))
    print(f"commit subjects: {len(commits)} commits since {rule[:12]} checked, {len(long_ones)} over {LIMIT} characters")
    for commit, subject in long_ones:
        print(f"error: {commit[:12]}: subject of {len(subject)} characters, over {LIMIT}: {subject}", file=sys.stderr)
    return 1 if long_ones else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--message", metavar="FILE", help="check the message in FILE (the commit-msg hook)")
    mode.add_argument("--history", action="store_true", help="check the commits since the rule came")
    parser.add_argument("--repo", default=REPO, help="the checkout whose history to check (default: this one)")
    args = parser.parse_args(argv)
    return check_message(args.message) if args.message else check_history(args.repo)


if __name__ == "__main__":
    sys.exit(main())
