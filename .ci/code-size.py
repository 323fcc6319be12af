#!/usr/bin/env python3
"""The gate for "no function over 120 lines, no file over 800" (DESIGN.md), over every C++ file of
the tree (.ci/cxx_sources.py finds them: model/, widgets/, app/, tests/ and any folder added later).
Run from anywhere:

    python3 .ci/code-size.py [--top N] [--functions-over L] [--files-over L] [--exclude DIR]

It prints the largest functions and files and exits 1, naming each, when a function is over L lines
or a file over L lines without saying why. A file says why in its first comment (the comment before
any code but preprocessor lines), with the words "over 800 lines because" and a reason of at least
three words, for instance:

    // The DynamoDB JSON encoder, one function per type. This file is over 800 lines because ...

A function has no such way out: split it.

A function is a definition with a body: a free function, a member function (out of line or inside
its class, a class inside a namespace or a class), a constructor with its initializer list, an
operator, and a lambda given a name at namespace or class scope. Its length counts the lines from
its first line (the template line, the return type, the name) to its closing brace; a lambda or a
local class inside it counts as part of it. Comments, string literals (raw ones too) and
preprocessor lines are read past, so a brace in them counts for nothing.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxx_sources  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXEMPTION = re.compile(r"over 800 lines because\s+(\S+\s+){2,}\S")

# --- tokens ---------------------------------------------------------------------------------------

PUNCTUATORS = sorted("""<=> ->* <<= >>= ... :: -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= .*
                      { } [ ] ( ) ; : , . ? ~ ! + - * / % ^ & | = < > #""".split(), key=len, reverse=True)
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
NUMBER = re.compile(r"\.?\d(?:[eEpP][+-]|[\w.'])*")
RAW_PREFIXES = ("R", "u8R", "uR", "UR", "LR")


class Token:
    __slots__ = ("text", "line", "kind")

    def __init__(self, text, line, kind):
        self.text, self.line, self.kind = text, line, kind

    def __repr__(self):
        return f"{self.text}@{self.line}"


def tokens(text):
    """C++ tokens with their 1-based line; comments and preprocessor lines are dropped, a string or
    character literal is one token."""
    out = []
    i, n, line = 0, len(text), 1
    line_start = True  # only blanks since the last newline: a '#' here starts a directive
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "\\" and text.startswith("\n", i + 1):
            i += 2
            line += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        if c == "#" and line_start:
            # A directive runs to the first newline not escaped by a backslash; comments in it end too.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and text.startswith("\n", i + 1):
                    i += 2
                    line += 1
                elif text.startswith("/*", i):
                    end = text.find("*/", i + 2)
                    end = n if end < 0 else end + 2
                    line += text.count("\n", i, end)
                    i = end
                elif text.startswith("//", i):
                    end = text.find("\n", i)
                    i = n if end < 0 else end
                else:
                    i += 1
            continue
        line_start = False
        m = IDENTIFIER.match(text, i)
        if m:
            word = m.group()
            if word in RAW_PREFIXES and text.startswith('"', m.end()):
                open_paren = text.find("(", m.end())
                delimiter = ")" + text[m.end() + 1:open_paren] + '"'
                end = text.find(delimiter, open_paren)
                end = n if end < 0 else end + len(delimiter)
                out.append(Token(text[i:end], line, "string"))
                line += text.count("\n", i, end)
                i = end
                continue
            out.append(Token(word, line, "ident"))
            i = m.end()
            continue
        m = NUMBER.match(text, i)
        if m:
            out.append(Token(m.group(), line, "number"))
            i = m.end()
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(Token(text[i:j + 1], line, "string"))
            i = j + 1
            continue
        for p in PUNCTUATORS:
            if text.startswith(p, i):
                out.append(Token(p, line, "punct"))
                i += len(p)
                break
        else:
            out.append(Token(c, line, "punct"))
            i += 1
    return out


# --- definitions ----------------------------------------------------------------------------------

OPENING = {"(": ")", "[": "]", "{": "}"}
ACCESS_WORDS = {"public", "protected", "private", "signals", "slots", "Q_SIGNALS", "Q_SLOTS"}
# Qt's declaration macros stand without a semicolon (Q_OBJECT, Q_PROPERTY(...), QTEST_MAIN(...)):
# each ends the declaration before it.
QT_MACRO = re.compile(r"^Q(T|TEST)?_[A-Z0-9_]+$")
AFTER_PARAMETERS = {"const", "volatile", "override", "final", "noexcept", "mutable", "&", "&&", "try", "throw"}


class Group:
    """A balanced (...), [...] or {...} inside a declaration's head, as one item."""

    def __init__(self, opening, line):
        self.text, self.kind, self.line = opening + OPENING[opening], "group", line


