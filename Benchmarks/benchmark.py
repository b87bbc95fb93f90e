#!/usr/bin/env python3
"""Times `managed-codegen generate` against `xmllint --noout` on synthetic models. Run through Benchmarks/run.sh.

Usage: benchmark.py BINARY [--runs N] [--sizes 10,100,1000] [--work DIR]

For every size: synthesises the model, then measures with /usr/bin/time -v (median of N runs):
  xmllint     `xmllint --noout contents`: the libxml2 parse floor
  generate    a fresh run into empty output folders
  no-change   a second run over up-to-date output (must write nothing: checked via mtimes and its summary)
  start-up    `managed-codegen --version`: one process start-up
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(command, cwd=None):
    """Returns (wall seconds, peak RSS in MB, stdout) of one run."""
    start = time.perf_counter()
    completed = subprocess.run(
        ["/usr/bin/time", "-v"] + command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if completed.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (completed.returncode, " ".join(command), completed.stderr))
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", completed.stderr)
    return wall, int(match.group(1)) / 1024.0, completed.stdout


def median_of(runs, command, before=None):
    walls, rss, output = [], [], ""
    for _ in range(runs):
        if before:
            before()
        wall, peak, output = measure(command)
        walls.append(wall)
        rss.append(peak)
    return statistics.median(walls), max(rss), output


def snapshot(folder):
    result = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            status = os.stat(path)
            result[path] = (status.st_mtime_ns, status.st_ino, status.st_size)
    return result


def folder_size(folder):
    return sum(os.path.getsize(os.path.join(root, name)) for root, _, files in os.walk(folder) for name in files)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="10,100,1000")
    parser.add_argument("--work", default="/tmp/managed-codegen-benchmark")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    shutil.rmtree(arguments.work, ignore_errors=True)
    os.makedirs(arguments.work)

    startup, startup_rss, _ = median_of(arguments.runs, [binary, "--version"])
    rows = []
    for size in [int(value) for value in arguments.sizes.split(",")]:
        models = os.path.join(arguments.work, "models-%d" % size)
        subprocess.run([sys.executable, os.path.join(HERE, "synthesize-model.py"), str(size), models],
                       check=True, stdout=subprocess.DEVNULL)
        bundle = os.path.join(models, "Synthetic%d.xcdatamodeld" % size)
        contents = os.path.join(bundle, "Synthetic%d.xcdatamodel" % size, "contents")
        output = os.path.join(arguments.work, "output-%d" % size)
        generate = [binary, "generate", bundle, "--output", os.path.join(output, "Generated"),
                    "--human-output", os.path.join(output, "Model")]

        xmllint, xmllint_rss, _ = median_of(arguments.runs, ["xmllint", "--noout", contents])
        fresh, fresh_rss, _ = median_of(arguments.runs, generate, before=lambda: shutil.rmtree(output, ignore_errors=True))
        before = snapshot(output)
        again, again_rss, summary = median_of(arguments.runs, generate)
        if snapshot(output) != before or not summary.startswith("0 written"):
            sys.exit("the no-change run wrote files: %s" % summary.strip())
        rows.append((size, os.path.getsize(contents), folder_size(output), xmllint, xmllint_rss,
                     fresh, fresh_rss, again, again_rss))

    print("managed-codegen %s; median of %d runs; peak RSS is the maximum over the runs" % (binary, arguments.runs))
    print("start-up (`managed-codegen --version`): %.3f s, %.1f MB" % (startup, startup_rss))
    print()
    print("| entities | model | output | xmllint --noout | generate (fresh) | ratio | no-change re-run | peak RSS generate / re-run / xmllint |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size, model_bytes, output_bytes, xmllint, xmllint_rss, fresh, fresh_rss, again, again_rss in rows:
        print("| %d | %.2f MB | %.2f MB | %.3f s | %.3f s | %.1f× | %.3f s | %.1f / %.1f / %.1f MB |" % (
            size, model_bytes / 1e6, output_bytes / 1e6, xmllint, fresh, fresh / xmllint, again,
            fresh_rss, again_rss, xmllint_rss))


if __name__ == "__main__":
    main()
