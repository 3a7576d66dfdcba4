#!/usr/bin/env python3
"""Fails when a target imports a module it does not declare as a dependency.

SwiftPM lets a target import any module that happens to be built before it, so an import that
works today breaks when another package changes its dependencies. The rule:
- a module of another package (NIOCore, SwiftSyntax, Hummingbird…) is a product that the
  importing target names in its own dependencies, never one reached through another product;
- a module of this package is one of the target's dependencies or theirs, arrows down (the
  layers of CONTRIBUTING.md); a target never imports one it does not depend on.
The toolchain's own modules (Foundation, Testing, Synchronization…) are left aside.

    python3 Scripts/imports-check.py          check (CI)
"""
import json
import os
import re
import subprocess
import sys

TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl",
    "Darwin", "Android", "WinSDK", "ucrt", "Dispatch", "Synchronization", "Testing", "XCTest",
    "_Concurrency", "os", "PackageDescription", "CompilerPluginSupport", "RegexBuilder",
    "_StringProcessing", "Observation", "Swift",
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
targets = {t["name"] for t in manifest["targets"]}


def dependency_names(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def folder(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


by_name = {t["name"]: t for t in manifest["targets"]}


def closure(name, seen=None):
    """The package's own targets `name` depends on, directly or through each other."""
    seen = set() if seen is None else seen
    for dependency in dependency_names(by_name[name]):
        if dependency in by_name and dependency not in seen:
            seen.add(dependency)
            closure(dependency, seen)
    return seen


STRING_BLOCK = re.compile(r'""".*?"""', re.S)  # multi-line string literals (a script's own imports)
problems = []
for target in manifest["targets"]:
    if target["type"] == "system":
        continue
    declared = dependency_names(target) | closure(target["name"])
    for directory, _, files in os.walk(os.path.join(root, folder(target))):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            text = STRING_BLOCK.sub("", open(path, encoding="utf-8").read())
            for module in sorted(set(IMPORT.findall(text))):
                if module in TOOLCHAIN or module == target["name"] or module in declared:
                    continue
                problems.append(f"{os.path.relpath(path, root)}: imports {module}, not a dependency of {target['name']}")

# What a store's user compiles: the model files, the import, the store layer, never the
# generators or the JSON Schema validator (CONTRIBUTING.md, the map of targets).
for store in ("MapwrightSQLite", "MapwrightPostgres"):
    for heavy in ("MapwrightCodegen", "MapwrightJSONSchema"):
        if heavy in closure(store):
            problems.append(f"{store} depends on {heavy}: a store's users would compile it")

if problems:
    print("imports of modules a target does not declare (add them to its dependencies in Package.swift):", file=sys.stderr)
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"every import names a declared dependency ({len(targets)} targets)")