def skip_balanced(toks, i):
    """Index just past the bracket that closes toks[i]."""
    depth = 0
    while i < len(toks):
        t = toks[i].text
        if t in OPENING and toks[i].kind == "punct":
            depth += 1
        elif t in (")", "]", "}") and toks[i].kind == "punct":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def strip_template(head):
    """The head without its leading `template <...>` clauses (and attributes)."""
    k = 0
    while k < len(head):
        if head[k].text == "template" and k + 1 < len(head) and head[k + 1].text == "<":
            depth, k = 0, k + 1
            while k < len(head):
                depth += {"<": 1, ">": -1, ">>": -2}.get(head[k].text, 0) if head[k].kind == "punct" else 0
                k += 1
                if depth <= 0:
                    break
        elif head[k].kind == "group" and head[k].text == "[]":
            k += 1
        else:
            break
    return head[k:]


def top_level_groups(head):
    """Indexes of the (...) groups of a head outside template arguments: the first is the parameter
    list (std::function<bool(int)> make() has its () inside <...>)."""
    found, depth = [], 0
    for k, h in enumerate(head):
        if h.kind == "punct" and (k == 0 or head[k - 1].text != "operator"):
            depth = max(0, depth + {"<": 1, ">": -1, ">>": -2}.get(h.text, 0))
        elif h.kind == "group" and h.text == "()" and depth == 0:
            found.append(k)
    return found


def skip_template_arguments_back(head, k):
    """Index of the '<' that opens the template arguments closing at head[k] ('>' or '>>')."""
    depth = 0
    while k >= 0:
        depth += {">": 1, ">>": 2, "<": -1}.get(head[k].text, 0) if head[k].kind == "punct" else 0
        if depth <= 0:
            return k
        k -= 1
    return 0


def function_name(head, params):
    """The qualified name before the parameter list head[params]: Outer::Inner<T>::name, ~Class,
    operator==, operator()."""
    k = params - 1
    if k < 0:
        return "?"
    if head[k].text == "operator":  # operator()(...): the first () is the name's
        return "operator()"
    if any(h.text == "operator" for h in head[max(0, k - 2):k]):  # operator==, operator<<, ...
        while head[k].text != "operator":
            k -= 1
    elif head[k].text in (">", ">>"):  # an explicit specialization: name<Args>(...)
        k = max(0, skip_template_arguments_back(head, k) - 1)
    while k > 0:  # back over the qualifiers: ~Class, Outer::, Template<T>::
        if head[k - 1].text == "~":
            k -= 1
        elif head[k - 1].text == "::" and k >= 2:
            k -= 2
            if head[k].text in (">", ">>"):
                k = max(0, skip_template_arguments_back(head, k) - 1)
        else:
            break
    return "".join(h.text for h in head[k:params]) or "?"


def classify(head):
    """What a '{' after `head` opens at namespace or class scope: 'scope' (namespace, class, extern
    block: definitions inside), 'function', 'init' (a member's brace initializer inside a
    constructor's initializer list: the head goes on) or 'data' (enum, initializer, anything else)."""
    body = strip_template(head)
    if not body:
        return "data"
    words = [h.text for h in body if h.kind in ("ident", "string")]
    texts = [h.text for h in body]
    if body[0].text == "namespace" or texts[:2] == ["inline", "namespace"] or (body[0].text == "extern" and len(body) > 1 and body[1].kind == "string"):
        return "scope"
    if "enum" in words:
        return "data"
    groups = top_level_groups(body)
    assignments = [k for k, h in enumerate(body) if h.text == "=" and (k == 0 or body[k - 1].text != "operator")]
    if assignments:
        after = assignments[0] + 1
        if after < len(body) and body[after].kind == "group" and body[after].text == "[]":
            return "lambda"
        return "data"
    if any(w in ("class", "struct", "union") for w in words) and not groups:
        return "scope"
    if not groups:
        return "data"
    last = body[-1]
    in_initializers = ":" in texts[groups[0]:]
    if in_initializers:
        # Foo::Foo() : a_(1), b_{2} {  -- after an identifier a brace initializes a member
        return "init" if last.kind == "ident" or last.text == ">" else "function"
    if last.kind == "group" and last.text == "()" or last.text in AFTER_PARAMETERS:
        return "function"
    if "->" in texts[groups[0]:]:
        return "function"
    return "data"


