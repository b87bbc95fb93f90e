#!/usr/bin/env python3
"""The budget: what users run, at the sizes they have, for two builds in one loop.

Usage: real-sizes.py BEFORE_BINARY AFTER_BINARY [--runs N] [--callgrind] [--corpus DIR] [--work DIR]

Rows (every row of both builds taken in turn in each of RUNS rounds, so a slow minute on a shared machine hits
all rows alike):
  dump MODEL, generate MODEL   the three largest models of the corpus (125, 87 and 59 entities), generate fresh
                               into empty folders with generated tests
  generate, locked history     lock-history.py's history (90 entities x 120 versions), every version locked,
                               generate fresh; and `lock` again with nothing changed
  start-up                     `--version`
  1,000 synthetic entities     synthesize-model.py's model, generate fresh: not a user's size
Per row: median wall and CPU (user + system) seconds of each build, and after / before. With --callgrind, also
the instructions of one run of each (valgrind --tool=callgrind, all threads): the same on any load.
Output: WORK/real-sizes.md.
"""
import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("lock_history", os.path.join(HERE, "lock-history.py"))
lock_history = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lock_history)

LARGEST = [
    "instructure__canvas-ios__Core_Core_Resources_Database.xcdatamodeld",
    "instructure__canvas-ios__Core_Core_Database.xcdatamodeld",
    "instructure__canvas-ios__Core_Core_Models_Database.xcdatamodeld",
]


def run(command, cwd):
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read().decode()
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), error))
    return wall, usage.ru_utime + usage.ru_stime


def instructions(command, cwd):
    completed = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
        cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected : (\d+)", completed.stderr)
    if completed.returncode != 0 or not match:
        sys.exit("callgrind failed: %s\n%s" % (" ".join(command), completed.stderr))
    return int(match.group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(HERE), "..", "shared", "corpus"))
    parser.add_argument("--work", default=os.path.join(os.path.dirname(HERE), ".build", "real-sizes"))
    arguments = parser.parse_args()
    builds = [("before", os.path.abspath(arguments.before)), ("after", os.path.abspath(arguments.after))]
    work = os.path.abspath(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    corpus = os.path.abspath(arguments.corpus)
    # A corpus entry is a folder named after its repository and path, holding the bundle.
    models = [os.path.join(corpus, name, bundle) for name in LARGEST if os.path.isdir(os.path.join(corpus, name))
              for bundle in sorted(os.listdir(os.path.join(corpus, name))) if bundle.endswith(".xcdatamodeld")]
    if not models:
        sys.exit("no corpus at %s" % corpus)

    bundle, _ = lock_history.write_history(work, "History", 90, 120)
    lock_path = os.path.join(work, "History.managed-codegen.lock")

    def clear():
        for folder in ("Generated", "Model", "Tests"):
            shutil.rmtree(os.path.join(work, folder), ignore_errors=True)

    def generate(binary, model, tests=True):
        command = [binary, "generate", model, "--output", "Generated", "--human-output", "Model", "--quiet"]
        return command + (["--tests-output", "Tests"] if tests else [])

    def entities(model):
        contents = sorted(os.path.join(root, "contents") for root, _, files in os.walk(model) if "contents" in files)
        return open(contents[0], encoding="utf-8").read().count("<entity ")

    # (label, command for a binary, prepare before each run)
    rows = []
    for model in models:
        label = "%d entities" % entities(model)
        rows.append(("dump, " + label, lambda b, m=model: [b, "dump", m], None))
        rows.append(("generate, " + label, lambda b, m=model: generate(b, m), clear))
    locks = {}
    for build, binary in builds:
        if os.path.exists(lock_path):
            os.remove(lock_path)
        run([binary, "lock", bundle], work)
        locks[binary] = open(lock_path, encoding="utf-8").read()

    def use_lock(binary):
        clear()
        with open(lock_path, "w", encoding="utf-8") as file:
            file.write(locks[binary])

    rows.append(("generate, 90 entities x 120 versions locked", lambda b: generate(b, bundle, tests=False), use_lock))
    rows.append(("lock again, 120 versions, nothing changed", lambda b: [b, "lock", bundle],
                 lambda b: use_lock(b)))
    rows.append(("start-up (--version)", lambda b: [b, "--version"], None))
    # Not a user's size: the synthetic model the earlier sessions tuned for, to say what plain code costs there.
    synthetic = os.path.join(work, "Synthetic1000.xcdatamodeld")
    os.makedirs(os.path.join(synthetic, "Synthetic1000.xcdatamodel"))
    with open(os.path.join(synthetic, "Synthetic1000.xcdatamodel", "contents"), "w", encoding="utf-8") as file:
        file.write(lock_history.synthesize.contents(1000))
    rows.append(("generate, 1,000 synthetic entities (not a user's size)", lambda b: generate(b, synthetic, tests=False), clear))

    samples = {(label, build): ([], []) for label, _, _ in rows for build, _ in builds}
    for _ in range(arguments.runs):
        for label, command, prepare in rows:
            for build, binary in builds:
                if prepare is clear:
                    clear()
                elif prepare:
                    prepare(binary)
                wall, cpu = run(command(binary), work)
                samples[(label, build)][0].append(wall)
                samples[(label, build)][1].append(cpu)
    counts = {}
    if arguments.callgrind:
        # valgrind cannot read a Swift release binary's DWARF: a copy without debug information keeps the names.
        stripped = {}
        for build, binary in builds:
            stripped[binary] = os.path.join(work, "managed-codegen-" + build)
            shutil.copy(binary, stripped[binary])
            subprocess.run(["strip", "--strip-debug", stripped[binary]], check=True)
        for label, command, prepare in rows:
            for build, binary in builds:
                if prepare is clear:
                    clear()
                elif prepare:
                    prepare(binary)
                counts[(label, build)] = instructions(command(stripped[binary]), work)

    header = "| row | wall before | wall after | ratio | CPU before | CPU after | ratio |"
    if counts:
        header += " instructions before | after | ratio |"
    lines = [header, "|---" + "|---:" * (header.count("|") - 2) + "|"]
    for label, _, _ in rows:
        before = [statistics.median(values) for values in samples[(label, "before")]]
        after = [statistics.median(values) for values in samples[(label, "after")]]
        line = "| %s | %.3f s | %.3f s | %.2f× | %.3f s | %.3f s | %.2f× |" % (
            label, before[0], after[0], after[0] / before[0], before[1], after[1], after[1] / max(before[1], 1e-9))
        if counts:
            b, a = counts[(label, "before")], counts[(label, "after")]
            line += " %.1f M | %.1f M | %.2f× |" % (b / 1e6, a / 1e6, a / b)
        lines.append(line)
    table = "\n".join(lines)
    with open(os.path.join(work, "real-sizes.md"), "w", encoding="utf-8") as file:
        file.write("Median of %d interleaved runs\n\n%s\n" % (arguments.runs, table))
    print(table)


if __name__ == "__main__":
    main()
