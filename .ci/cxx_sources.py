"""The tree's C++ files, found by walking it, for the checks in .ci/ (format, code size).

No list of folders to keep up to date: every folder of the repository is searched except hidden ones
(.git, .ci's caches), build trees (a folder holding CMakeCache.txt or CMakeFiles, wherever it is
and whatever its name) and folders tools fill (node_modules, __pycache__). A new top-level folder
with C++ in it is checked the day it appears.
"""
import os

EXTENSIONS = (".cpp", ".cc", ".cxx", ".h", ".hh", ".hpp", ".hxx")
SKIPPED_NAMES = {"node_modules", "__pycache__"}


def is_build_tree(folder, names):
    return "CMakeCache.txt" in names or "CMakeFiles" in names


def cxx_files(root, exclude=()):
    """Paths relative to `root` of every C++ file under it, sorted; `exclude` adds folders to skip."""
    root = os.path.abspath(root)
    excluded = {os.path.abspath(e) for e in exclude}
    found = []
    for folder, subfolders, files in os.walk(root):
        kept = []
        for name in subfolders:
            path = os.path.join(folder, name)
            if name.startswith(".") or name in SKIPPED_NAMES or path in excluded:
                continue
            try:
                if is_build_tree(path, os.listdir(path)):
                    continue
            except OSError:
                continue
            kept.append(name)
        subfolders[:] = sorted(kept)
        found.extend(os.path.relpath(os.path.join(folder, f), root) for f in files if f.endswith(EXTENSIONS))
    return sorted(found)


def top_folders(paths):
    """The top-level folders the paths are in, in order: what a check says it covered."""
    return sorted({p.split(os.sep)[0] for p in paths if os.sep in p})