def definitions(toks):
    """(first line, last line, name) of every function defined in the tokens."""
    found = []

    def scope(i):
        head = []
        while i < len(toks):
            t = toks[i]
            if t.kind == "punct" and t.text == "}":
                return i + 1
            if t.kind == "punct" and t.text == ";":
                head = []
                i += 1
                continue
            if t.kind == "punct" and t.text == ":" and all(h.text in ACCESS_WORDS for h in head):
                head = []
                i += 1
                continue
            if t.kind == "ident" and QT_MACRO.match(t.text) and not head:
                i += 1
                if i < len(toks) and toks[i].text == "(":
                    i = skip_balanced(toks, i)
                continue
            if t.kind == "punct" and t.text in ("(", "["):
                head.append(Group(t.text, t.line))
                i = skip_balanced(toks, i)
                continue
            if t.kind == "punct" and t.text == "{":
                what = classify(head)
                if what == "scope":
                    i = scope(i + 1)
                    head = []
                elif what == "init":
                    head.append(Group("{", t.line))
                    i = skip_balanced(toks, i)
                else:
                    end = skip_balanced(toks, i)
                    if what in ("function", "lambda"):
                        body = strip_template(head)
                        if what == "lambda":
                            name = body[[h.text for h in body].index("=") - 1].text
                        else:
                            name = function_name(body, top_level_groups(body)[0])
                        found.append((head[0].line, toks[end - 1].line, name))
                    # A data initializer's ';' follows and ends the declaration; a body ends it here.
                    head = [] if what in ("function", "data") else head
                    i = end
                continue
            head.append(t)
            i += 1
        return i

    i = 0
    while i < len(toks):
        i = scope(i)
    return found


# --- files ----------------------------------------------------------------------------------------

def first_comment(text):
    """The file's first comment, if it comes before any code but preprocessor lines."""
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        s = lines[k].strip()
        if s.startswith("//"):
            block = []
            while k < len(lines) and lines[k].strip().startswith("//"):
                block.append(lines[k].strip()[2:].strip())
                k += 1
            return " ".join(block)
        if s.startswith("/*"):
            rest = "\n".join(lines[k:])[2:]
            body = rest.split("*/", 1)[0]
            return " ".join(x.strip().lstrip("*").strip() for x in body.split("\n"))
        if s and not s.startswith("#"):
            return ""
        k += 1
    return ""


def says_why_it_is_long(text):
    return EXEMPTION.search(first_comment(text)) is not None


def line_count(text):
    lines = text.split("\n")
    return len(lines) - (1 if lines and lines[-1] == "" else 0)


def measure(root, paths):
    """(file sizes [(lines, path, says why)], function sizes [(lines, 'path:line', name)])."""
    files, functions = [], []
    for path in paths:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        files.append((line_count(text), path, says_why_it_is_long(text)))
        for first, last, name in definitions(tokens(text)):
            functions.append((last - first + 1, f"{path}:{first}", name))
    files.sort(key=lambda f: (-f[0], f[1]))
    functions.sort(key=lambda f: (-f[0], f[1]))
    return files, functions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=15, help="how many of the largest to list")
    parser.add_argument("--functions-over", type=int, default=120)
    parser.add_argument("--files-over", type=int, default=800)
    parser.add_argument("--root", default=REPO, help="the tree to measure (default: this repository)")
    parser.add_argument("--exclude", action="append", default=[], help="a folder to leave out (a build tree is left out anyway)")
    args = parser.parse_args(argv)
    paths = cxx_sources.cxx_files(args.root, args.exclude)
    files, functions = measure(args.root, paths)
    print(f"{len(paths)} C++ files in {', '.join(cxx_sources.top_folders(paths)) or '.'}")
    print(f"Largest functions (of {len(functions)}):")
    for n, where, name in functions[: args.top]:
        print(f"  {n:5d}  {name}  {where}")
    print(f"Largest files (of {len(files)}):")
    for n, path, why in files[: args.top]:
        print(f"  {n:5d}  {path}{'  (its first comment says why)' if why and n > args.files_over else ''}")
    long_functions = [f for f in functions if f[0] > args.functions_over]
    long_files = [f for f in files if f[0] > args.files_over and not f[2]]
    excused = [f for f in files if f[0] > args.files_over and f[2]]
    print(f"Functions over {args.functions_over} lines: {len(long_functions)}; files over {args.files_over} lines: "
          f"{len(long_files)} (and {len(excused)} whose first comment says why)")
    for n, where, name in long_functions:
        print(f"error: {where}: {name} is {n} lines, over {args.functions_over}: split it", file=sys.stderr)
    for n, path, _ in long_files:
        print(f"error: {path} is {n} lines, over {args.files_over}: split it, or say why in its first comment "
              f"(\"over 800 lines because ...\")", file=sys.stderr)
    return 1 if long_functions or long_files else 0


if __name__ == "__main__":
    sys.exit(main())
