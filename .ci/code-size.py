#!/usr/bin/env python3
"""The largest functions and source files of model/, widgets/ and app/, for the "no function over
about 120 lines, no file over about 800" rule. Run from the repository root:

    python3 .ci/code-size.py [--top N] [--functions-over L] [--files-over L]

A function is a body whose opening brace stands alone on its line (the tree's style for functions
and member functions defined out of line or inside a class); its length counts the lines from the
signature's first line to the closing brace.
"""
import argparse
import os
import re
import sys

ROOTS = ("model", "widgets", "app")
SIGNATURE_END = re.compile(r"(\)|\bconst|\boverride|\bnoexcept|\bfinal|->\s*[\w:<>,\s*&]+)\s*$")


def sources():
    for root in ROOTS:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith((".cpp", ".h")):
                    yield os.path.join(folder, name)


def functions(path, lines):
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped != "{" or i == 0:
            continue
        indent = len(line) - len(line.lstrip())
        # Walk back over the signature (and a constructor's initializer list) to its first line.
        start = i - 1
        while start > 0 and lines[start].strip() and not lines[start].strip().endswith((";", "}", "{")) \
                and not lines[start].lstrip().startswith(("//", "#")) \
                and len(lines[start]) - len(lines[start].lstrip()) >= indent \
                and not (len(lines[start]) - len(lines[start].lstrip()) == indent and SIGNATURE_END.search(lines[start - 1].rstrip() or ";") is None and "(" in lines[start]):
            start -= 1
        signature = " ".join(l.strip() for l in lines[start:i])
        if "(" not in signature or signature.startswith(("if ", "for ", "while ", "switch ", "else", "do", "try", "catch", "namespace", "class ", "struct ", "enum ")):
            continue
        if re.match(r"^(if|for|while|switch)\s*\(", signature) or "=" in signature.split("(")[0]:
            continue
        end = i + 1
        closing = " " * indent + "}"
        while end < len(lines) and not (lines[end].startswith(closing) and len(lines[end]) - len(lines[end].lstrip()) == indent):
            end += 1
        name = re.sub(r"\s+", " ", signature.split("(")[0]).split(" ")[-1] or signature[:60]
        yield end - start + 1, f"{path}:{start + 1}", name


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--functions-over", type=int, default=120)
    parser.add_argument("--files-over", type=int, default=800)
    args = parser.parse_args()
    file_sizes, function_sizes = [], []
    for path in sources():
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        file_sizes.append((len(lines), path))
        function_sizes.extend(functions(path, lines))
    file_sizes.sort(reverse=True)
    function_sizes.sort(reverse=True)
    print(f"Largest functions (of {len(function_sizes)}):")
    for n, where, name in function_sizes[: args.top]:
        print(f"  {n:5d}  {name}  {where}")
    print(f"Largest files (of {len(file_sizes)}):")
    for n, path in file_sizes[: args.top]:
        print(f"  {n:5d}  {path}")
    long_functions = sum(1 for n, _, _ in function_sizes if n > args.functions_over)
    long_files = sum(1 for n, _ in file_sizes if n > args.files_over)
    print(f"Functions over {args.functions_over} lines: {long_functions}; files over {args.files_over} lines: {long_files}")


if __name__ == "__main__":
    sys.exit(main())
