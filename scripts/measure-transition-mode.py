#!/usr/bin/env python3
"""Measures the transition mode (`--inherited-initializers deprecated`) on the real-model corpus.

For every model in ../shared/corpus (or those named), generates the classes and the generated tests
(`--tests-output`, every entity: `--include-xcode-generated`) once in the default mode and once in the transition
mode, type-checks them against the stub Apple SDK (Tests/TypeCheckTests/StubSDK, the harness of
../shared/design/typecheck-harness.md), and prints a table: per model and mode, the errors, the deprecation warnings
in the generated tests (expected 0: the tests call the designated initializer, never a deprecated one) and the other
warnings. Exit status 1 when a model has an error or a deprecation warning in its tests.

Usage: scripts/measure-transition-mode.py [--tool PATH] [--sdk DIR] [--corpus DIR] [--jobs N] [MODEL_DIR_NAME...]
  --tool: managed-codegen (default .build/debug/managed-codegen; `swift build` first)
  --sdk:  a built stub SDK (default: the one TypeCheckTests built under .build/typecheck-sdk, else built into
          .build/typecheck-sdk/measure with StubSDK/build-sdk.sh, about a minute)
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUB = os.path.join(ROOT, "Tests/TypeCheckTests/StubSDK")
DIAGNOSTIC = re.compile(r"^(.+?):(\d+):(\d+): (error|warning): (.*)$")
# A type the model names (a transformable's custom class: UIColor, the app's own types) that the stub SDK and this
# module lack: the app's module declares it. Counted apart from the generator's own errors.
APP_TYPE = re.compile(r"^cannot find type '([\w.]+)' in scope$")
# (And the errors that follow from one on the same line: "cannot find 'IntegerEnum' in scope", "generic parameter
# 'E' could not be inferred".)
MODES = {"unavailable": [], "deprecated": ["--inherited-initializers", "deprecated"]}


def stub_sdk(explicit):
    if explicit:
        return explicit
    built = sorted(glob.glob(os.path.join(ROOT, ".build/typecheck-sdk/*/modules/XCTest.swiftmodule")))
    if built:
        return os.path.dirname(os.path.dirname(built[0]))
    destination = os.path.join(ROOT, ".build/typecheck-sdk/measure")
    subprocess.run(["/bin/sh", os.path.join(STUB, "build-sdk.sh"), destination], check=True)
    return destination


def bundle(folder):
    """The model inside a corpus folder: its .xcdatamodeld, else a bare .xcdatamodel (as CorpusTests finds it)."""
    for extension in (".xcdatamodeld", ".xcdatamodel"):
        found = sorted(name for name in os.listdir(folder) if name.endswith(extension))
        if found:
            return os.path.join(folder, found[0])
    return folder


def measure(tool, sdk, model, mode):
    """(errors, deprecation warnings in the tests, other warnings, note) for one model in one mode; the note names
    the app's types the model uses, whose "cannot find type" errors are not counted."""
    with tempfile.TemporaryDirectory(prefix="transition-") as work:
        generated, tests = os.path.join(work, "Generated"), os.path.join(work, "Tests")
        run = subprocess.run(
            [tool, "generate", model, "--output", generated, "--no-human-files", "--tests-output", tests,
             "--include-xcode-generated", "--module-name", "CorpusModel", "--quiet"] + MODES[mode],
            capture_output=True, text=True)
        if run.returncode != 0:
            first = next((line for line in run.stderr.splitlines() if ": error: " in line), run.stderr.strip()[:120])
            return None, None, None, "generate failed: " + first.split(": error: ")[-1]
        sources = sorted(glob.glob(os.path.join(generated, "*.swift")))
        test_files = sorted(glob.glob(os.path.join(tests, "*.swift")))
        check = subprocess.run(
            ["/bin/sh", os.path.join(STUB, "typecheck.sh"), sdk, "CorpusModel"] + sources + ["--"] + test_files,
            capture_output=True, text=True, env=dict(os.environ, SWIFTC=os.environ.get("SWIFTC", "swiftc")))
        errors = deprecations = others = 0
        found = []
        for line in dict.fromkeys((check.stdout + check.stderr).splitlines()):
            match = DIAGNOSTIC.match(line)
            if match:
                found.append((match.group(1), match.group(2), match.group(4), match.group(5)))
        app_types = {m.group(1) for _, _, severity, message in found if (m := APP_TYPE.match(message))}
        # The errors that follow from a missing app type: those naming it, and the others on their lines.
        app_lines = {(path, line) for path, line, severity, message in found
                     if severity == "error" and any(f"'{name}'" in message for name in app_types)}
        for path, line, severity, message in found:
            if severity == "error" and (path, line) in app_lines:
                continue
            if severity == "error":
                errors += 1
            elif path.startswith(tests) and "deprecated" in message:
                deprecations += 1
            else:
                others += 1
        notes = [f"typecheck exit {check.returncode}"] if check.returncode not in (0, 1) else []
        if app_types:
            notes.append("the app's types (not counted): " + ", ".join(sorted(app_types)))
        note = "; ".join(notes)
        return errors, deprecations, others, note


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/debug/managed-codegen"))
    parser.add_argument("--sdk")
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared/corpus"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("models", nargs="*")
    arguments = parser.parse_args()
    if not os.path.isdir(arguments.corpus):
        sys.exit(f"no corpus at {arguments.corpus}")
    names = arguments.models or sorted(
        name for name in os.listdir(arguments.corpus) if os.path.isdir(os.path.join(arguments.corpus, name)))
    sdk = stub_sdk(arguments.sdk)
    jobs = [(name, mode) for name in names for mode in MODES]
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        results = dict(zip(jobs, pool.map(
            lambda job: measure(arguments.tool, sdk, bundle(os.path.join(arguments.corpus, job[0])), job[1]), jobs)))

    print("| model | mode | errors | deprecation warnings in the tests | other warnings | note |")
    print("|---|---|---:|---:|---:|---|")
    totals = {mode: [0, 0, 0, 0, 0] for mode in MODES}  # models checked, errors, deprecations, others, failed
    for name, mode in jobs:
        errors, deprecations, others, note = results[(name, mode)]
        total = totals[mode]
        if errors is None:
            total[4] += 1
            print(f"| {name} | {mode} | | | | {note} |")
            continue
        total[0] += 1
        total[1] += errors
        total[2] += deprecations
        total[3] += others
        print(f"| {name} | {mode} | {errors} | {deprecations} | {others} | {note} |")
    print()
    for mode, (checked, errors, deprecations, others, failed) in totals.items():
        print(f"{mode}: {checked} models type-checked ({failed} not generated): {errors} errors, "
              f"{deprecations} deprecation warnings in the generated tests, {others} other warnings")
    bad = any(totals[mode][1] or totals[mode][2] for mode in MODES)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
