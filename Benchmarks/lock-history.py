#!/usr/bin/env python3
"""Times the model lock on a long version history: a synthetic ENTITIES-entity model (synthesize-model.py) with
VERSIONS versions, each adding one optional attribute to one entity (as a shipped history mostly does).

Usage: lock-history.py BINARY [--before OTHER_BINARY] [--entities 90] [--versions 120] [--runs 5] [--work DIR]

Reports, median of RUNS (CPU = user + system, /usr/bin/time; every row of a table taken in turn, so a slow
minute on the shared machine hits all rows alike):
  lock file        bytes and lines of <Model>.managed-codegen.lock with every version locked
  lock             `lock` of every version into no lock file; again with nothing changed (digests match);
                   `lock --force --model-version` of the newest version after an edit to it
  generate         a fresh run into empty folders without a lock file, and with it: every version locked
                   (the current one too), and every version but the current one (then `generate` also
                   compares the current version with the newest locked one, which it reads)
  no-change        the same three with up-to-date output (the stamp replays the last run)
Ratios are to the run without a lock file, taken in the same loop. With --before, an earlier build (its own lock
format) is measured in the same loop too.
"""
import argparse
import importlib.util
import os
import shutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import benchmark  # noqa: E402  (measure: /usr/bin/time -v)

spec = importlib.util.spec_from_file_location("synthesize_model", os.path.join(HERE, "synthesize-model.py"))
synthesize = importlib.util.module_from_spec(spec)
spec.loader.exec_module(synthesize)


def version_contents(base_lines, entity_count, index):
    """Version `index` (0-based): the base with one added optional attribute per earlier version."""
    added = {}
    for step in range(index):
        added.setdefault((step * 37) % entity_count, []).append(
            '        <attribute name="added%03d" optional="YES" attributeType="String"/>' % step)
    lines = []
    for line in base_lines:
        lines.append(line.replace('userDefinedModelVersionIdentifier=""', 'userDefinedModelVersionIdentifier="%d"' % (index + 1)))
        if line.startswith('    <entity name="Entity'):
            lines.extend(added.get(int(line.split('"')[1][len("Entity"):]), []))
    return "\n".join(lines) + "\n"


def write_history(folder, model, entity_count, version_count):
    bundle = os.path.join(folder, model + ".xcdatamodeld")
    shutil.rmtree(bundle, ignore_errors=True)
    base_lines = synthesize.contents(entity_count).rstrip("\n").split("\n")
    names = [model] + ["%s %d" % (model, number) for number in range(2, version_count + 1)]
    for index, name in enumerate(names):
        os.makedirs(os.path.join(bundle, name + ".xcdatamodel"))
        with open(os.path.join(bundle, name + ".xcdatamodel", "contents"), "w", encoding="utf-8") as file:
            file.write(version_contents(base_lines, entity_count, index))
    with open(os.path.join(bundle, ".xccurrentversion"), "w", encoding="utf-8") as file:
        file.write(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n'
            '\t<string>%s.xcdatamodel</string>\n</dict>\n</plist>\n' % names[-1])
    return bundle, names


def cpu(command, cwd):
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        return benchmark.measure(command)[3]
    finally:
        os.chdir(previous)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--before", help="another build (e.g. main's) measured in the same loop, for a before/after")
    parser.add_argument("--entities", type=int, default=90)
    parser.add_argument("--versions", type=int, default=120)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(os.path.dirname(HERE), ".build", "lock-history"))
    arguments = parser.parse_args()
    builds = [("after", os.path.abspath(arguments.binary))]
    if arguments.before:
        builds.insert(0, ("before", os.path.abspath(arguments.before)))
    work = os.path.abspath(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    model = "History"
    bundle, names = write_history(work, model, arguments.entities, arguments.versions)
    lock_path = os.path.join(work, model + ".managed-codegen.lock")
    newest = os.path.join(bundle, names[-1] + ".xcdatamodel", "contents")
    with open(newest, encoding="utf-8") as file:
        newest_contents = file.read()

    # Each build's lock files: every version, and every version but the current one.
    locks = {}
    for build, binary in builds:
        if os.path.exists(lock_path):
            os.remove(lock_path)
        benchmark.measure([binary, "lock", bundle])
        with open(lock_path, encoding="utf-8") as file:
            every = file.read()
        os.remove(lock_path)
        for name in names[:-1]:
            benchmark.measure([binary, "lock", bundle, "--model-version", name])
        with open(lock_path, encoding="utf-8") as file:
            locks[build] = {"all": every, "all but current": file.read()}

    def use_lock(build, kind):
        if kind is None:
            if os.path.exists(lock_path):
                os.remove(lock_path)
        else:
            with open(lock_path, "w", encoding="utf-8") as file:
                file.write(locks[build][kind])

    def clear_output():
        for folder in ("Generated", "Model"):
            shutil.rmtree(os.path.join(work, folder), ignore_errors=True)

    kinds = [None, "all", "all but current"]
    lock_labels = ["lock, no lock file", "lock, nothing changed", "lock --force --model-version (newest, edited)"]
    fresh = {build: {kind: [] for kind in kinds} for build, _ in builds}
    unchanged = {build: {kind: [] for kind in kinds} for build, _ in builds}
    lock_rows = {build: {label: [] for label in lock_labels} for build, _ in builds}
    for _ in range(arguments.runs):
        for build, binary in builds:
            generate = [binary, "generate", bundle, "--output", "Generated", "--human-output", "Model", "--quiet"]
            for kind in kinds:
                use_lock(build, kind)
                clear_output()
                fresh[build][kind].append(cpu(generate, work))
                unchanged[build][kind].append(cpu(generate, work))
            use_lock(build, None)
            lock_rows[build][lock_labels[0]].append(cpu([binary, "lock", bundle], work))
            lock_rows[build][lock_labels[1]].append(cpu([binary, "lock", bundle], work))
            # Re-locking the newest version after an edit to it (a type change) reads that version only.
            with open(newest, "w", encoding="utf-8") as file:
                file.write(newest_contents.replace('<attribute name="notes" optional="YES" attributeType="String"',
                                                   '<attribute name="notes" optional="YES" attributeType="Binary"', 1))
            lock_rows[build][lock_labels[2]].append(
                cpu([binary, "lock", bundle, "--force", "--model-version", names[-1]], work))
            with open(newest, "w", encoding="utf-8") as file:
                file.write(newest_contents)

    print("Lock history: %d entities x %d versions (each adds one attribute to one entity), median of %d, CPU seconds"
          % (arguments.entities, arguments.versions, arguments.runs))
    for build, _ in builds:
        text = locks[build]["all"]
        print()
        print("%s: lock file (every version locked) %.2f MB, %d lines" % (build, len(text.encode("utf-8")) / 1e6, text.count("\n")))
        print()
        print("| %s | no lock file | lock: every version | ratio | lock: all but current | ratio |" % build)
        print("|---|---:|---:|---:|---:|---:|")
        for label, samples in (("generate, fresh", fresh[build]), ("generate, no change", unchanged[build])):
            base = statistics.median(samples[None])
            every = statistics.median(samples["all"])
            but = statistics.median(samples["all but current"])
            print("| %s | %.3f s | %.3f s | %.2fx | %.3f s | %.2fx |" % (label, base, every, every / base, but, but / base))
        print()
        for label in lock_labels:
            print("%s: %s %.3f s" % (build, label, statistics.median(lock_rows[build][label])))


if __name__ == "__main__":
    main()
